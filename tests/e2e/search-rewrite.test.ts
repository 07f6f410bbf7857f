/**
 * Search hits' links when `replaceSearchResultPathname` would make them `javascript:` (a security
 * review: every hit of the dialog and of the search page ran the script when clicked). config.yaml
 * refuses such a `to` now (tests/config/load.test.ts), so the site is built with a good one and its
 * pages are then given the bad settings, as a build made before the check would have them: the
 * browser must keep the hits' own paths (theme/search/client.ts rewriteHitUrl).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';

let site: E2eSite;

beforeAll(async () => {
  site = await startSite('basic', {
    configPatch: (c) => c.replace('search:\n', 'search:\n  replaceSearchResultPathname: { from: "^/docs/", to: "/docs/" }\n'),
  });
  const good = '"replaceSearchResultPathname":{"from":"^/docs/","to":"/docs/"}';
  const bad = '"replaceSearchResultPathname":{"from":"^.*$","to":"javascript:alert(1)//"}';
  const out = path.join(site.dir, 'out');
  let patched = 0;
  for (const rel of await readdir(out, { recursive: true })) {
    if (!rel.endsWith('.html')) continue;
    const text = await readFile(path.join(out, rel), 'utf8');
    if (!text.includes(good)) continue;
    await writeFile(path.join(out, rel), text.replaceAll(good, bad));
    patched++;
  }
  expect(patched).toBeGreaterThan(0);
});
afterAll(() => site.close());

describe('a path replacement that would give javascript: links', () => {
  it('leaves the hits of the dialog linking to pages of the site', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'guide/');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('render engine');
    await page.waitForSelector('.DocSearch-Hit a');
    const hrefs = await page.locator('.DocSearch-Hit a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/docs\/[^/\\]/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('leaves the hits of the search page linking to pages of the site', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'search/?q=hub');
    await page.waitForSelector('.search-result a');
    const hrefs = await page.locator('.search-result a').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/docs\/[^/\\]/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
