/** A folder's category file: `_category_.yaml`, or Docusaurus's `_category_.yml` and `_category_.json`; one per folder. */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scanContent } from '../../src/content/scan.ts';
import { DocsgenError } from '../../src/errors.ts';

let content: string;
beforeEach(async () => {
  content = path.join(await mkdtemp(path.join(os.tmpdir(), 'docsgen-category-files-')), 'content');
  await mkdir(path.join(content, 'guide'), { recursive: true });
  await writeFile(path.join(content, 'guide/page.md'), '# Page\n');
});
afterEach(() => rm(path.dirname(content), { recursive: true, force: true }));

async function scanWith(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(content, 'guide', name), text);
  return scanContent(content, { includeDrafts: true });
}

describe('category files', () => {
  it.each([
    ['_category_.yml', 'label: From YML\nposition: 3\n'],
    ['_category_.json', '{\n  "label": "From JSON",\n  "position": 3,\n  "collapsed": false\n}\n'],
  ])('reads %s as _category_.yaml is read, and does not publish it', async (name, text) => {
    const scan = await scanWith({ [name]: text });
    expect(scan.categories.get('guide')).toMatchObject({ label: name.endsWith('json') ? 'From JSON' : 'From YML', position: 3 });
    expect(scan.assets).not.toContain(`guide/${name}`);
  });

  it('uses _category_.yaml where a folder has two, and warns at the other file', async () => {
    const scan = await scanWith({ '_category_.yaml': 'label: From YAML\n', '_category_.json': '{"label": "From JSON"}\n' });
    expect(scan.categories.get('guide')?.label).toBe('From YAML');
    expect(scan.fileWarnings.map((w) => [w.message, w.position.file])).toEqual([
      ['this folder has two category files; _category_.yaml is used and this one is left out', path.join(content, 'guide/_category_.json')],
    ]);
  });

  it('checks a JSON one against the same schema, at its line and column', async () => {
    const error = await scanWith({ '_category_.json': '{\n  "label": 5\n}\n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).message).toContain('"label" must be text');
    expect((error as DocsgenError).position).toMatchObject({ file: path.join(content, 'guide/_category_.json'), line: 2 });
  });
});
