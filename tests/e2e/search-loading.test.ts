/**
 * The first search on a slow link (issue 16, item 5), in Chromium: the dialog opens in the same
 * task as the shortcut with a loading state, keeps every keystroke while the modal's code and the
 * index load, hands the whole query to DocSearch, and the modal's code is preloaded when the
 * pointer or focus reaches the search button. Order and state are asserted, never durations.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

const MODAL_CHUNK = /\/assets\/search-[A-Z0-9]+\.js$/;

/** Records, in order, the shell and the modal appearing and the target of every key pressed. */
async function recordOrder(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: string[] = [];
    (window as unknown as { __searchLog: string[] }).__searchLog = log;
    const seen = new Set<string>();
    new MutationObserver(() => {
      for (const [name, selector] of [['shell', '.search-shell'], ['modal', '.DocSearch-Modal']] as const) {
        if (!seen.has(name) && document.querySelector(selector)) {
          seen.add(name);
          log.push(name);
        }
      }
    }).observe(document, { childList: true, subtree: true });
    window.addEventListener('keydown', (e) => log.push(`key ${e.key} → ${(e.target as HTMLElement).className || (e.target as HTMLElement).tagName}`), true);
  });
}
const orderOf = (page: Page) => page.evaluate(() => (window as unknown as { __searchLog: string[] }).__searchLog);

/** Holds the modal's chunk until `release` is called. */
async function holdModalChunk(page: Page): Promise<{ release: () => void; requested: Promise<void> }> {
  let release = () => undefined as void;
  let requested = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const seen = new Promise<void>((resolve) => (requested = resolve));
  await page.route(MODAL_CHUNK, async (route: Route) => {
    requested();
    await gate;
    await route.continue();
  });
  return { release, requested: seen };
}

describe('first search while the modal loads', () => {
  it('opens at once with a loading state, keeps what is typed, and hands the whole query to DocSearch', async () => {
    const { page, problems } = await openPage(site);
    await recordOrder(page);
    const chunk = await holdModalChunk(page);
    await openRoute(site, page, 'guide/');
    await page.keyboard.press('/');
    const shell = page.locator('.search-shell[role="dialog"]');
    await shell.waitFor();
    expect(await page.locator('.search-shell [role="status"]').textContent()).toContain('Loading search');
    await chunk.requested;
    await page.keyboard.type('second head');
    // The code is still held: the reader's keystrokes are all in the shell.
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    expect(await page.inputValue('.search-shell__input')).toBe('second head');
    chunk.release();
    await page.waitForSelector('.DocSearch-Modal');
    expect(await page.locator('.search-shell').count()).toBe(0);
    expect(await page.inputValue('.DocSearch-Input')).toBe('second head');
    // The caret is at the end: typing goes on where the reader stopped.
    await page.keyboard.type('ing');
    expect(await page.inputValue('.DocSearch-Input')).toBe('second heading');
    await page.waitForSelector('.DocSearch-Hit-title:has-text("Second heading")');
    const order = await orderOf(page);
    expect(order.indexOf('shell')).toBeLessThan(order.indexOf('modal'));
    expect(order.filter((l) => l.startsWith('key ') && !l.startsWith('key /')).every((l) => /search-shell__input|DocSearch-Input/.test(l))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('is an accessible dialog while loading, in both colour modes (axe, WCAG 2.2 AA)', async () => {
    for (const scheme of ['dark', 'light'] as const) {
      const { page } = await openPage(site, { colorScheme: scheme });
      const chunk = await holdModalChunk(page);
      await openRoute(site, page, 'guide/');
      await page.evaluate((mode) => document.documentElement.setAttribute('data-theme', mode), scheme);
      await page.keyboard.press('Control+k');
      await page.locator('.search-shell').waitFor();
      await page.keyboard.type('abc');
      const results = await new AxeBuilder({ page }).include('.search-shell').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), scheme).toEqual([]);
      expect(await page.locator('.search-shell').getAttribute('aria-modal')).toBe('true');
      // Tab keeps the focus in the dialog.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.className)).toBe('search-shell__input');
      chunk.release();
      await page.close();
    }
  });

  it('with Escape before the code arrives, closes and stays closed', async () => {
    const { page } = await openPage(site);
    const chunk = await holdModalChunk(page);
    await openRoute(site, page, 'guide/');
    await page.locator('h1').click();
    await page.keyboard.press('Control+k');
    await page.locator('.search-shell').waitFor();
    await page.keyboard.type('abc');
    await page.keyboard.press('Escape');
    expect(await page.locator('.search-shell').count()).toBe(0);
    chunk.release();
    await page.waitForResponse(MODAL_CHUNK).catch(() => undefined);
    await page.waitForTimeout(300);
    expect(await page.locator('.DocSearch-Modal').count()).toBe(0);
    // The next shortcut opens the modal directly, empty.
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    expect(await page.inputValue('.DocSearch-Input')).toBe('');
    await page.close();
  });

  it('on a throttled 4G link with a 4× slower CPU, keeps a query typed right after the shortcut', async () => {
    const { page } = await openPage(site);
    await recordOrder(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await openRoute(site, page, 'guide/');
    await page.keyboard.press('Control+k');
    await page.keyboard.type('second heading');
    await page.waitForSelector('.DocSearch-Hit-title:has-text("Second heading")', { timeout: 60_000 });
    expect(await page.inputValue('.DocSearch-Input')).toBe('second heading');
    const order = await orderOf(page);
    // The shell was there before the first letter was typed, and took every letter until the modal came.
    const firstLetter = order.findIndex((l) => l.startsWith('key s '));
    expect(order.indexOf('shell')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('shell')).toBeLessThan(firstLetter);
    expect(order.indexOf('shell')).toBeLessThan(order.indexOf('modal'));
    const typed = order.slice(order.indexOf('shell')).filter((l) => /^key [a-z ] /.test(l));
    expect(typed, order.join('\n')).toHaveLength('second heading'.length);
    expect(typed.every((l) => /→ (search-shell__input|DocSearch-Input)/.test(l)), order.join('\n')).toBe(true);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await page.close();
  });
});

describe('preloading', () => {
  it('fetches the modal code and the index entry when the pointer reaches the search button, then opens without the loading frame', async () => {
    const { page } = await openPage(site);
    await recordOrder(page);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await openRoute(site, page, 'guide/');
    await page.waitForTimeout(200);
    expect(requested.some((u) => MODAL_CHUNK.test(u) || u.includes('search-index/'))).toBe(false);
    const chunk = page.waitForResponse(MODAL_CHUNK);
    const entry = page.waitForResponse(/search-index\/index\.json$/);
    await page.hover('button.search-button');
    await Promise.all([chunk, entry]);
    await page.waitForSelector('html[data-search-ready="true"]', { state: 'attached' });
    await page.click('button.search-button');
    await page.waitForSelector('.DocSearch-Modal');
    expect(await orderOf(page)).not.toContain('shell');
    // The index entry was fetched once: the first search used the preloaded answer.
    await page.keyboard.type('glossary');
    await page.waitForSelector('.DocSearch-Hit');
    expect(requested.filter((u) => u.endsWith('/index.json')).length).toBe(1);
    await page.close();
  });

  it('fetches them when keyboard focus reaches the search button', async () => {
    const { page } = await openPage(site);
    await openRoute(site, page, 'guide/');
    const chunk = page.waitForResponse(MODAL_CHUNK);
    await page.focus('button.search-button');
    await chunk;
    await page.close();
  });
});
