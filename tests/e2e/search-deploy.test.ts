/**
 * A tab left open across a deploy, in Chromium: the page read the search manifest of the build it
 * came from; the site is built again, which replaces out/ and with it the index's shards and
 * fragments that changed. The next search in that tab still answers, from the new build, without a
 * reload.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';
import { runCli } from '../helpers.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startSite();
}, 180_000);
afterAll(() => site.close());

/** The index's files but its manifest: the shards (`terms/…`) and the fragments (`<folder>/p<i>.json`). */
const indexFiles = async () => (await readdir(path.join(site.dir, 'out/assets/search-index'), { recursive: true })).map(String).filter((f) => f.endsWith('.json') && f !== 'index.json');

describe('search in a tab left open across a deploy', () => {
  it('reads the new manifest when the files the old one named are gone, and finds what the new build added', async () => {
    const { page, problems } = await openPage(site);
    const manifests: string[] = [];
    page.on('request', (r) => r.url().endsWith('/search-index/index.json') && manifests.push(r.url()));
    await openRoute(site, page, 'guide/');
    // A search that matches nothing reads the manifest and a shard, no page's fragment.
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('zzqqxx');
    await page.waitForSelector('.DocSearch-NoResults');
    await page.keyboard.press('Escape');
    const before = await indexFiles();
    await page.evaluate(() => ((window as unknown as { beforeDeploy: boolean }).beforeDeploy = true));

    const file = path.join(site.dir, 'content/guide/second.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\nThe deployword arrived with the second build.\n`);
    const rebuilt = await runCli(['build', '--config', path.join(site.dir, 'config.yaml')]);
    expect(rebuilt.code, rebuilt.stderr).toBe(0);
    const after = await indexFiles();
    // The fragments' folder (the fixture's pages fit in one) and the shard of the new word changed
    // with the edit: the old build's are gone.
    const gone = before.filter((file) => !after.includes(file));
    expect(gone.filter((file) => file.startsWith('terms/')).length).toBeGreaterThan(0);
    expect(gone.filter((file) => /\/p\d+\.json$/.test(file)).length).toBeGreaterThan(0);

    // In the same tab: a word of the old build needs fragments of the old folder, which are gone.
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('second');
    await page.waitForSelector('.DocSearch-Hit');
    expect(await page.locator('.DocSearch-ErrorScreen').count()).toBe(0);
    await page.fill('.DocSearch-Input', 'deployword');
    await expect.poll(() => page.locator('.DocSearch-Hit a').first().getAttribute('href')).toContain('/guide/second/');
    expect(manifests.length).toBeGreaterThan(1); // on the first search, and again after the deploy
    expect(await page.evaluate(() => (window as unknown as { beforeDeploy?: boolean }).beforeDeploy)).toBe(true); // no reload
    expect(problems.filter((p) => !/404/.test(p))).toEqual([]);
    await page.close();
  });
});
