/** YAML checked by an earlier build (front matter, _category_.yaml): reused only for the same file and text, errors never kept. */
import { describe, it, expect } from 'vitest';
import { mkdtemp, mkdir, writeFile, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadYamlMemo } from '../../src/cache/yaml-memo.ts';
import { scanContent } from '../../src/content/scan.ts';
import { withoutCacheReads } from '../../src/cache/reads.ts';

async function project(pages: Record<string, string>) {
  const root = await mkdtemp(path.join(tmpdir(), 'docsgen-front-matter-'));
  const contentDir = path.join(root, 'content');
  await mkdir(contentDir);
  for (const [rel, text] of Object.entries(pages)) await writeFile(path.join(contentDir, rel), text);
  return { root, contentDir, cacheRoot: path.join(root, '.docsgen', 'cache') };
}

async function scanWithMemo(contentDir: string, cacheRoot: string) {
  const memo = await loadYamlMemo(cacheRoot);
  const scan = await scanContent(contentDir, { includeDrafts: true, yamlMemo: memo });
  await memo.save();
  return scan;
}

type Entry = { frontMatter?: { title?: string }; label?: string };
const stored = async (cacheRoot: string) => JSON.parse(await readFile(path.join(cacheRoot, 'checked-yaml.json'), 'utf8')) as Record<string, Entry>;

/** Rewrites every stored title and label, so a scan that takes its YAML from the memo shows it. */
async function poison(cacheRoot: string) {
  const entries = await stored(cacheRoot);
  for (const entry of Object.values(entries)) {
    if (entry.frontMatter) entry.frontMatter.title = 'from the memo';
    else entry.label = 'from the memo';
  }
  await writeFile(path.join(cacheRoot, 'checked-yaml.json'), JSON.stringify(entries));
}

describe('checked YAML memo', () => {
  it('gives a later scan what parsing gave, warnings and positions included, and parses changed text again', async () => {
    const { root, contentDir, cacheRoot } = await project({
      'a.md': '---\ntitle: First\nsidebar_position: 2\ncolour: blue\n---\n# A\n',
      'b.md': '---\ntitle: Second\n---\n# B\n',
    });
    const first = await scanWithMemo(contentDir, cacheRoot);
    const again = await scanWithMemo(contentDir, cacheRoot);
    expect(again.docs).toEqual(first.docs);
    expect(again.warnings).toEqual(first.warnings);
    expect(first.warnings).toEqual([expect.objectContaining({ message: expect.stringContaining('colour'), position: expect.objectContaining({ file: path.join(contentDir, 'a.md'), line: 4 }) })]);

    await poison(cacheRoot);
    await writeFile(path.join(contentDir, 'b.md'), '---\ntitle: Second, edited\n---\n# B\n');
    const titles = (await scanWithMemo(contentDir, cacheRoot)).docs.map((d) => d.frontMatter.title);
    // a.md's text is unchanged: its entry is used. b.md's changed: parsed again.
    expect(titles).toEqual(['from the memo', 'Second, edited']);
    // --no-cache reads nothing from it.
    const fresh = await withoutCacheReads(() => scanWithMemo(contentDir, cacheRoot));
    expect(fresh.docs.map((d) => d.frontMatter.title)).toEqual(['First', 'Second, edited']);
    await rm(root, { recursive: true, force: true });
  });

  it("takes an unchanged _category_.yaml from the memo, and checks a changed one again", async () => {
    const { root, contentDir, cacheRoot } = await project({ 'a.md': '# A\n' });
    await mkdir(path.join(contentDir, 'one'));
    await mkdir(path.join(contentDir, 'two'));
    await writeFile(path.join(contentDir, 'one', '_category_.yaml'), 'label: One\nposition: 1\n');
    await writeFile(path.join(contentDir, 'two', '_category_.yaml'), 'label: Two\n');
    const first = await scanWithMemo(contentDir, cacheRoot);
    expect((await scanWithMemo(contentDir, cacheRoot)).categories).toEqual(first.categories);
    await poison(cacheRoot);
    await writeFile(path.join(contentDir, 'two', '_category_.yaml'), 'label: Two, edited\n');
    const labels = [...(await scanWithMemo(contentDir, cacheRoot)).categories.values()].map((c) => c.label).sort();
    expect(labels).toEqual(['Two, edited', 'from the memo']);
    await writeFile(path.join(contentDir, 'two', '_category_.yaml'), 'label: Two\ncolour: red\n');
    for (let run = 0; run < 2; run++) await expect(scanWithMemo(contentDir, cacheRoot)).rejects.toThrow(/colour/);
    await rm(root, { recursive: true, force: true });
  });

  it('keys entries by file: the same YAML in another file is parsed for that file', async () => {
    const { root, contentDir, cacheRoot } = await project({ 'a.md': '---\ntitle: Same\n---\n' });
    await scanWithMemo(contentDir, cacheRoot);
    await poison(cacheRoot);
    await writeFile(path.join(contentDir, 'c.md'), '---\ntitle: Same\n---\n');
    const docs = (await scanWithMemo(contentDir, cacheRoot)).docs;
    expect(docs.map((d) => [d.relPath, d.frontMatter.title])).toEqual([
      ['a.md', 'from the memo'],
      ['c.md', 'Same'],
    ]);
    await rm(root, { recursive: true, force: true });
  });

  it('never keeps front matter that fails, and keeps only the entries of the last scan', async () => {
    const { root, contentDir, cacheRoot } = await project({ 'a.md': '---\ntitle: A\n---\n', 'b.md': '---\ntitle: [unclosed\n---\n' });
    for (let run = 0; run < 2; run++) await expect(scanWithMemo(contentDir, cacheRoot)).rejects.toThrow(/invalid YAML in front matter/);
    await writeFile(path.join(contentDir, 'b.md'), '---\ntitle: B\n---\n');
    await scanWithMemo(contentDir, cacheRoot);
    expect(Object.keys(await stored(cacheRoot))).toHaveLength(2);
    await rm(path.join(contentDir, 'a.md'));
    await scanWithMemo(contentDir, cacheRoot);
    expect(Object.values(await stored(cacheRoot)).map((e) => e.frontMatter?.title)).toEqual(['B']);
    await rm(root, { recursive: true, force: true });
  });

  it('treats a damaged memo file as empty', async () => {
    const { root, contentDir, cacheRoot } = await project({ 'a.md': '---\ntitle: A\n---\n' });
    await mkdir(cacheRoot, { recursive: true });
    await writeFile(path.join(cacheRoot, 'checked-yaml.json'), '{"cut short');
    expect((await scanWithMemo(contentDir, cacheRoot)).docs[0]?.frontMatter.title).toBe('A');
    expect(Object.keys(await stored(cacheRoot))).toHaveLength(1);
    await rm(root, { recursive: true, force: true });
  });
});
