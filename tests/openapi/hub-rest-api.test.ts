/**
 * The OpenAPI description of the hub's REST API 1.6.0, checked item by item against the product
 * spec (/work/shared/spec/site-spec.md): §3 entities and bounds, §4 status values, §5 validation
 * rules, §7 calls, §8 errors and §9 constants.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ROOT } from '../helpers.ts';

interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  enum?: string[];
  maxLength?: number;
  minLength?: number;
  minimum?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
  example?: unknown;
  items?: Schema;
  allOf?: Schema[];
  $ref?: string;
}
interface MediaType {
  schema?: Schema;
  example?: unknown;
}
interface Response {
  description: string;
  content?: Record<string, MediaType>;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
}
interface ServerVariable {
  default: string;
  description?: string;
}
interface Spec {
  openapi: string;
  info: { title: string; version: string; description?: string };
  servers: { url: string; variables?: Record<string, ServerVariable> }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}
interface Call {
  method: string;
  path: string;
  operation: Operation;
}

const FILE = path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
const SOURCE = readFileSync(FILE, 'utf8');
const spec = parse(SOURCE) as Spec;

function schemaNamed(name: string): Schema {
  const found = spec.components.schemas[name];
  if (!found) throw new Error(`schema ${name} is missing`);
  return found;
}
function refName(ref: string): string {
  return ref.split('/').pop() ?? '';
}
/** A schema with its $ref followed. */
function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  return schema.$ref ? resolve(schemaNamed(refName(schema.$ref))) : schema;
}
/** Properties of a schema, following $ref and allOf (long forms extend short forms). */
function properties(schema: Schema | undefined): Record<string, Schema> {
  const s = resolve(schema);
  const merged: Record<string, Schema> = {};
  for (const part of s.allOf ?? []) Object.assign(merged, properties(part));
  return Object.assign(merged, s.properties ?? {});
}
/** One property of a named schema, with its $ref followed. */
function field(schemaName: string, fieldName: string): Schema {
  const found = properties(schemaNamed(schemaName))[fieldName];
  if (!found) throw new Error(`${schemaName}.${fieldName} is missing`);
  return resolve(found);
}
function op(method: string, p: string): Operation {
  const found = spec.paths[p]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${p} is missing`);
  return found;
}
function splitCall(call: string): [string, string] {
  const [method = '', p = ''] = call.split(' ');
  return [method, p];
}
const allCalls: Call[] = Object.entries(spec.paths).flatMap(([p, item]) =>
  Object.entries(item).map(([method, operation]): Call => ({ method, path: p, operation })),
);

/** §7, every call, fully expanded. */
const CALLS: string[] = [
  'get /engines',
  'get /engines/{engineId}',
  'get /engines/{engineId}/nodes',
  'get /engines/{engineId}/nodes/{nodePath}',
  'get /engines/{engineId}/nodes/{nodePath}/properties',
  'get /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}',
  'patch /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}',
  'get /engines/{engineId}/nodes/{nodePath}/functions',
  'get /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}',
  'post /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}',
  'get /playout/rundowns',
  'post /playout/rundowns',
  'get /playout/rundowns/{rundownId}',
  'patch /playout/rundowns/{rundownId}',
  'delete /playout/rundowns/{rundownId}',
  'get /playout/rundowns/{rundownId}/items',
  'post /playout/rundowns/{rundownId}/items',
  'get /playout/rundowns/{rundownId}/items/{itemId}',
  'patch /playout/rundowns/{rundownId}/items/{itemId}',
  'delete /playout/rundowns/{rundownId}/items/{itemId}',
  'post /playout/rundowns/{rundownId}/items/{itemId}/{buttonKey}',
  'get /playout/templates',
  'get /newsroom/rundowns',
  'get /newsroom/rundowns/{ncsID}',
  'get /newsroom/rundowns/{ncsID}/{roID}',
  'patch /newsroom/mosObjects/{objID}',
  'post /newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey}',
  'get /graphs',
  'get /graphs/{graphId}',
  'post /graphs/{graphId}/load',
  'get /rgraphs',
  'get /rgraphs/{rgraphId}',
  'post /rgraphs/{rgraphId}/load',
  'get /ustates',
  'get /ustates/{ustateId}',
  'post /ustates/{ustateId}/load',
  'get /projects',
  'get /launcher',
  'get /launcher/{launchId}',
  'post /launcher/create',
  'put /launcher/{launchId}/launch',
  'put /launcher/{launchId}/stop',
  'put /launcher/{launchId}/retime',
  'get /launcher/{launchId}/renderer',
  'get /launcher/{launchId}/renderer/{rendererId}',
  'post /launcher/{launchId}/renderer/create',
  'put /launcher/{launchId}/renderer/{rendererId}/start',
  'put /launcher/{launchId}/renderer/{rendererId}/stop',
];

const TAGS = ['engines', 'playout', 'newsroom', 'graphs', 'rgraphs', 'ustates', 'projects', 'launcher'];

/** §3, every field of every entity (long forms include the short form's fields). */
const FIELDS: Record<string, string[]> = {
  GraphShort: ['id', 'name'],
  GraphLong: ['id', 'name', 'content'],
  RgraphShort: ['id', 'name'],
  RgraphLong: ['id', 'name', 'xmlContent'],
  UstateShort: ['id', 'name'],
  UstateLong: ['id', 'name', 'ustateData'],
  Engine: [
    'id', 'name', 'ip', 'role', 'status', 'cacheDir', 'minimumFreeSpace', 'usedSpace', 'diskSpace', 'canCook', 'displayName',
    're_enabled', 'port', 'rgraphId', 'ownerStudioId', 'ustateId', 'ue_enabled', 'engineType', 'instances',
  ],
  Instance: [
    'id', 'projectTag', 'streaming', 'status', 'pid', 'engineHostId', 'engineRoleId', 'projectId', 'projectMapId', 'editorPath',
    'cookedProjectId', 'cookedMapId', 'cookedId', 'engineType', 'engineVersion', 'statusDescription',
  ],
  Node: ['NodePath', 'NodeName'],
  Property: ['PropertyPath', 'DisplayName', 'Value'],
  Function: ['FunctionPath', 'FunctionName', 'Properties'],
  PlayoutRundown: ['id', 'name'],
  RundownItem: ['id', 'name', 'template', 'data', 'buttons'],
  RundownItemCreate: ['name', 'template', 'data', 'order'],
  RundownItemUpdate: ['overriddenChannels'],
  Button: ['id', 'key', 'label'],
  Template: ['id', 'name'],
  NewsroomRundownShort: ['ncsID', 'roID', 'roSlug', 'status', 'createdAt', 'updatedAt'],
  NewsroomRundownLong: [
    'ncsID', 'roID', 'roSlug', 'status', 'createdAt', 'updatedAt', 'roChannel', 'roEdStart', 'roEdDur', 'roTrigger', 'macroIn', 'macroOut',
    'mosExternalMetadata', 'readyToAir', 'items',
  ],
  NewsroomItem: ['storyID', 'itemID', 'storySlug', 'itemSlug', 'mosObject'],
  MosObject: [
    'objID', 'objSlug', 'mosAbstract', 'objGroup', 'objTB', 'objRev', 'objDur', 'status', 'objAir', 'objPaths', 'mosExternalMetadata',
    'createdBy', 'created', 'changedBy', 'changed', 'description', 'objType', 'template', 'data', 'buttons',
  ],
  Project: ['projectId', 'name', 'version', 'sharedFolderName', 'maps', 'createdAt', 'updatedAt'],
  LaunchConfig: ['id', 'name', 'renderers'],
  RendererDetails: ['launchConfigId', 'engineId', 'projectId', 'projectMapId', 'engineType', 'stateId'],
  PropertyUpdate: ['Value', 'Interpolation', 'Duration', 'Delay'],
  FunctionTrigger: ['Parameters'],
  Error: ['error'],
};

const NEWSROOM_STATUS = ['NEW', 'UPDATED', 'MOVED', 'BUSY', 'DELETED', 'NCS CTRL', 'MANUAL CTRL', 'READY', 'NOT READY', 'PLAY', 'STOP'];
const ENGINE_TYPES = ['RE', 'RE5', 'UE'];
/** §3 and §4, every enum: [schema, field, exact values]. */
const ENUMS: [string, string, string[]][] = [
  ['Engine', 'role', ['Broadcast', 'Preview']],
  ['Engine', 'status', ['connected', 'ready', 'disconnected', 'reconnecting']],
  ['Instance', 'status', ['Idle', 'Caching', 'Loading', 'Loaded', 'Error', 'Checking', 'Cooking']],
  ['Instance', 'engineType', ENGINE_TYPES],
  ['RendererDetails', 'engineType', ENGINE_TYPES],
  ['MosObject', 'objAir', ['READY', 'NOT READY']],
  ['MosObject', 'objType', ['STILL', 'VIDEO', 'AUDIO']],
  ['MosObject', 'status', NEWSROOM_STATUS],
  ['NewsroomRundownShort', 'status', NEWSROOM_STATUS],
  ['NewsroomRundownLong', 'status', NEWSROOM_STATUS],
  ['PropertyUpdate', 'Interpolation', ['Constant', 'Linear', 'EaseIn', 'EaseOut', 'EaseInOut']],
];

/** §3 and §9, every field bound: [schema, field, maxLength]. */
const BOUNDS: [string, string, number][] = [
  ['Instance', 'projectTag', 32],
  ['Instance', 'streaming', 255],
  ['MosObject', 'objGroup', 128],
  ['MosObject', 'objTB', 10],
  ['NewsroomRundownLong', 'roChannel', 128],
  ['NewsroomRundownLong', 'roTrigger', 128],
  ['NewsroomRundownLong', 'macroIn', 128],
  ['NewsroomRundownLong', 'macroOut', 128],
  ['Project', 'version', 20],
  ['Project', 'sharedFolderName', 100],
];

/** §8: the launcher's 422 messages, which the spec gives for "Launcher" without tying any to a call. */
const LAUNCHER_422 = ['Invalid config id', 'Invalid parameters', 'Invalid parameter'];

/**
 * §8, every error: [method, path, status, exact message(s)]. No operation answers any other error.
 * A launcher 422 names all three launcher messages, since §8 does not say which call answers which.
 */
const ERRORS: [string, string, string, string | string[]][] = [
  ['post', '/playout/rundowns', '422', 'Rundown name is required.'],
  ['patch', '/playout/rundowns/{rundownId}', '422', 'Rundown name is required.'],
  ['patch', '/playout/rundowns/{rundownId}', '404', 'Playout rundown not found.'],
  ['delete', '/playout/rundowns/{rundownId}', '404', 'Playout rundown not found.'],
  ['post', '/playout/rundowns/{rundownId}/items', '404', 'Playout rundown not found'],
  ['patch', '/playout/rundowns/{rundownId}/items/{itemId}', '404', 'Playout rundown item not found.'],
  ['delete', '/playout/rundowns/{rundownId}/items/{itemId}', '404', 'Playout rundown item not found.'],
  ['post', '/playout/rundowns/{rundownId}/items/{itemId}/{buttonKey}', '404', 'Rundown item not found.'],
  ['post', '/newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey}', '404', 'Rundown item not found.'],
  ['get', '/graphs/{graphId}', '404', 'Graph not found.'],
  ['get', '/rgraphs/{rgraphId}', '404', 'Rgraph not found.'],
  ['get', '/ustates/{ustateId}', '404', 'Ustate not found.'],
  ['get', '/launcher', '422', LAUNCHER_422],
  ['get', '/launcher/{launchId}', '422', LAUNCHER_422],
  ['post', '/launcher/create', '422', LAUNCHER_422],
  ['put', '/launcher/{launchId}/launch', '422', LAUNCHER_422],
  ['put', '/launcher/{launchId}/launch', '404', 'Launch cancelled: This launch configuration has no idle engines or suitable engine installation.'],
  ['put', '/launcher/{launchId}/stop', '422', LAUNCHER_422],
  ['put', '/launcher/{launchId}/retime', '422', LAUNCHER_422],
  ['get', '/launcher/{launchId}/renderer', '422', LAUNCHER_422],
  ['get', '/launcher/{launchId}/renderer/{rendererId}', '404', 'Renderer not found'],
  ['get', '/launcher/{launchId}/renderer/{rendererId}', '422', LAUNCHER_422],
  ['post', '/launcher/{launchId}/renderer/create', '422', ['Failed to update renderer', ...LAUNCHER_422]],
  ['put', '/launcher/{launchId}/renderer/{rendererId}/start', '404', 'Renderer not listed in selected configuration.'],
  ['put', '/launcher/{launchId}/renderer/{rendererId}/start', '422', LAUNCHER_422],
  ['put', '/launcher/{launchId}/renderer/{rendererId}/stop', '404', 'Renderer not listed in selected configuration.'],
  ['put', '/launcher/{launchId}/renderer/{rendererId}/stop', '422', LAUNCHER_422],
];

/**
 * §8 gives the body's shape, `{ "error": … }`, only for the button trigger's 404 (without saying
 * which trigger: both carry it) and the graph, rgraph and ustate gets' 404s. Every other error gives
 * only the message: its answer declares no body.
 */
const SHAPED_ERRORS: string[] = [
  'post /playout/rundowns/{rundownId}/items/{itemId}/{buttonKey} 404',
  'post /newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey} 404',
  'get /graphs/{graphId} 404',
  'get /rgraphs/{rgraphId} 404',
  'get /ustates/{ustateId} 404',
];

/**
 * §7, the success answer of each call: [call, status, schema of the body (`X[]` for a list), or null
 * for no body shown]. §7 gives a status only for the playout creates (201) and the rundown delete
 * (204); where it gives the answer but no status, the answer is `2XX`. The item create's 201 and the
 * renderer create's "new id" come without a body shape.
 */
const SUCCESS: [string, string, string | null][] = [
  ['get /engines', '2XX', 'Engine[]'],
  ['get /engines/{engineId}', '2XX', 'Engine'],
  ['get /engines/{engineId}/nodes', '2XX', 'Node[]'],
  ['get /engines/{engineId}/nodes/{nodePath}', '2XX', 'Node'],
  ['get /engines/{engineId}/nodes/{nodePath}/properties', '2XX', 'Property[]'],
  ['get /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}', '2XX', 'Property'],
  ['patch /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}', '2XX', 'Property'],
  ['get /engines/{engineId}/nodes/{nodePath}/functions', '2XX', 'Function[]'],
  ['get /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}', '2XX', 'Function'],
  ['post /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}', '2XX', 'SuccessFlag'],
  ['get /playout/rundowns', '2XX', 'PlayoutRundown[]'],
  ['post /playout/rundowns', '201', 'PlayoutRundown'],
  ['get /playout/rundowns/{rundownId}', '2XX', 'PlayoutRundown'],
  ['patch /playout/rundowns/{rundownId}', '2XX', 'PlayoutRundown'],
  ['delete /playout/rundowns/{rundownId}', '204', null],
  ['get /playout/rundowns/{rundownId}/items', '2XX', 'RundownItem[]'],
  ['post /playout/rundowns/{rundownId}/items', '201', null],
  ['get /playout/rundowns/{rundownId}/items/{itemId}', '2XX', 'RundownItem'],
  ['patch /playout/rundowns/{rundownId}/items/{itemId}', '2XX', 'RundownItem'],
  ['delete /playout/rundowns/{rundownId}/items/{itemId}', '2XX', 'RundownItem'],
  ['post /playout/rundowns/{rundownId}/items/{itemId}/{buttonKey}', '2XX', 'SuccessFlag'],
  ['get /playout/templates', '2XX', 'Template[]'],
  ['get /newsroom/rundowns', '2XX', 'NewsroomRundownShort[]'],
  ['get /newsroom/rundowns/{ncsID}', '2XX', 'NewsroomRundownShort[]'],
  ['get /newsroom/rundowns/{ncsID}/{roID}', '2XX', 'NewsroomRundownLong'],
  ['get /graphs', '2XX', 'GraphShort[]'],
  ['get /graphs/{graphId}', '2XX', 'GraphLong'],
  ['get /rgraphs', '2XX', 'RgraphShort[]'],
  ['get /rgraphs/{rgraphId}', '2XX', 'RgraphLong'],
  ['get /ustates', '2XX', 'UstateShort[]'],
  ['get /ustates/{ustateId}', '2XX', 'UstateLong'],
  ['get /projects', '2XX', 'Project[]'],
  ['get /launcher', '2XX', 'LaunchConfig[]'],
  ['get /launcher/{launchId}', '2XX', 'LaunchConfig'],
  ['post /launcher/create', '2XX', 'LaunchConfigCreated'],
  ['get /launcher/{launchId}/renderer', '2XX', 'RendererDetails[]'],
  ['get /launcher/{launchId}/renderer/{rendererId}', '2XX', 'RendererDetails'],
  ['post /launcher/{launchId}/renderer/create', '2XX', null],
];

/**
 * §7 gives no answer for these calls (for the newsroom ones it says that answers other than those of
 * §8 are not shown; the loads, the launcher's actions and a renderer's start and stop have a payload
 * at most): no success status is declared, only a `default` answer that says so.
 */
const NOT_SHOWN: string[] = [
  'patch /newsroom/mosObjects/{objID}',
  'post /newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey}',
  'post /graphs/{graphId}/load',
  'post /rgraphs/{rgraphId}/load',
  'post /ustates/{ustateId}/load',
  'put /launcher/{launchId}/launch',
  'put /launcher/{launchId}/stop',
  'put /launcher/{launchId}/retime',
  'put /launcher/{launchId}/renderer/{rendererId}/start',
  'put /launcher/{launchId}/renderer/{rendererId}/stop',
];

/** §5 and §7, the request body of each call that has one: [call, schema, body required]. */
const BODIES: [string, string, boolean][] = [
  ['patch /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}', 'PropertyUpdate', true],
  ['post /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}', 'FunctionTrigger', false],
  ['post /playout/rundowns', 'RundownName', true],
  ['patch /playout/rundowns/{rundownId}', 'RundownName', true],
  ['post /playout/rundowns/{rundownId}/items', 'RundownItemCreate', true],
  ['patch /playout/rundowns/{rundownId}/items/{itemId}', 'RundownItemUpdate', true],
  ['patch /newsroom/mosObjects/{objID}', 'MosObjectUpdate', true],
  ['post /graphs/{graphId}/load', 'LoadRequest', true],
  ['post /rgraphs/{rgraphId}/load', 'LoadRequest', true],
  ['post /ustates/{ustateId}/load', 'LoadRequest', true],
  ['post /launcher/create', 'LaunchConfigCreate', true],
  ['post /launcher/{launchId}/renderer/create', 'RendererDetails', true],
];

/** The status codes of an operation's error answers (4xx). */
function errorStatuses(operation: Operation): string[] {
  return Object.keys(operation.responses).filter((status) => status.startsWith('4'));
}
function jsonOf(response: Response | undefined): MediaType | undefined {
  return response?.content?.['application/json'];
}
/** `Name` for a $ref to Name, `Name[]` for an array of them. */
function describeSchema(schema: Schema | undefined): string | null {
  if (!schema) return null;
  if (schema.$ref) return refName(schema.$ref);
  if (schema.type === 'array' && schema.items?.$ref) return `${refName(schema.items.$ref)}[]`;
  return JSON.stringify(schema);
}

describe('hub REST API 1.6.0: document', () => {
  it('passes swagger-parser validation', async () => {
    const api = await SwaggerParser.validate(FILE);
    expect(Object.keys(api.paths ?? {})).toHaveLength(40);
  });

  it('gives readyToAir no type, as spec §3 names the field without one, and says so', () => {
    const long = schemaNamed('NewsroomRundownLong') as Schema & { allOf?: Schema[] };
    const field = long.allOf?.map((part) => properties(part).readyToAir).find(Boolean) as (Schema & { type?: unknown }) | undefined;
    expect(field?.type).toBeUndefined();
    expect(field?.description).toMatch(/names this field but gives neither its type nor its values/);
  });

  it('declares no authentication, as spec §6 shows none, and its introduction says so', () => {
    const raw = parse(SOURCE) as { security?: unknown; components?: { securitySchemes?: unknown } };
    expect(raw.security).toBeUndefined();
    expect(raw.components?.securitySchemes).toBeUndefined();
    for (const { method, path: p, operation } of allCalls) expect((operation as { security?: unknown }).security, `${method} ${p}`).toBeUndefined();
    expect(spec.info.description).toMatch(/Authentication: the 1\.6\.0 documentation describes none/);
  });

  it('says in its introduction that the REST API is a licensed feature (facts L6, 5.4 SP1)', () => {
    expect(spec.info.description?.split('## Conventions')[0]).toMatch(/The REST API is a licensed feature of the hub\./);
  });

  it('is OpenAPI 3.0.3, titled "Hub REST API", version 1.6.0, with a plain markdown description', () => {
    expect(spec.openapi).toBe('3.0.3');
    expect(spec.info.title).toBe('Hub REST API');
    expect(spec.info.version).toBe('1.6.0');
    expect(spec.info.description?.length ?? 0).toBeGreaterThan(200);
    expect(spec.info.description).not.toMatch(/<[a-z/!]/i);
    expect(SOURCE).not.toMatch(/<script|javascript:|<iframe|on\w+=/i);
  });

  it('has the server http://{hubHost}:{port}/api/rest/v1 with defaults localhost and 80 (the hub default port, facts N1, N2), then its https form on 443 (SSL configured, facts N1)', () => {
    // A docs site served over https may call only https servers (mixed content), so Try it needs the https form.
    expect(spec.servers).toHaveLength(2);
    expect(spec.servers[0]?.url).toBe('http://{hubHost}:{port}/api/rest/v1');
    expect(spec.servers[0]?.variables?.hubHost?.default).toBe('localhost');
    expect(spec.servers[0]?.variables?.port?.default).toBe('80');
    expect(spec.servers[1]?.url).toBe('https://{hubHost}:{port}/api/rest/v1');
    expect(spec.servers[1]?.variables?.hubHost?.default).toBe('localhost');
    expect(spec.servers[1]?.variables?.port?.default).toBe('443');
  });

  it('has the eight tags, each with a description', () => {
    expect(spec.tags.map((t) => t.name)).toEqual(TAGS);
    for (const tag of spec.tags) expect(tag.description, tag.name).toBeTruthy();
  });
});

describe('hub REST API 1.6.0: calls of spec §7', () => {
  it('has exactly the calls of the spec', () => {
    expect(allCalls.map((c) => `${c.method} ${c.path}`).sort()).toEqual([...CALLS].sort());
    expect(CALLS).toHaveLength(48);
  });

  it('gives every operation a unique camelCase operationId', () => {
    const ids = allCalls.map((c) => c.operation.operationId);
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(CALLS)('%s has a tag, a summary, a description and its documented path parameters', (call) => {
    const [method, p] = splitCall(call);
    const o = op(method, p);
    expect(o.tags).toHaveLength(1);
    expect(TAGS).toContain(o.tags[0]);
    expect(o.summary).toMatch(/^[A-Z][^.]*$/);
    expect(o.description?.length ?? 0).toBeGreaterThan(10);
    const names = [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '');
    const pathParams = (o.parameters ?? []).filter((prm) => prm.in === 'path');
    expect(pathParams.map((prm) => prm.name).sort()).toEqual([...names].sort());
    for (const prm of pathParams) {
      expect(prm.required, prm.name).toBe(true);
      expect(prm.description?.length ?? 0, prm.name).toBeGreaterThan(5);
      expect(prm.schema?.type, prm.name).toBeTruthy();
    }
  });

  it('has the summaries the site uses', () => {
    expect(op('get', '/engines').summary).toBe('List engines');
    expect(op('patch', '/engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}').summary).toBe('Set a property');
    expect(op('post', '/playout/rundowns').summary).toBe('Create a rundown');
  });

  it('tags each call by the first segment of its path', () => {
    for (const { path: p, operation } of allCalls) expect(operation.tags[0], p).toBe(p.split('/')[1]);
  });

  it('documents URL-encoded node, property and function paths', () => {
    for (const { path: p, operation } of allCalls) {
      for (const prm of operation.parameters ?? []) {
        if (['nodePath', 'propertyPath', 'functionPath'].includes(prm.name)) expect(prm.description, `${p} ${prm.name}`).toMatch(/URL-encoded/);
      }
    }
  });

  it('says that on RE5 nodes, properties and functions are addressed by ID instead of a path (facts R3), on every such parameter', () => {
    const own: Record<string, RegExp> = {
      nodePath: /on `RE5` engines, the node's ID \(a UUID\) instead/,
      propertyPath: /on `RE5` engines, the property's \(pin's\) ID \(a UUID\) instead/,
      functionPath: /on `RE5` engines, the function's ID \(a UUID\) instead/,
    };
    let seen = 0;
    for (const { method, path: p, operation } of allCalls) {
      for (const prm of operation.parameters ?? []) {
        const wording = own[prm.name];
        if (!wording) continue;
        seen++;
        expect(prm.description, `${method} ${p} ${prm.name}`).toMatch(wording);
      }
    }
    expect(seen).toBe(7 + 2 + 2);
    expect(spec.info.description).toMatch(/On `RE5` engines, nodes, properties and functions are addressed by their ID \(a UUID\) instead of a path/);
  });

  it('documents RE5 pin sub-fields (spec §5) for the update only, appended to the ID, with no path-like example', () => {
    const property = (method: string) =>
      op(method, '/engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}').parameters?.find((x) => x.name === 'propertyPath')?.description ?? '';
    expect(property('patch')).toMatch(/RE5.*sub-field.*dot-separated.*to the ID/s);
    expect(property('get')).toMatch(/describes sub-field addressing only for updates \(PATCH\)/);
    expect(op('patch', '/engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}').description).toMatch(/RE5.*dot-separated sub-field names to the property's ID/s);
    expect(spec.info.description).toMatch(/`RE5`, a partial update \(PATCH\) of a pin is made by appending dot-separated sub-field names to the property's ID/);
    expect(SOURCE).not.toContain('Transform.Position.X');
  });

  it.each(SUCCESS)('%s answers %s with %s', (call, status, body) => {
    const [method, p] = splitCall(call);
    const responses = op(method, p).responses;
    const successes = Object.keys(responses).filter((s) => s.startsWith('2'));
    expect(successes).toEqual([status]);
    const response = responses[status];
    expect(response?.description).toBeTruthy();
    if (body === null) expect(response?.content).toBeUndefined();
    else expect(describeSchema(jsonOf(response)?.schema)).toBe(body);
    if (status === '2XX') expect(response?.description).toMatch(/1\.6\.0 documentation (?:gives this (?:answer|body) but not its status code|says that this call answers the new id, but gives neither its status code)/);
  });

  it('answers 200 nowhere: the 1.6.0 documentation never gives that status', () => {
    for (const { method, path: p, operation } of allCalls) expect(Object.keys(operation.responses), `${method} ${p}`).not.toContain('200');
    expect(SOURCE).not.toMatch(/^\s*["']?200["']?:/m);
  });

  it('lists as 2XX exactly the calls whose answer the documentation gives without a status, and says so in the Conventions', () => {
    const twoXX = allCalls.filter(({ operation }) => '2XX' in operation.responses).map(({ method, path: p }) => `${method} ${p}`);
    expect(twoXX.sort()).toEqual(SUCCESS.filter(([, status]) => status === '2XX').map(([call]) => call).sort());
    expect(twoXX).toHaveLength(35);
    expect(spec.info.description).toMatch(/Where it gives the answer's body but not its status, the answer is listed as `2XX`: accept any 2xx/);
    expect(spec.info.description).not.toMatch(/shown with 200/);
  });

  it("gives the item create's 201 and the renderer create's new id without a body shape, and says so", () => {
    const item = op('post', '/playout/rundowns/{rundownId}/items').responses['201'];
    expect(item?.content).toBeUndefined();
    expect(item?.description).toMatch(/gives the status but not the body of the answer/);
    const renderer = op('post', '/launcher/{launchId}/renderer/create').responses['2XX'];
    expect(renderer?.content).toBeUndefined();
    expect(renderer?.description).toMatch(/answers the new id, but gives neither its status code nor the shape of the body/);
    expect(spec.components.schemas.CreatedId).toBeUndefined();
  });

  it.each(NOT_SHOWN)('%s declares no success status, and a default answer says the documentation does not show it', (call) => {
    const [method, p] = splitCall(call);
    const responses = op(method, p).responses;
    expect(Object.keys(responses).filter((s) => s.startsWith('2'))).toEqual([]);
    expect(responses.default?.description).toMatch(/1\.6\.0 documentation does not show the answer/);
    expect(responses.default?.content).toBeUndefined();
  });

  it("describes launch, stop and retime without saying they do what the launcher's buttons do; ReTime's meaning only with its release (facts LD6, hub 1.2)", () => {
    for (const action of ['launch', 'stop', 'retime']) {
      expect(op('put', `/launcher/{launchId}/${action}`).description, action).not.toMatch(/as the launcher's \w+ button does/);
    }
    const retime = op('put', '/launcher/{launchId}/retime').description ?? '';
    expect(retime).toMatch(/The 1\.6\.0 documentation does not describe what retiming does\. The hub 1\.2 launcher documentation says/);
  });

  it('gives the playout buttons no meaning the spec does not give, and names the ExternalData Download trigger on the same path (facts R4)', () => {
    const trigger = op('post', '/playout/rundowns/{rundownId}/items/{itemId}/{buttonKey}');
    expect(trigger.description).not.toMatch(/take in|take out/i);
    expect(trigger.description).toMatch(/does not list button keys or say what they do/);
    expect(trigger.description).toMatch(/ExternalData field.*Download function/);
    const newsroomKey = op('post', '/newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey}').parameters?.find((x) => x.name === 'buttonKey');
    expect(newsroomKey?.description).toMatch(/`mosObject\.buttons`/);
  });

  it('lists every call either with its success answer or as one whose answer is not shown', () => {
    expect([...SUCCESS.map(([call]) => call), ...NOT_SHOWN].sort()).toEqual([...CALLS].sort());
  });

  it.each(BODIES)('%s takes a %s body', (call, schemaName, required) => {
    const [method, p] = splitCall(call);
    const body = op(method, p).requestBody;
    expect(body?.required ?? false).toBe(required);
    expect(describeSchema(body?.content['application/json']?.schema)).toBe(schemaName);
  });

  it('takes no body on the other calls', () => {
    const withBody = new Set(BODIES.map(([call]) => call));
    for (const { method, path: p, operation } of allCalls) {
      if (!withBody.has(`${method} ${p}`)) expect(operation.requestBody, `${method} ${p}`).toBeUndefined();
    }
  });
});

describe('hub REST API 1.6.0: entities of spec §3', () => {
  it.each(Object.entries(FIELDS))('schema %s has every field of the spec', (name, fields) => {
    expect(Object.keys(properties(schemaNamed(name)))).toEqual(expect.arrayContaining(fields));
    expect(schemaNamed(name).description ?? '', name).not.toBe('');
  });

  it('names no field of the success flag, which §7 gives only as "a success flag"', () => {
    const flag = schemaNamed('SuccessFlag');
    expect(flag.properties).toBeUndefined();
    expect(flag.type).toBeUndefined();
    expect(flag.description).toMatch(/success flag/);
    expect(flag.description).toMatch(/does not show/);
  });

  it('long forms extend their short forms', () => {
    for (const [long, short] of [['GraphLong', 'GraphShort'], ['RgraphLong', 'RgraphShort'], ['UstateLong', 'UstateShort'], ['NewsroomRundownLong', 'NewsroomRundownShort']]) {
      expect(schemaNamed(long ?? '').allOf?.[0]?.$ref, long).toBe(`#/components/schemas/${short}`);
    }
    expect(Object.keys(properties(schemaNamed('GraphShort')))).not.toContain('content');
    expect(Object.keys(properties(schemaNamed('RgraphShort')))).not.toContain('xmlContent');
    expect(Object.keys(properties(schemaNamed('UstateShort')))).not.toContain('ustateData');
    expect(Object.keys(properties(schemaNamed('NewsroomRundownShort')))).not.toContain('items');
  });

  it('types ids as integers, data as free objects and lists as arrays', () => {
    expect(field('GraphShort', 'id').type).toBe('integer');
    expect(field('Engine', 'instances').items?.$ref).toBe('#/components/schemas/Instance');
    expect(field('RundownItem', 'data')).toMatchObject({ type: 'object', additionalProperties: true });
    expect(field('RundownItem', 'buttons').items?.$ref).toBe('#/components/schemas/Button');
    expect(field('MosObject', 'buttons').items?.$ref).toBe('#/components/schemas/Button');
    expect(field('NewsroomRundownLong', 'items').items?.$ref).toBe('#/components/schemas/NewsroomItem');
    expect(properties(schemaNamed('NewsroomItem')).mosObject?.$ref).toBe('#/components/schemas/MosObject');
    expect(field('Function', 'Properties')).toMatchObject({ type: 'object', additionalProperties: true });
    expect(field('Project', 'maps')).toEqual({ type: 'array', items: { type: 'string' } });
    expect(field('LaunchConfig', 'renderers').items?.type).toBe('integer');
    expect(field('RundownItemUpdate', 'overriddenChannels')).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(field('RundownItemCreate', 'order').type).toBe('integer');
    expect(Object.keys(properties(schemaNamed('RundownItem')))).not.toContain('order');
    expect(field('RendererDetails', 'stateId').description).toMatch(/rgraph.*RE\b.*ustate.*UE.*graph.*RE5/s);
  });

  it('leaves Value of any type', () => {
    expect(field('Property', 'Value').type).toBeUndefined();
    expect(field('PropertyUpdate', 'Value').type).toBeUndefined();
  });

  it.each(ENUMS)('%s.%s has exactly its values', (schemaName, fieldName, values) => {
    expect(field(schemaName, fieldName).enum).toEqual(values);
  });

  it.each(BOUNDS)('%s.%s has maxLength %i', (schemaName, fieldName, max) => {
    expect(field(schemaName, fieldName).maxLength).toBe(max);
  });

  it('gives Engine.engineType no values, as spec §3 lists them for Instance only, and says so', () => {
    expect(field('Engine', 'engineType').enum).toBeUndefined();
    expect(field('Engine', 'engineType').description).toMatch(/lists `RE`, `RE5` and `UE` for an instance's engine type; it does not list values for this field/);
  });

  it('has objTB digits only and at most 10 long, with no minimum the spec does not give, objID a uuid and macroIn/macroOut nullable', () => {
    const objTB = field('MosObject', 'objTB');
    expect(objTB.pattern).toBe('^[0-9]*$');
    expect(objTB.maxLength).toBe(10);
    const digits = new RegExp(objTB.pattern ?? '');
    expect(digits.test('0123456789')).toBe(true);
    expect(digits.test('25a')).toBe(false);
    expect(digits.test('')).toBe(true);
    expect(field('MosObject', 'objID').format).toBe('uuid');
    expect(field('NewsroomRundownLong', 'macroIn').nullable).toBe(true);
    expect(field('NewsroomRundownLong', 'macroOut').nullable).toBe(true);
  });

  it('describes disk values as bytes, with no integer width the spec does not give, and has the examples of §9', () => {
    for (const name of ['minimumFreeSpace', 'usedSpace', 'diskSpace']) {
      expect(field('Engine', name).type).toBe('integer');
      expect(field('Engine', name).format).toBeUndefined();
      expect(field('Engine', name).description, name).toMatch(/bytes/);
    }
    expect(field('Engine', 'minimumFreeSpace').example).toBe(209715200);
    expect(field('Engine', 'port').example).toBe(6666);
  });

  it('does not present C:\\cache as the default of cacheDir: the sample value is sample data (facts E8), and the glossary default is the folder\'s (E1)', () => {
    const cacheDir = field('Engine', 'cacheDir');
    const description = cacheDir.description ?? '';
    expect(description.split('. ')[0]).not.toMatch(/default/);
    expect(description).toMatch(/The 1\.6\.0 documentation gives no default for this field, and the example is sample data, not a default/);
    expect(description).toMatch(/5\.4 SP1 glossary.*`C:\\cache` by default: that is the folder's default, not this field's/);
  });

  it('gives no type or format the spec does not give: no integer width, no date-time, and the fields §3 names without a type stay untyped', () => {
    const formats: string[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(walk);
      if (!value || typeof value !== 'object') return;
      const record = value as Record<string, unknown>;
      if (typeof record.format === 'string') formats.push(record.format);
      Object.values(record).forEach(walk);
    };
    walk(spec);
    // uuid: §3's "objID (uuid)".
    expect([...new Set(formats)]).toEqual(['uuid']);
    const untyped: [string, string][] = [
      ['RgraphLong', 'xmlContent'], ['UstateLong', 'ustateData'], ['Engine', 're_enabled'], ['Engine', 'ue_enabled'],
      ['NewsroomRundownLong', 'roEdStart'], ['NewsroomRundownLong', 'roEdDur'], ['NewsroomRundownLong', 'mosExternalMetadata'], ['NewsroomRundownLong', 'readyToAir'],
      ['MosObject', 'objRev'], ['MosObject', 'objDur'], ['MosObject', 'objPaths'], ['MosObject', 'mosExternalMetadata'],
    ];
    for (const [schema, name] of untyped) {
      expect(field(schema, name).type, `${schema}.${name}`).toBeUndefined();
      expect(field(schema, name).description, `${schema}.${name}`).toMatch(/not documented|without a type|neither its type/);
    }
  });

  it('gives overriddenChannels no meaning the spec does not give', () => {
    const described = [field('RundownItemUpdate', 'overriddenChannels').description ?? '', op('patch', '/playout/rundowns/{rundownId}/items/{itemId}').description ?? ''];
    for (const text of described) expect(text).not.toMatch(/channel numbers as|channel assignments/);
    expect(described[0]).toMatch(/What the integers identify .* not documented for 1\.6\.0/);
  });
});

describe('hub REST API 1.6.0: validation rules of spec §5', () => {
  it('requires exactly the fields the spec requires', () => {
    expect(schemaNamed('RundownName').required).toEqual(['name']);
    expect(schemaNamed('RundownItemCreate').required).toEqual(['name', 'template', 'data']);
    expect(schemaNamed('MosObjectUpdate').required).toEqual(['data']);
    expect(Object.keys(properties(schemaNamed('MosObjectUpdate'))).sort()).toEqual(['data', 'description']);
    expect(schemaNamed('LaunchConfigCreate').required).toEqual(['name', 'renderers']);
    expect(schemaNamed('PropertyUpdate').required).toEqual(['Value']);
    expect(schemaNamed('RundownItemUpdate').required).toBeUndefined();
    expect(schemaNamed('FunctionTrigger').required).toBeUndefined();
    // §7 gives engineHostId as the load calls' whole body; §5 does not list it, and the schema says
    // why it marks it required (so that the samples and Try it send it).
    expect(schemaNamed('LoadRequest').required).toEqual(['engineHostId']);
    expect(schemaNamed('LoadRequest').description).toMatch(/does not say whether the hub accepts a load without it; it is marked required here so that/);
  });

  it('sets no minimum length on names, which the spec requires without giving one', () => {
    expect(field('RundownName', 'name').minLength).toBeUndefined();
    expect(field('LaunchConfigCreate', 'name').minLength).toBeUndefined();
  });

  it('defaults Interpolation to Constant and Duration and Delay to 0, never negative', () => {
    expect(field('PropertyUpdate', 'Interpolation').default).toBe('Constant');
    for (const name of ['Duration', 'Delay']) {
      expect(field('PropertyUpdate', name), name).toMatchObject({ type: 'number', default: 0, minimum: 0 });
    }
  });

  it('takes function trigger Parameters as entries with PropertyPath and payload.value, game engine only', () => {
    const parameters = field('FunctionTrigger', 'Parameters');
    expect(parameters.type).toBe('array');
    expect(parameters.description).toMatch(/game engine only/i);
    const entry = resolve(parameters.items);
    expect(entry.required).toEqual(['PropertyPath', 'payload']);
    const payload = properties(entry).payload;
    expect(Object.keys(properties(payload))).toEqual(['value']);
    expect(resolve(payload).required).toEqual(['value']);
  });
});

describe('hub REST API 1.6.0: errors of spec §8', () => {
  const shaped = ERRORS.filter(([method, p, status]) => SHAPED_ERRORS.includes(`${method} ${p} ${status}`));
  const unshaped = ERRORS.filter(([method, p, status]) => !SHAPED_ERRORS.includes(`${method} ${p} ${status}`));

  it.each(shaped)('%s %s answers %s with { "error": "%s" }, character for character', (method, p, status, message) => {
    const media = jsonOf(op(method, p).responses[status]);
    expect(media?.schema?.$ref).toBe('#/components/schemas/Error');
    expect(media?.example).toEqual({ error: message });
  });

  it.each(unshaped)('%s %s answers %s with no body shape, its description giving %j verbatim', (method, p, status, messages) => {
    const response = op(method, p).responses[status];
    expect(response?.content).toBeUndefined();
    const [heading = '', ...rest] = (response?.description ?? '').split('\n\n');
    expect(heading).not.toContain('\n');
    expect(heading.length).toBeLessThanOrEqual(80);
    const body = rest.join('\n\n');
    for (const message of typeof messages === 'string' ? [messages] : messages) expect(body).toContain(`\`${message}\``);
    expect(body).toMatch(/(?:not|does not give) the shape or media type of the body/);
  });

  it('names all three launcher 422 messages on every launcher 422, tying none to a call, and says so in the introduction', () => {
    // §8 ties the launcher's 422 messages to "Launcher", not to some of its calls: every call has one.
    const launcherCalls = allCalls.filter(({ path: p }) => p.startsWith('/launcher'));
    const launcher422 = launcherCalls.filter(({ operation }) => operation.responses['422']);
    expect(launcherCalls).toHaveLength(11);
    expect(launcher422).toHaveLength(11);
    for (const { method, path: p, operation } of launcher422) {
      const description = operation.responses['422']?.description ?? '';
      for (const message of LAUNCHER_422) expect(description, `${method} ${p}`).toContain(`\`${message}\``);
      expect(description, `${method} ${p}`).toMatch(/does not say which call answers which/);
      expect(description, `${method} ${p}`).not.toMatch(/Bad id|Bad parameter|Missing or wrong fields/);
    }
    expect(spec.info.description).toMatch(/three 422 messages for the launcher calls \(`Invalid config id`, `Invalid parameters` and `Invalid parameter`\) without saying which call answers which/);
  });

  it('uses the Error schema only where §8 gives the { "error": … } shape', () => {
    const users = allCalls.flatMap(({ method, path: p, operation }) =>
      Object.entries(operation.responses).filter(([, response]) => JSON.stringify(response.content ?? {}).includes('#/components/schemas/Error')).map(([status]) => `${method} ${p} ${status}`),
    );
    expect(users.sort()).toEqual([...SHAPED_ERRORS].sort());
    expect(op('post', '/newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey}').responses['404']?.description).toMatch(
      /gives this 404 for "the button trigger" without saying whether it applies to the playout trigger, the newsroom trigger or both/,
    );
  });

  it('keeps "Playout rundown not found" without a final full stop for item create only', () => {
    const description = op('post', '/playout/rundowns/{rundownId}/items').responses['404']?.description ?? '';
    expect(description).toContain('`Playout rundown not found`');
    expect(description).not.toContain('`Playout rundown not found.`');
  });

  it('answers no error the spec does not list', () => {
    const listed = new Set(ERRORS.map(([method, p, status]) => `${method} ${p} ${status}`));
    for (const { method, path: p, operation } of allCalls) {
      for (const status of errorStatuses(operation)) expect(listed.has(`${method} ${p} ${status}`), `${method} ${p} ${status}`).toBe(true);
    }
  });

  it('has an Error schema with a required string "error"', () => {
    expect(schemaNamed('Error')).toMatchObject({ type: 'object', required: ['error'], properties: { error: { type: 'string' } } });
  });

  it('answers 500 with the plain text "500: Internal server error" on every operation', () => {
    expect(allCalls).toHaveLength(CALLS.length);
    for (const { method, path: p, operation } of allCalls) {
      const response = operation.responses['500'];
      expect(Object.keys(response?.content ?? {}), `${method} ${p}`).toEqual(['text/plain']);
      const media = response?.content?.['text/plain'];
      expect(media?.schema?.type, `${method} ${p}`).toBe('string');
      expect(media?.example, `${method} ${p}`).toBe('500: Internal server error');
    }
  });
});
