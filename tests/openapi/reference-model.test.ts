/**
 * The reference model of three public-shaped specs (Petstore 3.0; a 3.1 spec without any
 * operationId; a JSON spec with schema cycles and oneOf) and of the hub API: anchors, schema trees,
 * examples and code samples.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import os from 'node:os';
import path from 'node:path';
import { mkdtemp, writeFile } from 'node:fs/promises';
import type { ApiOperationView, ApiReferenceModel, SchemaView } from '../../theme/api-model.ts';
import { loadApiSpec, type LoadedApiSpec } from '../../src/openapi/load.ts';
import { referencePages, type ReferencePage } from '../../src/openapi/reference-model.ts';
import { createDescriptionRenderer } from '../../src/openapi/markdown.ts';
import { byStatus } from '../../src/openapi/operation-view.ts';
import { apiRecords } from '../../src/search/records.ts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ApiReference } from '../../theme/components/api/ApiReference.tsx';
import { ROOT } from '../helpers.ts';

const FIXTURES = path.join(ROOT, 'tests/fixtures/openapi');

async function pagesOf(file: string, options: { splitByTag?: boolean; root?: string } = {}): Promise<ReferencePage[]> {
  const spec: LoadedApiSpec = await loadApiSpec({ id: 'x', route: 'api', spec: file, ...(options.splitByTag !== undefined ? { splitByTag: options.splitByTag } : {}) }, options.root ?? FIXTURES);
  expect(spec.findings).toEqual([]);
  return referencePages(spec, { baseUrl: '/docs/', specUrl: `/docs/api/${path.basename(file)}`, specLocation: `https://docs.example.com/docs/api/${path.basename(file)}`, description: createDescriptionRenderer() });
}

const operations = (model: ApiReferenceModel) => model.tags.flatMap((t) => t.operations);
const op = (model: ApiReferenceModel, anchor: string): ApiOperationView => {
  const found = operations(model).find((o) => o.anchor === anchor);
  if (!found) throw new Error(`no operation ${anchor}`);
  return found;
};
const property = (schema: SchemaView | undefined, name: string): SchemaView => {
  const found = schema?.properties?.find((p) => p.name === name)?.schema;
  if (!found) throw new Error(`no property ${name}`);
  return found;
};
const sample = (o: ApiOperationView, lang: string) => o.samples.find((s) => s.lang === lang)?.code ?? '';

describe('Petstore 3.0 (operationIds, security, several media types)', () => {
  let model: ApiReferenceModel;
  beforeAll(async () => {
    model = (await pagesOf('petstore-3.0.yaml'))[0]?.model as ApiReferenceModel;
  });

  it('groups operations by tag in the spec order, anchored by operationId', () => {
    expect(model.tags.map((t) => [t.name, t.anchor])).toEqual([['pet', 'tag/pet'], ['store', 'tag/store']]);
    expect(operations(model).map((o) => o.anchor)).toEqual(['operation/updatePet', 'operation/addPet', 'operation/findPetsByStatus', 'operation/getPetById', 'operation/deletePet', 'operation/placeOrder']);
  });

  it('shows parameters with their place, constraints, default, enum and example', () => {
    const find = op(model, 'operation/findPetsByStatus').parameters[0];
    expect(find).toMatchObject({ name: 'status', in: 'query', required: true });
    expect(find?.schema).toMatchObject({ types: ['string'], defaultValue: '"available"', enumValues: ['"available"', '"pending"', '"sold"'] });
    const get = op(model, 'operation/getPetById').parameters[0];
    expect(get?.schema).toMatchObject({ types: ['integer'], format: 'int64', constraints: ['≥ 1'] });
    expect(get?.examples).toEqual([{ label: 'Example', value: '10', generated: false }]);
  });

  it('resolves $refs with their names, per media type, and hides readOnly fields in requests', () => {
    const body = op(model, 'operation/updatePet').requestBody;
    expect(body?.contents.map((c) => c.mediaType)).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    const pet = body?.contents[0]?.schema;
    expect(pet).toMatchObject({ name: 'Pet', anchor: 'schema/Pet' });
    expect(property(pet, 'name')).toMatchObject({ constraints: ['1–64 characters'], exampleValue: '"doggie"' });
    expect(property(pet, 'category')).toMatchObject({ name: 'Category', types: ['object'] });
    const order = op(model, 'operation/placeOrder');
    expect(order.requestBody?.contents[0]?.schema?.properties?.map((p) => p.name)).not.toContain('id');
    // Order has a read-only field, so each use shows it as that use sees it: a collapsed response would
    // be filled from its Schemas section, which shows every field (a read-only one in a request, a
    // write-only one in a response).
    expect(order.responses[0]?.contents[0]?.schema?.collapsed).toBeUndefined();
    expect(property(order.responses[0]?.contents[0]?.schema, 'id')).toMatchObject({ readOnly: true });
    expect(property(model.schemas.find((s) => s.name === 'Order')?.schema, 'id')).toMatchObject({ readOnly: true });
  });

  it('takes the spec examples, and makes one from the schema otherwise', () => {
    expect(op(model, 'operation/placeOrder').requestBody?.contents[0]?.examples).toEqual([
      { label: 'One dog, delivered', value: JSON.stringify({ petId: 10, quantity: 1, status: 'placed', complete: false }, null, 2), generated: false },
    ]);
    const generated = op(model, 'operation/addPet').responses[0]?.contents[0]?.examples[0];
    expect(generated?.generated).toBe(true);
    expect(JSON.parse(generated?.value ?? '{}')).toMatchObject({ id: 10, name: 'doggie', category: { name: 'Dogs' }, photoUrls: ['https://example.com'], status: 'available' });
  });

  it('code samples call the relative server resolved against the spec, with path values and security', () => {
    const get = op(model, 'operation/getPetById');
    expect(get.security).toEqual([
      [{ name: 'api_key', detail: 'API key in the header "api_key"', href: '#security/api_key' }],
      [{ name: 'petstore_auth', detail: 'OAuth 2.0, scopes read:pets', href: '#security/petstore_auth' }],
    ]);
    expect(get.securityOptional).toBeUndefined();
    expect(sample(get, 'curl')).toBe("curl -X GET 'https://docs.example.com/api/v3/pet/10' \\\n  -H 'api_key: YOUR_API_KEY'");
    expect(sample(get, 'javascript')).toContain('await fetch("https://docs.example.com/api/v3/pet/10", {');
    expect(sample(get, 'python')).toContain('"api_key": "YOUR_API_KEY"');
    const find = op(model, 'operation/findPetsByStatus');
    expect(sample(find, 'curl')).toBe("curl -X GET 'https://docs.example.com/api/v3/pet/findByStatus?status=available'");
    const update = op(model, 'operation/updatePet');
    expect(sample(update, 'curl')).toContain("-H 'Authorization: Bearer YOUR_TOKEN' \\\n  -H 'Content-Type: application/json' \\\n  --data '{");
    // Only the body's required fields (Pet's name and photoUrls), the optional id, category and tags left out.
    expect(sample(update, 'python')).toMatch(/json=\{\n\s+"name": "doggie",\n\s+"photoUrls": \[/);
    expect(sample(update, 'python')).not.toContain('"id"');
  });
});

describe('the Authentication section', () => {
  it("is on an API's first page with every security scheme, and the column lists it after Servers; an API without schemes has none", async () => {
    const [pets] = await pagesOf('petstore-3.0.yaml');
    expect(pets?.model.intro?.securitySchemes.map((s) => `${s.name}: ${s.kind}`)).toEqual(['petstore_auth: OAuth 2.0', 'api_key: API key']);
    expect(pets?.model.intro?.securitySchemes[0]?.flows[0]?.scopes.map((s) => s.name)).toEqual(['write:pets', 'read:pets']);
    expect(pets?.data.hasAuthentication).toBe(true);
    // An operation links each scheme it needs; on a split API the section is on the overview page.
    const split = await pagesOf('petstore-3.0.yaml', { splitByTag: true });
    expect(split[0]?.model.intro?.securitySchemes).toHaveLength(2);
    const get = split.flatMap((page) => operations(page.model)).find((o) => o.anchor === 'operation/getPetById');
    expect(get?.security.map((way) => way.map((part) => part.href))).toEqual([['/docs/api/#security/api_key'], ['/docs/api/#security/petstore_auth']]);
    const [hub] = await pagesOf('openapi/hub-rest-api-1.6.0.yaml', { root: ROOT });
    expect(hub?.model.intro?.securitySchemes).toEqual([]);
    expect(hub?.data.hasAuthentication).toBe(false);
  });
});

describe('an operation with several tags', () => {
  const spec = (dir: string) =>
    writeFile(
      path.join(dir, 'multi.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: Multi, version: "1" }',
        'paths:',
        '  /a: { get: { operationId: getA, tags: [boards, lists], summary: Get A, responses: { "200": { description: ok } } } }',
        '  /b: { get: { operationId: getB, tags: [lists], summary: Get B, responses: { "200": { description: ok } } } }',
      ].join('\n'),
    );

  it('is shown under its first tag, and the other tag lists it with a link, in the page and in the column (not twice in search)', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-multi-tag-'));
    await spec(dir);
    const [one] = await pagesOf('multi.yaml', { root: dir });
    const lists = one?.model.tags.find((tag) => tag.name === 'lists');
    expect(lists?.operations.map((op) => op.anchor)).toEqual(['operation/getB']);
    expect(lists?.also).toMatchObject([{ anchor: 'operation/getA', href: '#operation/getA', method: 'GET', path: '/a', summary: 'Get A' }]);
    const navLists = one?.data.nav.find((tag) => tag.name === 'lists');
    expect(navLists?.operations?.map((op) => op.anchor)).toEqual(['operation/getB']);
    expect(navLists?.also?.map((op) => `${op.anchor} ${op.home}`)).toEqual(['operation/getA /api/']);
    const records = apiRecords({ ...(one?.data as ReferencePage['data']), schemas: [] }, '/docs/api/', { language: 'en', tag: 'x' });
    expect(records.filter((r) => r.url.endsWith('#operation/getA')).map((r) => r.hierarchy.lvl1)).toEqual(['boards']);
    // Split into a page per tag, the link goes to the page that shows the operation.
    const split = await pagesOf('multi.yaml', { root: dir, splitByTag: true });
    const listsPage = split.find((page) => page.data.tag === 'lists');
    expect(listsPage?.model.tags[0]?.also[0]?.href).toBe('/docs/api/boards/#operation/getA');
    expect(listsPage?.data.nav.find((tag) => tag.name === 'lists')?.also?.find((op) => op.anchor === 'operation/getA')?.home).toBe('/api/boards/');
  });
});

describe('links besides the operations', () => {
  it('shows the API\'s contact and licence in the introduction, and the external documentation of a tag and an operation', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-doc-links-'));
    await writeFile(
      path.join(dir, 'links.yaml'),
      [
        'openapi: 3.0.3',
        'info: { title: Links, version: "1", contact: { name: Team, email: team@example.com }, license: { name: MIT, url: "https://opensource.org/license/mit" } }',
        'tags: [{ name: boards, externalDocs: { url: "https://example.com/boards", description: Boards guide } }]',
        'paths:',
        '  /a: { get: { operationId: getA, tags: [boards], externalDocs: { url: "https://example.com/a" }, responses: { "200": { description: ok } } } }',
      ].join('\n'),
    );
    const [page] = await pagesOf('links.yaml', { root: dir });
    expect(page?.model.intro?.links.map((l) => `${l.label}: ${l.text}`)).toEqual(['Contact: Team', 'Contact email: team@example.com', 'Licence: MIT']);
    expect(page?.model.tags[0]?.externalDocs).toEqual({ label: 'External documentation', text: 'Boards guide', href: 'https://example.com/boards' });
    expect(op(page?.model as ApiReferenceModel, 'operation/getA').externalDocs?.href).toBe('https://example.com/a');
  });
});

describe('webhooks and callbacks', () => {
  const spec = [
    'openapi: 3.1.0',
    'info: { title: Events, version: "1" }',
    'paths:',
    '  /subscriptions:',
    '    post:',
    '      operationId: subscribe',
    '      tags: [subs]',
    '      requestBody: { content: { application/json: { schema: { type: object, properties: { callbackUrl: { type: string } } } } } }',
    '      responses: { "201": { description: Subscribed } }',
    '      callbacks:',
    '        onEvent:',
    '          "{$request.body#/callbackUrl}":',
    '            post:',
    '              summary: Event notice',
    '              requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Event" } } } }',
    '              responses: { "204": { description: Received } }',
    'webhooks:',
    '  newPet:',
    '    post:',
    '      summary: A pet was added',
    '      requestBody: { content: { application/json: { schema: { $ref: "#/components/schemas/Event" } } } }',
    '      responses: { "200": { description: Return 200 to acknowledge } }',
    'components:',
    '  schemas:',
    '    Event: { type: object, properties: { id: { type: string } } }',
  ].join('\n');

  it("shows the API's webhooks on its first page and an operation's callbacks under it, with their payload and answers", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-events-'));
    await writeFile(path.join(dir, 'events.yaml'), spec);
    const [page] = await pagesOf('events.yaml', { root: dir });
    const model = page?.model as ApiReferenceModel;
    expect(model.webhooks?.map((w) => [w.anchor, w.method, w.name, w.summary])).toEqual([['webhook/newPet/post', 'POST', 'newPet', 'A pet was added']]);
    expect(model.webhooks?.[0]?.requestBody?.contents[0]?.schema?.name).toBe('Event');
    expect(model.webhooks?.[0]?.responses.map((r) => r.status)).toEqual(['200']);
    expect(page?.data.webhooks).toEqual([{ anchor: 'webhook/newPet/post', method: 'POST', name: 'newPet', summary: 'A pet was added' }]);
    const callbacks = op(model, 'operation/subscribe').callbacks;
    expect(callbacks?.map((c) => [c.name, c.events.map((e) => [e.anchor, e.method, e.name])])).toEqual([
      ['onEvent', [['operation/subscribe/callback/onEvent/post', 'POST', '{$request.body#/callbackUrl}']]],
    ]);
    const html = renderToStaticMarkup(createElement(ApiReference, { model }));
    expect(html).toContain('id="webhook/newPet/post"');
    expect(html).toContain('id="operation/subscribe/callback/onEvent/post"');
    // A split API shows them on its overview, with the schemas they use.
    const split = await pagesOf('events.yaml', { root: dir, splitByTag: true });
    expect(split[0]?.model.webhooks).toHaveLength(1);
    expect(split[0]?.model.schemas.map((schema) => schema.name)).toEqual(['Event']);
  });
});

describe('OpenAPI 3.1 without any operationId', () => {
  let model: ApiReferenceModel;
  beforeAll(async () => {
    model = (await pagesOf('tasks-3.1-no-operation-ids.yaml'))[0]?.model as ApiReferenceModel;
  });

  it("anchors every operation as Swagger UI names it, with valid ids even for a tag with spaces", () => {
    const anchors = [...model.tags.map((t) => t.anchor), ...operations(model).map((o) => o.anchor)];
    expect(anchors).toEqual(['tag/Task_Lists', 'tag/default', 'operation/get_lists__listId__tasks', 'operation/post_lists__listId__tasks', 'operation/delete_tasks__taskId_']);
    for (const anchor of anchors) expect(anchor).toMatch(/^\S+$/);
    expect(operations(model).every((o) => o.operationId === undefined)).toBe(true);
  });

  it('reads type arrays with null, const, numeric exclusive bounds, examples lists and writeOnly', () => {
    const list = op(model, 'operation/get_lists__listId__tasks');
    expect(list.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:listId', 'query:limit', 'header:X-Trace']);
    expect(list.parameters[1]?.schema?.constraints).toEqual(['> 0', '≤ 500']);
    const task = list.responses[0]?.contents[0]?.schema?.items;
    expect(task?.name).toBe('Task');
    expect(property(task, 'due')).toMatchObject({ types: ['string', 'null'], format: 'date' });
    expect(property(task, 'kind')).toMatchObject({ constValue: '"task"' });
    expect(property(task, 'priority').constraints).toEqual(['> 0', '< 10']);
    expect(property(task, 'title').exampleValue).toBe('"Water the plants"');
    expect(task?.properties?.map((p) => p.name)).not.toContain('secret');
    expect(list.responses[0]?.headers).toMatchObject([{ name: 'X-Total', schema: { types: ['integer'] } }]);
  });

  it('with no servers, samples call "/" of the site, with required headers and path-level parameters', () => {
    const list = op(model, 'operation/get_lists__listId__tasks');
    expect(sample(list, 'curl')).toBe("curl -X GET 'https://docs.example.com/lists/3fa85f64-5717-4562-b3fc-2c963f66afa6/tasks' \\\n  -H 'X-Trace: string'");
    expect(sample(op(model, 'operation/delete_tasks__taskId_'), 'curl')).toBe("curl -X DELETE 'https://docs.example.com/tasks/1'");
  });
});

describe('a JSON spec with schema cycles, oneOf, allOf and additionalProperties', () => {
  let pages: ReferencePage[];
  let model: ApiReferenceModel;
  beforeAll(async () => {
    pages = await pagesOf('scene-graph-cycles.json');
    model = pages[0]?.model as ApiReferenceModel;
  });

  it('stops a schema that contains itself with "circular", and shows a schema once per operation', () => {
    const scene = op(model, 'operation/getScene').responses[0]?.contents[0]?.schema;
    const root = property(scene, 'root');
    expect(root).toMatchObject({ name: 'Node', types: ['object'] });
    expect(property(root, 'children').items).toMatchObject({ name: 'Node', circular: 'Node' });
    const link = property(root, 'links').items;
    expect(link?.name).toBe('Link');
    expect(property(link, 'target')).toMatchObject({ name: 'Node', circular: 'Node' });
    // Mesh, Light and Group reach Node through Group.members: circular there too.
    const group = property(root, 'content').variants?.options[2];
    expect(property(group, 'members').items).toMatchObject({ circular: 'Node' });
  });

  it('shows oneOf with its discriminator, merges allOf, and reads anyOf, nullable and additionalProperties', () => {
    const scene = op(model, 'operation/getScene').responses[0]?.contents[0]?.schema;
    const content = property(property(scene, 'root'), 'content');
    expect(content.variants).toMatchObject({ kind: 'oneOf', discriminator: 'kind' });
    expect(content.variants?.options.map((o) => o.name)).toEqual(['Mesh', 'Light', 'Group']);
    expect(content.variants?.options[0]?.properties?.map((p) => `${p.name}${p.required ? '*' : ''}`)).toEqual(['kind*', 'visible', 'vertices']);
    expect(property(content.variants?.options[1], 'color').variants?.kind).toBe('anyOf');
    expect(property(scene, 'owner').types).toEqual(['string', 'null']);
    expect(property(scene, 'metadata').additional).toMatchObject({ types: ['string'] });
    const links = op(model, 'operation/listLinks').responses[0]?.contents[0]?.schema;
    expect(links?.additional).toMatchObject({ name: 'Link' });
  });

  it('shows a schema used twice in one operation expanded once, and collapsed the second time', () => {
    const patch = op(model, 'operation/patchScene');
    expect(patch.requestBody?.contents[0]?.schema?.items?.name).toBe('Change');
    expect(property(patch.requestBody?.contents[0]?.schema?.items, 'node')).toMatchObject({ name: 'Node' });
    const response = patch.responses[0]?.contents[0]?.schema;
    expect(response?.name).toBe('Scene');
    expect(property(response, 'root')).toMatchObject({ name: 'Node', collapsed: 'Node', anchor: 'schema/Node' });
    // Its heading can count the properties the browser fills in when it is opened.
    expect(property(response, 'root').propertyCount).toBe(4);
  });

  it('renders every named schema once in the Schemas section, and follows shared parameters and responses', () => {
    expect(model.schemas.map((s) => s.name)).toEqual(['Scene', 'Node', 'Link', 'Content', 'Base', 'Mesh', 'Light', 'Group', 'Change', 'Problem']);
    const node = model.schemas.find((s) => s.name === 'Node')?.schema;
    expect(property(node, 'content')).toMatchObject({ name: 'Content', collapsed: 'Content' });
    const get = op(model, 'operation/getScene');
    expect(get.parameters[0]).toMatchObject({ name: 'sceneId', in: 'path', required: true });
    expect(get.responses[1]).toMatchObject({ status: 'default', summary: 'Something went wrong' });
    expect(get.responses[1]?.contents[0]?.mediaType).toBe('application/problem+json');
    expect(sample(get, 'curl')).toBe("curl -X GET 'https://eu.scenes.example.com/v1/scenes/studio-a'");
  });

  it('split by tag: an overview, one page per tag with the schemas it uses, the same anchors', async () => {
    const split = await pagesOf('scene-graph-cycles.json', { splitByTag: true });
    expect(split.map((p) => p.route)).toEqual(['api', 'api/scenes', 'api/nodes']);
    expect(split[0]?.model.overview?.map((t) => [t.name, t.href, t.operationCount])).toEqual([['scenes', '/docs/api/scenes/', 2], ['nodes', '/docs/api/nodes/', 1]]);
    expect(split[0]?.data.nav.flatMap((t) => t.operations ?? []).length).toBe(3);
    expect(split[2]?.data).toMatchObject({ tag: 'nodes', split: true });
    expect(split[2]?.data.nav.map((t) => [t.name, t.route, t.operations?.length ?? null])).toEqual([['scenes', '/api/scenes/', null], ['nodes', '/api/nodes/', 1]]);
    expect(operations(split[2]?.model as ApiReferenceModel).map((o) => o.anchor)).toEqual(['operation/listLinks']);
    expect(split[2]?.model.schemas.map((s) => s.name)).toEqual(['Node', 'Link', 'Content', 'Base', 'Mesh', 'Light', 'Group']);
  });
});

describe("a collapsed schema's heading", () => {
  it("counts a collapsed schema's properties as its section shows them: an allOf of allOfs merged, one with a oneOf part not", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-collapsed-count-'));
    const spec = {
      openapi: '3.0.3',
      info: { title: 'Counts', version: '1' },
      paths: {
        '/x': {
          get: {
            operationId: 'getX',
            responses: {
              '200': {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object', properties: Object.fromEntries(['C', 'D'].flatMap((name) => [[`first${name}`, { $ref: `#/components/schemas/${name}` }], [`again${name}`, { $ref: `#/components/schemas/${name}` }]])) } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          A: { type: 'object', properties: { a1: { type: 'string' }, a2: { type: 'string' } } },
          B: { allOf: [{ $ref: '#/components/schemas/A' }, { type: 'object', properties: { b1: { type: 'string' } } }] },
          // Three levels: C's section shows a1, a2, b1 and c1.
          C: { allOf: [{ $ref: '#/components/schemas/B' }, { type: 'object', properties: { c1: { type: 'string' } } }] },
          // Not merged (a part is a choice): its section shows its own d1 beside the variants.
          D: { type: 'object', properties: { d1: { type: 'string' } }, allOf: [{ $ref: '#/components/schemas/A' }, { oneOf: [{ type: 'object', properties: { e1: { type: 'string' } } }] }] },
        },
      },
    };
    await writeFile(path.join(dir, 'counts.json'), JSON.stringify(spec));
    const [page] = await pagesOf('counts.json', { root: dir });
    const model = page?.model as ApiReferenceModel;
    const body = op(model, 'operation/getX').responses[0]?.contents[0]?.schema;
    const section = (name: string) => model.schemas.find((s) => s.name === name)?.schema.properties?.length;
    expect(property(body, 'againC')).toMatchObject({ collapsed: 'C', propertyCount: 4 });
    expect(property(body, 'againD')).toMatchObject({ collapsed: 'D', propertyCount: 1 });
    expect([section('C'), section('D')]).toEqual([4, 1]);
  });
});

describe('the hub REST API 1.6.0', () => {
  it('fills the server variables and path parameters of the samples, and sends the example body', async () => {
    const model = (await pagesOf('openapi/hub-rest-api-1.6.0.yaml', { root: ROOT }))[0]?.model as ApiReferenceModel;
    expect(operations(model)).toHaveLength(48);
    const set = op(model, 'operation/setProperty');
    expect(sample(set, 'curl')).toBe(
      "curl -X PATCH 'http://localhost/api/rest/v1/engines/1/nodes/nodePath/properties/propertyPath' \\\n  -H 'Content-Type: application/json' \\\n  --data '{\n  \"Value\": 1,\n  \"Interpolation\": \"EaseInOut\",\n  \"Duration\": 2,\n  \"Delay\": 0\n}'",
    );
    expect(sample(set, 'python')).toContain('json={\n        "Value": 1,');
    expect(sample(op(model, 'operation/deleteRundown'), 'javascript')).toBe(
      'const response = await fetch("http://localhost/api/rest/v1/playout/rundowns/1", {\n  method: "DELETE",\n});\nconsole.log(response.status, await response.text());',
    );
    // The port's default is 80, which a URL leaves out.
    expect(model.intro?.servers[0]?.variables.map((v) => `${v.name}=${v.defaultValue}`)).toEqual(['hubHost=localhost', 'port=80']);
  });

  it("lists a path's operations in the document's order, and marks only made-up examples as made from the schema", async () => {
    const model = (await pagesOf('openapi/hub-rest-api-1.6.0.yaml', { root: ROOT }))[0]?.model as ApiReferenceModel;
    const anchors = operations(model).map((o) => o.anchor);
    // The document gives PATCH before DELETE under /playout/rundowns/{rundownId}.
    expect(anchors.indexOf('operation/renameRundown')).toBe(anchors.indexOf('operation/deleteRundown') - 1);
    expect(anchors.indexOf('operation/updateRundownItem')).toBeLessThan(anchors.indexOf('operation/deleteRundownItem'));
    // PropertyUpdate and RundownName carry their own example: it is the spec's, not made up.
    expect(op(model, 'operation/setProperty').requestBody?.contents[0]?.examples[0]?.generated).toBe(false);
    expect(op(model, 'operation/createRundown').requestBody?.contents[0]?.examples[0]?.generated).toBe(false);
    expect(op(model, 'operation/listEngines').responses[0]?.contents[0]?.examples[0]?.generated).toBe(true);
  });

  it('says which named schemas an allOf merged in, with links to them', async () => {
    const model = (await pagesOf('openapi/hub-rest-api-1.6.0.yaml', { root: ROOT }))[0]?.model as ApiReferenceModel;
    const long = model.schemas.find((entry) => entry.name === 'GraphLong')?.schema;
    expect(long?.extends).toEqual([{ name: 'GraphShort', anchor: 'schema/GraphShort' }]);
    expect(long?.properties?.map((p) => p.name)).toEqual(expect.arrayContaining(['id', 'name', 'content']));
    const html = renderToStaticMarkup(createElement(ApiReference, { model }));
    expect(html).toContain('<p class="api-extends">Includes the fields of <a href="#schema/GraphShort">GraphShort</a>.</p>');
  });

  it('lists responses by status, a range after the codes of its class and default last; a heading line is not repeated below', async () => {
    const model = (await pagesOf('openapi/hub-rest-api-1.6.0.yaml', { root: ROOT }))[0]?.model as ApiReferenceModel;
    // JavaScript orders the keys "422", "500" before "2XX" and "default".
    expect(op(model, 'operation/createLaunchConfig').responses.map((r) => r.status)).toEqual(['2XX', '422', '500']);
    expect(op(model, 'operation/launchLaunchConfig').responses.map((r) => r.status)).toEqual(['404', '422', '500', 'default']);
    const created = op(model, 'operation/createLaunchConfig').responses[0];
    expect(created?.summary).toBe('The new configuration');
    expect(created?.descriptionHtml).not.toContain('The new configuration');
    expect(created?.descriptionHtml).toContain('gives this body but not its status code');
    const notShown = op(model, 'operation/launchLaunchConfig').responses.at(-1);
    expect(notShown?.summary).toBe('Not documented');
    expect(notShown?.descriptionHtml).toMatch(/^<p>The 1\.6\.0 documentation does not show the answer/);
  });
});

describe('response order', () => {
  it('sorts codes by number, NXX after the codes of class N, default last, keeping equal ranks in place', () => {
    const statuses = ['default', '500', '4XX', '2XX', '404', '201', '200', '1XX'];
    expect(statuses.map((status) => ({ status })).sort(byStatus).map((r) => r.status)).toEqual(['1XX', '200', '201', '2XX', '404', '4XX', '500', 'default']);
  });
});

describe("a response's links (OpenAPI Link Objects)", () => {
  const spec = `openapi: 3.0.3
info: { title: Users, version: '1' }
paths:
  /users:
    post:
      operationId: createUser
      tags: [users]
      responses:
        '201':
          description: Created
          links:
            GetUser:
              operationId: getUser
              parameters: { userId: '$response.body#/id' }
              description: The \`id\` in the answer reads the new user.
            DeleteUser:
              operationRef: '#/paths/~1users~1{userId}/delete'
              parameters: { userId: '$response.body#/id', force: true }
            Address:
              $ref: '#/components/links/Address'
            Elsewhere:
              operationRef: 'https://example.com/other.yaml#/paths/~1a/get'
  /users/{userId}:
    parameters: [{ name: userId, in: path, required: true, schema: { type: string } }]
    get: { operationId: getUser, summary: Read a user, tags: [admin], responses: { '200': { description: The user } } }
    delete: { operationId: deleteUser, tags: [users], responses: { '204': { description: Deleted } } }
    put: { operationId: replaceUser, tags: [users], responses: { '204': { description: Replaced } } }
components:
  links:
    Address:
      operationId: replaceUser
      requestBody: '$response.body#/address'
`;
  const linksOf = (pages: ReferencePage[]) => pages.flatMap((page) => page.model.tags.flatMap((tag) => tag.operations)).find((o) => o.anchor === 'operation/createUser')?.responses[0]?.links;

  it('names the operation each leads to, linked where the reference shows it, and what fills its parameters', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-response-links-'));
    await writeFile(path.join(dir, 'users.yaml'), spec);
    const [page] = await pagesOf('users.yaml', { root: dir });
    expect(linksOf([page as ReferencePage])).toEqual([
      { name: 'GetUser', target: { label: 'GET /users/{userId}', summary: 'Read a user', href: '#operation/getUser' }, parameters: [{ name: 'userId', value: '$response.body#/id' }], descriptionHtml: '<p>The <code>id</code> in the answer reads the new user.</p>' },
      { name: 'DeleteUser', target: { label: 'DELETE /users/{userId}', href: '#operation/deleteUser' }, parameters: [{ name: 'userId', value: '$response.body#/id' }, { name: 'force', value: 'true' }], descriptionHtml: '' },
      { name: 'Address', target: { label: 'PUT /users/{userId}', href: '#operation/replaceUser' }, parameters: [], requestBody: '$response.body#/address', descriptionHtml: '' },
      { name: 'Elsewhere', target: { label: 'https://example.com/other.yaml#/paths/~1a/get' }, parameters: [], descriptionHtml: '' },
    ]);
    const html = renderToStaticMarkup(createElement(ApiReference, { model: (page as ReferencePage).model }));
    const created = html.slice(html.indexOf('id="operation/createUser"'), html.indexOf('id="operation/getUser"'));
    expect(created).toContain('<p class="api-media__type">Links</p>');
    expect(created).toContain('<code>GetUser</code> → <a href="#operation/getUser">GET /users/{userId}</a> (Read a user)');
    expect(created).toMatch(/<td><code>force<\/code><\/td><td><code>true<\/code><\/td>/);
    expect(created).toMatch(/<td>Request body<\/td><td><code>\$response\.body#\/address<\/code><\/td>/);
    expect(created).toContain('<code>Elsewhere</code> → <code>https://example.com/other.yaml#/paths/~1a/get</code>');
    // Every same-page link of the page has its target.
    for (const href of [...created.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])) expect(html).toContain(`id="${href}"`);
  });

  it('leads to the page of the operation on an API split by tag', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-response-links-split-'));
    await writeFile(path.join(dir, 'users.yaml'), spec);
    const pages = await pagesOf('users.yaml', { root: dir, splitByTag: true });
    expect(linksOf(pages)?.map((link) => link.target.href)).toEqual(['/docs/api/admin/#operation/getUser', '/docs/api/users/#operation/deleteUser', '/docs/api/users/#operation/replaceUser', undefined]);
  });
});
