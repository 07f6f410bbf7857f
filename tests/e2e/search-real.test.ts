/**
 * Search on the real 5.4 SP1 site in Chromium (issue 16, item 6): British and American spellings,
 * the page a reader means first, and what the first search downloads stays a few small files.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage, openRoute, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';
import { searchIndexDirs, searchFragmentFiles } from '../helpers.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startRealSite();
}, 180_000);
afterAll(() => site.close());

async function firstHit(page: Page, query: string): Promise<{ title: string; href: string }> {
  await page.keyboard.press('Control+k');
  await page.waitForSelector('.DocSearch-Modal');
  // One input event, one search (typed letter by letter, the hits shown may lag a query behind).
  await page.fill('.DocSearch-Input', query);
  // The hits of the whole query: DocSearch's "See all" footer carries the query it answered.
  await page.waitForSelector(`.docsearch-see-all[href$="?q=${encodeURIComponent(query)}"]`);
  const hit = page.locator('.DocSearch-Hit').first();
  const result = { title: (await hit.locator('.DocSearch-Hit-title').textContent()) ?? '', href: (await hit.locator('a').getAttribute('href')) ?? '' };
  await page.keyboard.press('Escape');
  return result;
}

describe('search on the 5.4 SP1 site', () => {
  it('finds Hub licensing for "licence", "license" and "licensing", and Playout for "rundown"', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'faq/glossary/');
    for (const query of ['licence', 'license', 'licensing']) {
      const hit = await firstHit(page, query);
      expect(hit.href, query).toMatch(/\/installations\/licensing\/hub-licensing\//);
    }
    expect((await firstHit(page, 'rundown')).href).toMatch(/\/user-guide\/playout\//);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('ends a hit title or path too long for a phone with an ellipsis, not cut mid-word', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
    await openRoute(site, page, 'faq/glossary/');
    await page.locator('.search-button').first().click();
    await page.waitForSelector('.DocSearch-Modal');
    await page.fill('.DocSearch-Input', 'genlock');
    await page.waitForSelector('.docsearch-see-all[href$="?q=genlock"]');
    const lines = await page.locator('.DocSearch-Hit-title, .DocSearch-Hit-path').evaluateAll((els) =>
      els.map((el) => ({ cut: el.scrollWidth > el.clientWidth + 1, clips: getComputedStyle(el).overflowX === 'hidden', ellipsis: getComputedStyle(el).textOverflow === 'ellipsis' })),
    );
    // Snippets of body text fill their line: some are cut, each of them shown with an ellipsis.
    expect(lines.filter((l) => l.cut).length).toBeGreaterThan(0);
    for (const line of lines.filter((l) => l.cut)) expect(line).toEqual({ cut: true, clips: true, ellipsis: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('loads a few small index files while the reader types a query, never the whole index', async () => {
    const { page } = await openPage(site);
    const index: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/search-index/')) index.push(r.url());
    });
    await openRoute(site, page, 'faq/glossary/');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('colour grading');
    await page.waitForSelector('.docsearch-see-all[href$="?q=colour%20grading"]');
    const shards = index.filter((u) => /\/terms\/[0-9a-f]+\.json$/.test(u));
    const fragments = index.filter((u) => /\/p\d+\.json$/.test(u));
    expect(index.filter((u) => u.endsWith('/index.json'))).toHaveLength(1);
    expect(shards.length).toBeGreaterThan(0);
    expect(shards.length).toBeLessThanOrEqual(4);
    expect(fragments.length).toBeGreaterThan(0);
    // Every keystroke searched (c, co, col, …); all of them together still load a small part of the index.
    const out = path.join(site.dir, 'out');
    const files = [...(await searchIndexDirs(out)).shards, ...(await searchFragmentFiles(out))];
    expect(new Set(index).size).toBeLessThan(files.length / 3);
    await page.close();
  });
});
