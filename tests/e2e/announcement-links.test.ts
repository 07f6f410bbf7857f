/**
 * The announcement bar's links in Chromium under a base other than the fixture's: written as site
 * paths in config.yaml, they open the right pages (client navigation and a full load alike).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';

const BAR = 'content: \'New: <a href="/guide/second/">the second page</a> and <a href="/reference/glossary/#hub">the hub</a>\'';

describe('announcement bar links under the base /docs/v5/', () => {
  let site: E2eSite;
  beforeAll(async () => {
    site = await startSite('basic', { configPatch: (c) => c.replace('baseUrl: /docs/', 'baseUrl: /docs/v5/').replace('content: Fixture announcement', BAR) });
  });
  afterAll(() => site.close());

  it('carries the base in its links, and each opens its page on a full load', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'reference/deep/long/');
    const hrefs = await page.locator('.announcement__content a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/docs/v5/guide/second/', '/docs/v5/reference/glossary/#hub']);
    for (const href of hrefs) {
      const response = await page.request.get(`${site.origin}${href ?? ''}`);
      expect(response.status(), href ?? '').toBe(200);
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens the right pages when clicked, from a page deep in the site', async () => {
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'reference/deep/long/');
    await page.click('.announcement__content a:has-text("the second page")');
    await page.waitForURL(`${site.origin}/docs/v5/guide/second/`);
    expect(await page.locator('main h1').textContent()).toBe('Second page');
    await page.click('.announcement__content a:has-text("the hub")');
    await page.waitForURL(`${site.origin}/docs/v5/reference/glossary/#hub`);
    expect(await page.locator('main h1').textContent()).toBe('Glossary');
    await page.waitForFunction(() => {
      const top = document.getElementById('hub')?.getBoundingClientRect().top;
      return top !== undefined && top >= 0 && top < window.innerHeight;
    });
    expect(problems).toEqual([]);
    await page.close();
  });
});
