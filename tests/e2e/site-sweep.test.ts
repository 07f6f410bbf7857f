/**
 * The whole real site in Chromium: every page it lists loads and hydrates with no error and no
 * failed request, fits a phone's width, and a reader can walk every doc from the first to the last with "Next" (client
 * navigation, the sidebar following), then back with "Previous" and the browser's Back.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openPage, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startRealSite();
}, 180_000);
afterAll(() => site.close());

/** Every URL path the sitemap lists. */
async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile(path.join(site.dir, 'out/sitemap.xml'), 'utf8');
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
}

/** Requests of this origin that failed or answered an error while `page` was open. */
function watchRequests(page: Page): string[] {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(site.origin) && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    // A prefetch or a chunk cancelled by the next navigation is not a failure.
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failed.push(`${request.failure()?.errorText} ${request.url()}`);
  });
  return failed;
}

const brokenImages = (page: Page) =>
  page.evaluate(() => [...document.images].filter((img) => img.complete && img.naturalWidth === 0 && img.getAttribute('src')).map((img) => img.getAttribute('src')));

describe('the whole real site', () => {
  it('loads every page of the sitemap: hydrated, titled, no console error, failed request or broken image', async () => {
    const paths = await sitemapPaths();
    expect(paths.length).toBeGreaterThan(150);
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 900 } });
    const failed = watchRequests(page);
    const report: string[] = [];
    for (const pathname of paths) {
      await page.goto(`${site.origin}${pathname}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      const title = await page.title();
      const h1 = (await page.locator('h1').first().textContent())?.trim() ?? '';
      const broken = await brokenImages(page);
      if (!title || !h1 || broken.length > 0) report.push(`${pathname}: title "${title}", h1 "${h1}", broken images ${broken.join(', ')}`);
      // The sidebar marks the page shown (a doc has one link with aria-current="page", to itself).
      const current = await page.locator('.doc-layout__sidebar a[aria-current="page"]').evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      if (current.length > 0 && (current.length !== 1 || current[0] !== pathname)) report.push(`${pathname}: the sidebar marks ${current.join(', ')}`);
    }
    await page.waitForTimeout(300);
    expect(report).toEqual([]);
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('fits every page in a 360 px phone screen: nothing makes the page scroll sideways', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const overflowing: string[] = [];
    for (const pathname of await sitemapPaths()) {
      await page.goto(`${site.origin}${pathname}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      // Wide tables and code scroll inside their own boxes; the page itself never does.
      // Not innerWidth: a phone browser widens its layout viewport to fit content that overflows.
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.screen.width }));
      if (widths.page > widths.screen) overflowing.push(`${pathname}: ${widths.page} px wide`);
    }
    // The search page with results whose snippets hold long unbroken paths (/api/rest/v1/playout/…/{itemId}/…).
    for (const query of ['rundown', 'mos']) {
      await page.goto(`${site.origin}${site.base}search/?q=${query}`);
      await page.waitForSelector('.search-result__snippet');
      const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.screen.width }));
      if (widths.page > widths.screen) overflowing.push(`search/?q=${query}: ${widths.page} px wide`);
    }
    expect(overflowing).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);

  it('walks every doc with Previous to the first, then Next to the last, by client navigation, and Back retraces the steps', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 900 } });
    const failed = watchRequests(page);
    const paths = await sitemapPaths();
    await page.goto(`${site.origin}${paths.find((p) => p.includes('/user-guide/')) ?? paths[1]}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const sameDocument = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
    /** Clicks the pagination link `which`; returns the path it went to, or undefined when there is none. */
    const step = async (which: 'prev' | 'next'): Promise<string | undefined> => {
      const link = page.locator(`.pagination-nav__link--${which}`);
      if ((await link.count()) === 0) return undefined;
      const target = new URL((await link.getAttribute('href')) ?? '', page.url()).pathname;
      await link.click();
      await page.waitForFunction((expected) => location.pathname === expected && document.querySelector('h1') !== null, target);
      await page.waitForFunction((expected) => document.querySelector('.doc-layout__sidebar a[aria-current="page"]')?.getAttribute('href') === expected, target);
      return target;
    };
    let steps = 0;
    while ((await step('prev')) !== undefined) steps++;
    const first = new URL(page.url()).pathname;
    const walked = [first];
    for (let next = await step('next'); next !== undefined; next = await step('next')) {
      expect(walked, `${next} reached twice: the reading order loops`).not.toContain(next);
      walked.push(next);
    }
    expect(steps).toBeGreaterThan(10);
    expect(await sameDocument()).toBe(true); // no click loaded a document
    // The reading order covers every doc page of the sitemap (all but the landing, search and API pages).
    const docs = paths.filter((p) => p !== site.base && !p.endsWith('/search/') && !p.includes('/rhubapi/'));
    expect([...docs].sort()).toEqual([...walked].sort());
    // Back, three times, retraces the last steps.
    for (const expected of walked.slice(-4, -1).reverse()) {
      await page.goBack();
      await page.waitForFunction((path) => location.pathname === path, expected);
      await page.waitForFunction((path) => document.querySelector('.doc-layout__sidebar a[aria-current="page"]')?.getAttribute('href') === path, expected);
    }
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  }, 300_000);
});
