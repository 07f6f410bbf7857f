/**
 * Every page-shell behaviour of the spec (§2 page shell, §4 site states, §8 site messages, §9
 * constants), in Debian Chromium against the built fixture served on 127.0.0.1.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';

let site: E2eSite;
const url = (route = '') => `${site.origin}${site.base}${route}`;
const ready = (page: Page, route = '') => openRoute(site, page, route);
/** Client navigation fetches the next route's document; a full page load requests it as a document. */
const isNavigationFetch = (route: Route) => route.request().resourceType() === 'fetch';

beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe('colour mode', () => {
  it('is dark by default, set before any bundle runs (no flash)', async () => {
    const { page } = await openPage(site);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(url('guide/first/'));
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(21, 23, 28)');
    await page.close();
  });

  it('toggles, stores the choice under "theme" and keeps it on the next load', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    await page.click('button.color-mode-toggle');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    expect(await page.getAttribute('button.color-mode-toggle', 'aria-label')).toContain('Switch between dark and light mode');
    await page.close();
  });
});

describe('announcement bar', () => {
  it('shows config content and colours, stays closed once closed, with no layout shift', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    const bar = page.locator('.announcement');
    expect(await bar.textContent()).toContain('Fixture announcement');
    expect(await bar.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 52, 86)');
    await page.click('button[aria-label="Close announcement"]');
    expect(await bar.count()).toBe(0);
    await page.route('**/assets/*.js', (route) => route.abort()); // before any script could move things
    await page.reload();
    expect(await page.locator('.announcement').evaluate((el) => getComputedStyle(el).display)).toBe('none');
    expect(await page.locator('.navbar').evaluate((el) => el.getBoundingClientRect().top)).toBe(0);
    await page.close();
  });

  it('closed from the keyboard, hands focus on to the navbar, the next stop in the tab order', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    await page.focus('button[aria-label="Close announcement"]');
    await page.keyboard.press('Enter');
    expect(await page.locator('.announcement').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('navbar__brand');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.navbar')))).toBe(true);
    await page.close();
  });
});

describe('navbar', () => {
  it('dropdowns open on click or Enter, close on outside click, Escape or focus loss, with aria-expanded', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    const toggle = page.locator('.navbar__desktop-items .dropdown__toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // A disclosure of links, not a menu: aria-haspopup would promise menu keys and roles.
    expect(await toggle.getAttribute('aria-haspopup')).toBeNull();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.mouse.click(400, 500);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Current');
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown__toggle'))).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('marks legacy entries and remembers the preferred docs version', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    await page.click('.navbar__desktop-items .dropdown__toggle');
    const old = page.locator('.dropdown__link', { hasText: 'Old' });
    expect(await old.locator('.badge--legacy').textContent()).toBe('Legacy');
    await page.route('https://fixture.example.com/**', (route) => route.fulfill({ body: 'elsewhere' }));
    await page.locator('.dropdown__link', { hasText: 'Current' }).click();
    expect(await page.evaluate(() => localStorage.getItem('docs-preferred-version-default'))).toBe('current');
    await page.close();
  });

  it('hides when jumping to an anchor', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    await ready(page, 'reference/deep/long/');
    await page.click('.toc--desktop a:has-text("Gamma")');
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    await page.close();
  });

  it('hides on scroll down, shows on scroll up', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    await ready(page, 'reference/deep/long/');
    await page.mouse.wheel(0, 1200);
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    await page.close();
  });
});

describe('mobile (≤ 996 px)', () => {
  it('opens a panel with the doc sidebar and a back-to-main-menu button, locks scroll, closes past 996 px and on back', async () => {
    const { page } = await openPage(site, { viewport: { width: 600, height: 800 } });
    await ready(page, 'guide/first/');
    expect(await page.locator('.navbar__desktop-items').first().isVisible()).toBe(false);
    await page.click('button[aria-label="Toggle navigation bar"]');
    const panel = page.locator('#navbar-mobile-panel');
    expect(await panel.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
    expect(await panel.locator('.sidebar a', { hasText: 'Second page' }).isVisible()).toBe(true);
    await panel.locator('button', { hasText: '← Back to main menu' }).click();
    expect(await panel.locator('a', { hasText: 'API' }).isVisible()).toBe(true);
    await page.setViewportSize({ width: 1200, height: 800 });
    await page.waitForFunction(() => document.getElementById('navbar-mobile-panel')?.hidden === true);
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
    await page.setViewportSize({ width: 600, height: 800 });
    await page.click('button[aria-label="Toggle navigation bar"]');
    await panel.locator('.sidebar a', { hasText: 'Second page' }).click();
    await page.waitForSelector('h1:has-text("Second page")');
    await page.click('button[aria-label="Toggle navigation bar"]');
    await page.goBack();
    await page.waitForFunction(() => document.getElementById('navbar-mobile-panel')?.hidden === true);
    await page.close();
  });
});

describe('mobile panel from the keyboard', () => {
  it("moving between the docs menu and the main menu puts focus on the main menu's first control and on the docs menu's page item", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 390, height: 844 } });
    await ready(page, 'guide/first/');
    await page.focus('button[aria-label="Toggle navigation bar"]');
    await page.keyboard.press('Enter');
    const focused = () => page.evaluate(() => [document.activeElement?.className ?? '', document.activeElement?.textContent?.trim() ?? '', Boolean(document.activeElement?.closest('#navbar-mobile-panel'))]);
    const back = page.locator('#navbar-mobile-panel .navbar-sidebar__back');
    await back.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#navbar-mobile-panel .navbar-sidebar__primary');
    const onPrimary = await focused();
    expect(onPrimary[2]).toBe(true);
    expect(await page.locator('#navbar-mobile-panel .navbar-sidebar__primary a').first().evaluate((el) => el === document.activeElement)).toBe(true);
    await page.locator('#navbar-mobile-panel .navbar-sidebar__forward').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#navbar-mobile-panel .navbar-sidebar__secondary');
    expect(await page.locator('#navbar-mobile-panel .sidebar [aria-current="page"]').evaluate((el) => el === document.activeElement)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('doc sidebar', () => {
  it('collapses automatically, keeps the active link visible and fetches closed sections on demand', async () => {
    const { page } = await openPage(site);
    await ready(page, 'reference/deep/long/');
    const active = page.locator('.doc-layout__sidebar [aria-current="page"]');
    expect(await active.textContent()).toBe('Long page');
    const guideCaret = page.locator('.doc-layout__sidebar button[aria-label*="Guide"]');
    expect(await guideCaret.getAttribute('aria-expanded')).toBe('false');
    // The caret's name says what it shows; only aria-expanded says its state (not both).
    expect(await guideCaret.getAttribute('aria-label')).toBe('Pages in Guide');
    await guideCaret.click();
    await page.waitForSelector('.doc-layout__sidebar a:has-text("First page")');
    expect(await guideCaret.getAttribute('aria-expanded')).toBe('true');
    expect(await guideCaret.getAttribute('aria-label')).toBe('Pages in Guide');
    // Opening Guide closed its sibling Reference.
    // (Reference has a generated page, so its label is a link and its caret the toggle.)
    expect(await page.locator('.doc-layout__sidebar button[aria-label*="Reference"]').getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });
});

describe('table of contents and heading anchors', () => {
  it('highlights the heading in view while scrolling', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 700 } });
    await ready(page, 'reference/deep/long/');
    await page.evaluate(() => document.getElementById('gamma')?.scrollIntoView());
    await page.waitForFunction(() => document.querySelector('.toc--desktop .toc__link--active')?.textContent === 'Gamma');
    await page.close();
  });

  it('offers a collapsible "On this page" on narrow screens', async () => {
    const { page } = await openPage(site, { viewport: { width: 600, height: 800 } });
    await ready(page, 'reference/deep/long/');
    const toggle = page.locator('.toc__toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await page.locator('#toc-mobile-list a', { hasText: 'Beta one' }).isVisible()).toBe(true);
    await page.close();
  });

  it('folds "On this page" again on the next page (client navigation) and on the way Back', async () => {
    const { page } = await openPage(site, { viewport: { width: 600, height: 800 } });
    await ready(page, 'guide/first/');
    const toggle = page.locator('.toc__toggle');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.pagination-nav__link--next').click();
    await page.waitForFunction(() => location.pathname === '/docs/guide/second/');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await page.goBack();
    await page.waitForFunction(() => location.pathname === '/docs/guide/first/');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await page.close();
  });

  it('shows a # link on focus; following it updates the hash and keeps the heading clear of the navbar', async () => {
    const { page } = await openPage(site);
    await ready(page, 'reference/deep/long/');
    const link = page.locator('#beta .hash-link');
    await link.focus();
    expect(await link.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await link.click();
    await page.waitForFunction(() => location.hash === '#beta');
    const top = await page.locator('#beta').evaluate((el) => el.getBoundingClientRect().top);
    const navbarBottom = await page.locator('.navbar').evaluate((el) => el.getBoundingClientRect().bottom);
    expect(top).toBeGreaterThanOrEqual(Math.max(0, navbarBottom) - 1);
    await page.close();
  });

  it('shows the # links on a touch screen, which has no hover, and a tap takes the section\'s address', async () => {
    const { page } = await openPage(site, { viewport: { width: 390, height: 800 }, hasTouch: true, isMobile: true });
    await ready(page, 'reference/deep/long/');
    const link = page.locator('#beta .hash-link');
    expect(await link.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await link.tap();
    await page.waitForFunction(() => location.hash === '#beta');
    // With a mouse they stay hidden until the heading is hovered.
    const desktop = (await openPage(site)).page;
    await ready(desktop, 'reference/deep/long/');
    expect(await desktop.locator('#beta .hash-link').evaluate((el) => getComputedStyle(el).opacity)).toBe('0');
    await desktop.close();
    await page.close();
  });
});

describe('image zoom', () => {
  it('opens on click after 1000 ms, with margin 0 and the mode’s background; Escape closes it', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    await page.waitForSelector('html[data-zoom-attached="true"]', { timeout: 5000 });
    await page.click('.markdown img');
    await page.waitForSelector('.medium-zoom-overlay');
    expect(await page.locator('.medium-zoom-overlay').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(50, 50, 50)');
    await page.waitForTimeout(400); // let the opening animation finish, as a reader would
    await page.keyboard.press('Escape');
    await page.waitForSelector('.medium-zoom-overlay', { state: 'detached' });
    await page.click('button.color-mode-toggle');
    await page.click('.markdown img');
    await page.waitForSelector('.medium-zoom-overlay');
    expect(await page.locator('.medium-zoom-overlay').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.waitForTimeout(400);
    await page.setViewportSize({ width: 900, height: 700 });
    await page.waitForSelector('.medium-zoom-overlay', { state: 'detached' });
    await page.close();
  });

  it('works from the keyboard: Tab reaches the image, Enter or Space opens and closes it, Escape closes it', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    await page.waitForSelector('html[data-zoom-attached="true"]', { timeout: 5000 });
    expect(await page.getByRole('button', { name: 'Enlarge image: A diagram' }).count()).toBe(1);
    // A button made of an image breaks no rule (an image with an empty alt would be given no role).
    const axe = await new AxeBuilder({ page }).include('.markdown').options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    const onImage = () => page.evaluate(() => document.activeElement === document.querySelector('.markdown img'));
    let presses = 0;
    while (!(await onImage()) && presses < 80) {
      await page.keyboard.press('Tab');
      presses += 1;
    }
    expect(await onImage()).toBe(true);
    const scrollBefore = await page.evaluate(() => window.scrollY);
    for (const key of ['Enter', 'Space']) {
      await page.keyboard.press(key);
      await page.waitForSelector('body.medium-zoom--opened');
      await page.waitForTimeout(400);
      // The enlarged copy has the focus, named as the button that closes it.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Close the enlarged image: A diagram');
      await page.keyboard.press(key === 'Enter' ? 'Escape' : 'Space');
      await page.waitForSelector('.medium-zoom-overlay', { state: 'detached' });
      expect(await onImage(), key).toBe(true);
    }
    // Space opened the zoom instead of scrolling the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    await page.close();
  });

  it('closes on a click and on scrolling more than 40 px, but not on a smaller scroll', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 500 } });
    await ready(page, 'guide/first/');
    await page.waitForSelector('html[data-zoom-attached="true"]', { timeout: 5000 });
    await page.click('.markdown img');
    await page.waitForSelector('body.medium-zoom--opened');
    await page.waitForTimeout(400);
    await page.mouse.click(20, 20);
    await page.waitForSelector('.medium-zoom-overlay', { state: 'detached' });
    await page.evaluate(() => window.scrollTo(0, 100));
    await page.click('.markdown img');
    await page.waitForSelector('body.medium-zoom--opened');
    await page.waitForTimeout(400);
    await page.evaluate(() => window.scrollBy(0, 20));
    await page.waitForTimeout(300);
    expect(await page.locator('.medium-zoom-overlay').count()).toBe(1);
    await page.evaluate(() => window.scrollBy(0, 30));
    await page.waitForSelector('.medium-zoom-overlay', { state: 'detached' });
    await page.close();
  });
});

describe('client routing', () => {
  it('shows the progress bar only when a route takes longer than 200 ms, then scrolls to the hash', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/');
    await page.route('**/reference/deep/long/', async (route) => {
      if (isNavigationFetch(route)) await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = `${document.documentElement.dataset.base}reference/deep/long/#gamma`;
      a.id = 'slow-link';
      a.textContent = 'slow';
      document.querySelector('.markdown')?.appendChild(a);
    });
    await page.click('#slow-link');
    const bar = await page.waitForSelector('#route-progress', { state: 'attached', timeout: 2000 });
    // Decorative (the new heading is announced), and it creeps on while the route loads.
    expect(await bar.getAttribute('aria-hidden')).toBe('true');
    const scale = () => bar.evaluate((el) => Number(/scaleX\(([\d.]+)\)/.exec((el as HTMLElement).style.transform)?.[1] ?? 0));
    const first = await scale();
    await page.waitForTimeout(300);
    expect(await scale()).toBeGreaterThan(first);
    await page.waitForSelector('h1:has-text("Long page")');
    await page.waitForSelector('#route-progress', { state: 'detached', timeout: 3000 });
    const top = await page.locator('#gamma').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeLessThan(200);
    await page.click('.pagination-nav__link--prev');
    await page.waitForSelector('h1:has-text("Deep")'); // the generated page of the long page's category
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.close();
  });

  it('does not show the progress bar for fast routes', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/');
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.getElementById('route-progress')) (window as unknown as { sawProgress: boolean }).sawProgress = true;
      }).observe(document.body, { childList: true });
    });
    await page.click('.doc-layout__sidebar a:has-text("First page")');
    await page.waitForSelector('h1:has-text("First page")');
    expect(await page.evaluate(() => (window as unknown as { sawProgress?: boolean }).sawProgress ?? false)).toBe(false);
    await page.close();
  });

  it('prefetches on hover, but not on 2g or with data-saver', async () => {
    for (const connection of [null, { effectiveType: '2g', saveData: false }, { effectiveType: '4g', saveData: true }]) {
      const { page } = await openPage(site);
      if (connection) await page.addInitScript((c) => Object.defineProperty(navigator, 'connection', { value: c }), connection);
      const requested: string[] = [];
      page.on('request', (r) => r.resourceType() === 'fetch' && requested.push(r.url()));
      await ready(page, 'guide/');
      await page.hover('.doc-layout__sidebar a:has-text("Second page")');
      const prefetched = () => requested.some((r) => r.endsWith('/guide/second/'));
      if (connection === null) await expect.poll(prefetched).toBe(true);
      else {
        await page.waitForTimeout(400); // time enough for a prefetch that should not happen
        expect(prefetched(), JSON.stringify(connection)).toBe(false);
      }
      await page.close();
    }
  });

  it('never prefetches the page on screen, though the sidebar and breadcrumbs link to it', async () => {
    const { page } = await openPage(site);
    const requested: string[] = [];
    page.on('request', (r) => r.resourceType() === 'fetch' && requested.push(new URL(r.url()).pathname));
    await ready(page, 'guide/first/');
    await page.hover('.doc-layout__sidebar a[aria-current="page"]');
    await page.waitForTimeout(600); // idle time: links in view are prefetched then
    expect(requested).not.toContain(`${site.base}guide/first/`);
    await page.hover('.doc-layout__sidebar a:has-text("Second page")');
    await expect.poll(() => requested).toContain(`${site.base}guide/second/`);
    await page.close();
  });

  it('does a full page load when the next route fails to load', async () => {
    const { page } = await openPage(site);
    await page.route('**/guide/second/', (route) => (isNavigationFetch(route) ? route.fulfill({ status: 500, body: 'no' }) : route.continue()));
    await ready(page, 'guide/');
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
    await page.click('.doc-layout__sidebar a:has-text("Second page")');
    await page.waitForURL('**/guide/second/');
    await page.waitForSelector('h1:has-text("Second page")');
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
    await page.close();
  });

  it('shows the error and a Retry button when a lazy part fails to load, and Retry retries', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/');
    let fail = true;
    await page.route('**/assets/search-*.js', (route) => (fail ? route.abort() : route.continue()));
    await page.click('button.search-button');
    const box = page.locator('#search-load-error');
    await box.waitFor();
    expect(await box.textContent()).toContain('Search could not be loaded');
    fail = false;
    await box.locator('button', { hasText: 'Retry' }).click();
    await page.waitForSelector('.DocSearch-Modal');
    await page.close();
  });
});

describe('site messages', () => {
  it('a render error shows the crash fallback with its causes and the title "Page Error | site"', async () => {
    const { page } = await openPage(site);
    const mystery = JSON.stringify({ page: { kind: 'mystery', route: '/guide/second/', title: 'x', toc: [] } });
    // A docsgen page carries the site's policy (a route with another policy gets a page load of its
    // own); links are prefetched, so the fake has it from the start.
    const html = await (await page.request.get(url('guide/'))).text();
    const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1] ?? '';
    expect(policy).toContain('script-src');
    await page.route('**/guide/second/', (route) =>
      isNavigationFetch(route)
        ? route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta http-equiv="Content-Security-Policy" content="${policy}"><script id="__docsgen_data" type="application/json">${mystery}</script>` })
        : route.continue(),
    );
    await ready(page, 'guide/');
    await page.click('.doc-layout__sidebar a:has-text("Second page")');
    await page.waitForSelector('text=This page crashed.');
    expect(await page.locator('.crash__causes').textContent()).toContain('unknown page kind "mystery"');
    expect(await page.title()).toBe('Page Error | Fixture Docs');
    expect(await page.locator('button', { hasText: 'Try again' }).isVisible()).toBe(true);
    await page.close();
  });

  it('served from the wrong base path, the page says "Your site did not load properly", even without the bundle', async () => {
    const { page } = await openPage(site);
    await page.route('**/wrong-base/**', async (route) => {
      const response = await page.request.get(url('guide/'));
      await route.fulfill({ response, body: await response.text() });
    });
    await page.goto(`${site.origin}/wrong-base/guide/`);
    const banner = page.locator('#base-url-issue-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Your site did not load properly');
    expect(await banner.textContent()).toContain('baseUrl');
    await page.close();
  });

  it('says nothing of the base path on the 404 page, which hosts serve for any missing address, outside the base too', async () => {
    const { page } = await openPage(site);
    // As a host with a custom 404 page answers a mistyped address outside the base.
    await page.route('**/mistyped/**', async (route) => {
      const response = await page.request.get(url('404.html'));
      await route.fulfill({ status: 404, headers: response.headers(), body: await response.text() });
    });
    await page.goto(`${site.origin}/mistyped/guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('h1').first().textContent()).toContain('Page Not Found');
    expect(await page.locator('#base-url-issue-banner').count()).toBe(0);
    await page.close();
  });

  it('the 404 page: the skip link and other in-page jumps stay on the page, with no request', async () => {
    const { page } = await openPage(site);
    const response = await page.goto(url('no-such-page/'));
    expect(response?.status()).toBe(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    // The page is shown at an address that is not its route: a jump must not count as a change of page.
    const requests: string[] = [];
    // A load or a fetch of this address is what must not happen: Chromium asks for the favicon again
    // on a jump, and the links that come into view are prefetched (when idle, which a loaded machine
    // may reach only now), both rightly.
    page.on('request', (request) => ['document', 'fetch'].includes(request.resourceType()) && request.url().includes('/no-such-page/') && requests.push(request.url()));
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Skip to main content');
    await page.keyboard.press('Enter');
    await page.evaluate(() => (window.location.hash = 'elsewhere'));
    await page.goBack();
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`${site.base}no-such-page/`);
    expect(await page.locator('h1').first().textContent()).toContain('Page Not Found');
    await page.close();
  });

  it('works without persistence, with one warning, when storage is unavailable', async () => {
    const { page, problems } = await openPage(site);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', { get() { throw new DOMException('denied', 'SecurityError'); } });
    });
    await ready(page, 'guide/');
    await page.click('button.color-mode-toggle');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.click('button[aria-label="Close announcement"]');
    expect(problems.filter((p) => p.includes('storage is unavailable'))).toHaveLength(1);
    await page.close();
  });

  it('shows the version badge and no version banner on doc pages', async () => {
    const { page } = await openPage(site);
    await ready(page, 'guide/first/');
    expect(await page.locator('.badge--version').textContent()).toBe('Version: 1.0');
    expect(await page.locator('.version-banner').count()).toBe(0);
    await page.close();
  });
});

describe('print and motion', () => {
  it('prints in light colours without navbar, sidebar or TOC', async () => {
    const { page } = await openPage(site);
    await ready(page, 'reference/deep/long/');
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.navbar').isVisible()).toBe(false);
    expect(await page.locator('.doc-layout__sidebar').isVisible()).toBe(false);
    expect(await page.locator('.toc--desktop').isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(255, 255, 255)');
    await page.close();
  });

  it('animates sidebar categories with a duration from their height, 1 ms with reduced motion', async () => {
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      const { page } = await openPage(site, { reducedMotion });
      await ready(page, 'reference/glossary/');
      await page.click('.doc-layout__sidebar button[aria-label*="Deep"]');
      const duration = Number(await page.locator('.doc-layout__sidebar #sidebar-reference-deep').getAttribute('data-collapse-duration'));
      if (reducedMotion === 'reduce') expect(duration).toBe(1);
      else expect(duration).toBeGreaterThan(100);
      await page.close();
    }
  });
});
