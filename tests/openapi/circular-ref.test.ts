/**
 * A schema that is only a `$ref` to itself (or a loop of such schemas) is said to be circular at
 * each `$ref` of the loop, not "points to nothing" with a suggestion of its own name.
 */
import { describe, it, expect } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadApiSpec } from '../../src/openapi/load.ts';

const spec = (schemas: string) => `openapi: 3.0.3
info:
  title: Loops
  version: 1.0.0
paths:
  /things:
    get:
      responses:
        '200':
          description: The thing
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Tree'
components:
  schemas:
    Tree:
      type: object
      properties:
        children:
          type: array
          items:
            $ref: '#/components/schemas/Tree'
${schemas}`;

async function findings(text: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-spec-'));
  await writeFile(path.join(dir, 'spec.yaml'), text);
  return (await loadApiSpec({ id: 'x', route: 'api', spec: 'spec.yaml' }, dir)).findings;
}

const summary = (f: { position: { line?: number; column?: number }; message: string }) => `${f.position.line}:${f.position.column} ${f.message}`;

describe('circular schema $refs', () => {
  it('a schema that is only a reference to itself', async () => {
    const found = await findings(spec(`    Self:\n      $ref: '#/components/schemas/Self'\n`));
    expect(found.map(summary)).toEqual(['25:7 $ref "#/components/schemas/Self" at schema Self is circular: the schema is only a reference to itself, so it has no content']);
    expect(found[0]?.hint).toContain('give the schema its own content');
    expect(found[0]?.hint).not.toContain('did you mean');
  });

  it('two schemas that are only references to each other: each $ref of the loop is reported', async () => {
    const found = await findings(spec(`    LoopA:\n      $ref: '#/components/schemas/LoopB'\n    LoopB:\n      $ref: '#/components/schemas/LoopA'\n`));
    expect(found.map(summary)).toEqual([
      '25:7 $ref "#/components/schemas/LoopB" at schema LoopA is circular: LoopA → LoopB → LoopA, each schema of the loop only a reference to the next, so none has any content',
      '27:7 $ref "#/components/schemas/LoopA" at schema LoopB is circular: LoopB → LoopA → LoopB, each schema of the loop only a reference to the next, so none has any content',
    ]);
  });

  it('a schema that contains itself below its content (a tree) is fine, and a dangling $ref still says so', async () => {
    expect(await findings(spec(''))).toEqual([]);
    const found = await findings(spec(`    Other:\n      $ref: '#/components/schemas/Tre'\n`));
    expect(found.map(summary)).toEqual(['25:7 $ref "#/components/schemas/Tre" at schema Other points to nothing in this file']);
  });
});
