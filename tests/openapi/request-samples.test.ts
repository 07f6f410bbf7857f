/**
 * The request body the code samples send: the smallest the schema accepts (its required properties
 * only, with the spec's examples and defaults), the spec's own example where it gives one, and a
 * first comment line when a value is made up. Try it starts from the same body (tryValues.body).
 * The "Request example" still shows every property.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { spawnSync } from 'node:child_process';
import type { ApiOperationView } from '../../theme/api-model.ts';
import { requestBodySample, sampleValue } from '../../src/openapi/examples.ts';
import { hubOperations } from './hub-operations.ts';

const NOTE = 'Values made from the schema: replace them before you run this.';

let operations: ApiOperationView[] = [];
beforeAll(async () => {
  operations = await hubOperations();
});

const op = (operationId: string): ApiOperationView => {
  const found = operations.find((o) => o.operationId === operationId);
  if (!found) throw new Error(`no operation ${operationId}`);
  return found;
};
const sample = (o: ApiOperationView, lang: string) => o.samples.find((s) => s.lang === lang)?.code ?? '';
/** The JSON the curl sample sends (its `--data '…'`), parsed. */
const curlBody = (o: ApiOperationView): unknown => JSON.parse(/--data '([\s\S]*)'$/.exec(sample(o, 'curl'))?.[1] ?? 'null');
const requestExample = (o: ApiOperationView): unknown => JSON.parse(o.requestBody?.contents[0]?.examples[0]?.value ?? 'null');

describe('the code samples send the smallest request (hub REST API 1.6.0)', () => {
  it('updateRundownItem (nothing required) sends {}: no made-up name, template, data or channels, and no note', () => {
    const update = op('updateRundownItem');
    expect(curlBody(update)).toEqual({});
    expect(sample(update, 'curl')).toMatch(/^curl -X PATCH /);
    expect(sample(update, 'curl')).toContain("--data '{}'");
    expect(sample(update, 'javascript')).toContain('body: JSON.stringify({}),');
    expect(sample(update, 'python')).toContain('json={},');
    for (const s of update.samples) expect(s.code).not.toContain(NOTE);
    // The page's "Request example" still shows the whole shape, as documentation.
    expect(requestExample(update)).toEqual({ name: 'string', template: 'string', data: {}, overriddenChannels: [1] });
  });

  it('updateMosObject sends only the required "data", without the optional description', () => {
    const update = op('updateMosObject');
    expect(curlBody(update)).toEqual({ data: {} });
    expect(sample(update, 'python')).not.toContain('description');
    // {} is no made-up value: nothing to replace, no note.
    for (const s of update.samples) expect(s.code).not.toContain(NOTE);
    expect(requestExample(update)).toEqual({ description: 'string', data: {} });
  });

  it('loadGraph sends the required engineHostId, made up (1), and each sample says so on its first line', () => {
    const load = op('loadGraph');
    expect(curlBody(load)).toEqual({ engineHostId: 1 });
    expect(sample(load, 'curl').split('\n')[0]).toBe(`# ${NOTE}`);
    expect(sample(load, 'javascript').split('\n')[0]).toBe(`// ${NOTE}`);
    expect(sample(load, 'python').split('\n')[0]).toBe(`# ${NOTE}`);
    expect(sample(load, 'python')).toContain(`# ${NOTE}\nimport requests\n`);
  });

  it("setProperty, createRundown and renameRundown keep the spec's example, without a note", () => {
    expect(curlBody(op('setProperty'))).toEqual({ Value: 1, Interpolation: 'EaseInOut', Duration: 2, Delay: 0 });
    expect(curlBody(op('createRundown'))).toEqual({ name: 'Evening news' });
    expect(curlBody(op('renameRundown'))).toEqual({ name: 'Evening news' });
    for (const id of ['setProperty', 'createRundown', 'renameRundown']) for (const s of op(id).samples) expect(s.code).not.toContain(NOTE);
  });

  it('createRundownItem sends name, template and data, not the optional order', () => {
    expect(curlBody(op('createRundownItem'))).toEqual({ name: 'string', template: 'string', data: {} });
    expect(sample(op('createRundownItem'), 'curl')).toMatch(new RegExp(`^# ${NOTE.replace(/[.:]/g, '\\$&')}\ncurl `));
  });

  it('gives Try it the very body the samples send, for every operation with a JSON body', () => {
    const withBody = operations.filter((o) => o.requestBody);
    expect(withBody.length).toBeGreaterThan(10);
    for (const o of withBody) expect(o.tryValues?.body).toEqual({ mediaType: 'application/json', value: curlBody(o) });
    expect(op('listEngines').tryValues?.body).toBeUndefined();
  });

  it('a sample with its note still runs: the shell reads the curl, JavaScript the fetch', () => {
    const load = op('loadGraph');
    const shell = spawnSync('sh', ['-n'], { input: sample(load, 'curl') });
    expect(shell.status).toBe(0);
    const js = sample(load, 'javascript').replace('await fetch', 'await (async () => ({ status: 0, text: async () => "" }))');
    expect(() => new Function(`return (async () => { ${js} })`)).not.toThrow();
  });
});

describe('requestBodySample', () => {
  const anyValue = { description: 'Of any type.' };

  it('holds the required properties only, a required object its own required ones, with examples and defaults as given', () => {
    const schema = {
      type: 'object',
      required: ['id', 'target', 'mode'],
      properties: {
        id: { type: 'integer', example: 7 },
        label: { type: 'string' },
        mode: { type: 'string', default: 'fast' },
        target: { type: 'object', required: ['host'], properties: { host: { type: 'string', example: 'hub.local' }, port: { type: 'integer' } } },
      },
    };
    expect(requestBodySample({}, schema)).toEqual({ value: { id: 7, target: { host: 'hub.local' }, mode: 'fast' }, madeUp: false });
    // The page's example keeps every property.
    expect(sampleValue({}, schema, 'request')).toEqual({ id: 7, label: 'string', mode: 'fast', target: { host: 'hub.local', port: 1 } });
  });

  it('sends a required array with as few items as the schema allows: none, or minItems made-up ones (marked)', () => {
    const list = (extra: Record<string, unknown> = {}) => ({ type: 'object', required: ['ids'], properties: { ids: { type: 'array', items: { type: 'integer' }, ...extra } } });
    expect(requestBodySample({}, list())).toEqual({ value: { ids: [] }, madeUp: false });
    expect(requestBodySample({}, list({ minItems: 2 }))).toEqual({ value: { ids: [1, 1] }, madeUp: true });
    // The full example (the "Request example" block) still shows one item.
    expect(sampleValue({}, list(), 'request')).toEqual({ ids: [1] });
  });

  it('marks made-up values: a typed value, the first of several allowed values, a null for a value of any type', () => {
    expect(requestBodySample({}, { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } })).toEqual({ value: { n: 1 }, madeUp: true });
    expect(requestBodySample({}, { type: 'object', required: ['e'], properties: { e: { type: 'string', enum: ['a', 'b'] } } })).toEqual({ value: { e: 'a' }, madeUp: true });
    expect(requestBodySample({}, { type: 'object', required: ['e'], properties: { e: { type: 'string', enum: ['only'] } } })).toEqual({ value: { e: 'only' }, madeUp: false });
    // The hub's FunctionParameter: payload.value has no type; required, it is null, for the reader to give.
    const parameter = { type: 'object', required: ['payload'], properties: { PropertyPath: { type: 'string' }, payload: { type: 'object', required: ['value'], properties: { value: anyValue } } } };
    expect(requestBodySample({}, parameter)).toEqual({ value: { payload: { value: null } }, madeUp: true });
    expect(requestBodySample({}, { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: { type: 'string' } })).toEqual({ value: {}, madeUp: false });
  });

  it("takes a name required in one part of an allOf from another part's properties, and leaves read-only ones out", () => {
    const document = { components: { schemas: { Base: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, name: { type: 'string', example: 'Main' }, note: { type: 'string' } } } } } };
    const schema = { allOf: [{ $ref: '#/components/schemas/Base' }, { type: 'object', required: ['name', 'id'] }] };
    expect(requestBodySample(document, schema)).toEqual({ value: { name: 'Main' }, madeUp: false });
  });
});
