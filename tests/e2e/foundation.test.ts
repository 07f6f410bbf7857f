import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startSite, openPage, type E2eSite } from './setup.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe('the built site in Chromium', () => {
  it('loads the landing page and a doc page with no console errors and no hydration warnings', async () => {
    for (const route of ['', 'guide/first/']) {
      const { page, problems } = await openPage(site);
      await page.goto(`${site.origin}${site.base}${route}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.waitForTimeout(300);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('titles pages "page | site"', async () => {
    const { page } = await openPage(site);
    await page.goto(`${site.origin}${site.base}guide/first/`);
    expect(await page.title()).toBe('First page | Fixture Docs');
    await page.goto(`${site.origin}${site.base}`);
    expect(await page.title()).toBe('Fixture Docs');
    await page.close();
  });

  it('follows a sidebar link without reloading the document, and back returns', async () => {
    const { page, problems } = await openPage(site);
    await page.goto(`${site.origin}${site.base}guide/first/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 42));
    await page.click('.doc-layout__sidebar a:has-text("Second page")');
    await page.waitForURL(`**${site.base}guide/second/`);
    await page.waitForSelector('h1:has-text("Second page")');
    expect(await page.title()).toBe('Second page | Fixture Docs');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    await page.goBack();
    await page.waitForSelector('h1:has-text("First page")');
    expect(page.url()).toBe(`${site.origin}${site.base}guide/first/`);
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(42);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('strips .html and /index.html in client navigation', async () => {
    const { page } = await openPage(site);
    await page.goto(`${site.origin}${site.base}guide/second.html`);
    await page.waitForSelector('h1:has-text("Second page")');
    await page.goto(`${site.origin}${site.base}guide/first/index.html`);
    await page.waitForSelector('h1:has-text("First page")');
    await page.close();
  });
});
