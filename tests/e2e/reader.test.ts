/**
 * What a reader of a docs site expects (issue 16): navbar state, the sidebar and TOC under a hiding
 * navbar, code blocks, tabs, category pages, page metadata, back to top, the mobile drawer, in
 * Debian Chromium against the built fixture served on 127.0.0.1.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { openPage, openRoute, type E2eSite } from './setup.ts';
import { EDIT_URL, startReaderSite } from './reader-site.ts';

let site: E2eSite;
const ready = (page: Page, route = '') => openRoute(site, page, route);
beforeAll(async () => {
  site = await startReaderSite();
});
afterAll(() => site?.close());

describe('navbar state', () => {
  it('marks the docs item on doc pages and the API item on the API page, with aria-current', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    const guide = page.locator('.navbar__desktop-items a.navbar__link', { hasText: 'Guide' });
    const api = page.locator('.navbar__desktop-items a.navbar__link', { hasText: 'API' });
    await ready(page, 'reference/glossary/');
    expect(await guide.getAttribute('class')).toContain('navbar__link--active');
    expect(await guide.getAttribute('aria-current')).toBe('true');
    expect(await api.getAttribute('aria-current')).toBeNull();
    await api.click();
    await page.waitForSelector('html[data-page-kind]');
    await page.waitForFunction(() => document.querySelector('.navbar__desktop-items a[aria-current="page"]')?.textContent === 'API');
    expect(await guide.getAttribute('aria-current')).toBeNull();
    expect(await guide.getAttribute('class')).not.toContain('navbar__link--active');
    await page.close();
  });

  it('the version dropdown marks the version being read', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await ready(page, 'guide/first/');
    await page.click('.navbar__desktop-items .dropdown__toggle');
    const current = page.locator('.dropdown__link', { hasText: 'Current' });
    expect(await current.getAttribute('aria-current')).toBe('true');
    expect(await current.getAttribute('class')).toContain('dropdown__link--active');
    expect(await page.locator('.dropdown__link', { hasText: 'Old' }).getAttribute('aria-current')).toBeNull();
    await page.close();
  });
});

describe('sidebar categories carried as shells', () => {
  it('say so when their items cannot be loaded, and load them on Retry', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    let fail = true;
    await page.route('**/assets/sidebar/*.json', (route) => (fail ? route.fulfill({ status: 503, body: 'busy' }) : route.continue()));
    await ready(page, 'reference/glossary/');
    await page.locator('.doc-layout__sidebar button[aria-label*="Guide"]').click();
    const alert = page.locator('.doc-layout__sidebar [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('could not be loaded');
    fail = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await page.locator('.doc-layout__sidebar a', { hasText: 'First page' }).waitFor();
    await page.close();
  });
});

describe('hiding navbar', () => {
  it('lets the sidebar and the TOC move up while it is hidden, and back down when it shows', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    await ready(page, 'reference/deep/long/');
    const tops = () =>
      page.evaluate(() => ({
        navbar: document.querySelector('.navbar')!.getBoundingClientRect().bottom,
        sidebar: document.querySelector('.doc-layout__sidebar .sidebar')!.getBoundingClientRect().top,
        toc: document.querySelector('.toc--desktop')!.getBoundingClientRect().top,
      }));
    // Positions once the slide has ended (two readings 100 ms apart agree), however slow the machine.
    const settledTops = async () => {
      let last = await tops();
      for (let i = 0; i < 50; i++) {
        await page.waitForTimeout(100);
        const now = await tops();
        if (JSON.stringify(now) === JSON.stringify(last)) return now;
        last = now;
      }
      return last;
    };
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    const hidden = await settledTops(); // the navbar slides away
    expect(hidden.navbar).toBeLessThanOrEqual(1);
    expect(hidden.sidebar).toBeLessThanOrEqual(1);
    expect(hidden.toc).toBeLessThanOrEqual(24);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    const shown = await settledTops();
    expect(shown.sidebar).toBeGreaterThanOrEqual(shown.navbar - 1);
    expect(shown.toc).toBeGreaterThanOrEqual(shown.navbar - 1);
    await page.close();
  });
});

describe('code blocks', () => {
  it('have a title, highlighted lines, one tabindex, and a "Copy code" button that copies and announces "Copied"', async () => {
    const { page } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await ready(page, 'guide/third/');
    const titled = page.locator('figure.code-block', { has: page.locator('figcaption', { hasText: 'src/start.ts' }) });
    expect(await titled.locator('.line').evaluateAll((lines) => lines.map((l) => l.classList.contains('highlighted')))).toEqual([true, false, true]);
    const html = await (await page.request.get(`${site.origin}${site.base}guide/third/`)).text();
    expect([...html.matchAll(/<pre\b[^>]*>/g)].every((m) => (m[0].match(/tabindex=/g) ?? []).length === 1)).toBe(true);
    const bash = page.locator('.code-block', { hasText: 'echo two' });
    const copy = bash.getByRole('button', { name: 'Copy code' });
    await bash.hover();
    await copy.click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('echo one\necho two');
    await page.waitForFunction(() => document.querySelector('[data-route-announcer]')?.textContent === 'Copied');
    expect(await copy.getAttribute('aria-label')).toBe('Copy code');
    await page.close();
  });

  it('copy without the clipboard API too (plain-http hosts), and keep the button out of pages without JavaScript', async () => {
    const { page } = await openPage(site);
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await ready(page, 'guide/third/');
    await page.evaluate(() => document.addEventListener('copy', () => ((window as unknown as { copied: string }).copied = String(document.getSelection()))));
    await page.locator('.code-block', { hasText: 'echo two' }).getByRole('button', { name: 'Copy code' }).click();
    expect(await page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe('echo one\necho two');
    await page.close();
    const noScript = await openPage(site, { javaScriptEnabled: false });
    await noScript.page.goto(`${site.origin}${site.base}guide/third/`);
    expect(await noScript.page.locator('.code-block__copy').count()).toBe(0);
    await noScript.page.close();
  });
});

describe('tabs', () => {
  const tabSets = (page: Page) => page.locator('.markdown .tabs');

  it('switch on click, switch every set of the same group, and remember the choice on the next visit', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/third/');
    const first = tabSets(page).nth(0);
    const second = tabSets(page).nth(1);
    expect(await first.getByRole('tabpanel').textContent()).toContain('apt install fixture-tool');
    await first.getByRole('tab', { name: 'Windows' }).click();
    expect(await first.getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    expect(await first.getByRole('tabpanel').textContent()).toContain('setup wizard');
    expect(await second.getByRole('tabpanel').textContent()).toContain('Windows notes again');
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForFunction(() => document.querySelectorAll('.tabs__tab[aria-selected="true"]')[1]?.textContent === 'Windows');
    expect(await tabSets(page).nth(0).getByRole('tabpanel').textContent()).toContain('setup wizard');
    await page.close();
  });

  it('follow the WAI-ARIA keys: arrows, Home and End select, only the selected tab is in the tab order', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/third/');
    const set = tabSets(page).nth(0);
    await set.getByRole('tab', { name: 'Linux' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Windows');
    expect(await set.getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('ArrowRight'); // wraps
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Linux');
    await page.keyboard.press('End');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Windows');
    await page.keyboard.press('Home');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Linux');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('tabpanel');
    await page.close();
  });

  it('bring forward the panel holding the heading a link points to', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/third/#windows-details');
    await page.waitForFunction(() => document.querySelector('#windows-details')?.getBoundingClientRect().height);
    expect(await tabSets(page).nth(0).getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    await page.close();
  });

  it('a fragment that is not valid percent-encoding leaves the page working, on load and after client navigation', async () => {
    const { page, problems } = await openPage(site);
    await ready(page, 'guide/third/#%E0%A4%A');
    expect(await page.locator('main article h1').isVisible()).toBe(true);
    // Client navigation to the same kind of link, then a tab still switches.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = `${location.pathname.replace(/third\/$/, 'first/')}#%E0%A4%A`;
      link.textContent = 'odd fragment';
      link.id = 'odd-fragment';
      document.querySelector('main article')?.append(link);
    });
    await page.click('#odd-fragment');
    await page.waitForURL(/guide\/first\/#%E0%A4%A$/);
    await page.waitForFunction(() => document.querySelector('main article h1')?.textContent?.length);
    expect(await page.locator('main article h1').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('show every panel under its label when JavaScript is off', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.origin}${site.base}guide/third/`);
    expect(await page.locator('.tabs__list').first().isVisible()).toBe(false);
    expect(await page.getByText('Install with the setup wizard.').isVisible()).toBe(true);
    expect(await page.locator('.tabs__panel-label', { hasText: 'Windows' }).first().isVisible()).toBe(true);
    await page.close();
  });
});

describe('landmarks and admonitions', () => {
  it('names each <aside> landmark, differently', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await ready(page, 'reference/deep/long/');
    const names = await page.locator('aside').evaluateAll((asides) => asides.map((a) => a.getAttribute('aria-label') ?? (a.getAttribute('aria-labelledby') ? document.getElementById(a.getAttribute('aria-labelledby')!)?.textContent : null)));
    expect(names.length).toBe(2);
    expect(names.every((n) => typeof n === 'string' && n.length > 0)).toBe(true);
    expect(new Set(names).size).toBe(2);
    await page.close();
  });

  it('shows an icon, hidden from assistive technology, in each admonition title', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    const icon = page.locator('.admonition-title svg');
    expect(await icon.getAttribute('aria-hidden')).toBe('true');
    expect(await icon.isVisible()).toBe(true);
    // The author's title shows; its kind is said to a screen reader only (the colour and icon show it).
    expect(await page.locator('.admonition-title').evaluate((el) => el.textContent)).toBe('Warning: Careful');
    expect(await page.locator('.admonition-title .visually-hidden').evaluate((el) => el.getBoundingClientRect().width)).toBeLessThanOrEqual(1);
    await page.close();
  });
});

describe('mobile drawer', () => {
  it('takes focus, keeps it inside while open, closes on Escape and gives focus back to its button', async () => {
    const { page } = await openPage(site, { viewport: { width: 600, height: 800 } });
    await ready(page, 'guide/first/');
    const toggle = page.locator('button[aria-label="Toggle navigation bar"]');
    await toggle.focus();
    await page.keyboard.press('Enter');
    const inside = () => page.evaluate(() => Boolean(document.activeElement?.closest('#navbar-mobile-panel')));
    await page.waitForFunction(() => Boolean(document.activeElement?.closest('#navbar-mobile-panel')));
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab');
      expect(await inside()).toBe(true);
    }
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inside()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('navbar-mobile-panel')?.hidden === true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle navigation bar');
    await page.close();
  });
});

describe('what Docusaurus readers expect', () => {
  it('a back-to-top button appears when scrolling back up a long page, scrolls to the top and puts the next Tab on the skip link', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    await ready(page, 'reference/deep/long/');
    const button = page.getByRole('button', { name: 'Back to top' });
    expect(await button.isVisible()).toBe(false);
    await page.mouse.wheel(0, 2500);
    await page.waitForTimeout(300);
    await page.mouse.wheel(0, -200);
    await button.waitFor({ state: 'visible' });
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-to-content');
    await page.close();
  });

  it('a category without an index.md gets a page listing its items as cards, reached from the sidebar and the breadcrumbs', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await ready(page, 'reference/glossary/');
    await page.locator('.breadcrumbs a', { hasText: 'Reference' }).click();
    await page.waitForSelector('h1:has-text("Reference")');
    const cards = page.locator('.category-cards .card');
    expect(await cards.allTextContents()).toEqual(['GlossaryTerms used in the fixture.', 'Deep1 page']);
    expect(await page.locator('.doc-layout__sidebar a[aria-current="page"]').textContent()).toBe('Reference');
    await cards.filter({ hasText: 'Deep' }).locator('a').click();
    await page.waitForSelector('h1:has-text("Deep")');
    expect(await page.locator('.category-cards .card').allTextContents()).toEqual(['Long pageA long page for scrolling tests.']);
    await page.close();
  });

  it("an index.md with layout: category shows its text, then its category's items as cards", async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/');
    expect(await page.locator('.markdown').textContent()).toContain('The guide starts here.');
    expect(await page.locator('.category-cards .card__title').allTextContents()).toEqual(['First page', 'Second page', 'Code and tabs']);
    await page.close();
  });

  it('"Edit this page" leads to the source of the page, and "Last updated on" gives the date of its last commit', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    const edit = page.getByRole('link', { name: /^Edit this page/ });
    expect(await edit.getAttribute('href')).toBe(`${EDIT_URL}guide/first.md`);
    expect(await page.locator('.doc-footer__updated').textContent()).toBe('Last updated on Mar 14, 2026');
    expect(await page.locator('.doc-footer__updated time').getAttribute('datetime')).toBe('2026-03-14T12:00:00.000Z');
    await page.close();
  });
});

describe("a reader's path, by keyboard and mouse, in one sitting", () => {
  it('skip link, sidebar, a collapsed category, the TOC, copying code, switching a tab, and back to where the page was', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 700 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const focused = () => page.evaluate(() => ({ id: document.activeElement?.id, text: document.activeElement?.textContent?.trim(), role: document.activeElement?.getAttribute('role') }));
    await ready(page, '');
    // The skip link is the first stop and takes the reader past the navbar.
    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Skip to main content');
    await page.keyboard.press('Enter');
    expect((await focused()).id).toBe('main-content');
    await page.keyboard.press('Tab');
    expect((await focused()).text).toBe('Start');
    await page.keyboard.press('Enter');
    await page.waitForSelector('h1:has-text("Guide overview")');
    // Through the sidebar to a nested page.
    await page.locator('.doc-layout__sidebar a', { hasText: 'Code and tabs' }).click();
    await page.waitForSelector('h1:has-text("Code and tabs")');
    // A collapsed category opens from the keyboard.
    const reference = page.locator('.doc-layout__sidebar button[aria-label*="Reference"]');
    await reference.focus();
    await page.keyboard.press('Enter');
    expect(await reference.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.doc-layout__sidebar a', { hasText: 'Glossary' }).waitFor();
    // The TOC by keyboard: its link moves the page to the heading.
    await page.locator('.toc--desktop a', { hasText: 'Again for the same systems' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => location.hash === '#again-for-the-same-systems');
    const heading = await page.locator('#again-for-the-same-systems').evaluate((el) => el.getBoundingClientRect().top);
    expect(heading).toBeGreaterThanOrEqual(0);
    expect(heading).toBeLessThan(200);
    // Copy a code block with the keyboard.
    const copy = page.locator('.code-block', { hasText: 'echo two' }).getByRole('button', { name: 'Copy code' });
    await copy.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('[data-route-announcer]')?.textContent === 'Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('echo one\necho two');
    // Switch a tab with the arrow key.
    await page.locator('.tabs').first().getByRole('tab', { name: 'Linux' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.locator('.tabs').first().getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    // Leave for another page, come back with the browser: the page is where it was.
    const next = page.locator('.pagination-nav__link--next');
    await next.scrollIntoViewIfNeeded();
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(300);
    await next.click();
    await page.waitForSelector('h1:has-text("Reference")'); // the generated page of the next category
    await page.goBack();
    await page.waitForSelector('h1:has-text("Code and tabs")');
    await page.waitForFunction((expected) => Math.abs(window.scrollY - expected) <= 2, y);
    expect(await page.locator('.tabs').first().getByRole('tab', { name: 'Windows' }).getAttribute('aria-selected')).toBe('true');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('Back and Forward through in-page jumps, and a reload, return to where the page was read; the head describes the page shown', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 500 } });
    const scrollY = () => page.evaluate(() => window.scrollY);
    const near = (expected: number) => page.waitForFunction((y) => Math.abs(window.scrollY - y) <= 2, expected, { timeout: 5_000 });
    await ready(page, 'guide/third/');
    await page.evaluate(() => window.scrollTo(0, 150));
    await page.waitForTimeout(300); // the position is written once scrolling pauses
    // A jump through the table of contents, then Back and Forward.
    await page.locator('.toc--desktop a', { hasText: 'Again for the same systems' }).click();
    await page.waitForFunction(() => location.hash === '#again-for-the-same-systems');
    const atHeading = await scrollY();
    expect(atHeading).toBeGreaterThan(150);
    await page.goBack();
    await near(150);
    expect(new URL(page.url()).hash).toBe('');
    await page.goForward();
    await near(atHeading);
    // A reload keeps the reading position.
    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(300);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    await near(40);
    // After client navigation, the head describes the new page as a full load of it does.
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForSelector('h1:has-text("Reference")');
    const head = () =>
      page.evaluate(() => ({
        canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        ogUrl: document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
      }));
    const shown = await head();
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(shown).toEqual(await head());
    expect(shown.canonical).toMatch(/\/reference\/$/);
    expect(shown.description).toMatch(/^Reference: /);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a navigation overtaken by a later click never replaces the page the reader chose', async () => {
    const { page, problems } = await openPage(site);
    // The second page answers slowly, as on a poor network.
    await page.route('**/guide/second/', async (route) => {
      if (route.request().resourceType() === 'fetch') await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue().catch(() => undefined);
    });
    await ready(page, 'guide/first/');
    await page.locator('.doc-layout__sidebar a', { hasText: 'Second page' }).click();
    await page.locator('.doc-layout__sidebar a', { hasText: 'Code and tabs' }).click();
    await page.waitForSelector('h1:has-text("Code and tabs")');
    await page.waitForTimeout(2_500); // the slow answer has arrived by now
    expect(await page.locator('h1').textContent()).toBe('Code and tabs');
    expect(new URL(page.url()).pathname).toBe(`${site.base}guide/third/`);
    // Back leads to the page before, not to the one that was overtaken.
    await page.goBack();
    await page.waitForSelector('h1:has-text("First page")');
    expect(problems).toEqual([]);
    await page.close();
  });
});
