/**
 * The search results page on the real 5.4 SP1 site: what it shows is always the query in the
 * address, however the address changed (a link, "See all N results", Back and Forward, typing).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, openRoute, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startRealSite();
}, 180_000);
afterAll(() => site.close());

interface View {
  heading: string;
  input: string;
  count: string;
  titles: string[];
}

/** What the search page shows: its heading, input, count and the titles of its results. */
function view(page: Page): Promise<View> {
  return page.evaluate(() => ({
    heading: document.querySelector('main h1')?.textContent ?? '',
    input: (document.querySelector('#search-page-input') as HTMLInputElement | null)?.value ?? '',
    count: document.querySelector('.search-page__count')?.textContent ?? '',
    titles: [...document.querySelectorAll('.search-result__title')].map((title) => title.textContent ?? ''),
  }));
}

/** Waits until the page has answered its query (a count, nothing loading) and returns what it shows. */
async function settled(page: Page): Promise<View> {
  await page.waitForFunction(() => Boolean(document.querySelector('.search-page__count')?.textContent) && !document.querySelector('.search-page__loading'));
  return view(page);
}

/** The index files the search page loads for a query opened alone, and what it then shows (a fresh page). */
async function alone(query: string): Promise<{ files: Set<string>; shown: View }> {
  const { page } = await openPage(site);
  const files = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('/search-index/')) files.add(r.url());
  });
  await openRoute(site, page, `search/?q=${encodeURIComponent(query)}`);
  const shown = await settled(page);
  await page.close();
  return { files, shown };
}

describe('the search page follows the address', () => {
  it('"See all N results" from the dialog, Back, Forward and the footer\'s Search link each show their query', async () => {
    const glossary = (await alone('glossary')).shown;
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'search/?q=cache');
    const cache = await settled(page);
    expect(cache.heading).toBe('Search results for "cache"');
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.fill('.DocSearch-Input', 'glossary');
    await page.locator('.docsearch-see-all[href$="?q=glossary"]').click();
    await page.waitForURL(/\/search\/\?q=glossary$/);
    await expect.poll(() => view(page)).toEqual(glossary);

    await page.goBack();
    await page.waitForURL(/\/search\/\?q=cache$/);
    await expect.poll(() => view(page)).toEqual(cache);
    await page.goForward();
    await page.waitForURL(/\/search\/\?q=glossary$/);
    await expect.poll(() => view(page)).toEqual(glossary);

    await page.locator('footer a', { hasText: /^Search$/ }).click();
    await page.waitForURL((url) => url.pathname === `${site.base}search/` && url.search === '');
    await expect.poll(() => view(page)).toEqual({ heading: 'Search the documentation', input: '', count: '', titles: [] });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('typing replaces the address without adding history entries, and Back then leaves the search page', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'faq/glossary/');
    await page.locator('footer a', { hasText: /^Search$/ }).click();
    await page.waitForSelector('#search-page-input');
    const entries = await page.evaluate(() => history.length);
    await page.locator('#search-page-input').pressSequentially('cache', { delay: 30 });
    await page.waitForURL(/\/search\/\?q=cache$/);
    expect((await settled(page)).heading).toBe('Search results for "cache"');
    expect(await page.evaluate(() => history.length)).toBe(entries);
    await page.goBack();
    await page.waitForURL(/\/faq\/glossary\/$/);
    await page.waitForSelector('main h1:has-text("Glossary")');
    expect(problems).toEqual([]);
    await page.close();
  });
});
