/**
 * WCAG 2.2 AA in full: axe-core with every rule tagged wcag2a, wcag2aa, wcag21a, wcag21aa and
 * wcag22aa, plus "label in name" (label-content-name-mismatch, which axe still files as
 * experimental), reports no violation of any impact on every kind of page, in both colour modes —
 * on the fixture with code blocks, tabs and category pages, and on the real 5.4 SP1 site.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { openPage, type E2eSite } from './setup.ts';
import { startReaderSite } from './reader-site.ts';
import { startRealSite } from './real-site.ts';

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  return results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 4).join(', ')}`);
}

/**
 * axe reads every node of the page: the real API page (about 500 KB of HTML) took 15 s on one CI
 * machine and 44 s on a slower one, near vitest's 60 s default. A test that runs out of time here
 * says nothing about accessibility.
 */
const AXE_TIMEOUT_MS = 240_000;

/** [kind of page, route, viewport width (desktop unless given)] */
type PageToCheck = readonly [string, string, number?, string?];

function checkEveryPage(name: string, start: () => Promise<E2eSite>, pages: readonly PageToCheck[]): void {
  describe(`WCAG 2.2 AA on the ${name}`, () => {
    let site: E2eSite;
    beforeAll(async () => {
      site = await start();
    });
    afterAll(() => site?.close());

    for (const [kind, route, width = 1280, click] of pages) {
      for (const mode of ['dark', 'light'] as const) {
        it(`${kind} page (${mode}) has no violation`, async () => {
          const { page } = await openPage(site, { viewport: { width, height: 900 } });
          await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
          await page.goto(`${site.origin}${site.base}${route}`);
          await page.waitForSelector('html[data-hydrated="true"]');
          if (click) await page.click(click);
          await page.waitForTimeout(kind === 'API' ? 1500 : 300);
          expect(await violations(page)).toEqual([]);
          await page.close();
        }, AXE_TIMEOUT_MS);
      }
    }
  });
}

checkEveryPage('fixture', startReaderSite, [
  ['landing', ''],
  ['doc', 'guide/first/'],
  ['code and tabs', 'guide/third/'],
  ['category', 'reference/'],
  ['search', 'search/?q=hub'],
  ['API', 'api/'],
  ['404', 'no-such-page/'],
]);

checkEveryPage('real site', startRealSite, [
  ['landing', ''],
  ['doc', 'installations/installing-5-4-sp1/'],
  ['doc on a phone', 'user-guide/what-is/system-overview/', 390],
  ['doc on a phone, navigation drawer open,', 'user-guide/what-is/system-overview/', 390, 'button[aria-label="Toggle navigation bar"]'],
  ['search', 'search/?q=licence'],
  ['API', 'rhubapi/'],
  ['404', 'no-such-page/'],
]);
