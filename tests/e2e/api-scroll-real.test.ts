/**
 * A reader of the real site's API reference who jumped to an operation, read on, left and came
 * back: the place they were reading comes back, not the operation the address names. In Debian
 * Chromium against the site built into a temporary folder and served on 127.0.0.1.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, openRoute, openApiRoute, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startRealSite();
});
afterAll(() => site?.close());

const API = 'rhubapi/';
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
const savedY = (page: Page) => page.evaluate(() => (window.history.state as { scrollY?: number } | null)?.scrollY);

/** Jumps from the column to an operation, then scrolls back up by the wheel; returns where the reader is. */
async function readAboveAnOperation(page: Page): Promise<number> {
  await openApiRoute(site, page, API);
  await page.locator('a[href$="#operation/createRenderer"]').first().click();
  await page.waitForURL(/#operation\/createRenderer$/);
  const atTarget = await scrollY(page);
  expect(atTarget).toBeGreaterThan(5000);
  await page.mouse.move(700, 400);
  for (let i = 0; i < 5; i++) await page.mouse.wheel(0, -1000);
  await expect.poll(() => scrollY(page)).toBeLessThan(atTarget - 3000);
  // The wheel's scrolls may still be arriving: the reader's place is where they stop.
  let reading = -1;
  await expect.poll(async () => {
    const before = reading;
    reading = await scrollY(page);
    await page.waitForTimeout(300);
    return before === reading && reading === (await scrollY(page));
  }).toBe(true);
  // The position is written into the entry once scrolling pauses.
  await expect.poll(() => savedY(page)).toBe(reading);
  return reading;
}

describe('API reference: coming back to an entry with an #operation anchor', () => {
  it('a reload, Back from another route and Back from a full page load return to where the reader was, not to the operation', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    const reading = await readAboveAnOperation(page);

    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    await expect.poll(() => scrollY(page)).toBe(reading);
    expect(page.url()).toMatch(/#operation\/createRenderer$/);

    // Another route through the client router, then Back.
    await page.locator('.navbar a', { hasText: /^Documentation$/ }).first().click();
    await page.waitForURL((url) => !url.pathname.endsWith(`/${API}`));
    await page.waitForSelector('h1');
    await page.goBack();
    await page.waitForSelector('html[data-api-ready]');
    await expect.poll(() => scrollY(page)).toBe(reading);

    // Another document loaded in full, then Back.
    await page.goto(`${site.origin}${site.base}faq/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.goBack();
    await page.waitForSelector('html[data-api-ready]');
    await expect.poll(() => scrollY(page)).toBe(reading);

    // Following the anchor anew still goes to the operation.
    await page.locator('a[href$="#operation/createRenderer"]').first().click();
    await expect.poll(() => scrollY(page)).toBeGreaterThan(reading + 3000);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('API reference: Back and Forward between two anchors of the page, and the column', () => {
  const marked = (page: Page) => page.evaluate(() => document.querySelector('.api-nav [aria-current="location"]')?.getAttribute('href') ?? '');
  /** The section whose top has passed below the navbar: what the reader is reading. */
  const reading = (page: Page) =>
    page.evaluate(() => {
      const sections = [...document.querySelectorAll<HTMLElement>('section[id^="operation/"], section[id^="schema/"], section[id^="tag/"]')];
      return sections.filter((s) => s.getClientRects().length > 0 && s.getBoundingClientRect().top <= 120).pop()?.id ?? '';
    });

  it('each entry comes back where it was read, not at its anchor; after a reload the column marks what is read', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, `${API}#operation/listEngines`);
    // Opened from an address, the operation's heading has the focus (a screen reader names it).
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^List/);
    await page.evaluate(() => window.scrollBy(0, 700));
    const readA = await scrollY(page);
    await expect.poll(() => savedY(page)).toBe(readA);
    // Clicked where it is: Playwright's click would first scroll the window to bring the link into view.
    await page.locator('.api-nav a[href$="#operation/getGraph"]').first().evaluate((link: HTMLElement) => link.click());
    await page.waitForURL(/#operation\/getGraph$/);
    await page.evaluate(() => window.scrollBy(0, 900));
    const readB = await scrollY(page);
    await expect.poll(() => savedY(page)).toBe(readB);

    await page.goBack();
    await page.waitForURL(/#operation\/listEngines$/);
    await expect.poll(() => scrollY(page)).toBe(readA);
    await page.waitForTimeout(300); // nothing moves it on to the anchor afterwards
    expect(await scrollY(page)).toBe(readA);
    await page.goForward();
    await page.waitForURL(/#operation\/getGraph$/);
    await expect.poll(() => scrollY(page)).toBe(readB);

    // A reload: the layout changes once the page's code runs, the position comes back, and the
    // column marks the section read, with no scroll to tell it.
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    await expect.poll(() => scrollY(page)).toBe(readB);
    const read = await reading(page);
    expect(read).not.toBe('');
    await expect.poll(() => marked(page)).toBe(`#${read}`);
    expect(problems).toEqual([]);
    await page.close();
  });
});

