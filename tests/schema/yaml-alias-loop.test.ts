/**
 * A YAML alias inside the value its own anchor names makes a value that contains itself: every
 * YAML input says so at the alias, instead of a walk over the value running out of stack.
 */
import { describe, it, expect } from 'vitest';
import { parseYamlMapping } from '../../src/schema/yaml.ts';
import { parseSpecText } from '../../src/openapi/load.ts';
import { DocsgenError } from '../../src/errors.ts';

const LOOP = 'the alias *t is inside the value its anchor &t names, so that value would contain itself without end';

function thrown(run: () => unknown): DocsgenError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(DocsgenError);
    return error as DocsgenError;
  }
  throw new Error('nothing was thrown');
}

describe('a YAML alias inside its own anchor', () => {
  it.each([
    ['a list', 'tags: &t\n  - *t\n', 2, 5],
    ['a mapping', 'vars: &t\n  a: 1\n  b: *t\n', 3, 6],
    ['deeper down', 'x: &t\n  y:\n    - z: [1, *t]\n', 3, 14],
  ])('in %s: an error at the alias, with a hint', (_what, text, line, column) => {
    const error = thrown(() => parseYamlMapping({ text, file: 'config.yaml', example: 'title: X', name: 'config.yaml' }));
    expect(error.message).toBe(`invalid YAML in config.yaml: ${LOOP}`);
    expect(error.position).toEqual({ file: 'config.yaml', line, column });
    expect(error.hint).toContain('write the values out here instead of *t');
  });

  it('in front matter, at its line in the page file', () => {
    const error = thrown(() => parseYamlMapping({ text: 'title: L\ntags: &t\n  - *t\n', file: 'l.md', lineOffset: 1, example: 'title: X', name: 'front matter' }));
    expect(error.position).toEqual({ file: 'l.md', line: 4, column: 5 });
  });

  it('in an OpenAPI spec, at the alias', () => {
    const spec = 'openapi: 3.0.3\ninfo: {title: X, version: "1"}\npaths:\n  /a: &t\n    get:\n      x-self: *t\n';
    const error = thrown(() => parseSpecText(spec, 'hub.yaml'));
    expect(error.message).toBe(`the API spec cannot be read: ${LOOP}`);
    expect(error.position).toEqual({ file: 'hub.yaml', line: 6, column: 15 });
  });

  it('leaves aliases to other values alone', () => {
    expect(parseYamlMapping({ text: 'a: &t [1, 2]\nb: *t\nc: { d: *t }\n', file: 'config.yaml', example: 'title: X' }).data).toEqual({ a: [1, 2], b: [1, 2], c: { d: [1, 2] } });
  });
});
