/**
 * What a reader hits on the real 5.4 SP1 site (issue 16), in Debian Chromium against the site built
 * into a temporary folder and served on 127.0.0.1.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, openRoute, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startRealSite();
});
afterAll(() => site?.close());

const sidebar = (page: Page) => page.locator('.doc-layout__sidebar');

describe('sidebar after client navigation', () => {
  for (const [from, click, category] of [
    ['installations/system-requirements/network/', 'Distribution content', 'System requirements'],
    ['user-guide/user-management/advanced/groups/', 'Playout', 'User management'],
  ] as const) {
    it(`from ${from}, "${click}" leaves no category on "Loading…" (${category} keeps its items)`, async () => {
      const { page, problems } = await openPage(site, { viewport: { width: 1440, height: 900 } });
      await openRoute(site, page, from);
      await sidebar(page).locator('a', { hasText: new RegExp(`^${click}$`) }).first().click();
      await page.waitForURL(`**/${click.toLowerCase().replace(/ /g, '-')}/`);
      await page.waitForSelector(`h1:has-text("${click}")`);
      // Whatever stays open shows its items, at once or after fetching them; nothing waits forever.
      await page.waitForFunction(() => [...document.querySelectorAll('.doc-layout__sidebar .menu__loading')].every((el) => (el as HTMLElement).offsetParent === null), undefined, { timeout: 3000 });
      const open = sidebar(page).locator('.menu__category:not(.menu__category--collapsed)', { has: page.locator(`.menu__category-row >> text="${category}"`) });
      if ((await open.count()) > 0) expect(await open.first().locator('.menu__list a').count()).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
