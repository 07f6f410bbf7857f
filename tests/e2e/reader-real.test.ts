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

describe('sidebar after a client navigation from outside it', () => {
  const FROM = 'configurations/hub/cache-management/';
  const TO = 'user-guide/node-graph-and-actions/context-menus/hub/';

  /** Where the page's item is, once the sidebar has stopped moving, and how far the sidebar scrolled. */
  async function settledSidebar(page: Page): Promise<{ top: number; bottom: number; boxTop: number; scrollTop: number }> {
    const current = sidebar(page).locator('.sidebar a[aria-current="page"]');
    await current.waitFor();
    // The categories that opened and closed have finished animating.
    await page.waitForFunction(() => document.querySelector('.doc-layout__sidebar .sidebar')?.getAnimations({ subtree: true }).length === 0);
    await page.waitForTimeout(200);
    return current.evaluate((el) => {
      const box = el.closest('.sidebar') as HTMLElement;
      const rect = el.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, boxTop: box.getBoundingClientRect().top, scrollTop: box.scrollTop };
    });
  }

  const ways: [string, (page: Page) => Promise<void>][] = [
    [
      'an in-content link',
      async (page) => {
        // A link in the article, as a page's own cross-reference is (added here: this page has none to that page).
        await page.locator('main article').first().evaluate((article, href) => {
          const link = document.createElement('a');
          link.href = href;
          link.textContent = 'Hub context menus';
          link.id = 'test-link';
          article.prepend(link);
        }, `${site.base}${TO}`);
        await page.click('#test-link');
      },
    ],
    [
      'a search hit',
      async (page) => {
        await page.keyboard.press('Control+k');
        await page.waitForSelector('.DocSearch-Modal .DocSearch-Input:focus');
        await page.keyboard.type('hub context menus');
        await page.locator(`.DocSearch-Hit a[href$="${TO}"]`).first().click();
      },
    ],
  ];
  for (const [way, go] of ways) {
    it(`by ${way}: the sidebar scrolls to show the new page's item, as a cold load of that page does`, async () => {
      const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
      await openRoute(site, page, TO);
      const cold = await settledSidebar(page);
      expect(cold.scrollTop).toBeGreaterThan(0);

      await openRoute(site, page, FROM);
      await settledSidebar(page);
      await go(page);
      await page.waitForURL(`**/${TO}`);
      const after = await settledSidebar(page);
      expect(after.scrollTop).toBeGreaterThan(0);
      expect(after.top).toBeGreaterThanOrEqual(after.boxTop);
      expect(after.bottom).toBeLessThanOrEqual(800);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('does not move a sidebar whose current item is already in view', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openRoute(site, page, TO);
    const before = await settledSidebar(page);
    expect(before.scrollTop).toBeGreaterThan(0);
    // "Editor" sits two items above "Hub", in view.
    await sidebar(page).locator('.sidebar a', { hasText: /^Editor$/ }).first().click();
    await page.waitForURL('**/context-menus/editor/');
    expect((await settledSidebar(page)).scrollTop).toBe(before.scrollTop);
    await page.close();
  });
});

describe('phone menu', () => {
  it("names with aria-controls only ids that one element has, in the menu's own sidebar", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 390, height: 800 } });
    await openRoute(site, page, 'configurations/hub/cache-management/');
    await page.click('button[aria-label="Toggle navigation bar"]');
    await page.waitForSelector('.navbar-sidebar .sidebar .menu__caret');
    const targets = await page.locator('.navbar-sidebar [aria-controls]').evaluateAll((controls) =>
      controls.flatMap((control) =>
        (control.getAttribute('aria-controls') ?? '').split(/\s+/).map((id) => {
          const named = document.querySelectorAll(`[id="${id}"]`);
          return { id, count: named.length, inMenu: named[0]?.closest('.navbar-sidebar') !== null };
        }),
      ),
    );
    expect(targets.length).toBeGreaterThan(3);
    expect(targets.filter((t) => t.count !== 1 || !t.inMenu)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  /**
   * The page's item in the open menu, once nothing in the menu moves: whether its box lies inside
   * the visible part of the menu's scroll container, how far that scrolled, and what has focus.
   */
  async function menuItemShown(page: Page): Promise<{ item: string; inside: boolean; scrollTop: number; focused: string }> {
    const active = page.locator('.navbar-sidebar .sidebar a.menu__link--active');
    await active.waitFor();
    await page.waitForFunction(() => document.querySelector('.navbar-sidebar')?.getAnimations({ subtree: true }).length === 0);
    // A few frames for the sidebar's reveal, which checks once per frame.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
    return active.evaluate((item) => {
      let box = item.parentElement;
      while (box && !/auto|scroll/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
      if (!box?.closest('#navbar-mobile-panel')) throw new Error('the menu has no scroll container of its own');
      const outer = box.getBoundingClientRect();
      const rect = item.getBoundingClientRect();
      const inside = rect.height > 0 && rect.top >= Math.max(outer.top, 0) && rect.bottom <= Math.min(outer.bottom, window.innerHeight);
      const focused = document.activeElement === item ? 'the item' : (document.activeElement?.className ?? '');
      return { item: item.textContent ?? '', inside, scrollTop: box.scrollTop, focused };
    });
  }

  it("opens scrolled to the page's item, deep in the list, and again after a tap on another page in it", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 }, hasTouch: true });
    await openRoute(site, page, 'user-guide/user-management/advanced/admin-role/');
    const toggle = page.locator('button[aria-label="Toggle navigation bar"]');
    await toggle.tap();
    // The page's item takes focus where the menu scrolled to, not the control at the menu's top.
    const opened = await menuItemShown(page);
    expect(opened).toMatchObject({ item: 'Admin role', inside: true, focused: 'the item' });
    expect(opened.scrollTop).toBeGreaterThan(0);

    // A page a few items up, also below the fold of a menu scrolled to its top.
    await page.locator('.navbar-sidebar .sidebar a', { hasText: /^Licence reservation$/ }).tap();
    await page.waitForURL('**/advanced/licence-reservation/');
    await page.waitForSelector('h1:has-text("Licence reservation")');
    expect(await page.locator('.navbar-sidebar').isHidden()).toBe(true);
    await toggle.tap();
    expect(await menuItemShown(page)).toMatchObject({ item: 'Licence reservation', inside: true, focused: 'the item' });

    // Turned sideways (a shorter menu, so the item lies further below its top), back to the main menu
    // and into the docs menu again: the item shows and has focus again.
    await page.setViewportSize({ width: 740, height: 360 });
    await page.locator('.navbar-sidebar__back').tap();
    await page.locator('.navbar-sidebar__forward').tap();
    expect(await menuItemShown(page)).toMatchObject({ item: 'Licence reservation', inside: true, focused: 'the item' });
    expect(problems).toEqual([]);
    await page.close();
  });

  /**
   * Where focus is among the open menu's shown controls (the focus trap's list, in document order),
   * and where the page's item in its docs menu is (-1 when it shows none).
   */
  async function menuFocus(page: Page): Promise<{ focused: number; item: number; count: number; tag: string; label: string }> {
    return page.evaluate(() => {
      const selector = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';
      const controls = [...document.querySelectorAll<HTMLElement>(`#navbar-mobile-panel :is(${selector})`)].filter((el) => el.getClientRects().length > 0);
      const active = document.activeElement as HTMLElement | null;
      return {
        focused: active ? controls.indexOf(active) : -1,
        item: controls.findIndex((el) => el.matches('.sidebar [aria-current="page"]')),
        count: controls.length,
        tag: active?.tagName ?? '',
        label: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
      };
    });
  }

  const isFocused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);

  it("from the keyboard, starts on the page's item deep in the docs menu and goes on from there; Escape gives focus back to the menu button", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 }, hasTouch: true });
    await openRoute(site, page, 'user-guide/user-management/advanced/admin-role/');
    const toggle = page.locator('button[aria-label="Toggle navigation bar"]');
    await toggle.focus();
    await page.keyboard.press('Enter');
    // Focus is on the page's item, in the visible part of a menu scrolled down to it.
    const opened = await menuItemShown(page);
    expect(opened).toMatchObject({ item: 'Admin role', inside: true, focused: 'the item' });
    expect(opened.scrollTop).toBeGreaterThan(0);
    const start = await menuFocus(page);
    expect(start.item).toBeGreaterThan(10);
    expect(start.focused).toBe(start.item);

    // Tab goes on to the next link, not back to the top of the list, and the menu stays scrolled there.
    await page.keyboard.press('Tab');
    expect(await menuFocus(page)).toMatchObject({ focused: start.item + 1, tag: 'A' });
    expect((await menuItemShown(page)).scrollTop).toBeGreaterThan(0);
    // Shift+Tab twice goes back past the item.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Shift+Tab');
    expect((await menuFocus(page)).focused).toBe(start.item - 1);

    // The trap still cycles through every control: up to the first, round to the last, and forward
    // again to the first and the close button.
    for (let i = start.item - 1; i > 0; i--) await page.keyboard.press('Shift+Tab');
    expect((await menuFocus(page)).focused).toBe(0);
    await page.keyboard.press('Shift+Tab');
    expect((await menuFocus(page)).focused).toBe(start.count - 1);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await menuFocus(page)).toMatchObject({ focused: 1, label: 'Close navigation bar' });

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('navbar-mobile-panel')?.hidden === true);
    expect(await isFocused(toggle)).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("from the keyboard, starts on the first control of a menu that shows no page item, and on the page's item back in the docs menu", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 } });
    const toggle = page.locator('button[aria-label="Toggle navigation bar"]');
    // The home page has no docs menu: its menu starts on its first control, as before.
    await openRoute(site, page);
    await toggle.focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#navbar-mobile-panel .navbar-sidebar__primary');
    expect(await menuFocus(page)).toMatchObject({ focused: 0, item: -1 });
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('navbar-mobile-panel')?.hidden === true);
    expect(await isFocused(toggle)).toBe(true);

    // A deep doc page's main menu (Enter on "Back to main menu") starts on its first control; Enter
    // on "Docs menu" puts focus back on the page's item, in view.
    await openRoute(site, page, 'user-guide/user-management/advanced/admin-role/');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await menuItemShown(page)).toMatchObject({ item: 'Admin role', focused: 'the item' });
    await page.locator('#navbar-mobile-panel .navbar-sidebar__back').focus();
    await page.keyboard.press('Enter');
    await page.waitForSelector('#navbar-mobile-panel .navbar-sidebar__primary');
    expect(await isFocused(page.locator('#navbar-mobile-panel .navbar-sidebar__primary :is(a[href], button)').first())).toBe(true);
    expect((await menuFocus(page)).item).toBe(-1);
    await page.locator('#navbar-mobile-panel .navbar-sidebar__forward').focus();
    await page.keyboard.press('Enter');
    expect(await menuItemShown(page)).toMatchObject({ item: 'Admin role', inside: true, focused: 'the item' });
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('sidebar under the announcement bar', () => {
  it('shows the current item and, scrolled to its end, the last item inside the window before the page scrolls', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 600 } });
    await openRoute(site, page, 'user-guide/user-management/advanced/admin-role/');
    expect(await page.locator('.announcement').isVisible()).toBe(true);
    const current = sidebar(page).locator('a[aria-current="page"]');
    await expect.poll(() => current.evaluate((el) => el.getBoundingClientRect().bottom <= window.innerHeight)).toBe(true);
    const box = sidebar(page).locator('.sidebar');
    await box.evaluate((el) => (el.scrollTop = el.scrollHeight));
    const last = sidebar(page).locator('.sidebar a').last();
    expect(await last.evaluate((el) => Math.round(el.getBoundingClientRect().bottom) <= window.innerHeight)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('a link to the page on screen', () => {
  it('goes to the top each time without adding history entries, and from a heading to the top with one entry, as a browser does', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 900 } });
    await openRoute(site, page, 'integrations/nrcs-a/mos-configuration/');
    const entries = () => page.evaluate(() => history.length);
    const before = await entries();
    const current = sidebar(page).locator('a[aria-current="page"]');
    for (let click = 0; click < 3; click++) {
      await page.evaluate(() => window.scrollTo(0, 1500));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
      await current.click();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await entries()).toBe(before);
    }
    // From a heading's address, the page's own link goes to its address without the heading, at the top.
    await page.locator('.toc--desktop a[href="#heartbeat"]').click();
    await page.waitForURL('**#heartbeat');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await current.click();
    await page.waitForURL((url) => url.hash === '' && url.pathname.endsWith('/mos-configuration/'));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(await entries()).toBe(before + 2);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('keyboard start', () => {
  it('the first Tab on a doc page lands on the skip link, the next ones on the navbar, though the active sidebar item was scrolled into view', async () => {
    const { page } = await openPage(site, { viewport: { width: 1440, height: 700 } });
    await openRoute(site, page, 'user-guide/user-management/advanced/groups/');
    // The active item sits far down the sidebar, which scrolled to show it, without moving the page.
    await expect.poll(() => sidebar(page).locator('.sidebar').evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await expectTabOrderFromTop(page);
    await page.close();
  });

  it('after a client navigation by a click in the sidebar, the next Tab starts from the top of the new page again', async () => {
    const { page } = await openPage(site, { viewport: { width: 1440, height: 700 } });
    await openRoute(site, page, 'installations/system-requirements/network/');
    await sidebar(page).locator('a', { hasText: /^Distribution content$/ }).click();
    await page.waitForSelector('h1:has-text("Distribution content")');
    await expectTabOrderFromTop(page);
    // The new page is announced to screen readers.
    await page.waitForFunction(() => document.querySelector('[data-route-announcer]')?.textContent?.includes('Distribution content'));
    await page.close();
  });
});

async function expectTabOrderFromTop(page: Page): Promise<void> {
  {
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('skip-to-content');
    const visited: string[] = [];
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      visited.push(await page.evaluate(() => (document.activeElement?.closest('.navbar') ? 'navbar' : document.activeElement?.closest('.announcement') ? 'announcement' : (document.activeElement?.closest('aside, main')?.className ?? document.activeElement?.tagName ?? ''))));
      if (visited.at(-1) === 'navbar') break;
    }
    expect(visited.at(-1)).toBe('navbar');
    expect(visited.filter((v) => v !== 'announcement' && v !== 'navbar')).toEqual([]);
  }
}

describe('version dropdown at 1440 px', () => {
  it('keeps every entry on one line and lines up the external-link icons', async () => {
    const { page } = await openPage(site, { viewport: { width: 1440, height: 900 } });
    await openRoute(site, page, 'installations/distribution-content/');
    await page.click('.navbar__desktop-items .dropdown__toggle');
    const rows = await page.locator('.dropdown__menu .dropdown__link').evaluateAll((links) =>
      links.map((a) => {
        const label = a.querySelector('.dropdown__label') ?? a.querySelector('span');
        const icon = a.querySelector('.icon-external');
        return { text: a.textContent, lines: label ? Math.round(label.getBoundingClientRect().height / parseFloat(getComputedStyle(label).lineHeight)) : 0, iconRight: icon ? Math.round(icon.getBoundingClientRect().right) : null };
      }),
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((r) => r.lines !== 1)).toEqual([]);
    const rights = new Set(rows.flatMap((r) => (r.iconRight === null ? [] : [r.iconRight])));
    expect(rights.size).toBe(1);
    // The version being read is marked.
    expect(await page.locator('.dropdown__link[aria-current="true"]').textContent()).toContain('5.4 SP1');
    await page.close();
  });
});

/** Mean relative luminance (0 black … 1 white) of what the reader sees of an element. */
async function meanLuminance(page: Page, selector: string): Promise<number> {
  const png = (await page.locator(selector).first().screenshot()).toString('base64');
  return page.evaluate(async (data) => {
    const image = new Image();
    image.src = `data:image/png;base64,${data}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let sum = 0;
    for (let i = 0; i < pixels.length; i += 4) sum += (0.2126 * pixels[i]! + 0.7152 * pixels[i + 1]! + 0.0722 * pixels[i + 2]!) / 255;
    return sum / (pixels.length / 4);
  }, png);
}

describe('contrast in both colour modes', () => {
  for (const mode of ['light', 'dark'] as const) {
    it(`${mode}: diagrams follow the mode (no bright plate in dark mode) and code blocks stand apart from the page`, async () => {
      const { page } = await openPage(site, { viewport: { width: 1280, height: 900 } });
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await openRoute(site, page, 'installations/installing-5-4-sp1/');
      const diagram = '.markdown img[src$=".svg"]';
      await page.locator(diagram).first().scrollIntoViewIfNeeded();
      await page.waitForFunction((s) => (document.querySelector(s) as HTMLImageElement | null)?.complete, diagram);
      const luminance = await meanLuminance(page, diagram);
      if (mode === 'dark') expect(luminance).toBeLessThan(0.3);
      else expect(luminance).toBeGreaterThan(0.7);
      const colours = await page.evaluate(() => ({ code: getComputedStyle(document.querySelector('pre.shiki')!).backgroundColor, page: getComputedStyle(document.body).backgroundColor }));
      expect(colours.code).not.toBe(colours.page);
      await page.close();
    });
  }
});

describe('colour mode (spec section 4)', () => {
  it('is dark in the prerendered page, follows the system preference while nothing is stored, and keeps a chosen mode', async () => {
    const html = await (await fetch(`${site.origin}${site.base}`)).text();
    expect(html).toMatch(/<html[^>]* data-theme="dark"/);
    const { page } = await openPage(site, { colorScheme: 'light' });
    await openRoute(site, page, 'faq/glossary/');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.click('button.color-mode-toggle');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await openRoute(site, page, 'faq/');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light'); // the reader's choice, stored
    await page.close();
  });
});

describe('landing page layout', () => {
  it('gives the cards and the prose below them one width at 1440 px', async () => {
    const { page } = await openPage(site, { viewport: { width: 1440, height: 900 } });
    await openRoute(site, page, '');
    const box = (selector: string) => page.locator(selector).evaluate((el) => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el); return [Math.round(r.left + parseFloat(s.paddingLeft)), Math.round(r.right - parseFloat(s.paddingRight))]; });
    expect(await box('.landing__body')).toEqual(await box('.features'));
    await page.close();
  });

  it('gives the hero buttons one width on a phone', async () => {
    const { page } = await openPage(site, { viewport: { width: 390, height: 800 } });
    await openRoute(site, page, '');
    const widths = await page.locator('.hero__actions > *').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().width)));
    expect(widths.length).toBeGreaterThan(2);
    expect(new Set(widths).size).toBe(1);
    await page.close();
  });
});

describe('a wide diagram', () => {
  const ROUTE = 'user-guide/what-is/system-overview/';
  const DIAGRAM = 'img[src*="ops-system-overview"]';

  it('on a phone keeps legible labels in a box that scrolls sideways, by keyboard too, without the page scrolling', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 } });
    await openRoute(site, page, ROUTE);
    const box = page.locator(`.figure-scroll:has(${DIAGRAM})`);
    await box.scrollIntoViewIfNeeded();
    // 800 px drawn at 640: labels of 13-15 px stay 10-12 px (in the 328 px column they were 5-6 px).
    expect(Math.round((await page.locator(DIAGRAM).boundingBox())?.width ?? 0)).toBe(640);
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    expect(await box.getAttribute('tabindex')).toBe('0');
    await box.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // 40 px a press: ten reach the end of the 312 px that did not fit.
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect.poll(() => box.evaluate((el) => Math.round(el.scrollLeft + el.clientWidth) >= el.scrollWidth - 1)).toBe(true);
    // A diagram shown larger than the screen is not zoomed (zooming would shrink it to the screen).
    await page.waitForSelector('html[data-zoom-attached="none"]', { timeout: 5000 });
    await page.locator(DIAGRAM).click();
    await page.waitForTimeout(300);
    expect(await page.locator('.medium-zoom-overlay').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on a desktop fits its column without scrolling, is no tab stop, and zooms on a click', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 900 } });
    await openRoute(site, page, ROUTE);
    const box = page.locator(`.figure-scroll:has(${DIAGRAM})`);
    await box.scrollIntoViewIfNeeded();
    expect(await box.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    // Nothing to scroll, so Tab passes it by; a window made narrow puts it back in the tab order.
    expect(await box.getAttribute('tabindex')).toBeNull();
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => box.getAttribute('tabindex')).toBe('0');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect.poll(() => box.getAttribute('tabindex')).toBeNull();
    const image = await page.locator(DIAGRAM).evaluate((img: HTMLImageElement) => ({ width: img.getBoundingClientRect().width, ratio: img.getBoundingClientRect().height / img.getBoundingClientRect().width }));
    expect(image.width).toBeLessThanOrEqual(800);
    expect(image.ratio).toBeCloseTo(520 / 800, 2);
    await page.waitForSelector('html[data-zoom-attached="true"]', { timeout: 5000 });
    await page.locator(DIAGRAM).click();
    await page.waitForSelector('.medium-zoom-overlay');
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe('without JavaScript', () => {
  const shown = (page: Page, selector: string) => page.locator(selector).evaluateAll((els) => els.filter((el) => el.getBoundingClientRect().width > 0).length);

  it('shows no control that could do nothing; the version menu opens on focus and hover; with JavaScript every control is there', async () => {
    const dead = ['.search-button', '.color-mode-toggle', '.announcement__close', '.menu__caret'];
    const { page } = await openPage(site, { javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    await page.goto(`${site.origin}${site.base}configurations/hub/`);
    for (const selector of dead) expect(await page.locator(selector).count(), selector).toBeGreaterThan(0);
    for (const selector of dead) expect(await shown(page, selector), selector).toBe(0);
    // The category labels still lead to their pages.
    expect(await shown(page, '.doc-layout__sidebar a.menu__link--category')).toBeGreaterThan(3);
    // The version menu: Tab reaches its toggle, which shows the menu, and Tab goes on into its links.
    const menu = page.locator('.navbar__desktop-items .dropdown__menu');
    expect(await menu.isVisible()).toBe(false);
    await page.locator('.navbar__desktop-items .dropdown__toggle').focus();
    expect(await menu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('dropdown__link'))).toBe(true);
    expect(await menu.isVisible()).toBe(true);
    await page.locator('main h1').click();
    expect(await menu.isVisible()).toBe(false);
    await page.locator('.navbar__desktop-items .dropdown__toggle').hover();
    expect(await menu.isVisible()).toBe(true);
    // The pointer moves down from the toggle to a link of the menu, and the menu stays open on its way.
    const from = (await page.locator('.navbar__desktop-items .dropdown__toggle').boundingBox())!;
    const to = (await menu.locator('.dropdown__link').first().boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.move(to.x + to.width - 20, to.y + to.height / 2, { steps: 25 });
    expect(await menu.isVisible()).toBe(true);
    await page.close();

    // On a phone the menu button, which needs JavaScript to open the menu, is not shown either.
    const phone = await openPage(site, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await phone.page.goto(`${site.origin}${site.base}configurations/hub/`);
    expect(await shown(phone.page, '.navbar__toggle')).toBe(0);
    await phone.page.close();

    const withScript = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openRoute(site, withScript.page, 'configurations/hub/');
    for (const selector of dead) expect(await shown(withScript.page, selector), selector).toBeGreaterThan(0);
    expect(await withScript.page.locator('.navbar__desktop-items .dropdown__menu').isVisible()).toBe(false);
    await withScript.page.locator('.navbar__desktop-items .dropdown__toggle').hover();
    // With JavaScript the menu opens on a press, not on hover.
    expect(await withScript.page.locator('.navbar__desktop-items .dropdown__menu').isVisible()).toBe(false);
    await withScript.page.close();
  });

  it('on a phone, the navbar links and the version menu are in the bar; a reader gets from page to page by them', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const navbarLink = (name: string) => page.locator('.navbar__desktop-items a.navbar__link', { hasText: new RegExp(`^${name}$`) });
    const onScreen = (box: { x: number; width: number } | null) => box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= 390;
    await page.goto(`${site.origin}${site.base}configurations/hub/`);
    for (const name of ['Documentation', 'REST API']) expect(onScreen(await navbarLink(name).boundingBox()), name).toBe(true);

    // The version menu opens on focus (a tap), and every link of it is on the screen.
    const menu = page.locator('.navbar__desktop-items .dropdown__menu');
    await page.locator('.navbar__desktop-items .dropdown__toggle').focus();
    expect(await menu.isVisible()).toBe(true);
    const boxes = await menu.locator('.dropdown__link').evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map(({ x, width }) => ({ x, width })));
    expect(boxes.length).toBeGreaterThan(3);
    expect(boxes.every(onScreen)).toBe(true);

    // The bar scrolls away with the page, and comes back into view when Shift+Tab reaches it.
    await page.locator('.breadcrumbs a').first().focus();
    await page.evaluate(() => window.scrollTo(0, 1500));
    expect(await page.locator('.navbar').evaluate((el) => el.getBoundingClientRect().bottom)).toBeLessThanOrEqual(0);
    await page.keyboard.press('Shift+Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('.navbar') !== null && document.activeElement!.getBoundingClientRect().top >= 0);
    expect(focused).toBe(true);

    // Documentation leads to the sidebar's first page; the brand home, whose cards lead on; from
    // there the bar's link to the API reference.
    const documentation = (await navbarLink('Documentation').getAttribute('href')) ?? '';
    await navbarLink('Documentation').click();
    await page.waitForURL(`**${documentation}`);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    await page.locator('.navbar__brand').click();
    await page.waitForURL(`**${site.base}`);
    const card = page.locator('main .card__link').first();
    const cardHref = (await card.getAttribute('href')) ?? '';
    await card.click();
    await page.waitForURL(`**${cardHref}`);
    expect(await page.locator('main h1').isVisible()).toBe(true);
    await navbarLink('REST API').click();
    await page.waitForURL(`**${site.base}rhubapi/`);
    expect(await page.locator('section.api-op').count()).toBe(48);
    await page.close();
  });
});
