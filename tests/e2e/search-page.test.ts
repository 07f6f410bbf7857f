/**
 * The search results page on the real 5.4 SP1 site: what it shows is always the query in the
 * address, however the address changed (a link, "See all N results", Back and Forward, typing), and
 * an answer that arrives after the reader moved on to another query never reaches the screen.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page, Route } from 'playwright-core';
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

/** Time for an answer that has arrived to reach the screen, as it did before the fix. */
const aMoment = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));

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

/**
 * Holds back the requests for `files` until release() (and none after: the files an answer leads to
 * must come, or it would never arrive).
 */
async function holdBack(page: Page, files: string[]): Promise<Route[]> {
  const held: Route[] = [];
  await page.route('**/search-index/**', (route) => (files.includes(route.request().url()) && !released.has(held) ? void held.push(route) : route.continue()));
  return held;
}
const released = new WeakSet<Route[]>();

/** Lets held requests go on and waits until their answers are in. */
async function release(page: Page, held: Route[]): Promise<void> {
  released.add(held);
  const finished = held.map((route) => page.waitForEvent('requestfinished', (r) => r.url() === route.request().url()));
  for (const route of held) await route.continue();
  await Promise.all(finished);
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

  it('treats a query of spaces as no query, as the dialog does', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'search/?q=+++');
    await page.waitForTimeout(400); // a search would have answered by now
    expect(await view(page)).toEqual({ heading: 'Search the documentation', input: '', count: '', titles: [] });
    // A query replaced by spaces: back to no query, its results gone.
    await page.fill('#search-page-input', 'cache');
    await settled(page);
    await page.fill('#search-page-input', '  ');
    await expect.poll(() => view(page)).toEqual({ heading: 'Search the documentation', input: '', count: '', titles: [] });
    expect(new URL(page.url()).search).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the search page shows only answers to the query on screen', () => {
  it('shows the results of "mos" when the answer for "m" arrives after them', async () => {
    const m = await alone('m');
    const mos = await alone('mos');
    expect(m.shown.titles).not.toEqual(mos.shown.titles);
    // What only "m" needs is held back until "mos" is answered.
    const onlyM = [...m.files].filter((url) => !mos.files.has(url));
    expect(onlyM.length).toBeGreaterThan(0);

    const { page, problems } = await openPage(site);
    const held = await holdBack(page, onlyM);
    await openRoute(site, page, 'search/');
    await page.locator('#search-page-input').pressSequentially('m');
    await page.waitForTimeout(400); // "m" is searched, and waits for its files
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.locator('#search-page-input').pressSequentially('os', { delay: 30 });
    await expect.poll(() => view(page)).toEqual(mos.shown);

    await release(page, held);
    await aMoment(page);
    expect(await view(page)).toEqual(mos.shown);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('drops the next batch of "the" when it arrives after the query became "glossary"', async () => {
    // The files the second batch of "the" needs: those loaded when the reader reaches the end.
    const { page: probe } = await openPage(site);
    await openRoute(site, probe, 'search/?q=the');
    await settled(probe);
    const batch2 = new Set<string>();
    probe.on('request', (r) => {
      if (r.url().includes('/search-index/')) batch2.add(r.url());
    });
    const firstBatch = await probe.locator('.search-result__hit').count();
    await probe.locator('.search-page__sentinel').scrollIntoViewIfNeeded();
    await probe.waitForFunction((n) => document.querySelectorAll('.search-result__hit').length > n && !document.querySelector('.search-page__loading'), firstBatch);
    await probe.close();
    const glossary = await alone('glossary');
    const onlyBatch2 = [...batch2].filter((url) => !glossary.files.has(url));
    expect(onlyBatch2.length).toBeGreaterThan(0);

    const { page, problems } = await openPage(site);
    const held = await holdBack(page, onlyBatch2);
    await openRoute(site, page, 'search/?q=the');
    await settled(page);
    await page.locator('.search-page__sentinel').scrollIntoViewIfNeeded();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.fill('#search-page-input', 'glossary');
    await expect.poll(() => view(page)).toEqual(glossary.shown);

    await release(page, held);
    await aMoment(page);
    expect(await view(page)).toEqual(glossary.shown);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the search page comes back as the reader left it', () => {
  /** Where a result's title is in the window, and how many results are shown. */
  const placeOf = (page: Page, title: string) =>
    page.evaluate((t) => {
      const titles = [...document.querySelectorAll('.search-result__title')];
      const shown = titles.find((el) => el.textContent === t);
      return { results: titles.length, top: shown ? Math.round(shown.getBoundingClientRect().top) : null };
    }, title);

  it('after reading a result of the second batch, Back and then a reload show it where it was', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'search/?q=the');
    const first = (await settled(page)).titles.length;
    await page.locator('.search-page__sentinel').scrollIntoViewIfNeeded();
    await page.waitForFunction((n) => document.querySelectorAll('.search-result__title').length > n && !document.querySelector('.search-page__loading'), first);
    // A result of the second batch, scrolled to the middle of the window, is the one read.
    const title = (await view(page)).titles[first + 3] as string;
    const link = page.locator('.search-result__title a', { hasText: title }).first();
    await link.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(300); // the position is kept once scrolling pauses
    const before = await placeOf(page, title);
    expect(before.results).toBeGreaterThan(first);

    await link.click();
    await page.waitForURL((url) => !url.pathname.endsWith('/search/'));
    await page.goBack();
    await page.waitForURL(/\/search\/\?q=the$/);
    await expect.poll(() => placeOf(page, title), { timeout: 10_000 }).toEqual(before);

    await page.reload();
    await settled(page);
    await expect.poll(() => placeOf(page, title), { timeout: 10_000 }).toEqual(before);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the keyboard past the results', () => {
  it('keeps a focused footer link in view while more results load above it', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 900 } });
    await openRoute(site, page, 'search/?q=the');
    await settled(page);
    const first = await page.locator('.search-result__hit').count();
    // Tab from the last result shown into the footer, as a keyboard reader does.
    await page.locator('a.search-result__hit').last().focus();
    let presses = 0;
    while (!(await page.evaluate(() => Boolean(document.activeElement?.closest('footer')))) && presses < 40) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    const focused = await page.evaluate(() => document.activeElement?.textContent ?? '');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('footer'))), focused).toBe(true);
    // The sentinel above the footer is in view: more results load in above the link.
    await page.waitForFunction((n) => document.querySelectorAll('.search-result__hit').length > n && !document.querySelector('.search-page__loading'), first);
    await aMoment(page);
    const box = await page.evaluate(() => {
      const rect = (document.activeElement as Element).getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, height: window.innerHeight };
    });
    // Within the window, give or take the fraction of a pixel scrolling aligns to.
    expect(box.top, JSON.stringify(box)).toBeGreaterThanOrEqual(-1);
    expect(box.bottom, JSON.stringify(box)).toBeLessThanOrEqual(box.height + 1);
    expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toBe(focused);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the search page without JavaScript', () => {
  it('says that search needs it and what still leads to every page; with JavaScript the message is not shown', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.origin}${site.base}search/?q=engine`);
    const message = page.locator('.search-page__noscript');
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toBe("Search needs JavaScript, which is turned off in this browser. The navigation bar above and the documentation's sidebar still lead to every page.");
    await page.close();

    const withScript = await openPage(site);
    await openRoute(site, withScript.page, 'search/?q=engine');
    await settled(withScript.page);
    expect(await withScript.page.locator('.search-page__noscript').count()).toBe(0);
    expect(withScript.problems).toEqual([]);
    await withScript.page.close();
  });
});
