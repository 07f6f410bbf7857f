/**
 * Incremental `docsgen build` (src/build/incremental.ts): with nothing changed nothing is written;
 * after an edit out/ is byte for byte what a full build writes, unchanged pages are reused (linked
 * or patched, never rendered), and a file of out/ changed by hand is never trusted.
 */
import { describe, it, expect } from 'vitest';
import { appendFile, cp, readFile, readdir, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, contentsOf, copyFixture, copySources, fullBuildContents, runCli } from '../helpers.ts';
import { pageReuse } from '../../src/build/incremental.ts';
import { htmlHashOf } from '../../src/cache/markdown-cache.ts';
import type { PageData, SidebarItem } from '../../theme/data.ts';

async function build(site: string, out = path.join(site, 'out')) {
  const result = await runCli(['build', '--config', path.join(site, 'config.yaml'), '--out', out]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

const inodeOf = async (file: string) => (await stat(file)).ino;

describe('incremental docsgen build', () => {
  it('writes nothing when nothing changed, and prints the same result', async () => {
    const site = await copyFixture('basic');
    const first = await build(site);
    // A build that writes makes a new folder and swaps it in: out/ itself would be another folder.
    const out = path.join(site, 'out');
    const page = path.join(out, 'guide/first/index.html');
    const before = [await stat(out), await stat(page)].map((s) => [s.ino, s.mtimeMs]);
    const again = await build(site);
    expect([await stat(out), await stat(page)].map((s) => [s.ino, s.mtimeMs])).toEqual(before);
    expect(again.stdout.replace(/in [\d.]+ s/, '')).toBe(first.stdout.replace(/in [\d.]+ s/, ''));
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('shows a new "Last updated" date after a commit that touched no file of the project', async () => {
    const site = await copyFixture('basic');
    const config = path.join(site, 'config.yaml');
    await writeFile(config, (await readFile(config, 'utf8')).replace('docs:\n', 'docs:\n  showLastUpdateTime: true\n'));
    const git = (args: string[], date: string) => {
      const env = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com', GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date };
      execFileSync('git', args, { cwd: site, env, stdio: 'ignore' });
    };
    git(['init', '-q'], '2020-01-15T12:00:00Z');
    git(['add', '-A'], '2020-01-15T12:00:00Z');
    git(['commit', '-q', '-m', 'first'], '2020-01-15T12:00:00Z');
    await build(site);
    const page = path.join(site, 'out/guide/first/index.html');
    expect(await readFile(page, 'utf8')).toMatch(/datetime="2020-01-15/i);
    // Amending rewrites history only: no file of the project changes, so only git knows.
    git(['commit', '-q', '--amend', '-m', 'first, amended'], '2021-06-20T12:00:00Z');
    await build(site);
    expect(await readFile(page, 'utf8')).toMatch(/datetime="2021-06-20/i);
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('sees an edit behind a content/ or config.yaml that is a link, which the README allows', async () => {
    const site = await copyFixture('basic');
    await rename(path.join(site, 'content'), path.join(site, 'real-content'));
    await symlink('real-content', path.join(site, 'content'));
    await rename(path.join(site, 'config.yaml'), path.join(site, 'site.yaml'));
    await symlink('site.yaml', path.join(site, 'config.yaml'));
    await build(site);
    await appendFile(path.join(site, 'real-content/guide/second.md'), '\n## Behind the link\n');
    await build(site);
    expect((await contentsOf(path.join(site, 'out'))).get('guide/second/index.html')).toContain('id="behind-the-link"');
    await writeFile(path.join(site, 'site.yaml'), (await readFile(path.join(site, 'site.yaml'), 'utf8')).replace(/^title: .*$/m, 'title: Linked Config'));
    await build(site);
    expect((await contentsOf(path.join(site, 'out'))).get('guide/second/index.html')).toContain('Linked Config');
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('after an edit, out/ is byte for byte what a full build writes', async () => {
    const site = await copyFixture('basic');
    await build(site);
    await appendFile(path.join(site, 'content/guide/second.md'), '\n## Added later\n\nA paragraph added after the first build.\n');
    await build(site);
    const incremental = await contentsOf(path.join(site, 'out'));
    expect(incremental.get('guide/second/index.html')).toContain('id="added-later"');
    expect(incremental).toEqual(await fullBuildContents(site));
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it("renders every page again after an edit of the project's theme, as a full build does", async () => {
    const site = await copyFixture('basic');
    await cp(path.join(ROOT, 'theme'), path.join(site, 'theme'), { recursive: true });
    await build(site);
    const layout = path.join(site, 'theme/components/Layout.tsx');
    await writeFile(layout, (await readFile(layout, 'utf8')).replace('Skip to main content', 'Skip to the page'));
    await build(site);
    const incremental = await contentsOf(path.join(site, 'out'));
    const pages = [...incremental.keys()].filter((rel) => rel.endsWith('index.html'));
    expect(pages.length).toBeGreaterThan(3);
    for (const rel of pages) expect(incremental.get(rel), rel).toContain('Skip to the page');
    expect(incremental).toEqual(await fullBuildContents(site));
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('links the pages whose document is unchanged into the new out/ instead of rendering them', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const page = path.join(site, 'out/guide/first/index.html');
    const before = await inodeOf(page);
    // Touched, not changed: the inputs' signature differs, every page's key is the same.
    const source = path.join(site, 'content/guide/second.md');
    // So are the files named by their contents: the bundle, content images, the search index's shards.
    const out = path.join(site, 'out');
    const named = (await readdir(path.join(out, 'assets'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(out, path.join(e.parentPath, e.name)))
      .filter((rel) => !rel.startsWith('assets/sidebar/') && rel !== 'assets/search-index/index.json');
    expect(named.some((rel) => rel.endsWith('.js'))).toBe(true);
    expect(named.some((rel) => rel.startsWith('assets/img/'))).toBe(true);
    const namedBefore = await Promise.all(named.map((rel) => inodeOf(path.join(out, rel))));
    await utimes(source, new Date(), new Date(Date.now() + 5000));
    await build(site);
    expect(await inodeOf(page)).toBe(before);
    expect(await Promise.all(named.map((rel) => inodeOf(path.join(out, rel))))).toEqual(namedBefore);
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('after a body edit, links every other page: no page names the search index, whose contents changed', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const out = path.join(site, 'out');
    const pages = (await readdir(out, { recursive: true })).filter((f) => f.endsWith('.html') && f !== 'guide/second/index.html');
    const before = new Map(await Promise.all(pages.map(async (f) => [f, await inodeOf(path.join(out, f))] as const)));
    const manifest = await readFile(path.join(out, 'assets/search-index/index.json'), 'utf8');
    await appendFile(path.join(site, 'content/guide/second.md'), '\nA zebracorn sentence added after the first build.\n');
    await build(site);
    for (const [file, inode] of before) expect(await inodeOf(path.join(out, file)), file).toBe(inode);
    // The manifest, at the same URL, now names a new shard, which holds the new word.
    const shardsOf = (text: string) => (JSON.parse(text) as { shardFiles: string[] }).shardFiles;
    const after = shardsOf(await readFile(path.join(out, 'assets/search-index/index.json'), 'utf8'));
    const added = after.filter((file) => !shardsOf(manifest).includes(file));
    expect(added.length).toBeGreaterThan(0);
    const texts = await Promise.all(added.map((file) => readFile(path.join(out, 'assets/search-index', file), 'utf8')));
    expect(texts.some((text) => text.includes('zebracorn'))).toBe(true);
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('keeps a file named by what it is (sidebar items, static files, the sitemap) while its bytes are the same, and writes it again once they differ', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const out = path.join(site, 'out');
    const named = (await readdir(out, { recursive: true })).filter((f) => f.startsWith(path.join('assets', 'sidebar') + path.sep) || ['favicon.svg', 'sitemap.xml', 'api/mini.yaml'].includes(f)).sort();
    expect(named.length).toBeGreaterThan(4);
    const inodes = () => Promise.all(named.map((rel) => inodeOf(path.join(out, rel))));
    const first = await inodes();
    await appendFile(path.join(site, 'content/guide/second.md'), '\nA sentence added after the first build.\n');
    await build(site);
    expect(await inodes()).toEqual(first);
    // New bytes from the sources (a static file, a page's sidebar label), and bytes changed in out/ by hand.
    await writeFile(path.join(site, 'content/_static/favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const second = path.join(site, 'content/guide/second.md');
    await writeFile(second, (await readFile(second, 'utf8')).replace(/^title: .*$/m, 'title: A retitled page'));
    const sidebarFiles = named.filter((rel) => rel.startsWith('assets'));
    const holdsTitle = async (rel: string, title: string) => (await readFile(path.join(out, rel), 'utf8')).includes(title);
    const labelled = (await Promise.all(sidebarFiles.map((rel) => holdsTitle(rel, 'Second page')))).map((holds, i) => (holds ? sidebarFiles[i] : undefined));
    const relabelled = labelled.find(Boolean) as string;
    const sidebarFile = sidebarFiles.find((rel) => !labelled.includes(rel)) as string;
    await appendFile(path.join(out, sidebarFile), ' ');
    await build(site);
    expect(await contentsOf(out)).toEqual(await fullBuildContents(site));
    const after = new Map(named.map((rel, i) => [rel, first[i]]));
    const rewritten = (await inodes()).flatMap((inode, i) => (inode === after.get(named[i] as string) ? [] : [named[i]]));
    expect(rewritten).toContain('favicon.svg');
    expect(rewritten).toContain(sidebarFile);
    expect(await holdsTitle(relabelled, 'A retitled page')).toBe(true);
    expect(rewritten).toContain(relabelled);
    expect(rewritten).not.toContain('api/mini.yaml');
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('moves an edit\'s files into out/ in place: the same folder, nothing left beside it, a removed page gone with its folder', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const out = path.join(site, 'out');
    const folder = await inodeOf(out);
    await appendFile(path.join(site, 'content/guide/second.md'), '\nA sentence added after the first build.\n');
    await rm(path.join(site, 'content/reference/glossary.md'));
    await build(site);
    // Not a new folder swapped in (that costs a link per unchanged file and deleting the old out/).
    expect(await inodeOf(out)).toBe(folder);
    expect((await readdir(site)).filter((name) => name.startsWith('.docsgen-'))).toEqual([]);
    await expect(stat(path.join(out, 'reference/glossary'))).rejects.toThrow();
    expect(await contentsOf(out)).toEqual(await fullBuildContents(site));
    // The manifest records out/ as the move left it (not listed again): the next build finds it up
    // to date and writes nothing (a build that writes rewrites the search index's entry file).
    const index = path.join(out, 'assets/search-index/index.json');
    const written = await inodeOf(index);
    await build(site);
    expect(await inodeOf(index)).toBe(written);
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('swaps the build in whole when a file of out/ must become a folder, a folder a file, or a name changes only its case', async () => {
    const site = await copyFixture('basic');
    const extra = path.join(site, 'content/_static/extra');
    await writeFile(extra, 'a file first');
    await build(site);
    const out = path.join(site, 'out');
    for (const change of [
      async () => (await rm(extra), await cp(path.join(site, 'content/_static/favicon.svg'), path.join(extra, 'inner.svg'))),
      async () => (await rm(extra, { recursive: true }), await writeFile(extra, 'a file again')),
      // On macOS and Windows moving extra in and deleting Extra would delete the new file.
      async () => (await rm(extra), await writeFile(path.join(site, 'content/_static/Extra'), 'renamed by case')),
    ]) {
      const folder = await inodeOf(out);
      await change();
      await build(site);
      expect(await inodeOf(out)).not.toBe(folder);
      expect(await contentsOf(out)).toEqual(await fullBuildContents(site));
    }
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('renders again a page of out/ that was edited, and rebuilds an out/ with a file added or removed', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const expected = await contentsOf(path.join(site, 'out'));
    await appendFile(path.join(site, 'out/guide/first/index.html'), '<!-- edited by hand -->');
    // A file named by its contents, changed in place: its name no longer says what it holds.
    const script = [...expected.keys()].find((rel) => rel.startsWith('assets/') && rel.endsWith('.js')) as string;
    await appendFile(path.join(site, 'out', script), '\n// edited by hand\n');
    await build(site);
    expect(await contentsOf(path.join(site, 'out'))).toEqual(expected);
    await rm(path.join(site, 'out/guide/second/index.html'));
    await writeFile(path.join(site, 'out/stray.txt'), 'not from docsgen');
    await build(site);
    expect(await contentsOf(path.join(site, 'out'))).toEqual(expected);
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('sees an edit that kept size and modification time (cp -p, rsync -t), by the change time no tool sets back', async () => {
    const site = await copyFixture('basic');
    const source = path.join(site, 'content/guide/second.md');
    const modified = new Date('2025-03-01T10:00:00Z');
    await utimes(source, modified, modified);
    await build(site);
    await writeFile(source, (await readFile(source, 'utf8')).replace('Go back to', 'Jump up to'));
    await utimes(source, modified, modified);
    await build(site);
    expect(await readFile(path.join(site, 'out/guide/second/index.html'), 'utf8')).toContain('Jump up to');
    expect(await contentsOf(path.join(site, 'out'))).toEqual(await fullBuildContents(site));
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('--no-cache renders past stale cache entries, reads none of them, and leaves the cache for the next build', async () => {
    const site = await copyFixture('basic');
    const source = path.join(site, 'content/guide/second.md');
    await build(site);
    await writeFile(source, (await readFile(source, 'utf8')).replace('Go back to', 'Jump up to'));
    const page = path.join(site, 'out/guide/second/index.html');
    // Entries a plain build would trust: every rendered page in the cache now says something else.
    const cacheDir = path.join(site, '.docsgen/cache');
    const entries = (await readdir(path.join(cacheDir, 'markdown'), { recursive: true })).filter((f) => f.endsWith('.json')).map((f) => path.join(cacheDir, 'markdown', f));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      const json = JSON.parse(await readFile(entry, 'utf8')) as { result: { html: string } };
      json.result.html = '<p>stale cache entry</p>';
      await writeFile(entry, JSON.stringify(json));
    }

    const fresh = await runCli(['build', '--config', path.join(site, 'config.yaml'), '--no-cache']);
    expect(fresh.code, fresh.stderr).toBe(0);
    expect(await readFile(page, 'utf8')).toContain('Jump up to');
    expect(await contentsOf(path.join(site, 'out'))).toEqual(await fullBuildContents(site));
    // Nothing was deleted, and what the next build reads was written afresh: it finds out/ up to date.
    expect(await readFile(path.join(cacheDir, 'CACHEDIR.TAG'), 'utf8')).toContain('docsgen cache');
    // Every entry of a page as it now is was rewritten (the one of second.md before the edit stays, unused).
    const texts = await Promise.all(entries.map((entry) => readFile(entry, 'utf8')));
    expect(texts.filter((text) => text.includes('stale cache entry')).every((text) => text.includes('Go back to'))).toBe(true);
    expect(texts.filter((text) => text.includes('stale cache entry'))).toHaveLength(1);
    const before = await inodeOf(page);
    await build(site);
    expect(await inodeOf(page)).toBe(before);
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it("checks a reused page's links against this build: its ids and hrefs come from the build that made it, for its key only", async () => {
    const site = await copyFixture('basic');
    await build(site);
    const targetsFiles = async () => (await readdir(path.join(site, '.docsgen/cache/builds'))).filter((f) => f.endsWith('.targets.json')).map((f) => path.join(site, '.docsgen/cache/builds', f));
    const [targetsFile] = await targetsFiles();
    expect(targetsFile).toBeDefined();
    // guide/index.md links to second.md#details; the guide's page is reused, the anchor is gone.
    const second = path.join(site, 'content/guide/second.md');
    await writeFile(second, (await readFile(second, 'utf8')).replace('## Details', '## Particulars'));
    const report = async (dir: string) => {
      const result = await build(dir);
      return `${result.stderr}${result.stdout}`.replace(/in [\d.]+ s.*/, '').replaceAll(dir, '');
    };
    const edited = await report(site);
    expect(edited).toMatch(/guide\/index\.md:\d+:\d+: warning: .*#details/);
    const copy = await copySources(site);
    expect(edited).toBe(await report(copy));
    await rm(copy, { recursive: true, force: true });

    // The stored hrefs are what the check reads for a reused page: one made up is reported...
    const stored = JSON.parse(await readFile(targetsFile as string, 'utf8')) as { strings: string[]; pages: Record<string, [string, string, string]> };
    const firstPage = stored.pages['guide/first/index.html'] as [string, string, string];
    firstPage[2] += `,${(stored.strings.push('/docs/made-up/') - 1).toString(36)}`;
    await writeFile(targetsFile as string, JSON.stringify(stored));
    await writeFile(second, (await readFile(second, 'utf8')).replace('## Particulars', '## Details'));
    expect(await report(site)).toContain('/docs/made-up/');
    // ...only while the page's key is the one it was stored with: an edit of the page itself reads it afresh,
    await appendFile(path.join(site, 'content/guide/first.md'), '\nOne more line.\n');
    expect(await report(site)).not.toContain('/docs/made-up/');
    // and an entry left by an older build (a file the manifest does not match) is not taken for the new page.
    await writeFile(targetsFile as string, JSON.stringify(stored));
    await writeFile(second, (await readFile(second, 'utf8')).replace('## Details', '## Particulars'));
    expect(await report(site)).not.toContain('/docs/made-up/');
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('leaves out/ as it was when an incremental build fails', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const expected = await contentsOf(path.join(site, 'out'));
    const page = path.join(site, 'content/guide/second.md');
    await writeFile(page, `${await readFile(page, 'utf8')}\n---\nbroken: [front matter\n`);
    await writeFile(path.join(site, 'content/guide/first.md'), '---\ntitle: [unclosed\n---\n\nBody.\n');
    const failed = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
    expect(failed.code).toBe(1);
    expect(await contentsOf(path.join(site, 'out'))).toEqual(expected);
    await rm(site, { recursive: true, force: true });
  }, 120_000);
});

describe("a page's key", () => {
  const page: PageData = { kind: 'page', route: '/a/', title: 'A', description: '', html: '<p>A page.</p>', toc: [], hideToc: false };
  const keyOf = pageReuse(undefined, 'context', 'theme').keyOf;

  it('is the same whether the HTML is hashed here or its hash comes from the markdown cache', () => {
    expect(keyOf(page, htmlHashOf(page.html))).toBe(keyOf(page));
  });

  it('changes with the HTML, with the rest of the page, and with what all pages are made from', () => {
    const keys = [
      keyOf(page),
      keyOf({ ...page, html: '<p>Another page.</p>' }),
      keyOf(page, htmlHashOf('<p>Another page.</p>')),
      keyOf({ ...page, title: 'B' }),
      pageReuse(undefined, 'other context', 'theme').keyOf(page),
      pageReuse(undefined, 'context', 'other theme').keyOf(page),
    ];
    expect(new Set(keys).size).toBe(keys.length - 1);
    expect(keys[1]).toBe(keys[2]);
  });

  it("changes with a doc's sidebar, which pages of one folder share (the same items in another array: the same key)", () => {
    const sidebar = (label: string): SidebarItem[] => [{ type: 'link', label, route: '/a/' }];
    const doc = (items: SidebarItem[]): PageData => ({ ...page, kind: 'doc', doc: { id: 'a', breadcrumbs: [], section: 0, sidebar: items } });
    const shared = sidebar('A');
    const keyOfDoc = pageReuse(undefined, 'context', 'theme').keyOf;
    expect(keyOfDoc(doc(shared))).toBe(keyOfDoc(doc(shared)));
    expect(keyOfDoc(doc(sidebar('A')))).toBe(keyOfDoc(doc(shared)));
    expect(keyOfDoc(doc(sidebar('B')))).not.toBe(keyOfDoc(doc(shared)));
    expect(keyOfDoc({ ...doc(shared), title: 'B' } as PageData)).not.toBe(keyOfDoc(doc(shared)));
  });
});
