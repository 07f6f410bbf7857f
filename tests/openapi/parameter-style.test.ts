/**
 * Parameters in the code samples as the OpenAPI styles put them on the wire (as Swagger UI's Try it
 * sends them), and required cookies in the samples.
 */
import { describe, it, expect } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cookieHeader, queryPairs, simpleValue } from '../../src/openapi/parameter-style.ts';
import { loadApiSpec } from '../../src/openapi/load.ts';
import { referencePages } from '../../src/openapi/reference-model.ts';
import { createDescriptionRenderer } from '../../src/openapi/markdown.ts';

describe('parameter styles', () => {
  it('query: form exploded by default, delimited, deepObject, objects and scalars', () => {
    expect(queryPairs({ name: 'tags', in: 'query' }, ['dog', 'cat'])).toEqual([['tags', 'dog'], ['tags', 'cat']]);
    expect(queryPairs({ name: 'ids', in: 'query', explode: false }, [1, 2, 3])).toEqual([['ids', '1,2,3']]);
    expect(queryPairs({ name: 'ids', in: 'query', style: 'pipeDelimited', explode: false }, [1, 2])).toEqual([['ids', '1|2']]);
    expect(queryPairs({ name: 'ids', in: 'query', style: 'spaceDelimited', explode: false }, [1, 2])).toEqual([['ids', '1 2']]);
    expect(queryPairs({ name: 'filter', in: 'query', style: 'deepObject', explode: true }, { color: 'red', size: 3 })).toEqual([['filter[color]', 'red'], ['filter[size]', '3']]);
    expect(queryPairs({ name: 'filter', in: 'query' }, { color: 'red', size: 3 })).toEqual([['color', 'red'], ['size', '3']]);
    expect(queryPairs({ name: 'filter', in: 'query', explode: false }, { color: 'red', size: 3 })).toEqual([['filter', 'color,red,size,3']]);
    expect(queryPairs({ name: 'limit', in: 'query' }, 20)).toEqual([['limit', '20']]);
  });

  it('headers and path segments: simple style; cookies: one Cookie header', () => {
    expect(simpleValue({ name: 'X-Ids' }, [1, 2])).toBe('1,2');
    expect(simpleValue({ name: 'X-Point' }, { x: 1, y: 2 })).toBe('x,1,y,2');
    expect(simpleValue({ name: 'X-Point', explode: true }, { x: 1, y: 2 })).toBe('x=1,y=2');
    expect(cookieHeader([[{ name: 'session' }, 'abc123'], [{ name: 'lang' }, 'en']])).toBe('session=abc123; lang=en');
    expect(cookieHeader([])).toBeUndefined();
  });
});

describe('code samples of styled parameters', () => {
  it('send arrays and objects as Try it does, and the required cookie', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-styles-'));
    await writeFile(
      path.join(dir, 'styles.yaml'),
      `openapi: 3.0.3
info: { title: Styles, version: '1' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: tags, in: query, required: true, schema: { type: array, items: { type: string } }, example: [dog, cat] }
        - { name: ids, in: query, required: true, explode: false, schema: { type: array, items: { type: integer } }, example: [1, 2] }
        - { name: filter, in: query, required: true, style: deepObject, explode: true, schema: { type: object }, example: { color: red } }
        - { name: session, in: cookie, required: true, schema: { type: string }, example: abc123 }
      responses: { '200': { description: OK } }
`,
    );
    const spec = await loadApiSpec({ id: 'x', route: 'api', spec: 'styles.yaml' }, dir);
    const [page] = referencePages(spec, { baseUrl: '/', specUrl: '/api/styles.yaml', specLocation: 'https://docs.example.com/api/styles.yaml', description: createDescriptionRenderer() });
    const op = page?.model.tags[0]?.operations[0];
    const code = (lang: string) => op?.samples.find((s) => s.lang === lang)?.code ?? '';
    expect(code('curl')).toBe("curl -X GET 'https://api.example.com/pets?tags=dog&tags=cat&ids=1%2C2&filter%5Bcolor%5D=red' \\\n  -H 'Cookie: session=abc123'");
    expect(code('javascript')).toContain('"https://api.example.com/pets?tags=dog&tags=cat&ids=1%2C2&filter%5Bcolor%5D=red"');
    expect(code('python')).toContain('params=[\n        ("tags", "dog"),\n        ("tags", "cat"),\n        ("ids", "1,2"),\n        ("filter[color]", "red"),\n    ],');
    expect(code('python')).toContain('"Cookie": "session=abc123"');
  });
});
