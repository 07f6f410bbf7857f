/** A key written twice in one mapping is named, with where it was first written. */
import { describe, it, expect } from 'vitest';
import { parseYamlMapping } from '../../src/schema/yaml.ts';
import { DocsgenErrors } from '../../src/errors.ts';

function errorOf(text: string, lineOffset = 0) {
  try {
    parseYamlMapping({ text, file: 'config.yaml', example: 'title: X', lineOffset });
  } catch (error) {
    return (error as DocsgenErrors).errors[0];
  }
  throw new Error('nothing was thrown');
}

describe('a key written twice', () => {
  it('names the key and its first line, at the second', () => {
    const error = errorOf('title: A\ndocs:\n  x: 1\ntagline: t\ndocs:\n  sidebarId: y\n');
    expect(error?.message).toBe('invalid YAML: the key "docs" is written twice in one mapping (first at line 2)');
    expect(error?.position).toEqual({ file: 'config.yaml', line: 5, column: 1 });
    expect(error?.hint).toContain('keep one "docs:"');
  });

  it('in a nested mapping and a quoted key, with the lines of the file the YAML sits in', () => {
    const error = errorOf('navbar:\n  title: A\n  "title": B\n', 1);
    expect(error?.message).toBe('invalid YAML: the key "title" is written twice in one mapping');
    expect(error?.position).toEqual({ file: 'config.yaml', line: 4, column: 3 });
    expect(errorOf('navbar:\n  title: A\n  title: B\n', 1)?.message).toBe('invalid YAML: the key "title" is written twice in one mapping (first at line 3)');
  });
});
