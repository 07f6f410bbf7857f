/**
 * Search in Chromium: the DocSearch modal on the embedded index (shortcuts, states, messages,
 * limits, recent searches), the search page, and the hosted mode against a fake service on
 * 127.0.0.1 that checks the exact request.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';
import { startFakeSearchService, type FakeSearchService } from './fake-search-service.ts';

let site: E2eSite;
const url = (route = '') => `${site.origin}${site.base}${route}`;
const ready = (page: Page, route = 'guide/') => openRoute(site, page, route);

/** Opens the search modal with its shortcut. */
async function openModal(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.waitForSelector('.DocSearch-Modal');
}

/** Searches in the modal and waits for its error screen (the index fails to load in these tests). */
async function failedSearch(page: Page, query: string) {
  await openModal(page);
  await page.keyboard.type(query);
  const screen = page.locator('.DocSearch-ErrorScreen');
  await screen.waitFor();
  return screen;
}

beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe('search modal (embedded index)', () => {
  it('does not request its code before first use, then opens on click and closes with Escape', async () => {
    const { page, problems } = await openPage(site);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await ready(page);
    await page.waitForTimeout(300);
    expect(requested.filter((r) => /\/assets\/search-|search-index\//.test(r))).toEqual([]);
    await page.click('button.search-button');
    await page.waitForSelector('.DocSearch-Modal');
    expect(requested.some((r) => /\/assets\/search-[A-Z0-9]+\.js/.test(r))).toBe(true);
    await page.keyboard.press('Escape');
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens with Ctrl+K, Meta+K, "/" outside inputs, and by typing on the focused search button', async () => {
    const { page } = await openPage(site);
    await ready(page);
    for (const keys of ['Control+k', 'Meta+k', '/']) {
      await page.locator('h1').click();
      await page.keyboard.press(keys);
      await page.waitForSelector('.DocSearch-Modal');
      await page.keyboard.press('Escape');
      await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    }
    await page.focus('button.search-button');
    await page.keyboard.type('g');
    await page.waitForSelector('.DocSearch-Modal');
    expect(await page.inputValue('.DocSearch-Input')).toBe('g');
    await page.keyboard.press('Escape');
    await page.close();
  });

  it('does not open on "/" typed into an input', async () => {
    const { page } = await openPage(site);
    await ready(page, 'search/');
    await page.focus('#search-page-input');
    await page.keyboard.type('a/b');
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    expect(await page.inputValue('#search-page-input')).toBe('a/b');
    await page.close();
  });

  it('finds pages, groups hits, limits the query to 64 characters and links to "See all N results"', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await openModal(page);
    expect(await page.getAttribute('.DocSearch-Input', 'maxlength')).toBe('64');
    await page.keyboard.type('render engine');
    await page.waitForSelector('.DocSearch-Hit');
    expect(await page.locator('.DocSearch-Hit-source').first().textContent()).toBeTruthy();
    const seeAll = page.locator('.docsearch-see-all');
    expect(await seeAll.textContent()).toMatch(/^See all \d+ results$/);
    expect(await seeAll.getAttribute('href')).toBe(`${site.base}search/?q=render%20engine`);
    await page.locator('.DocSearch-Hit a').first().click();
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    await page.waitForSelector('h1:has-text("Glossary")');
    await page.close();
  });

  it('shows "No results for", suggestions and "Let us know." when nothing matches', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await openModal(page);
    // Typed letter by letter: "hub" finds pages (their sections become suggestions), "hubzzq" nothing.
    await page.keyboard.type('hub', { delay: 80 });
    await page.waitForSelector('.DocSearch-Hit');
    await page.keyboard.type('zzq', { delay: 80 });
    const screen = page.locator('.DocSearch-NoResults');
    await screen.waitFor();
    expect(await screen.textContent()).toContain('No results for "hubzzq"');
    expect(await screen.textContent()).toContain('Try searching for');
    expect(await screen.locator('.DocSearch-Prefill').count()).toBeGreaterThan(0);
    expect(await screen.locator('.DocSearch-Prefill').count()).toBeLessThanOrEqual(3);
    expect(await screen.textContent()).toContain('Believe this query should return results?');
    const letUsKnow = screen.locator('a', { hasText: 'Let us know.' });
    expect(await letUsKnow.getAttribute('href')).toBe('https://feedback.example.com/docs-search?query=hubzzq');
    await page.close();
  });

  it('treats a query of spaces as no query: the start screen stays, and clearing a word with spaces returns to it', async () => {
    const { page, problems } = await openPage(site);
    await ready(page);
    await openModal(page);
    await page.keyboard.type('   ', { delay: 50 });
    await page.waitForTimeout(400); // a search would have answered by now
    expect(await page.locator('.DocSearch-NoResults').count()).toBe(0);
    expect(await page.locator('.DocSearch-Input').inputValue()).toBe('');
    // A word, then every letter replaced by a space: back to the start screen, not "No results".
    await page.keyboard.type('hub', { delay: 50 });
    await page.waitForSelector('.DocSearch-Hit');
    await page.keyboard.press('Control+a');
    await page.keyboard.type(' ');
    await page.waitForTimeout(400);
    expect(await page.locator('.DocSearch-NoResults').count()).toBe(0);
    expect(await page.locator('.DocSearch-Hit').count()).toBe(0);
    expect(await page.locator('.DocSearch-Input').inputValue()).toBe('');
    // Spaces inside a query are kept.
    await page.keyboard.type('render engine', { delay: 30 });
    await page.waitForSelector('.DocSearch-Hit');
    expect(await page.locator('.DocSearch-Input').inputValue()).toBe('render engine');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('remembers recent searches', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await openModal(page);
    await page.keyboard.type('glossary');
    await page.waitForSelector('.DocSearch-Hit');
    await page.keyboard.press('Enter');
    await page.waitForSelector('h1:has-text("Glossary")');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Hit-source:has-text("Recent")');
    const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('RECENT_SEARCHES')));
    expect(stored.length).toBe(1);
    await page.close();
  });

  it('shows "Unable to fetch results" when the index cannot be loaded, and finds again once it can', async () => {
    const { page } = await openPage(site);
    await page.route('**/search-index/**', (route) => route.abort());
    await ready(page);
    const screen = await failedSearch(page, 'hub');
    expect(await screen.textContent()).toContain('Unable to fetch results');
    expect(await screen.textContent()).toContain('You might want to check your network connection.');
    await page.unroute('**/search-index/**');
    await page.keyboard.type(' server');
    await page.waitForSelector('.DocSearch-Hit');
    expect(await screen.count()).toBe(0);
    await page.close();
  });
});

describe('a tab left open across a deploy that changed the index format', () => {
  // The page's code reads format 4; the server now has a later site's index.
  const newerIndex = (page: Page) => page.route('**/search-index/index.json', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify({ v: 99 }) }));

  it('says the site was updated (not the network) in the modal, and searches again after "Reload page"', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await newerIndex(page);
    const screen = await failedSearch(page, 'hub');
    expect(await screen.textContent()).toContain('This site was updated');
    expect(await screen.textContent()).not.toContain('network');
    // The deploy is complete now: the reload brings the code that reads the index.
    await page.unroute('**/search-index/index.json');
    await Promise.all([page.waitForEvent('load'), screen.getByRole('button', { name: 'Reload page' }).click()]);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('hub');
    await page.waitForSelector('.DocSearch-Hit');
    await page.close();
  });

  it('says so on the search page too, with a reload instead of Retry', async () => {
    const { page } = await openPage(site);
    await newerIndex(page);
    await ready(page, 'search/?q=hub');
    const alert = page.locator('main [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('This site was updated');
    expect(await alert.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await page.unroute('**/search-index/index.json');
    await Promise.all([page.waitForEvent('load'), alert.getByRole('button', { name: 'Reload page' }).click()]);
    await page.waitForSelector('.search-result');
    await page.close();
  });
});

describe('a reader searching (embedded index)', () => {
  it('opens a doc page, presses "/", types, arrows down, presses Enter and lands on the hit\'s anchor', async () => {
    const { page, problems } = await openPage(site);
    await ready(page, 'guide/first/');
    await page.keyboard.press('/');
    await page.keyboard.type('render engine');
    await page.waitForSelector('.docsearch-see-all[href$="?q=render%20engine"]');
    await page.waitForSelector('.DocSearch-Hit >> nth=1');
    // Each letter searched; the answer to the last one may replace an earlier one's hits: wait until they stay.
    const hrefs = () => page.locator('.DocSearch-Hit a').evaluateAll((links) => links.map((a) => a.getAttribute('href')).join(' '));
    let shown = '';
    await expect.poll(async () => shown === (shown = await hrefs()), { interval: 250 }).toBe(true);
    const second = await page.locator('.DocSearch-Hit a').nth(1).getAttribute('href');
    expect(second).toMatch(/#[\w-]+$/);
    await page.keyboard.press('ArrowDown');
    expect(await page.locator('.DocSearch-Hit[aria-selected="true"] a').getAttribute('href')).toBe(second);
    await page.keyboard.press('Enter');
    await page.waitForSelector('.DocSearch-Modal', { state: 'detached' });
    await page.waitForFunction((target) => location.pathname + location.hash === target, second);
    const anchor = decodeURIComponent((second ?? '').split('#')[1] ?? '');
    const box = await page.locator(`[id="${anchor}"]`).boundingBox();
    expect(box).not.toBeNull();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? Infinity).toBeLessThan(page.viewportSize()?.height ?? 720);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('titles a code block\'s hit with its heading or page, never with the code, and shows the code as the snippet', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('6666');
    const code = page.locator('.DocSearch-Hit:has(.docsearch-code-snippet)');
    await code.first().waitFor();
    expect(await code.first().locator('.DocSearch-Hit-title').textContent()).toBe('First page');
    expect(await code.first().locator('.docsearch-code-snippet code').textContent()).toContain('6666');
    for (const title of await page.locator('.DocSearch-Hit-title').allTextContents()) expect(title).not.toContain('{');
    await page.close();
  });

  it('does not credit the hosted service in the footer while the embedded index answers', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('glossary');
    await page.waitForSelector('.DocSearch-Hit');
    const footer = page.locator('.DocSearch-Footer');
    expect(await footer.innerText()).not.toMatch(/search by|algolia/i);
    expect(await footer.locator('a[href*="algolia"]').isVisible()).toBe(false);
    expect(await footer.locator('.DocSearch-Commands').isVisible()).toBe(true);
    await page.close();
  });

  it('follows "See all N results" to the search page with ?q=, which counts the same N', async () => {
    const { page } = await openPage(site);
    await ready(page);
    await openModal(page);
    // One input event, one search: typed letter by letter, the footer may still count an earlier query's results.
    await page.fill('.DocSearch-Input', 'hub');
    const seeAll = page.locator('.docsearch-see-all[href$="?q=hub"]');
    await seeAll.waitFor();
    const count = Number(/^See all (\d+) results$/.exec((await seeAll.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(0);
    await seeAll.click();
    await page.waitForURL(/\/search\/\?q=hub$/);
    await page.waitForSelector('.search-result');
    expect(await page.locator('.search-page__count').textContent()).toBe(`${count} ${count === 1 ? 'document' : 'documents'} found`);
    expect(await page.locator('.search-result').count()).toBe(Math.min(count, 20));
    expect(await page.inputValue('#search-page-input')).toBe('hub');
    await page.close();
  });
});

describe('search page', () => {
  it('has code of its own: a doc page does not load it, a client navigation loads it before showing the page', async () => {
    const { page, problems } = await openPage(site);
    // Chunks are named by hash: the search page's code is the script that holds its markup's class.
    const scripts = new Map<string, Promise<string>>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), response.text().catch(() => ''));
    });
    const withSearchPage = async (urls: string[]) => (await Promise.all(urls.map(async (u) => ((await scripts.get(u)) ?? '').includes('search-page__count') ? [u] : []))).flat();
    await ready(page);
    await page.waitForTimeout(300);
    const docPageScripts = [...scripts.keys()];
    expect(docPageScripts.length).toBeGreaterThan(1);
    expect(await withSearchPage(docPageScripts)).toEqual([]);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await openModal(page);
    await page.fill('.DocSearch-Input', 'hub');
    await page.locator('.docsearch-see-all[href$="?q=hub"]').click();
    await page.waitForURL(/\/search\/\?q=hub$/);
    await page.waitForSelector('.search-result');
    expect(await withSearchPage([...scripts.keys()].filter((u) => !docPageScripts.includes(u)))).toHaveLength(1);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // And back to a doc page, whose code the bundle always has.
    await page.goBack();
    await page.waitForURL(/\/guide\/$/);
    await page.waitForSelector('main h1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the query in the URL, shows grouped results with highlights, and renders the query as text', async () => {
    const { page } = await openPage(site);
    await ready(page, 'search/?q=hub');
    await page.waitForSelector('.search-result');
    expect(await page.locator('h1').textContent()).toBe('Search results for "hub"');
    expect(await page.locator('.search-result mark').count()).toBeGreaterThan(0);
    await page.fill('#search-page-input', '<img src=x onerror=alert(1)>');
    await page.waitForFunction(() => new URLSearchParams(location.search).get('q') === '<img src=x onerror=alert(1)>');
    expect(await page.locator('h1').textContent()).toBe('Search results for "<img src=x onerror=alert(1)>"');
    expect(await page.locator('main img').count()).toBe(0);
    await page.close();
  });
});

describe('hosted search service (a fake on 127.0.0.1)', () => {
  let fake: FakeSearchService;
  let hosted: E2eSite;

  beforeAll(async () => {
    const hit = {
      objectID: '1',
      url: 'https://docs.example.com/docs/guide/first/#custom-id',
      hierarchy: { lvl0: 'Guide', lvl1: 'First page', lvl2: 'Second heading', lvl3: null, lvl4: null, lvl5: null, lvl6: null },
      content: null,
      type: 'lvl2',
      _highlightResult: { hierarchy: { lvl0: { value: 'Guide', matchLevel: 'none', matchedWords: [] }, lvl1: { value: 'First page', matchLevel: 'none', matchedWords: [] }, lvl2: { value: 'Second <mark>heading</mark>', matchLevel: 'full', matchedWords: ['heading'] } } },
      _snippetResult: { hierarchy: { lvl2: { value: 'Second <mark>heading</mark>', matchLevel: 'full' } } },
    };
    fake = await startFakeSearchService(() => [hit]);
    const port = fake.port;
    hosted = await startSite('basic', {
      configPatch: (c) =>
        c.replace('search:\n', `search:\n  appId: TESTAPP\n  apiKey: test-search-key\n  indexName: fixture-docs\n  hosts:\n    - { url: "127.0.0.1:${port}", protocol: http }\n  replaceSearchResultPathname: { from: "^/docs/", to: "/docs/" }\n`),
    });
  });
  afterAll(async () => {
    await hosted.close();
    await fake.close();
  });

  it('sends one POST multi-index query per search with the levels, 20 hits and the contextual filters', async () => {
    const { page } = await openPage(hosted);
    await page.goto(`${hosted.origin}${hosted.base}guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await openModal(page);
    // One input event, one search: typed letter by letter, an earlier letter's request may come last.
    const before = fake.seen.length;
    await page.fill('.DocSearch-Input', 'heading');
    await page.waitForSelector('.DocSearch-Hit');
    expect(fake.seen.slice(before).filter((s) => s.method === 'POST')).toHaveLength(1);
    const request = fake.seen.filter((s) => s.method === 'POST').at(-1);
    expect(request?.path).toMatch(/^\/1\/indexes\/\*\/queries/);
    const body = request?.body as { requests: Record<string, unknown>[] };
    expect(body.requests).toHaveLength(1);
    const query = body.requests[0] ?? {};
    expect(query.indexName).toBe('fixture-docs');
    expect(query.query).toBe('heading');
    expect(query.hitsPerPage).toBe(20);
    expect(query.attributesToRetrieve).toEqual(['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url']);
    expect(query.facetFilters).toEqual(['language:en', 'docusaurus_tag:docs-default-current']);
    const auth = `${request?.path ?? ''} ${JSON.stringify(request?.headers ?? {})}`;
    expect(auth).toContain('test-search-key');
    expect(auth).toContain('TESTAPP');
    // The hosted service answers: its footer credit stays.
    expect(await page.locator('.DocSearch-Footer a[href*="algolia"]').isVisible()).toBe(true);
    // The hit's absolute URL on the hosted index is rewritten to open in this site.
    expect(await page.locator('.DocSearch-Hit a').first().getAttribute('href')).toBe('/docs/guide/first/#custom-id');
    await page.close();
  });

  it('serves the search page from the hosted service too', async () => {
    const { page } = await openPage(hosted);
    await page.goto(`${hosted.origin}${hosted.base}search/?q=heading`);
    await page.waitForSelector('.search-result');
    expect(await page.locator('.search-result__title').first().textContent()).toBe('First page');
    await page.close();
  });
});
