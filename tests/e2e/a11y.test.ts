/**
 * WCAG 2.2 AA in full, and more: every rule of axe-core (those tagged wcag2a, wcag2aa, wcag21a,
 * wcag21aa and wcag22aa, and its best practices), plus "label in name"
 * (label-content-name-mismatch, which axe still files as experimental), reports no violation of any impact on every kind of page, in both colour modes —
 * on the fixture with code blocks, tabs and category pages, and on the real 5.4 SP1 site; and in the
 * search dialog while open, with hits and with none, on a desktop and on a phone.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { openPage, type E2eSite } from './setup.ts';
import { startReaderSite } from './reader-site.ts';
import { startRealSite } from './real-site.ts';

/** A finding left to a library, by rule and the elements it may name (see where it is used). */
interface KnownFinding {
  rule: string;
  selector: string;
}

async function violations(page: Page, known: readonly KnownFinding[] = []): Promise<string[]> {
  // No tag filter: the builder's options() replaces the rules withTags() would choose, so every
  // rule runs (the pages pass the best practices too), the experimental one turned on.
  const results = await new AxeBuilder({ page }).options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
  const found: string[] = [];
  for (const v of results.violations) {
    const nodes: string[] = [];
    for (const node of v.nodes) {
      const target = node.target.join(' ');
      const selectors = known.filter((k) => k.rule === v.id).map((k) => k.selector);
      const excused = selectors.length > 0 && (await page.locator(target).first().evaluate((el, list) => list.some((s) => el.matches(s)), selectors));
      if (!excused) nodes.push(target);
    }
    if (nodes.length > 0) found.push(`${v.id} (${v.impact}): ${nodes.slice(0, 4).join(', ')}`);
  }
  return found;
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

/**
 * DocSearch renders each hit as `<li role="option">` holding the hit's link (its own default hit and
 * docsgen's hitComponent alike), so axe finds a focusable link inside an option (nested-interactive).
 * The option's link is what gives hits a real URL (open in a new tab, copy the address), and
 * DocSearch's listbox markup is not ours to change: that rule, for those elements only, is left to
 * the library. Every other rule, and this one for every other element, still applies.
 */
const DOCSEARCH_HIT_OPTIONS: KnownFinding = { rule: 'nested-interactive', selector: 'li.DocSearch-Hit[role="option"]' };

/** [query with hits, query with none] typed into the search dialog. */
type DialogQueries = readonly [string, string];

/**
 * The search dialog while open, opened with Ctrl+K on a doc page: with hits (the first selected, as
 * DocSearch shows them) and then on the "No results" screen (suggestions, the missing-results link),
 * in both colour modes, on a desktop and on a phone.
 */
function checkSearchDialog(name: string, start: () => Promise<E2eSite>, route: string, [hits, none]: DialogQueries): void {
  describe(`WCAG 2.2 AA in the search dialog on the ${name}`, () => {
    let site: E2eSite;
    beforeAll(async () => {
      site = await start();
    });
    afterAll(() => site?.close());

    for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
      for (const mode of ['dark', 'light'] as const) {
        it(`with hits and with no results (${mode}, ${viewport.width}×${viewport.height}) has no violation`, async () => {
          const { page } = await openPage(site, { viewport });
          await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
          await page.goto(`${site.origin}${site.base}${route}`);
          await page.waitForSelector(`html[data-hydrated="true"][data-theme="${mode}"]`);
          await page.keyboard.press('Control+k');
          await page.waitForSelector('.DocSearch-Modal .DocSearch-Input:focus');
          await page.keyboard.type(hits);
          await page.waitForSelector(`.docsearch-see-all[href$="?q=${encodeURIComponent(hits)}"]`);
          await page.waitForSelector('.DocSearch-Hit[aria-selected="true"]');
          await page.waitForTimeout(300);
          expect(await violations(page, [DOCSEARCH_HIT_OPTIONS]), 'with hits').toEqual([]);
          await page.keyboard.type(none);
          await page.waitForSelector('.DocSearch-NoResults .DocSearch-Prefill');
          await page.waitForTimeout(300);
          expect(await violations(page), 'no results').toEqual([]);
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

checkSearchDialog('fixture', startReaderSite, 'guide/first/', ['hub', 'qxzvw']);
checkSearchDialog('real site', startRealSite, 'faq/glossary/', ['mos', 'xqzzv']);
