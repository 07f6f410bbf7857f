/**
 * The XSS payload corpus in real Chromium: a site built with one page per payload, served by
 * docsgen's server with the Content-Security-Policy taken off (header and meta tag), so only the
 * sanitizer stands between a payload and the reader. Every page is loaded, every link and summary
 * in its content clicked; `window.__xss` is never set and no dialog opens.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serveSite, openPage, type E2eSite } from './setup.ts';
import { copyFixture, runCli } from '../helpers.ts';
import { XSS_PAYLOADS } from '../markdown/xss-corpus.ts';

let site: E2eSite;

beforeAll(async () => {
  const dir = await copyFixture('basic');
  await mkdir(path.join(dir, 'content/xss'), { recursive: true });
  await writeFile(path.join(dir, 'content/xss/_category_.yaml'), 'label: XSS corpus\n');
  await Promise.all(
    XSS_PAYLOADS.map((payload, i) =>
      writeFile(path.join(dir, `content/xss/p${i}.md`), `---\ntitle: ${JSON.stringify(`Payload ${i}: ${payload.name}`)}\n---\n\nStart of page.\n\n${payload.markdown}\n\n[To the top](#__docsgen)\n`),
    ),
  );
  await writeFile(path.join(dir, 'content/xss/evil-title.md'), `---\ntitle: ${JSON.stringify('Evilsearch <img src=x onerror=window.__xss=1> title')}\n---\n\nEvilsearch body <b>text</b>.\n`);
  const filler = Array.from({ length: 80 }, (_, i) => `Paragraph ${i} of filler text that pushes the anchor below the fold.`).join('\n\n');
  await writeFile(path.join(dir, 'content/xss/legacy-anchor.md'), `---\ntitle: Legacy anchor\n---\n\n[Jump to the old anchor](#legacy)\n\n${filler}\n\n<a id="legacy"></a>Old anchored text.\n`);
  const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
  if (result.code !== 0) throw new Error(result.stderr);
  site = await serveSite(dir, path.join(dir, 'out'), '/docs/');
}, 180_000);
afterAll(() => site.close());

/** A page that records dialogs, aborts requests leaving 127.0.0.1 and loads HTML without any CSP. */
async function openUnprotected(): Promise<{ page: Page; dialogs: string[] }> {
  const { page } = await openPage(site);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.hostname !== '127.0.0.1') return route.abort();
    if (route.request().resourceType() !== 'document') return route.continue();
    const response = await fetch(url);
    const body = (await response.text()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
    return route.fulfill({ status: response.status, contentType: 'text/html; charset=utf-8', body });
  });
  return { page, dialogs };
}

const ranPayload = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss);
const pathOf = (url: string) => new URL(url).pathname;

async function load(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** Errors that mean a click's navigation was still under way, not that content misbehaved. */
const isNavigationRace = (error: unknown) => /Execution context was destroyed|interrupted by another navigation|net::ERR_ABORTED/.test((error as Error).message);

/**
 * Puts the page back on its payload's route with the marker cleared. A link clicked a moment ago
 * may still be navigating (a relative link to a missing page goes through the router's fallback),
 * so a step that loses that race waits and tries again rather than reporting the content.
 */
async function backOn(page: Page, route: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.waitForLoadState('load');
      if (pathOf(page.url()) !== pathOf(route)) await load(page, route);
      await page.evaluate(() => delete (window as unknown as { __xss?: unknown }).__xss);
      return;
    } catch (error) {
      if (attempt === 3 || !isNavigationRace(error)) throw error;
      await page.waitForTimeout(200);
    }
  }
}

describe('XSS corpus in Chromium, without the CSP', () => {
  it('no payload runs on load or when any of its links or summaries is clicked', async () => {
    const ran: string[] = [];
    const broken: string[] = [];
    const dialogs: string[] = [];
    let clicked = 0;
    for (const [i, payload] of XSS_PAYLOADS.entries()) {
      // A page per payload, so a navigation one payload's click started cannot reach the next one.
      const { page, dialogs: pageDialogs } = await openUnprotected();
      const route = `${site.origin}${site.base}xss/p${i}/`;
      try {
        await load(page, route);
        await page.waitForTimeout(50); // autofocus, ontoggle, onload, onerror and a meta refresh fire by now
        if (await ranPayload(page)) ran.push(`${payload.name} (on load)`);
        // A page that navigates away by itself (a meta refresh, a base URL) is content out of control too.
        if (pathOf(page.url()) !== pathOf(route)) broken.push(`${payload.name}: went to ${page.url()} by itself`);
        const targets = page.locator('#doc-content a, #doc-content summary');
        const count = await targets.count();
        for (let t = 0; t < count; t++) {
          await backOn(page, route);
          await targets.nth(t).click({ force: true, noWaitAfter: true, timeout: 2000 }).catch(() => undefined);
          clicked++;
          await page.waitForTimeout(30);
          if (await ranPayload(page).catch(() => undefined)) ran.push(`${payload.name} (click on link ${t})`);
        }
      } catch (error) {
        broken.push(`${payload.name}: ${(error as Error).message.split('\n')[0]}`);
      } finally {
        dialogs.push(...pageDialogs);
        await page.close();
      }
    }
    expect(ran).toEqual([]);
    expect(broken).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(clicked).toBeGreaterThan(XSS_PAYLOADS.length); // every page has its own link, most have the payload's
  }, 600_000);

  it('a link to a raw <a id> target scrolls there', async () => {
    const { page } = await openUnprotected();
    await page.goto(`${site.origin}${site.base}xss/legacy-anchor/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const target = page.locator('#legacy');
    expect(await target.count()).toBe(1);
    const inView = () => target.evaluate((el) => el.getBoundingClientRect().top >= 0 && el.getBoundingClientRect().top < window.innerHeight);
    expect(await inView()).toBe(false);
    await page.click('text=Jump to the old anchor');
    await page.waitForFunction(() => location.hash === '#legacy');
    await page.waitForTimeout(300);
    expect(await inView()).toBe(true);
    await page.close();
  });

  it('a hostile title stays text in the search modal and its highlighted hits', async () => {
    const { page, dialogs } = await openUnprotected();
    await page.goto(`${site.origin}${site.base}guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('Evilsearch');
    await page.waitForSelector('.DocSearch-Hit');
    await page.waitForTimeout(200);
    expect(await page.locator('.DocSearch-Modal img[src="x"]').count()).toBe(0);
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it("a hostile title stays text in the reader's recent searches: chosen, then the dialog opened again on another page", async () => {
    const { page, dialogs } = await openUnprotected();
    await load(page, `${site.origin}/docs/`);
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('Evilsearch');
    await page.waitForSelector('.DocSearch-Hit');
    // Choosing the hit saves it (without its highlight values) and opens its page.
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/xss\/evil-title\//);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal .DocSearch-Hit');
    await page.waitForTimeout(200);
    expect(await page.locator('.DocSearch-Modal img').count()).toBe(0);
    expect(await page.locator('.DocSearch-Modal').innerText()).toContain('Evilsearch <img src=x onerror=window.__xss=1> title');
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('recent searches stored raw before the fix are shown as text', async () => {
    const { page, dialogs } = await openUnprotected();
    await load(page, `${site.origin}/docs/`);
    await page.evaluate(() => {
      const stored = [{ objectID: '1', url: '/docs/guide/', url_without_anchor: '/docs/guide/', anchor: null, type: 'lvl1', content: null, hierarchy: { lvl0: 'Guide', lvl1: 'Stored <img src=x onerror=window.__xss=2> hit', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null } }];
      for (const key of Object.keys(localStorage).filter((k) => k.startsWith('__DOCSEARCH_RECENT_SEARCHES__'))) localStorage.removeItem(key);
      localStorage.setItem('__DOCSEARCH_RECENT_SEARCHES__local', JSON.stringify(stored));
    });
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal .DocSearch-Hit');
    await page.waitForTimeout(200);
    expect(await page.locator('.DocSearch-Modal img').count()).toBe(0);
    expect(await page.locator('.DocSearch-Modal').innerText()).toContain('Stored <img src=x onerror=window.__xss=2> hit');
    expect(await ranPayload(page)).toBeUndefined();
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
