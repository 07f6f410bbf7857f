/** Odd page files found by trying bad input: they read as an author would expect. */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scanContent } from '../../src/content/scan.ts';
import { parseMarkdownFile } from '../../src/content/frontmatter.ts';
import { languagesIn } from '../../src/markdown/highlight.ts';

let content: string;
beforeEach(async () => {
  content = path.join(await mkdtemp(path.join(os.tmpdir(), 'docsgen-odd-files-')), 'content');
  await mkdir(content);
});
afterEach(() => rm(path.dirname(content), { recursive: true, force: true }));

async function titles(files: Record<string, string>): Promise<Record<string, string>> {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(content, name), text);
  const scan = await scanContent(content, { includeDrafts: true });
  return Object.fromEntries(scan.docs.map((d) => [d.relPath, d.title]));
}

describe('odd page files', () => {
  it('titles from the first # heading: closing hashes, C#, a megabyte of spaces', async () => {
    expect(
      await titles({
        'a.md': '# Installing the hub ##\n',
        'b.md': 'Intro\n\n# C#\n',
        'c.md': `#   Spaces${' '.repeat(1_000_000)}x${' '.repeat(1_000_000)}\n`,
        'd.md': '#\n\n# Real title\n',
      }),
    ).toEqual({ 'a.md': 'Installing the hub', 'b.md': 'C#', 'c.md': `Spaces${' '.repeat(1_000_000)}x`, 'd.md': 'Real title' });
  });

  it('a page that is only front matter, an empty block, CRLF and old-Mac CR line endings', async () => {
    expect(
      await titles({
        'only.md': '---\ntitle: Only front matter\n---',
        'empty.md': '---\n---\n\nText.\n',
        'crlf.md': '---\r\ntitle: CRLF\r\n---\r\n\r\nText.\r\n',
        'cr.md': '---\rtitle: Old Mac\r---\r\rText.\r',
      }),
    ).toEqual({ 'cr.md': 'Old Mac', 'crlf.md': 'CRLF', 'empty.md': 'Empty', 'only.md': 'Only front matter' });
    expect(await parseMarkdownFile('---\n---', 'x.md')).toMatchObject({ frontMatter: {}, body: '', bodyLineOffset: 2 });
  });

  it('code languages are read from fence lines only, also on a page of blank lines', () => {
    expect(languagesIn(['```\njson\n```\n', '  ```bash\necho\n```', `${'\n'.repeat(200_000)}~~~yaml\na: 1\n~~~`])).toEqual(['bash', 'yaml']);
  });
});
