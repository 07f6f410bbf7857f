/**
 * The search dialog as a reader uses it on the real 5.4 SP1 site: a modal dialog that keeps the
 * keyboard inside it, in front of a page that nothing reaches while it is open, and whose results
 * and count are always those of the query on screen.
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

/** Where focus is: in the dialog, or what element of the page behind. */
function focused(page: Page): Promise<{ inDialog: boolean; what: string }> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      inDialog: Boolean(active?.closest('.DocSearch-Modal')),
      what: active ? `${active.tagName.toLowerCase()}.${active.className} "${(active.textContent ?? '').trim().slice(0, 30)}"` : 'none',
    };
  });
}

async function searchFor(page: Page, query: string): Promise<void> {
  await page.waitForSelector('.DocSearch-Modal');
  await page.keyboard.type(query);
  await page.waitForSelector(`.docsearch-see-all[href$="?q=${encodeURIComponent(query)}"]`);
}

describe('the search dialog keeps the keyboard', () => {
  it('Tab and Shift+Tab cycle through the dialog, the page behind is inert, Escape gives focus back to the Search button', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'faq/glossary/');
    await page.click('.search-button');
    await searchFor(page, 'mos');
    const controls = await page.locator('.DocSearch-Modal :is(a[href], button, input)').count();
    expect(controls).toBeGreaterThan(10);

    // Twice round the dialog's controls each way: focus never reaches the page behind.
    const seen = new Set<string>();
    for (let i = 0; i < 2 * controls; i++) {
      await page.keyboard.press('Tab');
      const now = await focused(page);
      expect(now.inDialog, `Tab ${i + 1}: ${now.what}`).toBe(true);
      seen.add(now.what);
    }
    expect([...seen].some((what) => what.includes('See all'))).toBe(true);
    expect([...seen].some((what) => what.startsWith('input.DocSearch-Input'))).toBe(true);
    for (let i = 0; i < 2 * controls; i++) {
      await page.keyboard.press('Shift+Tab');
      const now = await focused(page);
      expect(now.inDialog, `Shift+Tab ${i + 1}: ${now.what}`).toBe(true);
    }

    // The announcement's links, the skip link and the navbar cannot take focus while the dialog is open.
    const behind = await page.evaluate(() =>
      ['.skip-to-content', '.announcement a[href]', '.navbar__brand'].map((selector) => {
        const element = document.querySelector<HTMLElement>(selector);
        element?.focus();
        return { selector, exists: element !== null, focused: document.activeElement === element };
      }),
    );
    for (const { selector, exists, focused: took } of behind) {
      expect(exists, selector).toBe(true);
      expect(took, selector).toBe(false);
    }

    await page.keyboard.press('Escape');
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
    expect(await page.locator('[inert]').count()).toBe(0);
    // The page is the keyboard's again.
    await page.keyboard.press('Shift+Tab');
    expect((await focused(page)).inDialog).toBe(false);
    expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('closes when a client-side navigation shows another page: Back, or Enter on a hit', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'faq/glossary/');
    const glossary = page.url();
    // Another page, shown by the client router.
    const next = page.locator('nav.sidebar a.menu__link[href]:not(.menu__link--active)').first();
    await next.click();
    await page.waitForURL((url) => url.href !== glossary);

    // Back while the dialog is open: the glossary comes back, without the dialog over it.
    await page.keyboard.press('Control+k');
    await searchFor(page, 'mos');
    await page.keyboard.press('Tab');
    await page.goBack();
    await page.waitForURL(glossary);
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    expect(await page.locator('[inert]').count()).toBe(0);
    // The address changes at once on Back, the page once its data is in: Tab after it is shown, whose
    // focus is at the top of the page (theme/client/route-focus.ts).
    await page.waitForFunction(() => document.activeElement?.classList.contains('route-focus-start'));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toContain('skip-to-content');

    // Enter on a hit reached with Tab: its page, the dialog closed, the page not inert.
    await page.keyboard.press('Control+k');
    await searchFor(page, 'mos');
    await page.keyboard.press('Tab'); // the input's clear button
    await page.keyboard.press('Tab'); // the first hit
    const hit = await page.evaluate(() => (document.activeElement as HTMLAnchorElement).getAttribute('href'));
    expect(hit).toMatch(/\/suite-5\.4\.sp1\//);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === new URL(hit ?? '', url).pathname);
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    expect(await page.locator('[inert]').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

/** The index files a query typed alone loads, its "See all" text and its hits' titles (a fresh page). */
async function alone(query: string): Promise<{ files: Set<string>; seeAll: string; hits: string[] }> {
  const { page } = await openPage(site);
  await openRoute(site, page, 'faq/glossary/');
  await page.keyboard.press('Control+k');
  await page.waitForSelector('.DocSearch-Modal');
  await page.waitForFunction(() => document.documentElement.dataset.searchReady === 'true');
  const files = new Set<string>();
  page.on('request', (r) => {
    if (r.url().includes('/search-index/')) files.add(r.url());
  });
  await page.fill('.DocSearch-Input', query);
  await page.waitForSelector(`.docsearch-see-all[href$="?q=${encodeURIComponent(query)}"]`);
  const result = { files, seeAll: (await page.textContent('.docsearch-see-all')) ?? '', hits: await page.locator('.DocSearch-Hit-title').allTextContents() };
  await page.close();
  return result;
}

describe('the search dialog answers the query on screen', () => {
  it('shows the hits and "See all N results" of "mos" when the answer for "m" arrives after them', async () => {
    const m = await alone('m');
    const mos = await alone('mos');
    expect(m.seeAll).not.toBe(mos.seeAll);
    // What only "m" needs (the fragments of the pages it shows) is held back until "mos" is answered.
    const onlyM = [...m.files].filter((url) => !mos.files.has(url));
    expect(onlyM.length).toBeGreaterThan(0);

    const { page, problems } = await openPage(site);
    const held: Route[] = [];
    await page.route('**/search-index/**', (route) => (onlyM.includes(route.request().url()) ? void held.push(route) : route.continue()));
    await openRoute(site, page, 'faq/glossary/');
    await page.click('.search-button');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('mos'); // no delay between keys: "m" is still being answered when "mos" is typed
    await page.waitForSelector('.docsearch-see-all[href$="?q=mos"]');
    expect(held.length).toBeGreaterThan(0);
    expect(await page.textContent('.docsearch-see-all')).toBe(mos.seeAll);

    // Now the answer for "m" arrives, last.
    const finished = held.map((route) => page.waitForEvent('requestfinished', (r) => r.url() === route.request().url()));
    for (const route of held) await route.continue();
    await Promise.all(finished);
    // Time for that answer to reach the screen, as it did before ("See all 140 results" under the hits of "mos").
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 300))));

    expect(await page.inputValue('.DocSearch-Input')).toBe('mos');
    expect(await page.textContent('.docsearch-see-all')).toBe(mos.seeAll);
    expect(await page.getAttribute('.docsearch-see-all', 'href')).toMatch(/\?q=mos$/);
    expect(await page.locator('.DocSearch-Hit-title').allTextContents()).toEqual(mos.hits);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('the search dialog says what it found', () => {
  it('a polite status in the dialog says the count once the reader stops typing, "No results", and nothing for an emptied query', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'faq/glossary/');
    await page.click('.search-button');
    await page.waitForSelector('.DocSearch-Modal');
    const status = page.locator('.DocSearch-Modal [role="status"]');
    expect(await status.count()).toBe(1);
    expect(await status.textContent()).toBe('');
    // Every text the status takes while a word is typed key by key.
    await page.evaluate(() => {
      const region = document.querySelector('.DocSearch-Modal [role="status"]')!;
      const said: string[] = [];
      (window as unknown as { said: string[] }).said = said;
      new MutationObserver(() => region.textContent && said.push(region.textContent)).observe(region, { childList: true, subtree: true, characterData: true });
    });
    await page.keyboard.type('playout', { delay: 60 });
    await page.waitForSelector('.docsearch-see-all[href$="?q=playout"]');
    const count = Number((await page.textContent('.docsearch-see-all'))?.match(/See all (\d+) results/)?.[1]);
    expect(count).toBeGreaterThan(1);
    await expect.poll(() => status.textContent()).toBe(`${count} results for “playout”`);
    // One announcement for the word, not one a keystroke.
    expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([`${count} results for “playout”`]);

    await page.keyboard.press('Control+A');
    await page.keyboard.type('qqzzxv');
    await page.waitForSelector('.DocSearch-NoResults');
    await expect.poll(() => status.textContent()).toBe('No results for “qqzzxv”');
    // An emptied box shows the recent searches again: the status says nothing.
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await expect.poll(() => status.textContent()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });
});
