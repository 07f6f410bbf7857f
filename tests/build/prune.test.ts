/**
 * Stage "cache" (src/build/prune.ts): a build removes the cache entries it made obsolete and
 * keeps every entry the site still uses, so that later builds stay as fast and as correct.
 */
import { describe, it, expect } from 'vitest';
import { appendFile, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';

const DAY = 24 * 60 * 60 * 1000;

async function build(site: string) {
  const result = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

/** Every `<shard>/<key>.json` under a per-page cache folder. */
async function entriesOf(folder: string): Promise<Set<string>> {
  const entries = new Set<string>();
  for (const shard of await readdir(folder)) for (const name of await readdir(path.join(folder, shard))) entries.add(`${shard}/${name}`);
  return entries;
}

async function age(file: string, days: number): Promise<void> {
  const when = new Date(Date.now() - days * DAY);
  await utimes(file, when, when);
}

describe('the build prunes its cache', () => {
  it('drops what an edit made obsolete, keeps what the site still uses, and the next build is still up to date', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const cache = path.join(site, '.docsgen/cache');
    const markdown = path.join(cache, 'markdown');
    const before = await entriesOf(markdown);
    expect(before.size).toBeGreaterThan(3);
    // Every entry written long ago, and no sweep for a day: the next build sweeps.
    for (const entry of before) await age(path.join(markdown, entry), 40);
    await age(path.join(cache, 'last-sweep'), 2);
    // Validated configs of six earlier states of config.yaml, two days old.
    const stale = Array.from({ length: 6 }, (_, n) => `config-${String(n).repeat(32)}.json`);
    for (const name of stale) {
      await writeFile(path.join(cache, name), '{}');
      await age(path.join(cache, name), 2);
    }
    await appendFile(path.join(site, 'content/guide/first.md'), '\nOne more paragraph, written after the first build.\n');

    const edited = await build(site);
    expect(edited.stdout).toMatch(/built/i);

    const after = await entriesOf(markdown);
    const gone = [...before].filter((entry) => !after.has(entry));
    const added = [...after].filter((entry) => !before.has(entry));
    expect(gone).toHaveLength(1); // the edited page's entry of its old text
    expect(added).toHaveLength(1); // and of its new text
    const left = await readdir(cache);
    expect(stale.filter((name) => left.includes(name))).toHaveLength(4);
    expect(left).toEqual(expect.arrayContaining(['CACHEDIR.TAG', 'builds', 'highlight', 'markdown', 'last-sweep']));
    // The config the build used is kept though it was written before the six: it was read again.
    const own = left.filter((name) => name.startsWith('config-') && !stale.includes(name) && !name.startsWith('config-html-'));
    expect(own).toHaveLength(1);
    expect((await stat(path.join(cache, own[0] ?? ''))).mtimeMs).toBeGreaterThan(Date.now() - 60_000);

    // Nothing the site uses was lost: the next build finds everything as it left it.
    const page = path.join(site, 'out/guide/first/index.html');
    const html = await readFile(page, 'utf8');
    const inode = (await stat(page)).ino;
    await build(site);
    expect((await stat(page)).ino).toBe(inode);
    expect(await readFile(page, 'utf8')).toBe(html);
    expect(html).toContain('One more paragraph, written after the first build.');
    await rm(site, { recursive: true, force: true });
  }, 120_000);
});
