/**
 * The OpenAPI description checked item by item against the product spec (site-spec.md §3 entities,
 * §5 validation, §6 roles, §7 calls, §8 errors, §9 constants).
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import SwaggerParser from '@apidevtools/swagger-parser';
import { ROOT } from '../helpers.ts';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: string[];
  maxLength?: number;
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
interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { example?: unknown; schema?: Schema }> }>;
}
interface Spec {
  info: { version: string };
  servers: { url: string; variables?: Record<string, unknown> }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const FILE = path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml');
const spec = parse(readFileSync(FILE, 'utf8')) as Spec;
const BASE = '/api/rest/v1';

/** Properties of a schema, following $ref and allOf (long forms extend short forms). */
function properties(schema: Schema): Record<string, Schema> {
  if (schema.$ref) return properties(spec.components.schemas[schema.$ref.split('/').pop() ?? ''] ?? {});
  const own = schema.properties ?? {};
  return Object.assign({}, ...(schema.allOf ?? []).map(properties), own) as Record<string, Schema>;
}
function resolve(schema: Schema | undefined): Schema {
  if (!schema) return {};
  return schema.$ref ? resolve(spec.components.schemas[schema.$ref.split('/').pop() ?? '']) : schema;
}
const schema = (name: string) => spec.components.schemas[name] ?? {};
const op = (method: string, p: string): Operation => {
  const found = spec.paths[p]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${p} is missing`);
  return found;
};
const allOperations = Object.entries(spec.paths).flatMap(([p, item]) => Object.entries(item).map(([m, o]) => ({ method: m, path: p, o })));

describe('hub REST API 1.6.0 description', () => {
  it('is a valid OpenAPI document (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(spec) as never)).resolves.toBeTruthy();
  });

  it('is version 1.6.0 with the base path /api/rest/v1 and a server variable for the hub host', () => {
    expect(spec.info.version).toBe('1.6.0');
    expect(spec.servers[0]?.url).toContain(BASE);
    expect(Object.keys(spec.servers[0]?.variables ?? {})).toContain('hubHost');
  });

  const CALLS = [
    'get /engines', 'get /engines/{engineId}', 'get /engines/{engineId}/nodes', 'get /engines/{engineId}/nodes/{nodePath}',
    'get /engines/{engineId}/nodes/{nodePath}/properties', 'get /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}',
    'patch /engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}', 'get /engines/{engineId}/nodes/{nodePath}/functions',
    'get /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}', 'post /engines/{engineId}/nodes/{nodePath}/functions/{functionPath}',
    'get /playout/rundowns', 'post /playout/rundowns', 'get /playout/rundowns/{rundownId}', 'patch /playout/rundowns/{rundownId}',
    'delete /playout/rundowns/{rundownId}', 'get /playout/rundowns/{rundownId}/items', 'post /playout/rundowns/{rundownId}/items',
    'get /playout/rundowns/{rundownId}/items/{itemId}', 'patch /playout/rundowns/{rundownId}/items/{itemId}', 'delete /playout/rundowns/{rundownId}/items/{itemId}',
    'post /playout/rundowns/{rundownId}/items/{itemId}/{buttonKey}', 'get /playout/templates', 'get /newsroom/rundowns', 'get /newsroom/rundowns/{ncsID}',
    'get /newsroom/rundowns/{ncsID}/{roID}', 'patch /newsroom/mosObjects/{objID}', 'post /newsroom/rundowns/{ncsID}/{roID}/{storyID}/{itemID}/{buttonKey}',
    'get /graphs', 'get /graphs/{graphId}', 'post /graphs/{graphId}/load', 'get /rgraphs', 'get /rgraphs/{rgraphId}', 'post /rgraphs/{rgraphId}/load',
    'get /ustates', 'get /ustates/{ustateId}', 'post /ustates/{ustateId}/load', 'get /projects', 'get /launcher', 'get /launcher/{launchId}',
    'post /launcher/create', 'put /launcher/{launchId}/launch', 'put /launcher/{launchId}/stop', 'put /launcher/{launchId}/retime',
    'get /launcher/{launchId}/renderer', 'get /launcher/{launchId}/renderer/{rendererId}', 'post /launcher/{launchId}/renderer/create',
    'put /launcher/{launchId}/renderer/{rendererId}/start', 'put /launcher/{launchId}/renderer/{rendererId}/stop',
  ];
  it.each(CALLS)('documents %s with a unique operationId, a tag and its path parameters', (call) => {
    const [method = '', p = ''] = call.split(' ');
    const o = op(method, p);
    expect(['engines', 'playout', 'newsroom', 'graphs', 'rgraphs', 'ustates', 'projects', 'launcher']).toContain(o.tags[0]);
    expect(o.summary).toBeTruthy();
    for (const name of [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1])) expect(o.parameters?.some((prm) => prm.name === name && prm.in === 'path')).toBe(true);
  });

  it('has exactly the calls of the spec, with unique operation ids', () => {
    expect(allOperations.map((x) => `${x.method} ${x.path}`).sort()).toEqual([...CALLS].sort());
    const ids = allOperations.map((x) => x.o.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents URL-encoded node and property paths and dot-separated RE5 pin sub-fields', () => {
    const params = op('patch', '/engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}').parameters ?? [];
    expect(params.find((p) => p.name === 'nodePath')?.description).toMatch(/URL-encoded/);
    expect(params.find((p) => p.name === 'propertyPath')?.description).toMatch(/RE5.*dot-separated/s);
  });

  const FIELDS: Record<string, string[]> = {
    GraphShort: ['id', 'name'], GraphLong: ['id', 'name', 'content'], RgraphShort: ['id', 'name'], RgraphLong: ['id', 'name', 'xmlContent'],
    UstateShort: ['id', 'name'], UstateLong: ['id', 'name', 'ustateData'],
    Engine: ['id', 'name', 'ip', 'role', 'status', 'cacheDir', 'minimumFreeSpace', 'usedSpace', 'diskSpace', 'canCook', 'displayName', 're_enabled', 'port', 'rgraphId', 'ownerStudioId', 'ustateId', 'ue_enabled', 'engineType', 'instances'],
    Instance: ['id', 'projectTag', 'streaming', 'status', 'pid', 'engineHostId', 'engineRoleId', 'projectId', 'projectMapId', 'editorPath', 'cookedProjectId', 'cookedMapId', 'cookedId', 'engineType', 'engineVersion', 'statusDescription'],
    Node: ['NodePath', 'NodeName'], Property: ['PropertyPath', 'DisplayName', 'Value'], Function: ['FunctionPath', 'FunctionName', 'Properties'],
    PlayoutRundown: ['id', 'name'], RundownItem: ['id', 'name', 'template', 'data', 'buttons'], Button: ['id', 'key', 'label'],
    RundownItemCreate: ['name', 'template', 'data', 'order'], RundownItemUpdate: ['overriddenChannels'], Template: ['id', 'name'],
    NewsroomRundownShort: ['ncsID', 'roID', 'roSlug', 'status', 'createdAt', 'updatedAt'],
    NewsroomRundownLong: ['ncsID', 'roID', 'roSlug', 'status', 'createdAt', 'updatedAt', 'roChannel', 'roEdStart', 'roEdDur', 'roTrigger', 'macroIn', 'macroOut', 'mosExternalMetadata', 'readyToAir', 'items'],
    NewsroomItem: ['storyID', 'itemID', 'storySlug', 'itemSlug', 'mosObject'],
    MosObject: ['objID', 'objSlug', 'mosAbstract', 'objGroup', 'objTB', 'objRev', 'objDur', 'status', 'objAir', 'objPaths', 'mosExternalMetadata', 'createdBy', 'created', 'changedBy', 'changed', 'description', 'objType', 'template', 'data', 'buttons'],
    Project: ['projectId', 'name', 'version', 'sharedFolderName', 'maps', 'createdAt', 'updatedAt'],
    LaunchConfig: ['id', 'name', 'renderers'], RendererDetails: ['launchConfigId', 'engineId', 'projectId', 'projectMapId', 'engineType', 'stateId'],
  };
  it.each(Object.entries(FIELDS))('schema %s has every field of spec §3', (name, fields) => {
    expect(Object.keys(properties(schema(name)))).toEqual(expect.arrayContaining(fields));
  });

  it('has every enum of the spec, exactly', () => {
    const engine = properties(schema('Engine'));
    expect(engine.role?.enum).toEqual(['Broadcast', 'Preview']);
    expect(engine.status?.enum).toEqual(['connected', 'ready', 'disconnected', 'reconnecting']);
    const instance = properties(schema('Instance'));
    expect(instance.status?.enum).toEqual(['Idle', 'Caching', 'Loading', 'Loaded', 'Error', 'Checking', 'Cooking']);
    expect(instance.engineType?.enum).toEqual(['RE', 'RE5', 'UE']);
    const mos = properties(schema('MosObject'));
    expect(mos.objAir?.enum).toEqual(['READY', 'NOT READY']);
    expect(mos.objType?.enum).toEqual(['STILL', 'VIDEO', 'AUDIO']);
    expect(resolve(mos.status).enum).toEqual(['NEW', 'UPDATED', 'MOVED', 'BUSY', 'DELETED', 'NCS CTRL', 'MANUAL CTRL', 'READY', 'NOT READY', 'PLAY', 'STOP']);
    expect(resolve(properties(schema('PropertyUpdate')).Interpolation).enum).toEqual(['Constant', 'Linear', 'EaseIn', 'EaseOut', 'EaseInOut']);
  });

  it('has every bound, format and example of spec §3 and §9', () => {
    const instance = properties(schema('Instance'));
    expect(instance.projectTag?.maxLength).toBe(32);
    expect(instance.streaming?.maxLength).toBe(255);
    const mos = properties(schema('MosObject'));
    expect(mos.objGroup?.maxLength).toBe(128);
    expect(mos.objTB?.maxLength).toBe(10);
    expect(new RegExp(mos.objTB?.pattern ?? '').test('0123456789')).toBe(true);
    expect(new RegExp(mos.objTB?.pattern ?? '').test('12a')).toBe(false);
    expect(mos.objID?.format).toBe('uuid');
    const long = properties(schema('NewsroomRundownLong'));
    for (const field of ['roChannel', 'roTrigger', 'macroIn', 'macroOut']) expect(long[field]?.maxLength, field).toBe(128);
    expect(long.macroIn?.nullable).toBe(true);
    expect(long.macroOut?.nullable).toBe(true);
    const project = properties(schema('Project'));
    expect(project.version?.maxLength).toBe(20);
    expect(project.sharedFolderName?.maxLength).toBe(100);
    const engine = properties(schema('Engine'));
    expect(engine.minimumFreeSpace?.example).toBe(209715200);
    expect(engine.port?.example).toBe(6666);
    for (const field of ['minimumFreeSpace', 'usedSpace', 'diskSpace']) expect(engine[field]?.format, field).toBe('int64');
  });

  it('states the validation rules of spec §5 as required fields and defaults', () => {
    expect(resolve(schema('RundownName')).required).toEqual(['name']);
    expect(schema('RundownItemCreate').required).toEqual(['name', 'template', 'data']);
    expect(schema('MosObjectUpdate').required).toEqual(['data']);
    expect(schema('LaunchConfigCreate').required).toEqual(['name', 'renderers']);
    const update = properties(schema('PropertyUpdate'));
    expect(schema('PropertyUpdate').required).toEqual(['Value']);
    expect(resolve(update.Interpolation).default).toBe('Constant');
    expect(update.Duration?.default).toBe(0);
    expect(update.Delay?.default).toBe(0);
    expect(update.Duration?.minimum).toBe(0);
    expect(update.Delay?.minimum).toBe(0);
    const parameter = properties(schema('FunctionParameter'));
    expect(Object.keys(parameter)).toEqual(expect.arrayContaining(['PropertyPath', 'payload']));
    expect(Object.keys(properties(parameter.payload ?? {}))).toContain('value');
    expect(op('post', '/playout/rundowns').requestBody?.content['application/json']?.schema.$ref).toContain('RundownName');
  });

  const ERRORS: [string, string, string, string][] = [
    ['post', '/playout/rundowns', '422', 'Rundown name is required.'],
    ['patch', '/playout/rundowns/{rundownId}', '422', 'Rundown name is required.'],
    ['patch', '/playout/rundowns/{rundownId}', '404', 'Playout rundown not found.'],
    ['delete', '/playout/rundowns/{rundownId}', '404', 'Playout rundown not found.'],
    ['post', '/playout/rundowns/{rundownId}/items', '404', 'Playout rundown not found'],
    ['patch', '/playout/rundowns/{rundownId}/items/{itemId}', '404', 'Playout rundown item not found.'],
    ['delete', '/playout/rundowns/{rundownId}/items/{itemId}', '404', 'Playout rundown item not found.'],
    ['post', '/playout/rundowns/{rundownId}/items/{itemId}/{buttonKey}', '404', 'Rundown item not found.'],
    ['get', '/graphs/{graphId}', '404', 'Graph not found.'],
    ['get', '/rgraphs/{rgraphId}', '404', 'Rgraph not found.'],
    ['get', '/ustates/{ustateId}', '404', 'Ustate not found.'],
    ['get', '/launcher/{launchId}', '422', 'Invalid config id'],
    ['post', '/launcher/create', '422', 'Invalid parameters'],
    ['get', '/launcher/{launchId}/renderer/{rendererId}', '422', 'Invalid parameter'],
    ['put', '/launcher/{launchId}/launch', '404', 'Launch cancelled: This launch configuration has no idle engines or suitable engine installation.'],
    ['put', '/launcher/{launchId}/renderer/{rendererId}/start', '404', 'Renderer not listed in selected configuration.'],
    ['put', '/launcher/{launchId}/renderer/{rendererId}/stop', '404', 'Renderer not listed in selected configuration.'],
    ['get', '/launcher/{launchId}/renderer/{rendererId}', '404', 'Renderer not found'],
    ['post', '/launcher/{launchId}/renderer/create', '422', 'Failed to update renderer'],
  ];
  it.each(ERRORS)('%s %s answers %s "%s", character for character', (method, p, status, message) => {
    const example = op(method, p).responses[status]?.content?.['application/json']?.example as { error?: string } | undefined;
    expect(example?.error).toBe(message);
  });

  it('answers 500 with the plain text "500: Internal server error" on every operation', () => {
    for (const { method, path: p, o } of allOperations) {
      expect(o.responses['500']?.content?.['text/plain']?.example, `${method} ${p}`).toBe('500: Internal server error');
    }
  });

  it('uses 201 for creating rundowns and items and 204 for deleting a rundown', () => {
    expect(Object.keys(op('post', '/playout/rundowns').responses)).toContain('201');
    expect(Object.keys(op('post', '/playout/rundowns/{rundownId}/items').responses)).toContain('201');
    expect(Object.keys(op('delete', '/playout/rundowns/{rundownId}').responses)).toContain('204');
  });
});
