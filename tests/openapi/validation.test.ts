/**
 * Spec validation is a check: problems are findings at file:line:column in plain words, and only a
 * file that cannot be rendered at all (not YAML/JSON, not OpenAPI 3.0/3.1) is an error.
 */
import { describe, it, expect } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadApiSpec } from '../../src/openapi/load.ts';
import { DocsgenError } from '../../src/errors.ts';
import { ROOT } from '../helpers.ts';

const BASE = `openapi: 3.0.3
info:
  title: Things
  version: 1.0.0
paths:
  /things/{id}:
    get:
      operationId: getThing
      parameters:
        - name: id
          in: path
          required: true
          schema:
            type: integer
      responses:
        '200':
          description: The thing
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Thing'
components:
  schemas:
    Thing:
      type: object
      properties:
        name:
          type: string
`;

async function load(text: string, name = 'spec.yaml') {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-spec-'));
  await writeFile(path.join(dir, name), text);
  return loadApiSpec({ id: 'x', route: 'api', spec: name }, dir);
}

async function loadError(text: string, name = 'spec.yaml'): Promise<DocsgenError> {
  const error = await load(text, name).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DocsgenError);
  return error as DocsgenError;
}

const summary = (f: { position: { line?: number; column?: number }; message: string }) => `${f.position.line}:${f.position.column} ${f.message}`;

describe('spec problems are findings with positions and plain words', () => {
  it('a valid spec has none, and neither has the hub REST API 1.6.0', async () => {
    expect((await load(BASE)).findings).toEqual([]);
    const hub = await loadApiSpec({ id: 'hub', route: 'rhubapi', spec: 'openapi/hub-rest-api-1.6.0.yaml' }, ROOT);
    expect(hub.findings).toEqual([]);
  });

  it('an example one level too high (on the response, not its media type) says where it belongs', async () => {
    const spec = await load(BASE.replace("          description: The thing\n", "          description: The thing\n          example: { name: x }\n"));
    expect(spec.findings.map(summary)).toEqual(['18:11 unexpected key "example" at GET /things/{id} → responses → 200']);
    expect(spec.findings[0]).toMatchObject({ kind: 'invalid-api-spec', hint: expect.stringContaining('move it under content → application/json') });
    expect(spec.findings[0]?.message).not.toMatch(/must NOT/);
  });

  it('example and examples on one media type are explained, not "must NOT be valid"', async () => {
    const spec = await load(BASE.replace("              schema:\n                $ref: '#/components/schemas/Thing'\n", "              schema:\n                $ref: '#/components/schemas/Thing'\n              example: { name: x }\n              examples:\n                one: { value: { name: y } }\n"));
    expect(spec.findings.map(summary)).toEqual(['19:13 GET /things/{id} → responses → 200 → content → application/json has both "example" and "examples", which exclude each other']);
  });

  it('a dangling $ref is reported at the $ref, with the name it probably meant', async () => {
    const spec = await load(BASE.replace("$ref: '#/components/schemas/Thing'", "$ref: '#/components/schemas/Thnig'"));
    expect(spec.findings.map(summary)).toEqual(['21:17 $ref "#/components/schemas/Thnig" at GET /things/{id} → responses → 200 → content → application/json → schema points to nothing in this file']);
    expect(spec.findings[0]?.hint).toBe('did you mean "#/components/schemas/Thing"?');
  });

  it('unknown formats, duplicate operationIds and undeclared path parameters', async () => {
    const text = BASE.replace('          type: string\n', '          type: string\n          format: e-mail\n').replace(
      'components:',
      `  /things/{id}/parts/{partId}:
    get:
      operationId: getThing
      parameters:
        - name: id
          in: path
          schema:
            type: integer
      responses:
        '200':
          description: A part
components:`,
    );
    const found = (await load(text)).findings.map((f) => `${summary(f)} | ${f.hint}`);
    expect(found.sort()).toEqual([
      '23:5 path parameter "partId" of GET /things/{id}/parts/{partId} is not declared | add a parameter with name: partId, in: path, required: true and a schema to this operation or its path',
      '24:7 operationId "getThing" of GET /things/{id}/parts/{partId} is already used by GET /things/{id} | give every operation its own operationId (links, search results and generated clients name operations by it)',
      '26:11 GET /things/{id}/parts/{partId} → parameters → 0 is a path parameter without "required: true" | path parameters are always required: add required: true',
      '40:11 unknown format "e-mail" at schema Thing → properties → name | did you mean "email"?',
    ]);
  });

  it('a response link to no operation of the file, by operationId or operationRef, under a response or the components', async () => {
    const text = BASE.replace(
      "          description: The thing\n",
      `          description: The thing
          links:
            Self: { operationId: getThign }
            Parts: { operationRef: '#/paths/~1things~1{id}~1parts/get' }
            Fine: { operationRef: '#/paths/~1things~1{id}/get', parameters: { id: '$response.body#/id' } }
            Elsewhere: { operationRef: 'https://example.com/other.yaml#/paths/~1a/get' }
`,
    ).replace('components:\n', 'components:\n  links:\n    Lost: { operationId: nothing }\n');
    const found = (await load(text)).findings.map((f) => `${summary(f)} | ${f.hint}`);
    expect(found.sort()).toEqual([
      '19:21 operationId "getThign" of the link at GET /things/{id} → responses → 200 → links → Self names no operation in this file | did you mean "getThing"?',
      '20:22 operationRef "#/paths/~1things~1{id}~1parts/get" of the link at GET /things/{id} → responses → 200 → links → Parts points at no operation in this file | point it at an operation: #/paths/ then the path with each / written ~1, then the method (#/paths/~1users~1{id}/get)',
      '29:13 operationId "nothing" of the link at components → links → Lost names no operation in this file | use the operationId of an operation in this file, or an operationRef for one in another file',
    ]);
  });

  it('a response code that is not one names the rule', async () => {
    const spec = await load(BASE.replace("'200':", "'20O':"));
    expect(spec.findings.map((f) => `${summary(f)} | ${f.hint}`)).toEqual([
      '16:9 "20O" is not a response code (at GET /things/{id} → responses) | response codes are three digits such as 200 or 404, a range such as 4XX, or "default"',
    ]);
  });

  it('OpenAPI 3.1: nullable and unknown types are findings; an unquoted version is read and reported', async () => {
    const spec = await load(BASE.replace('openapi: 3.0.3', 'openapi: 3.1').replace('          type: string\n', '          type: strnig\n          nullable: true\n'));
    expect(spec.version).toBe('3.1');
    expect(spec.findings.map(summary)).toEqual([
      '1:1 "openapi: 3.1" is read as a number',
      '28:11 unknown type "strnig" at schema Thing → properties → name',
      '29:11 "nullable" at schema Thing → properties → name is OpenAPI 3.0 and means nothing in 3.1',
    ]);
  });

  it('JSON specs get positions too', async () => {
    const json = JSON.stringify({ openapi: '3.0.3', info: { title: 'J', version: '1' }, paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Nope' } } } } } } } } }, null, 2);
    const spec = await load(json, 'spec.json');
    expect(spec.findings.map(summary)).toEqual(['16:19 $ref "#/components/schemas/Nope" at GET /a → responses → 200 → content → application/json → schema points to nothing in this file']);
  });
});

describe('a file that cannot be rendered is an error saying why and what to do', () => {
  it('a Swagger 2.0 file', async () => {
    const error = await loadError("swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths: {}\n");
    expect(error.message).toBe('this is a Swagger 2.0 file (OpenAPI 2); docsgen renders OpenAPI 3.0 and 3.1');
    expect(error.position).toMatchObject({ line: 1, column: 1 });
    expect(error.hint).toContain('npx swagger2openapi');
  });

  it('openapi: 2.0', async () => {
    const error = await loadError(BASE.replace('openapi: 3.0.3', 'openapi: 2.0'));
    expect(error.message).toBe('"openapi: 2" is not a version docsgen can render: it renders OpenAPI 3.0 and 3.1 (version 2 files are Swagger files, which say swagger: "2.0")');
    expect(error.hint).toContain('swagger2openapi');
  });

  it('OpenAPI 3.2 and a missing openapi field', async () => {
    expect((await loadError(BASE.replace('openapi: 3.0.3', 'openapi: 3.2.0'))).message).toContain('"openapi: 3.2.0" is not a version docsgen can render');
    const missing = await loadError(BASE.replace('openapi: 3.0.3\n', ''));
    expect(missing.message).toBe('the API spec has no "openapi" field, so it is not an OpenAPI 3 document');
    expect(missing.hint).toContain('openapi: 3.1.0');
  });

  it('not YAML, not JSON, or not a map', async () => {
    const yaml = await loadError('openapi: 3.0.3\ninfo: [unclosed\n');
    expect(yaml.message).toMatch(/^the API spec is not valid YAML: /);
    expect(yaml.message).not.toMatch(/at line \d+, column \d+/); // the position leads the line already
    expect(yaml.position?.line).toBeGreaterThan(1);
    const json = await loadError('{\n  "openapi": "3.0.3",\n  "info": }\n', 'spec.json');
    expect(json.message).toMatch(/^the API spec is not valid JSON: /);
    expect(json.message).toBe('the API spec is not valid JSON: a value is missing');
    expect(json.position).toMatchObject({ line: 3, column: 11 });
    expect((await loadError('- a\n- b\n')).message).toBe('the API spec is not an OpenAPI document: the file is a list, not a map of keys');
    // A markdown page named as the spec by mistake: front matter, then a second document.
    const pageAsSpec = await loadError('---\ntitle: Intro\n---\n\n# Intro\n');
    expect(pageAsSpec.message).toBe('the API spec holds more than one YAML document: a line of "---" starts another one here');
    expect(pageAsSpec.message).not.toContain('parseAllDocuments');
    expect(pageAsSpec.hint).toContain('check that "spec" in config.yaml names the right file');
  });
});
