/**
 * `_static/` is published as it is, markdown included; a page named `_x.md` or in a folder `_x/`
 * is a partial (as Docusaurus has it), not a page.
 */
import { describe, it, expect, afterEach } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scanContent } from '../../src/content/scan.ts';

let root: string | undefined;
afterEach(() => (root ? rm(root, { recursive: true, force: true }) : undefined));

async function scan(files: Record<string, string>) {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-underscore-'));
  const content = path.join(root, 'content');
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(content, rel)), { recursive: true });
    await writeFile(path.join(content, rel), text);
  }
  return scanContent(content, { includeDrafts: true });
}

describe('files whose names start with _', () => {
  it('publishes _static/ as files (a README.md and a category file there too), and makes no page of a partial', async () => {
    const result = await scan({
      'index.md': '# Home\n',
      'guide/page.md': '# Page\n',
      'guide/_snippet.md': 'A partial.\n',
      'guide/_partials/note.md': 'Another partial.\n',
      'guide/_partials/diagram.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
      '_static/README.md': '# Not a page\n',
      '_static/_category_.yaml': 'label: Not a category\n',
    });
    expect(result.docs.map((doc) => doc.relPath)).toEqual(['guide/page.md', 'index.md']);
    expect(result.assets).toEqual(['_static/README.md', '_static/_category_.yaml', 'guide/_partials/diagram.svg']);
    expect([...result.categories.keys()]).toEqual([]);
  });
});
