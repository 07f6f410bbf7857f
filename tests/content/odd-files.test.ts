/** Odd page files found by trying bad input: they read as an author would expect. */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { scanContent } from '../../src/content/scan.ts';
import { parseMarkdownFile } from '../../src/content/frontmatter.ts';
import { languagesIn } from '../../src/markdown/highlight.ts';
import { DocsgenError, DocsgenErrors, formatError } from '../../src/errors.ts';

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

  it.each(['c#sharp.md', 'why?.md', '100%.md', 'back\\slash.md'])('a page named %s, which no link could reach, is refused with its file and a remedy', async (name) => {
    const error = await titles({ [name]: '# Title\n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).message).toMatch(/^this page's route \/\S+\/ holds "[#?%\\]", which a URL's path cannot hold as it is/);
    expect((error as DocsgenError).position?.file).toBe(path.join(content, name));
    expect((error as DocsgenError).hint).toMatch(/rename the file or its folder without .*, or give the page a slug: in its front matter/);
  });

  it.each(['tab\tname.md', 'new\nline.md'])('a page whose name holds a control character (%j), which browsers strip from a URL, is refused and the character named', async (name) => {
    const error = await titles({ [name]: '# Title\n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).message).toMatch(/^this page's route \/\S+\/ holds "\\u000[9a]", which a URL's path cannot hold as it is/);
    expect((error as DocsgenError).position?.file).toBe(path.join(content, name));
  });

  it('every unreachable name and bad front matter of a run is reported at once, in file order', async () => {
    const error = await titles({ 'why?.md': '# A\n', 'c#sharp.md': '# B\n', 'fine.md': '# Fine\n', 'empty.md': '---\ntitle: ""\n---\n# C\n' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenErrors);
    const errors = (error as DocsgenErrors).errors;
    expect(errors.map((e) => path.basename(e.position?.file ?? ''))).toEqual(['c#sharp.md', 'empty.md', 'why?.md']);
    expect(errors[1]?.position?.line).toBe(2);
    expect(formatError(error).match(/: error: /g)).toHaveLength(3);
  });

  it('the same name with a slug that gives a reachable route builds, and a space in a name is fine', async () => {
    expect(await titles({ 'c#sharp.md': '---\nslug: csharp\n---\n# C#\n', 'with space.md': '# Spaced\n' })).toEqual({ 'c#sharp.md': 'C#', 'with space.md': 'Spaced' });
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
