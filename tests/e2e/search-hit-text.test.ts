/**
 * Titles, headings, descriptions and text in the search dialog, in Chromium, as a reader meets them
 * again: DocSearch inserts a hit's highlight value, or without one (the recent and favourite
 * searches it keeps in localStorage) the hit's own `hierarchy` and `content`, as HTML. A page titled
 * `<img src=x onerror=…>` must stay text there, on every later opening of the dialog, also for
 * searches a reader stored before the fix, and for what a hosted service returns.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage, openRoute, serveSite, type E2eSite } from './setup.ts';
import { startFakeSearchService, type FakeSearchService } from './fake-search-service.ts';
import { copyFixture, runCli } from '../helpers.ts';

const TITLE = "Zqtitle <img src=x onerror=window.__xss='title'>";
const DESCRIPTION = `Zqdesc "><img src=x onerror=window.__xss='desc'>`;
const HEADING = "Zqhead <img src=x onerror=window.__xss='head'>";
const SECTION = 'Zqsect & <b>Tricks</b>';
const FRAME = "Zqframe <iframe srcdoc='<script src=/docs/pwn.js></script>'></iframe>";
const REFRESH = "Zqmeta <meta http-equiv=refresh content='0;url=https://attacker.example/'>";

/** The fixture site with hostile titles, built once (and again with `search` pointing at a fake hosted service). */
async function buildSite(configPatch?: (text: string) => string): Promise<E2eSite> {
  const dir = await copyFixture('basic');
  const content = path.join(dir, 'content');
  await mkdir(path.join(content, 'evil'), { recursive: true });
  await writeFile(path.join(content, 'evil/_category_.yaml'), `label: ${JSON.stringify(SECTION)}\n`);
  await writeFile(
    path.join(content, 'evil/title.md'),
    `---\ntitle: ${JSON.stringify(TITLE)}\ndescription: ${JSON.stringify(DESCRIPTION)}\n---\n\nZqbody text & more \\<img src=x onerror=window.__xss='body'\\> here.\n\n## Zqhead \\<img src=x onerror=window.__xss='head'\\>\n\nUnder the heading.\n`,
  );
  await writeFile(path.join(content, 'evil/frame.md'), `---\ntitle: ${JSON.stringify(FRAME)}\n---\n\nA frame.\n`);
  await writeFile(path.join(content, 'evil/refresh.md'), `---\ntitle: ${JSON.stringify(REFRESH)}\n---\n\nA refresh.\n`);
  // A script of the site itself, which the CSP allows: what an injected `<iframe srcdoc>` would load.
  await writeFile(path.join(content, '_static/pwn.js'), "top.__xss = 'pwn';\n");
  if (configPatch) {
    const file = path.join(dir, 'config.yaml');
    await writeFile(file, configPatch(await readFile(file, 'utf8')));
  }
  const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
  if (result.code !== 0) throw new Error(result.stderr);
  return serveSite(dir, path.join(dir, 'out'), '/docs/');
}

/**
 * A page that records dialogs and requests leaving 127.0.0.1 (aborted), and unless `csp` ignores
 * the Content-Security-Policy, so that only the escaping stands between a title and the reader.
 */
async function openReader(site: E2eSite, { csp = false } = {}): Promise<{ page: Page; dialogs: string[]; left: string[] }> {
  const { page } = await openPage(site, csp ? {} : { bypassCSP: true });
  const dialogs: string[] = [];
  const left: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.hostname === '127.0.0.1') return route.continue();
    left.push(url.href);
    return route.abort();
  });
  return { page, dialogs, left };
}

const ranPayload = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);

/** What the dialog holds that content put there as markup (none of these belong in it). */
const injected = (page: Page) =>
  page.evaluate(() => ({
    img: document.querySelector('.DocSearch-Modal img[src="x"]') !== null,
    other: [...document.querySelectorAll('.DocSearch-Modal :is(img, iframe, meta, b, script, object, embed)')].map((el) => el.outerHTML),
  }));

async function openDialog(page: Page): Promise<void> {
  await page.keyboard.press('Control+k');
  await page.waitForSelector('.DocSearch-Modal');
}

/** Searches, chooses the first hit with Enter and waits for its page. */
async function choose(page: Page, query: string, route: RegExp): Promise<void> {
  await openDialog(page);
  await page.keyboard.type(query);
  // The hits of this query (not the recent searches shown before them).
  await page.waitForSelector(`.docsearch-see-all[href$="?q=${query}"]`);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.url()).toMatch(route);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** The dialog's start screen, with the recent (and favourite) searches, on the page shown now. */
async function reopen(page: Page): Promise<string> {
  await openDialog(page);
  await page.waitForSelector('.DocSearch-Modal .DocSearch-Hit');
  await page.waitForTimeout(200); // an injected image's error, an iframe's script, a refresh, by now
  return page.locator('.DocSearch-Modal').innerText();
}

describe('hostile titles in the search dialog (embedded index)', () => {
  let site: E2eSite;
  beforeAll(async () => {
    site = await buildSite();
  }, 180_000);
  afterAll(() => site?.close());

  it("stay text in the reader's recent and favourite searches: chosen, then the dialog opened again on another page", async () => {
    const { page, dialogs } = await openReader(site);
    await openRoute(site, page, 'guide/');
    await choose(page, 'Zqtitle', /\/docs\/evil\/title\/$/);
    let shown = await reopen(page);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    expect(shown).toContain(TITLE);
    expect(shown).toContain(DESCRIPTION);
    await page.keyboard.press('Escape');

    await openRoute(site, page, 'guide/');
    await choose(page, 'Zqhead', /\/docs\/evil\/title\/#/);
    shown = await reopen(page);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    expect(shown).toContain(HEADING);
    expect(shown).toContain(TITLE);

    // Saved as a favourite, then shown from that list on the next opening.
    await page.locator('.DocSearch-Modal button[title="Save this search"]').first().click();
    await page.waitForSelector('.DocSearch-Hit-source:has-text("Favorite")');
    await page.keyboard.press('Escape');
    await openRoute(site, page, 'guide/');
    shown = await reopen(page);
    expect(await page.locator('.DocSearch-Hit-source:has-text("Favorite")').count()).toBe(1);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    expect(shown).toContain(HEADING);
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('show the section, title, heading and text of live hits with the characters written, once', async () => {
    const { page, dialogs } = await openReader(site);
    await openRoute(site, page, 'guide/');
    await openDialog(page);
    await page.keyboard.type('Zqbody');
    await page.waitForSelector('.DocSearch-Hit');
    await page.waitForTimeout(200);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    // DocSearch shows the group's title (the section) as text: no entity shows.
    expect(await page.locator('.DocSearch-Hit-source').first().innerText()).toBe(SECTION);
    expect(await page.locator('.DocSearch-Modal').innerText()).toContain("Zqbody text & more <img src=x onerror=window.__xss='body'> here.");
    await page.fill('.DocSearch-Input', 'Zqhead');
    await page.waitForSelector('.DocSearch-Hit-title:has-text("Zqhead")');
    await page.waitForTimeout(200);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    expect(await page.locator('.DocSearch-Hit-title').first().innerText()).toBe(HEADING);
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('the search page shows them as text, with the characters written, once', async () => {
    const { page, dialogs } = await openReader(site);
    await openRoute(site, page, 'search/?q=Zqhead');
    await page.waitForSelector('.search-result');
    await page.waitForTimeout(200);
    expect(await page.locator('.search-result__title').first().innerText()).toBe(TITLE);
    expect(await page.locator('.search-result__path').first().innerText()).toBe(SECTION);
    expect(await page.locator('.search-result__heading').first().innerText()).toBe(HEADING);
    expect(await page.evaluate(() => document.querySelector('main img[src="x"], main b'))).toBeNull();
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it("under docsgen's CSP, a title's iframe or meta refresh is never inserted: no same-site script runs, the page stays", async () => {
    for (const [query, route, title] of [['Zqframe', /\/docs\/evil\/frame\/$/, FRAME], ['Zqmeta', /\/docs\/evil\/refresh\/$/, REFRESH]] as const) {
      const { page, dialogs, left } = await openReader(site, { csp: true });
      await openRoute(site, page, 'guide/');
      await choose(page, query, route);
      const shown = await reopen(page);
      await page.waitForTimeout(300);
      expect(await injected(page), query).toEqual({ img: false, other: [] });
      expect(shown).toContain(title);
      expect(page.url()).toMatch(route);
      expect(left).toEqual([]);
      expect(await ranPayload(page)).toBeUndefined();
      expect(dialogs).toEqual([]);
      await page.close();
    }
  });

  it('recent and favourite searches a reader stored raw before the fix are shown as text; those stored escaped, unchanged', async () => {
    const { page, dialogs } = await openReader(site);
    await openRoute(site, page, 'guide/');
    const hit = (id: string, type: string, hierarchy: Record<string, string>, content: string | null = null) => ({
      objectID: id,
      url: `/docs/guide/#${id}`,
      url_without_anchor: '/docs/guide/',
      anchor: id,
      type,
      content,
      hierarchy: { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null, ...hierarchy },
    });
    await page.evaluate(
      ([recent, favourite]) => {
        localStorage.clear();
        localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__local', JSON.stringify(recent));
        localStorage.setItem('__DOCSEARCH_FAVORITE_SEARCHES__local', JSON.stringify(favourite));
      },
      [
        [
          hit('r1', 'lvl1', { lvl0: 'Guide', lvl1: "Stored <img src=x onerror=window.__xss='r1'> title" }, "Stored <img src=x onerror=window.__xss='r1c'> text"),
          hit('r2', 'lvl2', { lvl0: 'Guide', lvl1: 'Page', lvl2: "Stored <iframe srcdoc='<script>top.__xss=1</script>'></iframe> heading" }),
          // Stored by the fixed dialog: escaped text, shown once unescaped.
          hit('r3', 'lvl1', { lvl0: 'Guide', lvl1: 'Fixed &amp; escaped &lt;b&gt; title' }),
        ],
        [hit('f1', 'lvl1', { lvl0: 'Guide', lvl1: "Favourite <img src=x onerror=window.__xss='f1'> title" })],
      ] as const,
    );
    const shown = await reopen(page);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    expect(shown).toContain("Stored <img src=x onerror=window.__xss='r1'> title");
    expect(shown).toContain("Stored <img src=x onerror=window.__xss='r1c'> text");
    expect(shown).toContain("Stored <iframe srcdoc='<script>top.__xss=1</script>'></iframe> heading");
    expect(shown).toContain('Fixed & escaped <b> title');
    expect(shown).toContain("Favourite <img src=x onerror=window.__xss='f1'> title");
    const stored = await page.evaluate(() => localStorage.getItem('__DOCSEARCH_RECENT_SEARCHES__local'));
    expect(stored).toContain('Fixed &amp; escaped &lt;b&gt; title');
    expect(stored).not.toContain('<img');
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });
});

describe('hostile titles from a hosted service (a fake on 127.0.0.1)', () => {
  let fake: FakeSearchService | undefined;
  let site: E2eSite;
  const highlight = (value: string) => ({ value, matchLevel: 'full', matchedWords: [] });
  // A record docsgen exported, as the service returns it: as uploaded, with <mark> around matches.
  const raw = {
    objectID: 'raw-1',
    url: 'https://fixture.example.com/docs/evil/title/',
    hierarchy: { lvl0: 'Hosted & raw', lvl1: "Zqhosted <img src=x onerror=window.__xss='hosted'> title", lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: "Zqhosted <img src=x onerror=window.__xss='hostedc'> text",
    type: 'lvl1',
    _highlightResult: {
      hierarchy: { lvl0: highlight('Hosted & raw'), lvl1: highlight("<mark>Zqhosted</mark> <img src=x onerror=window.__xss='hl'> title") },
      content: highlight("<mark>Zqhosted</mark> <img src=x onerror=window.__xss='hlc'> text"),
    },
    _snippetResult: {
      hierarchy: { lvl1: highlight("<mark>Zqhosted</mark> <img src=x onerror=window.__xss='sn'> title") },
      content: highlight("<mark>Zqhosted</mark> <img src=x onerror=window.__xss='snc'> text"),
    },
  };
  // A record of a crawler that stores escaped text, as DocSearch's own records are.
  const escaped = {
    objectID: 'esc-1',
    url: 'https://fixture.example.com/docs/guide/',
    hierarchy: { lvl0: 'Crawled &amp; escaped', lvl1: 'Zqcrawled &amp; &lt;b&gt; title', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    content: null,
    type: 'lvl1',
    _highlightResult: { hierarchy: { lvl0: highlight('Crawled &amp; escaped'), lvl1: highlight('<mark>Zqcrawled</mark> &amp; &lt;b&gt; title') } },
    _snippetResult: { hierarchy: { lvl1: highlight('<mark>Zqcrawled</mark> &amp; &lt;b&gt; title') } },
  };

  beforeAll(async () => {
    const service = await startFakeSearchService((query) => (/crawled/i.test(query) ? [escaped] : /hosted/i.test(query) ? [raw] : []));
    fake = service;
    site = await buildSite((c) =>
      c.replace('search:\n', `search:\n  appId: TESTAPP\n  apiKey: test-search-key\n  indexName: fixture-docs\n  hosts:\n    - { url: "127.0.0.1:${service.port}", protocol: http }\n`),
    );
  }, 180_000);
  afterAll(async () => {
    await site?.close();
    await fake?.close();
  });

  it('a raw record stays text in live hits and in recent searches; an escaped one shows its characters once', async () => {
    const { page, dialogs } = await openReader(site);
    await openRoute(site, page, 'guide/');
    await openDialog(page);
    await page.keyboard.type('Zqhosted');
    await page.waitForSelector('.DocSearch-Hit');
    await page.waitForTimeout(200);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    let shown = await page.locator('.DocSearch-Modal').innerText();
    expect(shown).toContain("Zqhosted <img src=x onerror=window.__xss='sn'> title");
    expect(await page.locator('.DocSearch-Hit-source').first().innerText()).toBe('Hosted & raw');

    await page.fill('.DocSearch-Input', 'Zqcrawled');
    await page.waitForSelector('.DocSearch-Hit-title:has-text("Zqcrawled")');
    expect(await page.locator('.DocSearch-Hit-title').first().innerText()).toBe('Zqcrawled & <b> title');
    expect(await page.locator('.DocSearch-Hit-source').first().innerText()).toBe('Crawled & escaped');

    await page.fill('.DocSearch-Input', 'Zqhosted');
    await page.waitForSelector('.DocSearch-Hit-title:has-text("Zqhosted")');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/evil\/title\/$/, { waitUntil: 'commit' });
    await page.waitForSelector('html[data-hydrated="true"]');
    shown = await reopen(page);
    expect(await injected(page)).toEqual({ img: false, other: [] });
    expect(shown).toContain("Zqhosted <img src=x onerror=window.__xss='hosted'> title");
    expect(shown).toContain("Zqhosted <img src=x onerror=window.__xss='hostedc'> text");
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('the search page shows both as text, with their characters once', async () => {
    const { page, dialogs } = await openReader(site);
    await openRoute(site, page, 'search/?q=Zqhosted');
    await page.waitForSelector('.search-result');
    await page.waitForTimeout(200);
    expect(await page.locator('.search-result__title').first().innerText()).toBe("Zqhosted <img src=x onerror=window.__xss='hosted'> title");
    expect(await page.locator('.search-result__path').first().innerText()).toBe('Hosted & raw');
    await openRoute(site, page, 'search/?q=Zqcrawled');
    await page.waitForSelector('.search-result__title:has-text("Zqcrawled")');
    expect(await page.locator('.search-result__title').first().innerText()).toBe('Zqcrawled & <b> title');
    expect(await page.locator('.search-result__path').first().innerText()).toBe('Crawled & escaped');
    expect(await page.evaluate(() => document.querySelector('main img[src="x"]'))).toBeNull();
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
