/**
 * The REST API reference of the real site (hub REST API 1.6.0) in Chromium: readable without
 * JavaScript and on a phone, accessible in both colour modes, deep links that open in view, Try it
 * against a fake hub on 127.0.0.1, and the reading JavaScript within the doc-page budget.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { openPage, openRoute, openApiRoute, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';
import { parse as parseYaml } from 'yaml';
import { execFileSync } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

let site: E2eSite;
const API = 'rhubapi/';

beforeAll(async () => {
  site = await startRealSite();
}, 180_000);
afterAll(() => site.close());

/** Where an element is relative to the viewport (its top must be below the sticky navbar and visible). */
async function inView(page: Page, id: string): Promise<boolean> {
  return page.evaluate((target) => {
    const el = document.getElementById(target);
    if (!el) return false;
    const top = el.getBoundingClientRect().top;
    const navbar = document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0;
    return top >= navbar - 2 && top < window.innerHeight / 2 && !el.closest('[hidden]');
  }, id);
}

async function waitInView(page: Page, id: string): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const el = document.getElementById(target);
      const top = el?.getBoundingClientRect().top ?? -1;
      return el && top >= 0 && top < window.innerHeight / 2;
    },
    id,
    { timeout: 10_000 },
  );
  expect(await inView(page, id)).toBe(true);
}

/**
 * Stores, before the page's scripts run, the server Try it remembers for the hub's API (both its
 * spec files), as a visit before left it.
 */
async function rememberServer(page: Page, entry: { url: string; variables: Record<string, string>; base: string }): Promise<void> {
  await page.addInitScript((stored) => {
    for (const key of ['hub-rest-api-1.6.0.json', 'hub-rest-api-1.6.0.yaml']) localStorage.setItem(`docsgen.tryIt.server:/suite-5.4.sp1/rhubapi/${key}`, stored);
  }, JSON.stringify(entry));
}

/** Opens the Try it form of an operation on the page shown, once its server fields are there. */
async function openTryItForm(page: Page, operation: string) {
  const op = page.locator(`[id="operation/${operation}"]`);
  await op.locator('[data-try-it]').click();
  const form = op.locator('.swagger-ui');
  await form.locator('.servers input').first().waitFor({ timeout: 30_000 });
  // The operation's part shows once Swagger UI has resolved it (after the servers).
  await form.locator('.opblock').waitFor({ timeout: 30_000 });
  return { op, form };
}

describe('reading the API reference', () => {
  it('without JavaScript: every operation with its parameters, bodies, responses and schemas, and the download link', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.origin}${site.base}${API}`);
    expect(await page.locator('section.api-op').count()).toBe(48);
    const op = page.locator('[id="operation/setProperty"]');
    expect(await op.locator('h3').textContent()).toContain('Set a property');
    expect(await op.locator('.api-method').textContent()).toBe('PATCH');
    expect(await op.locator('.api-op__path').textContent()).toBe('/engines/{engineId}/nodes/{nodePath}/properties/{propertyPath}');
    for (const text of ['Path parameters', 'engineId', 'integer', 'Request body', 'PropertyUpdate', 'Interpolation', 'Allowed values:', '"EaseInOut"', 'Default:', 'Responses']) {
      expect(await op.textContent(), text).toContain(text);
    }
    await expect(op.locator('.api-response[data-status="2XX"] .api-prop__name').first().isVisible()).resolves.toBe(true);
    expect(await op.locator('.api-sample[data-sample="curl"] pre').isVisible()).toBe(true);
    expect(await op.locator('.api-sample[data-sample="python"] pre').isVisible()).toBe(true);
    // Every status's example is listed beside the request, each under its label.
    const engine = page.locator('[id="operation/getEngine"] [data-response-samples]');
    expect(await engine.locator('.api-code__label').allTextContents()).toEqual(['Response 2XX (made from the schema)', 'Response 500']);
    expect(await engine.locator('pre').evaluateAll((pres) => pres.map((pre) => (pre as HTMLElement).offsetHeight > 0))).toEqual([true, true]);
    expect(await page.locator('[id="schema/Engine"]').textContent()).toContain('minimumFreeSpace');
    expect(await page.locator('a.api-page__download').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([`${site.base}${API}hub-rest-api-1.6.0.yaml`, `${site.base}${API}hub-rest-api-1.6.0.json`]);
    // A schema shown collapsed (filled from Schemas when opened) says how many properties it holds.
    expect(await page.locator('details.api-nested:has(> p.api-collapsed) > summary').allTextContents()).toContain('Each item: properties of Instance (16)');
    // The JSON download is the YAML file's document.
    const [yamlText, jsonText] = await page.evaluate(async (urls) => Promise.all(urls.map(async (url) => (await fetch(url)).text())), [`${site.base}${API}hub-rest-api-1.6.0.yaml`, `${site.base}${API}hub-rest-api-1.6.0.json`]);
    expect(JSON.parse(jsonText ?? '')).toEqual(parseYaml(yamlText ?? ''));
    expect(await page.locator('main').count()).toBe(1);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.locator('h1').textContent()).toBe('Hub REST API');
    expect(await page.locator('.api-nav .api-nav__op').count()).toBe(48);
    await page.close();
  });

  it('at 390 px the page never scrolls sideways; long code scrolls inside its own box', async () => {
    const { page } = await openPage(site, { viewport: { width: 390, height: 844 } });
    await openApiRoute(site, page, `${API}#operation/setProperty`);
    const widths = () => page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
    expect(await widths()).toEqual([390, 390]);
    const pre = page.locator('[id="operation/setProperty"] .api-sample[data-sample="curl"] pre');
    const box = await pre.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(box[0]).toBeGreaterThan(box[1] ?? 0);
    await page.locator('.api-nav__toggle').click();
    expect(await page.locator('.api-nav__op').first().isVisible()).toBe(true);
    await page.locator('.api-nav__toggle').click(); // the open column lies over the page
    await page.locator('[id="operation/setProperty"] .api-response summary').first().click();
    await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
    expect(await widths()).toEqual([390, 390]);
    await page.close();
  });

  it('on a phone the operations column folds away after any of its links: a tag, an operation, Schemas', async () => {
    const { page } = await openPage(site, { viewport: { width: 360, height: 740 } });
    await openApiRoute(site, page, API);
    const toggle = page.locator('.api-nav__toggle');
    for (const link of ['.api-nav__tag >> nth=2', '.api-nav__op >> nth=5', '.api-nav__schemas > a', '.api-nav__schema-list a >> nth=3']) {
      await toggle.click();
      expect(await toggle.getAttribute('aria-expanded'), link).toBe('true');
      await page.locator(link).click();
      expect(await toggle.getAttribute('aria-expanded'), link).toBe('false');
      expect(await page.locator('.api-nav__filter, #api-filter-input').first().isVisible(), link).toBe(false);
    }
    await page.close();
  });

  it('on a phone the folded column stays below the navbar while the reader scrolls; a tap outside or Escape folds it', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 360, height: 740 } });
    await openApiRoute(site, page, API);
    const toggle = page.locator('.api-nav__toggle');
    // Deep in the page, the bar is still on screen, just below the navbar (or at the top once it hides).
    await page.mouse.wheel(0, 6000);
    await page.waitForTimeout(500);
    const bar = await toggle.boundingBox();
    const navbarBottom = await page.evaluate(() => Math.max(0, document.querySelector('.navbar')?.getBoundingClientRect().bottom ?? 0));
    expect(bar?.y).toBeGreaterThanOrEqual(navbarBottom - 1);
    expect(bar?.y).toBeLessThan(navbarBottom + 40);
    // Open it there and pick an operation: the operation's heading shows below the bar.
    await toggle.click();
    await page.locator('.api-nav__op', { hasText: 'Create a launch configuration' }).click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    // The operation picked is the one marked, though its heading sits lower than on a desktop.
    await expect.poll(() => page.locator('.api-nav a[aria-current="location"]').getAttribute('href')).toBe('#operation/createLaunchConfig');
    await page.waitForFunction(() => {
      const heading = document.getElementById('operation/createLaunchConfig')?.querySelector('h3, h2');
      const barBottom = document.querySelector('.api-layout__nav')?.getBoundingClientRect().bottom ?? 0;
      const top = heading?.getBoundingClientRect().top ?? -1;
      return top >= barBottom && top < window.innerHeight / 2;
    });
    // A tap outside folds it; so does Escape, which gives the focus back to the button.
    await toggle.click();
    await page.mouse.click(180, 600);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    // In the filter box, a first Escape only empties it; the next folds the column.
    await page.locator('#api-filter-input').fill('rund');
    await page.locator('#api-filter-input').press('Escape');
    expect(await page.locator('#api-filter-input').inputValue()).toBe('');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.api-nav__op').first().focus();
    await page.keyboard.press('Escape');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.className)).toBe('api-nav__toggle');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('on a phone Tab past the open column folds it, so the focus is never on what it covers', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 390, height: 844 } });
    await openApiRoute(site, page, API);
    const toggle = page.locator('.api-nav__toggle');
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.api-nav a').last().focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    // The focused element is the one on top where it is, not something under the column.
    const covered = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const box = focused.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !(top && (focused === top || focused.contains(top)));
    });
    expect(covered).toBe(false);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('the filter says what it leaves in a status message as the reader types', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, API);
    const status = page.locator('.api-nav [role="status"]');
    expect(await status.textContent()).toBe('');
    await page.locator('#api-filter-input').fill('rundown item');
    await expect.poll(() => status.textContent()).toMatch(/^\d+ operations? (and \d+ schemas? )?match(es)?\.$/);
    const shown = await page.locator('.api-nav__ops .api-nav__op').count();
    expect((await status.textContent())?.startsWith(`${shown} operation`)).toBe(true);
    await page.locator('#api-filter-input').fill('zzzz');
    await expect.poll(() => status.textContent()).toBe('No operation or schema matches.');
    await page.locator('#api-filter-input').fill('');
    await expect.poll(() => status.textContent()).toBe('');
    await page.close();
  });

  it('at 360 px Try it fits the screen: the form never makes the page scroll sideways', async () => {
    const { page } = await openPage(site, { viewport: { width: 360, height: 740 } });
    await openApiRoute(site, page, `${API}#operation/setProperty`);
    const op = page.locator('[id="operation/setProperty"]');
    await op.locator('[data-try-it]').click();
    await op.locator('.swagger-ui .opblock').waitFor({ timeout: 30_000 });
    const overflowing = await page.evaluate(() => {
      const limit = document.documentElement.clientWidth;
      return [...document.querySelectorAll('div.api-try *')].filter((el) => el.getBoundingClientRect().right > limit + 1 && !el.closest('pre, textarea, table')).map((el) => `${el.tagName}.${el.className}`).slice(0, 5);
    });
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(360);
    const panel = await op.locator('.api-try-panel > .api-try').evaluate((el) => [el.scrollWidth, el.clientWidth, ...[...el.querySelectorAll('*')].filter((c) => c.getBoundingClientRect().right > el.getBoundingClientRect().right + 1).map((c) => `${c.tagName}.${c.className} in ${c.parentElement?.className}`).slice(0, 6)]);
    expect(panel).toEqual([panel[1], panel[1]]);
    await page.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    it(`axe finds no serious or critical violation (${mode}), reading and with Try it open`, async () => {
      const { page } = await openPage(site);
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await openApiRoute(site, page, API);
      const serious = async (scope?: string) => {
        const builder = new AxeBuilder({ page });
        const results = await (scope ? builder.include(scope) : builder).analyze();
        return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      };
      expect(await serious()).toEqual([]);
      await page.locator('[id="operation/renameRundown"] [data-try-it]').click();
      await page.locator('[id="operation/renameRundown"] .swagger-ui .opblock').waitFor({ timeout: 30_000 });
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(mode === 'dark');
      expect(await page.locator('.swagger-ui').first().evaluate((el) => getComputedStyle(el).filter)).toBe('none');
      // The page was checked whole above; the Try-it panel is what changed.
      expect(await serious('[id="operation/renameRundown"]')).toEqual([]);
      expect(await page.locator('main').count()).toBe(1);
      expect(await page.locator('h1').count()).toBe(1);
      await page.close();
    }, 240_000);
  }
});

describe('the operations column', () => {
  it('marks the part being read as the reader clicks, scrolls down to the schemas and back up to the introduction, and keeps its link in view', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, API);
    const current = page.locator('.api-nav a[aria-current="location"]');
    const currentHref = async () => ((await current.count()) === 1 ? current.getAttribute('href') : `${await current.count()} marked`);
    const hrefs = await page.locator('.api-nav__intro a, .api-nav__tag, .api-nav__op').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    // At the top the introduction is read: its first heading is marked.
    const first = hrefs[0] as string;
    const lastOperation = hrefs.at(-1) as string;
    expect(first).toBe('#intro/conventions');
    await expect.poll(currentHref).toBe(first);
    // A click in the column: the operation opens in view and its link is the one marked.
    await page.locator('.api-nav a[href="#operation/setProperty"]').click();
    await waitInView(page, 'operation/setProperty');
    await expect.poll(currentHref).toBe('#operation/setProperty');
    // The focus goes to the operation's heading, which names it, not to its unnamed section.
    expect(await page.evaluate(() => document.activeElement?.matches('[id="operation/setProperty"] > h3'))).toBe(true);
    // Reading on to the last operation: the mark follows, and the column scrolled to show it.
    await page.evaluate((id) => {
      const top = document.getElementById(id)!.getBoundingClientRect().top + window.scrollY;
      window.scrollTo({ top: top - document.querySelector('.navbar')!.getBoundingClientRect().height - 4, behavior: 'instant' });
    }, lastOperation.slice(1));
    await expect.poll(currentHref).toBe(lastOperation);
    const linkVisible = () =>
      page.evaluate(() => {
        const nav = document.querySelector('.api-nav')!.getBoundingClientRect();
        const link = document.querySelector('.api-nav a[aria-current="location"]')!.getBoundingClientRect();
        return link.top >= nav.top && link.bottom <= nav.bottom && link.bottom <= window.innerHeight;
      });
    expect(await page.locator('.api-nav').evaluate((nav) => nav.scrollHeight > nav.clientHeight)).toBe(true); // the column does scroll
    await expect.poll(linkVisible).toBe(true);
    // At the bottom of the page a schema is what is read; back at the top, the first tag again.
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(currentHref).toMatch(/^#schema\//);
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await expect.poll(currentHref).toBe(first);
    await expect.poll(linkVisible).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('lists every schema under Schemas: a click brings it into view and marks it, and the filter narrows the list and the page alike', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, API);
    const names = await page.locator('.api-nav__schema-list a').allTextContents();
    const sections = await page.locator('.api-named-schema > h3').evaluateAll((headings) => headings.map((h) => h.firstChild?.textContent ?? ''));
    expect(names).toEqual(sections);
    expect(names).toContain('Engine');
    await page.locator('.api-nav__schema-list a', { hasText: /^Engine$/ }).click();
    await waitInView(page, 'schema/Engine');
    await expect.poll(() => page.locator('.api-nav a[aria-current="location"]').getAttribute('href')).toBe('#schema/Engine');
    await page.locator('#api-filter-input').fill('rundown');
    const narrowed = await page.locator('.api-nav__schema-list a').allTextContents();
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.every((name) => /rundown/i.test(name))).toBe(true);
    expect(narrowed.length).toBe(names.filter((name) => /rundown/i.test(name)).length);
    // The page shows the schemas the column lists, no others; reading the last of them marks it.
    const shownSections = () => page.locator('.api-named-schema:visible > h3').evaluateAll((headings) => headings.map((h) => h.firstChild?.textContent ?? ''));
    expect(await shownSections()).toEqual(narrowed);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    await expect.poll(() => page.locator('.api-nav a[aria-current="location"]').getAttribute('href')).toBe(`#schema/${narrowed[narrowed.length - 1]}`);
    // A filter only a schema matches: the schema on the page and in the column, and no "nothing matches".
    await page.locator('#api-filter-input').fill('interpolation');
    expect(await shownSections()).toEqual(['Interpolation']);
    expect(await page.locator('.api-nav__schema-list a').allTextContents()).toEqual(['Interpolation']);
    expect(await page.locator('.api-nav__none, [data-filter-empty]').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length)).toBe(0);
    // A filter that matches nothing, cleared at the top of the page: the introduction is marked again.
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.locator('#api-filter-input').fill('zzz');
    await page.locator('#api-filter-input').press('Escape');
    await page.waitForTimeout(200);
    await expect.poll(() => page.locator('.api-nav a[aria-current="location"]').getAttribute('href')).toBe('#intro/conventions');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('matches an operation by the words of its description and the names of its parameters and body properties, in the column and on the page alike', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, API);
    // The words are in the page once, in the column's data: no operation's data-filter attribute repeats them.
    const html = await page.evaluate(async () => (await fetch(window.location.href)).text());
    expect(html).toContain('minimumFreeSpace');
    expect(html.match(/data-filter="[^"]*minimumfreespace/i)).toBeNull();
    const shownOperations = () => page.locator('section.api-op:visible').evaluateAll((ops) => ops.map((op) => op.id));
    const listedOperations = () => page.locator('.api-nav a[href^="#operation/"]:visible').evaluateAll((links) => links.map((a) => a.getAttribute('href')?.slice(1)));
    // A property of the engines' response body, in no path, summary or operationId.
    await page.locator('#api-filter-input').fill('minimumFreeSpace');
    const byProperty = await shownOperations();
    expect(byProperty).toEqual(expect.arrayContaining(['operation/listEngines', 'operation/getEngine']));
    expect(await listedOperations()).toEqual(byProperty);
    // A word of a description only, with another word narrowing it down.
    await page.locator('#api-filter-input').fill('knows engines');
    expect(await shownOperations()).toContain('operation/listEngines');
    expect(await listedOperations()).toEqual(await shownOperations());
    expect(problems).toEqual([]);
    await page.close();
  });

  it('jumps to an operation at once after Swagger UI has loaded, and leaves the page where the reader then scrolls', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, API);
    // Swagger UI's chunk loaded (Try it opened and closed): it brings zenscroll, which took over
    // every click on an in-page link with a second of animated scrolling.
    const tryIt = page.locator('[id="operation/renameRundown"] [data-try-it]');
    await tryIt.click();
    await page.locator('[id="operation/renameRundown"] .swagger-ui .servers input').first().waitFor({ timeout: 30_000 });
    await tryIt.click();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    await page.locator('.api-nav a[href="#operation/setProperty"]').click();
    // In view by the next frame: no animation on the way.
    expect(await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(document.getElementById('operation/setProperty')!.getBoundingClientRect().top))))).toBeLessThan(400);
    expect(await inView(page, 'operation/setProperty')).toBe(true);
    // The reader scrolls on at once; a second later the page is still where they put it.
    const readerY = await page.evaluate(() => {
      window.scrollTo({ top: document.documentElement.scrollHeight / 2, behavior: 'instant' });
      return window.scrollY;
    });
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => window.scrollY)).toBe(readerY);
    expect(problems).toEqual([]);
    await page.close();
  });
});

describe("the introduction's headings", () => {
  it('are listed in the operations column with Servers, and a click brings each into view', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, API);
    expect(await page.locator('.api-nav__intro a').allTextContents()).toEqual(['Conventions', 'Errors', 'Servers']);
    for (const [text, id] of [['Errors', 'intro/errors'], ['Servers', 'servers'], ['Conventions', 'intro/conventions']]) {
      await page.locator('.api-nav__intro a', { hasText: text }).click();
      await waitInView(page, id as string);
    }
    // Filtering hides them: they are not operations.
    await page.locator('#api-filter-input').fill('rundown');
    expect(await page.locator('.api-nav__intro').count()).toBe(0);
    await page.close();
  });
});

describe('the operations column under a hiding navbar', () => {
  it('moves up with the page while the navbar is hidden, leaving no empty band above it', async () => {
    const { page } = await openPage(site, { viewport: { width: 1280, height: 800 } });
    await openApiRoute(site, page, API);
    await page.mouse.move(640, 400);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 300);
    await page.waitForSelector('html[data-navbar-hidden]');
    await page.waitForFunction(() => Math.abs(document.querySelector('.api-nav')?.getBoundingClientRect().top ?? 99) < 2);
    await page.close();
  });
});

describe("the phone's column bar under a hidden navbar", () => {
  it('opening and folding it (a tap, a tap, Escape) leaves the page where the reader is', async () => {
    const { page } = await openPage(site, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await openApiRoute(site, page, API);
    await page.evaluate(() => window.scrollTo(0, 6000));
    await page.waitForSelector('html[data-navbar-hidden]');
    // The navbar slides away (0.2 s): a tap while it still covers the bar is retried by Playwright
    // with the page scrolled, on a slow machine, which is the test's doing, not the reader's.
    await page.waitForFunction(() => document.getAnimations().length === 0);
    const toggle = page.locator('.api-nav__toggle');
    const y = () => page.evaluate(() => Math.round(window.scrollY));
    expect(await y(), 'before the tap').toBe(6000);
    await toggle.tap();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await y(), 'opened').toBe(6000);
    await toggle.tap();
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await y(), 'folded').toBe(6000);
    await toggle.tap();
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('api-nav__toggle'))).toBe(true);
    expect(await y(), 'closed with Escape').toBe(6000);
    await page.close();
  });
});

describe('the response examples beside the request', () => {
  it('show the first success; a status button shows its example instead, in that operation only, and Copy copies it', async () => {
    const { page } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApiRoute(site, page, `${API}#operation/getEngine`);
    const samples = page.locator('[id="operation/getEngine"] [data-response-samples]');
    const shown = () => samples.locator('[data-response-sample]:visible').evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.responseSample));
    expect(await shown()).toEqual(['2XX']);
    expect(await samples.locator('[data-response-sample="2XX"] pre').textContent()).toContain('"minimumFreeSpace"');
    await samples.getByRole('button', { name: '500', exact: true }).click();
    expect(await shown()).toEqual(['500']);
    expect(await samples.getByRole('button', { name: '500', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await samples.getByRole('button', { name: '2XX', exact: true }).getAttribute('aria-pressed')).toBe('false');
    const other = page.locator('[id="operation/listEngines"] [data-response-samples] [data-response-sample]:visible');
    expect(await other.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.responseSample))).toEqual(['2XX']);
    await samples.getByRole('button', { name: 'Copy Response 500' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await samples.locator('[data-response-sample="500"] pre').textContent());
    // The example sits beside the request, not again in the Responses list.
    expect(await page.locator('[id="operation/getEngine"] .api-response .api-example').count()).toBe(0);
    await page.close();
  });
});

describe('choosing a sample language', () => {
  it('leaves the button pressed where it was, though the samples above change height', async () => {
    const { page } = await openPage(site);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await openApiRoute(site, page, `${API}#operation/getGraph`);
    for (const lang of ['python', 'powershell', 'javascript', 'curl']) {
      const button = page.locator(`[id="operation/getGraph"] button[data-lang="${lang}"]`);
      const before = (await button.boundingBox())?.y ?? NaN;
      await button.click();
      await page.waitForFunction((l) => document.querySelector(`[id="operation/getGraph"] [data-sample="${l}"]`)?.hasAttribute('data-shown'), lang);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(Math.abs(((await button.boundingBox())?.y ?? NaN) - before), lang).toBeLessThan(3);
    }
    await page.close();
  });
});

describe('pressing buttons before the page\'s controls have loaded', () => {
  it('a press of a language and of Try it made before the controls\' code arrived is answered once it has', async () => {
    const { page, problems } = await openPage(site);
    // The controls' chunk (the one that marks the page ready) is held back until the presses are made.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('apiReady')) await held;
      await route.fulfill({ response, body });
    });
    await openRoute(site, page, `${API}#operation/createRundown`);
    const op = page.locator('[id="operation/createRundown"]');
    await page.waitForFunction(() => document.querySelector('.api-layout__nav .api-nav') !== null);
    expect(await page.evaluate(() => document.documentElement.dataset.apiReady)).toBeUndefined();
    await op.locator('button[data-lang="python"]').click();
    await op.locator('[data-try-it]').click();
    release();
    await page.waitForSelector('html[data-api-ready]');
    await expect.poll(() => op.locator('button[data-lang="python"]').getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => op.locator('[data-try-it]').getAttribute('aria-expanded')).toBe('true');
    expect(problems).toEqual([]);
    // A chunk Try it asked for may still be passing through the route: closing under it would reject.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.close();
  });
});

describe('clearing the filter', () => {
  it('keeps the operation the reader went to in view as the others come back', async () => {
    const { page } = await openPage(site);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await openApiRoute(site, page, API);
    await page.locator('#api-filter-input').fill('graph');
    await page.locator('.api-nav a', { hasText: 'Get a graph' }).first().click();
    await waitInView(page, 'operation/getGraph');
    await page.locator('#api-filter-input').fill('');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const top = await page.evaluate(() => document.getElementById('operation/getGraph')?.getBoundingClientRect().top ?? NaN);
    expect(top).toBeGreaterThan(0);
    expect(top).toBeLessThan(500);
    await page.close();
  });
});

describe("the reader's place on the API page", () => {
  const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
  /** Scrolls so that the operation's heading is 200 px below the top, with the navbar shown. */
  async function readAt(page: Page, id: string): Promise<number> {
    await page.evaluate((target) => window.scrollTo(0, (document.getElementById(target)?.getBoundingClientRect().top ?? 0) + window.scrollY - 150), id);
    await page.waitForTimeout(300);
    await page.evaluate(() => window.scrollBy(0, -50)); // scrolling up shows the navbar
    await page.waitForTimeout(400);
    return page.evaluate(() => window.scrollY);
  }

  for (const [name, options] of [['desktop', { viewport: { width: 1400, height: 1000 } }], ['phone', phone]] as const) {
    it(`stays where it was when search opens and closes (${name})`, async () => {
      const { page } = await openPage(site, options);
      await openApiRoute(site, page, API);
      const y = await readAt(page, 'operation/getGraph');
      await page.locator('.search-button').click();
      await page.locator('.DocSearch-Input').waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      await page.keyboard.press('Escape');
      await page.locator('.DocSearch-Input').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => document.activeElement?.classList.contains('search-button'))).toBe(true);
      expect(await page.evaluate(() => window.scrollY)).toBe(y);
      // Tabbing back into the navbar does not scroll either.
      await page.locator('#api-filter-input').focus();
      const before = await page.evaluate(() => window.scrollY);
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => window.scrollY)).toBe(before);
      await page.close();
    });
  }

  it('keeps the filter, and the place in the filtered list, after a doc page and Back, and after a reload', async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1400, height: 1000 } });
    await openApiRoute(site, page, API);
    const shown = () => page.locator('section.api-op:visible').evaluateAll((els) => els.map((el) => el.id));
    const all = await shown();
    await page.locator('#api-filter-input').fill('rundown');
    const filtered = await shown();
    expect(filtered.length).toBeGreaterThan(3);
    expect(filtered.length).toBeLessThan(all.length);
    const target = filtered[3] ?? '';
    await readAt(page, target);
    const top = () => page.evaluate((id) => document.getElementById(id)?.getBoundingClientRect().top ?? NaN, target);
    const before = await top();
    const expectBack = async () => {
      await page.waitForSelector('html[data-api-ready]');
      await page.waitForFunction(() => (document.querySelector('#api-filter-input') as HTMLInputElement | null)?.value === 'rundown');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(await shown()).toEqual(filtered);
      expect(Math.abs((await top()) - before)).toBeLessThan(80);
    };
    // A doc page (the navbar's home link), then Back.
    await page.locator('.navbar a.navbar__brand').first().click();
    await page.waitForURL(`${site.origin}${site.base}`);
    await page.goBack();
    await expectBack();
    await page.reload();
    await expectBack();
    // An emptied box is remembered too: every operation after a reload.
    await page.locator('#api-filter-input').fill('');
    await page.waitForTimeout(400);
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    expect(await shown()).toEqual(all);
    // A new visit starts unfiltered.
    await openApiRoute(site, page, API);
    expect(await page.locator('#api-filter-input').inputValue()).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("Back and Forward within the page and from another page show each entry's own filter, as a reload does", async () => {
    const { page, problems } = await openPage(site, { viewport: { width: 1400, height: 1000 } });
    const box = page.locator('#api-filter-input');
    const shown = () => page.locator('section.api-op:visible').count();
    const listed = () => page.locator('.api-nav__op:visible').count();
    /** Waits for the box to hold `text` and the page and column to show `count` operations. */
    const expectFilter = async (text: string, count: number) => {
      await page.waitForFunction(([value, n]) => (document.querySelector('#api-filter-input') as HTMLInputElement | null)?.value === value && document.querySelectorAll('section.api-op:not([hidden])').length === n, [text, count] as const, { timeout: 10_000 }).catch(() => undefined);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect([await box.inputValue(), await shown(), await listed()]).toEqual([text, count, count]);
    };
    const fresh = async () => {
      await openApiRoute(site, page, API);
    };
    await fresh();
    const all = await shown();
    expect(all).toBe(48);

    // Filtered, an operation clicked in the column, the box emptied, then Back at once: the filtered entry.
    await box.fill('graph');
    // Seven: the engine calls' property rgraphId does not begin with "graph".
    await expectFilter('graph', 7);
    await page.locator('.api-nav a', { hasText: 'Get a graph' }).first().click();
    await page.waitForURL(/#operation\/getGraph$/);
    await expectFilter('graph', 7);
    await box.fill('');
    await expectFilter('', all);
    await page.goBack();
    await page.waitForURL(`${site.origin}${site.base}${API}`);
    await expectFilter('graph', 7);
    expect(await page.evaluate(() => (history.state as { apiFilter?: string } | null)?.apiFilter)).toBe('graph');
    await page.goForward();
    await page.waitForURL(/#operation\/getGraph$/);
    await expectFilter('', all);
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    await expectFilter('', all);

    // The reverse: an operation clicked unfiltered, then a filter typed there; Back shows every operation.
    await fresh();
    await page.locator('.api-nav a', { hasText: 'List projects' }).first().click();
    await page.waitForURL(/#operation\/listProjects$/);
    await box.fill('proj');
    const projects = await shown();
    expect(projects).toBeLessThan(all);
    await page.goBack();
    await page.waitForURL(`${site.origin}${site.base}${API}`);
    await expectFilter('', all);
    await page.goForward();
    await page.waitForURL(/#operation\/listProjects$/);
    await expectFilter('proj', projects);

    // The entry made by a click on an operation while filtered keeps the filter: a doc page, then Back.
    await fresh();
    await box.fill('launch');
    const launch = await shown();
    expect(launch).toBeLessThan(all);
    await page.locator('.api-nav a', { hasText: 'Stop a configuration' }).first().click();
    await page.waitForURL(/#operation\/stopLaunchConfig$/);
    await page.locator('.navbar a.navbar__brand').first().click();
    await page.waitForURL(`${site.origin}${site.base}`);
    await page.goBack();
    await page.waitForURL(/#operation\/stopLaunchConfig$/);
    await page.waitForSelector('html[data-api-ready]');
    await expectFilter('launch', launch);
    expect(await page.locator('[id="operation/stopLaunchConfig"]').isVisible()).toBe(true);
    // And Back again, to the entry before the click: the same filter.
    await page.goBack();
    await page.waitForURL(`${site.origin}${site.base}${API}`);
    await expectFilter('launch', launch);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('comes back on a phone after a reload, once the samples show one language', async () => {
    const { page } = await openPage(site, phone);
    await openApiRoute(site, page, API);
    await readAt(page, 'operation/getGraph');
    const top = await page.evaluate(() => document.getElementById('operation/getGraph')?.getBoundingClientRect().top ?? NaN);
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const after = await page.evaluate(() => document.getElementById('operation/getGraph')?.getBoundingClientRect().top ?? NaN);
    expect(Math.abs(after - top)).toBeLessThan(80);
    await page.close();
  });
});

describe('code in colour', () => {
  it('colours the samples and examples in the colour mode shown, and copies them as plain text', async () => {
    const { page } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApiRoute(site, page, `${API}#operation/setProperty`);
    const op = page.locator('[id="operation/setProperty"]');
    const colours = () =>
      op.locator('.api-sample[data-sample="curl"] pre, [data-response-sample="2XX"] pre').evaluateAll((pres) =>
        pres.map((pre) => {
          const plain = getComputedStyle(pre).color;
          const token = [...pre.querySelectorAll('span')].find((span) => getComputedStyle(span).color !== plain);
          return token ? getComputedStyle(token).color : 'none';
        }),
      );
    const setMode = (mode: string) => page.evaluate((m) => (document.documentElement.dataset.theme = m), mode);
    await setMode('light');
    const light = await colours();
    await setMode('dark');
    const dark = await colours();
    expect(light.length).toBeGreaterThanOrEqual(2);
    for (const [i, colour] of light.entries()) {
      expect(colour).not.toBe('none');
      expect(dark[i]).not.toBe('none');
      expect(dark[i]).not.toBe(colour);
    }
    await op.locator('.api-sample[data-sample="curl"] [data-copy]').click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await op.locator('.api-sample[data-sample="curl"] pre').textContent());
    expect(copied).not.toContain('<span');
    expect(copied).toContain("--data '{");
    await page.close();
  });
});

describe('printing the API page', () => {
  it('prints long examples whole, and light backgrounds behind inline code from the dark mode', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/listEngines`);
    await page.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
    await page.emulateMedia({ media: 'print' });
    const pre = page.locator('[id="operation/listEngines"] [data-response-sample="2XX"] pre');
    expect(await pre.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    const chip = await page.locator('[id="schema/Engine"] .api-facts code').first().evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(chip).toBe('rgb(234, 238, 242)');
    await page.close();
  });

  it("prints every status's response example, not only the one chosen on screen", async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/renameRundown`);
    const samples = page.locator('[id="operation/renameRundown"] [data-response-sample]');
    const visible = () => samples.evaluateAll((els) => els.filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.getAttribute('data-response-sample')));
    expect(await visible()).toEqual(['2XX']);
    await page.emulateMedia({ media: 'print' });
    expect(await visible()).toEqual(['2XX', '404', '422', '500']);
    await page.close();
  });
});

describe('copying a code sample', () => {
  const sampleOf = (page: Page) => page.locator('[id="operation/renameRundown"] .api-sample[data-sample="curl"]');

  it('copies the sample to the clipboard and announces it', async () => {
    const { page } = await openPage(site, { permissions: ['clipboard-read', 'clipboard-write'] });
    await openApiRoute(site, page, API);
    const expected = await sampleOf(page).locator('pre').textContent();
    expect(expected).toContain('curl');
    await sampleOf(page).getByRole('button', { name: /^Copy/ }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await page.waitForFunction(() => document.querySelector('[data-route-announcer]')?.textContent === 'Copied');
    await page.close();
  });

  it('copies on a plain-http host, where the clipboard API is missing', async () => {
    const { page } = await openPage(site);
    await page.addInitScript(() => Object.defineProperty(navigator, 'clipboard', { value: undefined }));
    await openApiRoute(site, page, API);
    await page.evaluate(() => document.addEventListener('copy', () => ((window as unknown as { copied: string }).copied = String(document.getSelection()))));
    const button = sampleOf(page).getByRole('button', { name: /^Copy/ });
    await button.click();
    expect(await page.evaluate(() => (window as unknown as { copied?: string }).copied)).toBe(await sampleOf(page).locator('pre').textContent());
    expect(await button.textContent()).toBe('Copied');
    await page.close();
  });
});

describe('deep links', () => {
  it('a link to an operation opens it in view, also in Swagger UI form and on a hash change after load', async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/setProperty`);
    await waitInView(page, 'operation/setProperty');
    await page.evaluate(() => (window.location.hash = '#operation/listTemplates'));
    await waitInView(page, 'operation/listTemplates');
    await page.evaluate(() => (window.location.hash = '#/launcher/stopRenderer'));
    await waitInView(page, 'operation/stopRenderer');
    expect(new URL(page.url()).hash).toBe('#operation/stopRenderer');
    await page.evaluate(() => (window.location.hash = '#schema/Instance'));
    await waitInView(page, 'schema/Instance');
    expect(await page.evaluate(() => document.activeElement?.matches('[id="schema/Instance"] > h3'))).toBe(true);
    await page.evaluate(() => (window.location.hash = '#tag/engines'));
    await waitInView(page, 'tag/engines');
    expect(await page.evaluate(() => document.activeElement?.matches('[id="tag/engines"] > h2'))).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('opens an operation hidden by the filter, and one reached by client-side navigation from another page', async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, API);
    await page.locator('#api-filter-input').fill('playout item');
    await page.waitForFunction(() => (document.getElementById('operation/listEngines')?.closest('[hidden]') ?? null) !== null);
    expect(await page.locator('.api-nav__op').count()).toBe(7);
    expect(await page.locator('section.api-op:visible').count()).toBe(7);
    await page.evaluate(() => (window.location.hash = '#operation/listEngines'));
    await waitInView(page, 'operation/listEngines');
    expect(await page.locator('#api-filter-input').inputValue()).toBe('');

    await openRoute(site, page, 'developer-guide/rest-api/');
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'to the operation';
      link.id = 'test-link';
      document.querySelector('main')?.prepend(link);
    }, `${site.base}${API}#operation/createRundownItem`);
    await page.click('#test-link');
    await page.waitForSelector('[id="operation/createRundownItem"]');
    await waitInView(page, 'operation/createRundownItem');
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBe('true');
    await page.close();
  });
});

describe("the API page's stylesheet", () => {
  it('is linked by the API page only: a doc page does not download it', async () => {
    const { page } = await openPage(site);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const ownSheet = /\/api-page-styles-[A-Z0-9]+\.css$/;
    await openRoute(site, page, 'developer-guide/rest-api/');
    expect(requested.filter((url) => ownSheet.test(url))).toEqual([]);
    await openRoute(site, page, API);
    expect(requested.filter((url) => ownSheet.test(url))).toHaveLength(1);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('.api-layout') as Element).display)).toBe('flex');
    await page.close();
  });
});

describe('Try it', () => {
  let hub: Server;
  let port = 0;
  const received: { method: string; url: string; body: string; type: string | undefined }[] = [];
  beforeAll(async () => {
    hub = createServer((request: IncomingMessage, response) => {
      const cors = { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE', 'access-control-allow-headers': 'content-type,accept' };
      if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end();
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({ method: request.method ?? '', url: request.url ?? '', body, type: request.headers['content-type'] });
        response.writeHead(200, { ...cors, 'content-type': 'application/json' }).end(JSON.stringify({ id: 7, name: 'Late news from the fake hub' }));
      });
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    port = (hub.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => hub.close(() => resolve())));

  /** A fresh page at the operation, its Try it form open and ready. */
  async function openTryIt(id: string) {
    const { page } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/${id}`);
    return { page, ...(await openTryItForm(page, id)) };
  }

  it('one click opens the request form of the operation; one more sends it to the hub and shows the answer', async () => {
    const { page, form } = await openTryIt('renameRundown');
    expect(await form.locator('.opblock').count()).toBe(1);
    expect(await form.locator('.servers select').getAttribute('aria-label')).toBe('Server');
    expect(await page.locator('[id="servers"]').evaluateAll((els) => els.map((el) => el.tagName))).toEqual(['H2']);
    await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await form.locator('tr[data-param-name="rundownId"] input').fill('7');
    await form.locator('textarea.body-param__text').fill('{"name": "Late news"}');
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    expect(received.at(-1)).toEqual({ method: 'PATCH', url: '/api/rest/v1/playout/rundowns/7', body: '{"name": "Late news"}', type: 'application/json' });
    expect(await form.locator('.live-responses-table').textContent()).toContain('Late news from the fake hub');
    // The 200 answers the operation's documented 2XX: Swagger UI alone calls it "Undocumented".
    expect(await form.locator('.live-responses-table tr.response .response-col_status').textContent()).toMatch(/^\s*200\s*$/);
    // Only the answer's own headings: the documented responses are on the page above the form.
    const headings = await form.locator('h4:visible').allTextContents();
    expect(headings).toContain('Server response');
    expect(headings).not.toContain('Responses');
    // Swagger UI's own dark mode follows the site's toggle while the form is open.
    const dark = () => page.evaluate(() => [document.documentElement.dataset.theme === 'dark', document.documentElement.classList.contains('dark-mode')]);
    const before = await dark();
    expect(before[0]).toBe(before[1]);
    await page.click('button.color-mode-toggle');
    await page.waitForFunction((was) => document.documentElement.classList.contains('dark-mode') !== was, before[1]);
    expect(await dark()).toEqual([!before[0], !before[1]]);
    await page.close();
  });

  it('sends the request when Execute is pressed the moment it shows', async () => {
    // Swagger UI drew the form before it had resolved the operation's part of the spec: an Execute
    // pressed then threw ("Operation … not found") and sent nothing (a CI run's click did).
    const { page, problems } = await openPage(site);
    await rememberServer(page, { url: 'http://{hubHost}:{port}/api/rest/v1', variables: { hubHost: '127.0.0.1', port: String(port) }, base: `http://127.0.0.1:${port}/api/rest/v1` });
    await page.addInitScript(() => {
      // Pressed by the page itself as soon as the button is in the document: no reader is faster.
      new MutationObserver((_, observer) => {
        const execute = document.querySelector<HTMLButtonElement>('.swagger-ui button.execute');
        if (!execute) return;
        observer.disconnect();
        execute.click();
      }).observe(document, { childList: true, subtree: true });
    });
    await openApiRoute(site, page, `${API}#operation/listRundowns`);
    const sent = received.length;
    const op = page.locator('[id="operation/listRundowns"]');
    await op.locator('[data-try-it]').click();
    await op.locator('.swagger-ui .live-responses-table').waitFor({ timeout: 15_000 });
    expect(received.slice(sent).map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/rest/v1/playout/rundowns']);
    expect(await op.locator('.live-responses-table tr.response .response-col_status').textContent()).toMatch(/^\s*200\s*$/);
    expect(problems.filter((p) => p.startsWith('pageerror'))).toEqual([]);
    await page.close();
  });

  it("Reset body puts back the samples' body once the reader has edited it; the body's text is one Tab after the Schema tab", async () => {
    // Swagger UI's own sample of this body fills every optional field; the samples' body does not.
    const { page, form } = await openTryIt('createRundownItem');
    const editor = form.locator('textarea.body-param__text');
    const sample = await editor.inputValue();
    expect(Object.keys(JSON.parse(sample))).not.toContain('order');
    const reset = form.getByRole('button', { name: 'Reset body' });
    expect(await reset.count()).toBe(0);
    // From the Schema tab, one Tab reaches the body's text (Swagger UI's panel around it is no stop).
    await form.getByRole('tab', { name: 'Schema' }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.matches('textarea.body-param__text'))).toBe(true);
    await editor.fill('{"name": ');
    await reset.waitFor();
    // Beside the parameters' heading, and no Cancel that would close the form.
    expect(await form.locator('.opblock-section-header').first().getByRole('button').allTextContents()).toEqual(['Reset body']);
    await reset.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.inputValue()).toBe(sample);
    expect(await reset.count()).toBe(0);
    // The button went: the focus is on the editor, which holds the body put back.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('textarea.body-param__text'))).toBe(true);
    await page.close();
  });

  it('Reset body stays while the body is emptied: Execute then refuses it, and Reset is how to get it back', async () => {
    const { page, form } = await openTryIt('renameRundown');
    const editor = form.locator('textarea.body-param__text');
    const sample = await editor.inputValue();
    const reset = form.getByRole('button', { name: 'Reset body' });
    expect(await reset.count()).toBe(0);
    await editor.fill('');
    await reset.waitFor();
    await form.locator('button.execute').click();
    await form.getByText(/requires a request body/).waitFor();
    expect(await reset.count()).toBe(1);
    await reset.click();
    await expect.poll(() => editor.inputValue()).toBe(sample);
    expect(await reset.count()).toBe(0);
    await page.close();
  });

  it('Execute pressed from the keyboard keeps the focus when the answer comes, and the status is announced', async () => {
    const { page, form } = await openTryIt('renameRundown');
    // Opening the form fetched the spec: nothing was announced for that.
    expect(await page.locator('[data-route-announcer]').textContent()).toBe('');
    await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await form.locator('tr[data-param-name="rundownId"] input').fill('7');
    const sent = received.length;
    await form.locator('button.execute').focus();
    await page.keyboard.press('Enter');
    await form.locator('.live-responses-table tr.response').waitFor({ timeout: 15_000 });
    expect(received.length).toBe(sent + 1);
    // Swagger UI drew Execute anew beside Clear: the focus is on the new one, not on the page.
    await expect.poll(() => page.evaluate(() => document.activeElement?.matches('.swagger-ui button.execute'))).toBe(true);
    await expect.poll(() => page.locator('[data-route-announcer]').textContent()).toBe('Response 200');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Clear');
    // Again, with an answer already shown: the new answer is announced, the focus stays.
    await page.keyboard.press('Shift+Tab');
    await page.evaluate(() => ((document.querySelector('[data-route-announcer]') as HTMLElement).textContent = ''));
    await page.keyboard.press('Space');
    await expect.poll(() => received.length).toBe(sent + 2);
    await expect.poll(() => page.locator('[data-route-announcer]').textContent()).toBe('Response 200');
    expect(await page.evaluate(() => document.activeElement?.matches('.swagger-ui button.execute'))).toBe(true);
    await page.close();
  });

  it('says what to check, naming the server, when a request gets no answer', async () => {
    // A port nothing listens on: the connection is refused, which the browser reports as it reports CORS.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { page, op, form } = await openTryIt('deleteRundown');
    await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
    await form.locator('.servers input[data-variable="port"]').fill(String(deadPort));
    await form.locator('tr[data-param-name="rundownId"] input').fill('7');
    await form.locator('button.execute').click();
    const help = op.locator('.api-try__unanswered');
    await help.waitFor({ timeout: 15_000 });
    expect(await help.textContent()).toContain(`No answer from http://127.0.0.1:${deadPort}`);
    // An answer clears it: the same call to the fake hub.
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table tr.response').waitFor({ timeout: 15_000 });
    await expect.poll(() => help.count()).toBe(0);
    await page.close();
  });

  it('refuses Execute while the host is no host name, naming the field and the text typed; sends once the reader fixes it', async () => {
    const { page, op, form } = await openTryIt('listEngines');
    const host = form.locator('.servers input[data-variable="hubHost"]');
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await host.fill('bad host!');
    await host.press('Tab');
    const hint = form.locator('.api-try__hint');
    await expect.poll(() => hint.textContent()).toMatch(/^hubHost: enter a host name or IP address/);
    const before = received.length;
    const execute = form.locator('button.execute');
    const top = () => execute.evaluate((button) => button.getBoundingClientRect().top + window.scrollY);
    const where = await top();
    await execute.click();
    const refusal = op.locator('p#api-try-server-refusal[role="alert"]');
    await refusal.waitFor({ timeout: 15_000 });
    const said = (await refusal.textContent()) ?? '';
    expect(said).toContain('server variable hubHost holds “bad host!”');
    expect(said).toContain('as the hint under the server variables says');
    expect(said).not.toContain('%20');
    // Nothing sent, so no "Failed to fetch" and no advice about an unanswered server.
    await page.waitForTimeout(500);
    expect(received.length).toBe(before);
    expect(await form.locator('.live-responses-table').count()).toBe(0);
    expect(await op.textContent()).not.toContain('Failed to fetch');
    expect(await op.locator('.api-try__unanswered').count()).toBe(0);
    // Nothing else moves: the text stays for the reader to fix, focus stays on Execute, Execute stays where it was.
    expect(await host.inputValue()).toBe('bad host!');
    expect(await execute.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await top()).toBe(where);
    // The field is marked, and described by its hint and by the refusal.
    expect(await host.getAttribute('aria-invalid')).toBe('true');
    expect((await host.getAttribute('aria-describedby'))?.split(' ')).toEqual([await hint.getAttribute('id'), 'api-try-server-refusal']);
    // The host fixed: the refusal goes, and Execute sends one request, whose answer shows.
    await host.fill('127.0.0.1');
    await expect.poll(() => refusal.count()).toBe(0);
    expect(await host.getAttribute('aria-invalid')).toBe('false');
    await execute.click();
    await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    await expect.poll(() => received.length).toBe(before + 1);
    expect(received.at(-1)).toMatchObject({ method: 'GET', url: '/api/rest/v1/engines' });
    expect(await form.locator('.live-responses-table').textContent()).toContain('Late news from the fake hub');
    await page.waitForTimeout(300);
    expect(received.length).toBe(before + 1);
    await page.close();
  });

  it('refuses each Execute anew while the host is no host name, and sends once the reader empties the field for its default', async () => {
    const { page, op, form } = await openTryIt('listEngines');
    const host = form.locator('.servers input[data-variable="hubHost"]');
    const execute = form.locator('button.execute');
    const refusal = op.locator('p#api-try-server-refusal[role="alert"]');
    await host.fill('hub_1.example');
    const before = received.length;
    await execute.click();
    await expect.poll(() => refusal.textContent()).toContain('holds “hub_1.example”');
    // Another text that is no host: the refusal follows the next Execute, not the old text.
    await host.fill('http://');
    await expect.poll(() => refusal.count()).toBe(0);
    await execute.click();
    await expect.poll(() => refusal.textContent()).toContain('holds “http://”');
    // Emptied, the field takes its default as the reader leaves it (Tab; a click's target moves as
    // the hint goes): Execute sends.
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await host.fill('');
    await host.press('Tab');
    await execute.click();
    await expect.poll(() => host.inputValue()).toBe('localhost');
    await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    expect(await refusal.count()).toBe(0);
    expect(received.length).toBeLessThanOrEqual(before + 1); // localhost may or may not be the fake hub's 127.0.0.1
    await page.close();
  });

  for (const [mode, width] of [['light', 1280], ['light', 360], ['dark', 1280]] as const) {
    it(`axe finds no violation after Execute: answered, unanswered, and stopped by a missing parameter (${mode}, ${width} px)`, async () => {
      const dead = createServer();
      await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
      const deadPort = (dead.address() as { port: number }).port;
      await new Promise<void>((resolve) => dead.close(() => resolve()));
      const { page } = await openPage(site, { viewport: { width, height: 800 } });
      await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
      await openApiRoute(site, page, `${API}#operation/deleteRundown`);
      const { op, form } = await openTryItForm(page, 'deleteRundown');
      // WCAG 2.2 AA in full (as a11y.test.ts), and anything else axe calls serious, in the operation's section.
      const violations = async () => {
        const results = await new AxeBuilder({ page }).include('[id="operation/deleteRundown"]').analyze();
        return results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.tags.some((tag) => /^wcag2(1|2)?aa?$/.test(tag)))
          .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
      };
      await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
      await form.locator('.servers input[data-variable="port"]').fill(String(port));
      await form.locator('button.execute').click();
      await form.locator('.live-responses-table .highlight-code').waitFor({ timeout: 15_000 });
      expect(await form.locator('.response-undocumented').count()).toBeGreaterThan(0); // the check below covers its colour
      expect(await violations(), 'answered').toEqual([]);
      // axe leaves the highlighter's inline colours alone: every coloured token of the answer, 4.5:1 at least.
      const weak = await form.locator('.live-responses-table .highlight-code pre').evaluate((pre) => {
        const rgb = (text: string) => (text.match(/[\d.]+/g) ?? []).map(Number);
        const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
          const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
          return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
        };
        let band: Element | null = pre;
        while (band && /rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(band).backgroundColor)) band = band.parentElement;
        const behind = luminance(rgb(band ? getComputedStyle(band).backgroundColor : 'rgb(255, 255, 255)'));
        return [...pre.querySelectorAll('span')].flatMap((span) => {
          const text = luminance(rgb(getComputedStyle(span).color));
          const ratio = (Math.max(text, behind) + 0.05) / (Math.min(text, behind) + 0.05);
          return span.textContent?.trim() && ratio < 4.5 ? [`${span.textContent.trim()} ${ratio.toFixed(2)}`] : [];
        });
      });
      expect(weak, 'highlighted answer').toEqual([]);
      // The answer's Copy and Download buttons sit below its text, not over its last lines.
      const overlaps = await form.locator('.live-responses-table .highlight-code').evaluate((box) => {
        const text = box.querySelector('pre')?.getBoundingClientRect();
        return [...box.querySelectorAll('.download-contents, .copy-to-clipboard')].map((button) => (text ? button.getBoundingClientRect().top < text.bottom - 0.5 : true));
      });
      expect(overlaps).toEqual([false, false]);
      await form.locator('.servers input[data-variable="port"]').fill(String(deadPort));
      await form.locator('button.execute').click();
      await op.locator('.api-try__unanswered').waitFor({ timeout: 15_000 });
      expect(await violations(), 'unanswered').toEqual([]);
      await form.locator('tr[data-param-name="rundownId"] input').fill('');
      await form.locator('button.execute').click();
      await form.locator('tr[data-param-name="rundownId"] input.invalid').waitFor({ timeout: 15_000 });
      expect(await violations(), 'missing parameter').toEqual([]);
      await page.close();
    }, 240_000);
  }

  it("starts every path parameter with the code sample's value, and Execute sends it", async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, API);
    // Each operation with path parameters: the values its curl sample puts in the path.
    const expected = await page.locator('section.api-op').evaluateAll((ops) =>
      ops.flatMap((op) => {
        const template = op.querySelector('.api-op__path')?.textContent ?? '';
        const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
        if (names.length === 0) return [];
        const curl = op.querySelector('[data-sample="curl"] pre')?.textContent ?? '';
        const url = /curl -X \w+ '([^']+)'/.exec(curl)?.[1] ?? '';
        const pattern = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '([^/?]*)');
        const found = new RegExp(`${pattern}(?:\\?|$)`).exec(url);
        return [{ id: op.id, values: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(found?.[i + 1] ?? '(not in the curl sample)')])) }];
      }),
    );
    expect(expected.length).toBeGreaterThan(20);
    expect(expected.find((op) => op.id === 'operation/updateMosObject')?.values).toEqual({ objID: '3fa85f64-5717-4562-b3fc-2c963f66afa6' });
    for (const { id, values } of expected) {
      const op = page.locator(`[id="${id}"]`);
      await op.locator('[data-try-it]').click();
      const form = op.locator('.swagger-ui');
      await form.locator('tr[data-param-in="path"]').first().waitFor({ timeout: 30_000 });
      const shown = await form.locator('tr[data-param-in="path"]').evaluateAll((rows) =>
        Object.fromEntries(rows.map((row) => [row.getAttribute('data-param-name'), (row.querySelector('input, select') as HTMLInputElement | HTMLSelectElement | null)?.value])),
      );
      expect(shown, id).toEqual(values);
    }
    // Execute calls what the copied curl calls.
    const op = page.locator('[id="operation/updateMosObject"]');
    await op.locator('[data-try-it]').click();
    const form = op.locator('.swagger-ui');
    await form.locator('tr[data-param-name="objID"] input').waitFor({ timeout: 30_000 });
    await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    expect(received.at(-1)?.url).toBe('/api/rest/v1/newsroom/mosObjects/3fa85f64-5717-4562-b3fc-2c963f66afa6');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("starts the body editor with the curl sample's body, not Swagger UI's own, and Execute sends it", async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, API);
    // loadGraph: a made-up engineHostId (Swagger UI alone starts with 0); createLaunchConfig: its required renderers
    // with no item (the schema sets no minItems); updateRundownItem: {} (Swagger UI alone fills every optional field).
    // One form is open at a time: updateRundownItem's, the last, is edited below.
    for (const [id, body] of [['loadGraph', '{\n  "engineHostId": 1\n}'], ['createLaunchConfig', '{\n  "name": "string",\n  "renderers": []\n}'], ['updateRundownItem', '{}']] as const) {
      const op = page.locator(`[id="operation/${id}"]`);
      const curl = (await op.locator('.api-sample[data-sample="curl"] pre').textContent()) ?? '';
      const sent = /--data '([\s\S]*)'$/.exec(curl)?.[1];
      expect(sent, id).toBe(body);
      await op.locator('[data-try-it]').click();
      const form = op.locator('.swagger-ui');
      const editor = form.locator('textarea.body-param__text');
      await editor.waitFor({ timeout: 30_000 });
      expect(await editor.inputValue(), id).toBe(sent);
      // Swagger UI counts the samples' body as the form's own, not as the reader's edit.
      expect(await form.locator('button.try-out__btn.reset').count(), id).toBe(0);
      await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
      await form.locator('.servers input[data-variable="port"]').fill(String(port));
      const before = received.length;
      await form.locator('button.execute').click();
      await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
      await expect.poll(() => received.length).toBe(before + 1);
      const url = /curl -X \w+ '([^']+)'/.exec(curl)?.[1] ?? '';
      expect(received.at(-1), id).toEqual({ method: /curl -X (\w+)/.exec(curl)?.[1], url: new URL(url).pathname, body: sent, type: 'application/json' });
    }
    // What the reader types takes the samples' place, and Execute sends it.
    const form = page.locator('[id="operation/updateRundownItem"] .swagger-ui');
    await form.locator('textarea.body-param__text').fill('{"name": "Edited"}');
    await form.locator('button.execute').click();
    await expect.poll(() => received.at(-1)?.body).toBe('{"name": "Edited"}');
    expect(problems).toEqual([]);
    await page.close();
  });

  /** A fresh form at the operation, pointed at the fake hub. */
  async function tryAgainstHub(id: string) {
    const opened = await openTryIt(id);
    await opened.form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
    await opened.form.locator('.servers input[data-variable="port"]').fill(String(port));
    return { ...opened, editor: opened.form.locator('textarea.body-param__text'), problem: opened.form.locator('p.api-try__blocked#api-try-body-problem[role="alert"]') };
  }

  it('sends an optional body the reader emptied as no body, without Content-Type, as a curl without --data does', async () => {
    // triggerFunction's body is optional (requestBody.required: false in the hub's spec).
    const { page, op, form, editor } = await tryAgainstHub('triggerFunction');
    const curl = (await op.locator('.api-sample[data-sample="curl"] pre').textContent()) ?? '';
    const url = new URL(/curl -X \w+ '([^']+)'/.exec(curl)?.[1] ?? '').pathname;
    for (const text of ['', '  \n  ']) {
      await editor.fill(text);
      const before = received.length;
      await form.locator('button.execute').click();
      await expect.poll(() => received.length, { message: JSON.stringify(text) }).toBe(before + 1);
      expect(received.at(-1), JSON.stringify(text)).toEqual({ method: 'POST', url, body: '', type: undefined });
      // Swagger UI's own curl of the request names no Content-Type either (its `-d ''` makes curl send a POST).
      const shown = (await form.locator('.curl-command .curl').textContent()) ?? '';
      expect(shown).toContain(`curl -X 'POST'`);
      expect(shown).not.toContain('Content-Type');
    }
    // A body typed is sent as it is, with its type.
    await editor.fill('{"Parameters": []}');
    await form.locator('button.execute').click();
    await expect.poll(() => received.at(-1)?.body).toBe('{"Parameters": []}');
    expect(received.at(-1)?.type).toBe('application/json');
    await page.close();
  });

  it('sends no required body left empty or with only spaces, and says in an alert tied to the editor that one is needed', async () => {
    // renameRundown's body is required.
    const { page, form, editor, problem } = await tryAgainstHub('renameRundown');
    const before = received.length;
    for (const text of ['', '   \n']) {
      await editor.fill(text);
      await form.locator('button.execute').click();
      await problem.waitFor({ timeout: 10_000 });
      expect(await problem.textContent(), JSON.stringify(text)).toBe('This operation requires a request body, and the body editor is empty. Type the body to send, then press Execute again.');
      expect(await editor.getAttribute('aria-invalid')).toBe('true');
      expect(await editor.getAttribute('aria-describedby')).toBe('api-try-body-problem');
    }
    // A body typed takes the message away, and the next Execute sends that body only: nothing before it.
    await editor.fill('{"name": "Late news"}');
    await expect.poll(() => problem.count()).toBe(0);
    expect(await editor.getAttribute('aria-invalid')).toBe('false');
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table tr.response').waitFor({ timeout: 15_000 });
    expect(received.slice(before).map((r) => r.body)).toEqual(['{"name": "Late news"}']);
    await page.close();
  });

  it('sends no body that is not JSON: an alert tied to the editor says where it breaks and what to do, and goes once the body is JSON', async () => {
    const { page, form, editor, problem } = await tryAgainstHub('renameRundown');
    const before = received.length;
    await editor.fill('{\n  "name": "Late news",\n}');
    await form.locator('button.execute').click();
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.textContent()).toBe(
      'The request body is not valid JSON: at line 2, column 22, a comma follows the last property, which JSON does not allow. Correct it, then press Execute again.',
    );
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getAttribute('aria-describedby')).toBe(await problem.getAttribute('id'));
    // WCAG 2.2 AA (as a11y.test.ts) with the message shown, in both colour modes.
    for (const mode of ['light', 'dark']) {
      await page.evaluate((theme) => (document.documentElement.dataset.theme = theme), mode);
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark-mode'))).toBe(mode === 'dark');
      const results = await new AxeBuilder({ page }).include('[id="operation/renameRundown"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), mode).toEqual([]);
    }
    // Still not JSON: Execute again sends nothing and says where, on another line now.
    await editor.fill('{\n  "name": \'Late news\'\n}');
    await form.locator('button.execute').click();
    await expect.poll(() => problem.textContent()).toContain('at line 2, column 11, a value (an object, array, string in double quotes, number, true, false or null) is expected, not a single quote.');
    // JSON again: the message goes as the reader types, and Execute sends that body, the only one sent.
    await editor.fill('{\n  "name": "Late news"\n}');
    await expect.poll(() => problem.count()).toBe(0);
    expect(await editor.getAttribute('aria-invalid')).toBe('false');
    expect(await editor.getAttribute('aria-describedby')).toBeNull();
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table tr.response').waitFor({ timeout: 15_000 });
    expect(received.slice(before).map((r) => r.body)).toEqual(['{\n  "name": "Late news"\n}']);
    await page.close();
  });

  it('once Execute has refused a body, its message follows the edits: the new place, another problem, then gone when the body is JSON', async () => {
    const { page, form, editor, problem } = await tryAgainstHub('renameRundown');
    const before = received.length;
    /** Longer than the pause after which the message follows an edit. */
    const pause = () => page.waitForTimeout(800);
    const caretAt = (offset: number, end = offset) => editor.evaluate((el: HTMLTextAreaElement, [from, to]) => el.setSelectionRange(from ?? 0, to ?? 0), [offset, end]);
    const at = (line: number, column: number, what: string) => `at line ${line}, column ${column}, ${what}.`;
    const trailingComma = 'a comma follows the last property, which JSON does not allow';
    // A first draft, broken: nothing is said before Execute.
    const draft = '{\n  "name": "Late news",\n}';
    await editor.fill(draft);
    await pause();
    expect(await problem.count()).toBe(0);
    expect(await editor.getAttribute('aria-invalid')).toBe('false');
    await form.locator('button.execute').click();
    await problem.waitFor({ timeout: 10_000 });
    expect(await problem.textContent()).toContain(at(2, 22, trailingComma));
    // What the alert says from now on (each text it takes), and whether it stays the same element.
    await problem.evaluate((el) => {
      const watched = window as unknown as { said: string[]; alert: Element };
      watched.said = [];
      watched.alert = el;
      new MutationObserver((records) => records.forEach(() => watched.said.push(el.textContent ?? ''))).observe(el, { childList: true, characterData: true, subtree: true });
    });
    const said = () => page.evaluate(() => (window as unknown as { said: string[] }).said);
    const sameAlert = () => page.evaluate(() => (window as unknown as { alert: Element }).alert === document.getElementById('api-try-body-problem'));
    // An edit that leaves the problem where it was: the alert is not said again.
    await editor.fill('{\n  "name": "Late news",\n\n}');
    await pause();
    expect(await said()).toEqual([]);
    // Typing before the comma moves it: the message says where, without Execute, once the reader pauses
    // (not at each keystroke), in the same alert.
    await editor.focus();
    await caretAt('{\n  "name": "Late news'.length);
    await editor.pressSequentially(' at 6', { delay: 40 });
    await expect.poll(() => problem.textContent()).toContain(at(2, 27, trailingComma));
    expect(await sameAlert()).toBe(true);
    // Once when the keystrokes come within the pause; a loaded machine may space two of them further apart.
    const texts = await said();
    expect(texts.length, 'said after a pause, not at each of the five keystrokes').toBeLessThan(5);
    expect(texts.at(-1)).toBe(await problem.textContent());
    expect(await editor.getAttribute('aria-invalid')).toBe('true');
    // Another problem: the message says which.
    await editor.fill("{\n  \"name\": 'Late news'\n}");
    await expect.poll(() => problem.textContent()).toContain(at(2, 11, 'a value (an object, array, string in double quotes, number, true, false or null) is expected, not a single quote'));
    expect(await sameAlert()).toBe(true);
    // Back to the trailing comma, then the comma deleted: JSON, so the message goes and the editor is no longer marked.
    await editor.fill(draft);
    await expect.poll(() => problem.textContent()).toContain(at(2, 22, trailingComma));
    const comma = draft.indexOf('",') + 1;
    await caretAt(comma, comma + 1);
    await editor.press('Backspace');
    await expect.poll(() => problem.count()).toBe(0);
    expect(await editor.getAttribute('aria-invalid')).toBe('false');
    expect(await editor.getAttribute('aria-describedby')).toBeNull();
    // Gone, it stays gone while the reader types (it comes back only if Execute refuses the body again).
    await editor.press(',');
    await pause();
    expect(await problem.count()).toBe(0);
    expect(await editor.getAttribute('aria-invalid')).toBe('false');
    await editor.press('Backspace');
    // Execute sends the body, the only one sent.
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table tr.response').waitFor({ timeout: 15_000 });
    expect(received.slice(before).map((r) => r.body)).toEqual(['{\n  "name": "Late news"\n}']);
    await page.close();
  });

  it('a click on Execute straight from a field it tidies lands: the layout waits for the click', async () => {
    const { page, form } = await tryAgainstHub('listEngines');
    const host = form.locator('.servers input[data-variable="hubHost"]');
    const execute = form.locator('button.execute');
    // An emptied field shows a hint; leaving it gives it its default host, and the hint goes.
    await host.fill('');
    await expect.poll(() => form.locator('.api-try__hint').count()).toBe(1);
    const before = received.length;
    // Execute in view, away from the window's edge.
    await execute.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 100));
    const box = await execute.boundingBox();
    // Press and release the pointer where Execute is, as a reader does: the field's change comes with the press.
    await page.mouse.move((box?.x ?? 0) + 10, (box?.y ?? 0) + 10);
    await page.mouse.down();
    await page.waitForTimeout(150);
    await page.mouse.up();
    await expect.poll(() => received.length).toBe(before + 1);
    expect(received.at(-1)?.url).toBe('/api/rest/v1/engines');
    expect(await host.inputValue()).toBe('localhost');
    await page.close();
  });
});

describe('Try it remembers the hub', () => {
  const openForm = async (page: Page, operation: string) => (await openTryItForm(page, operation)).form;
  const curlOf = (page: Page, operation: string) => page.locator(`[id="operation/${operation}"] .api-sample[data-sample="curl"] pre`).textContent();
  const fieldsOf = async (form: ReturnType<Page['locator']>) => [await form.locator('.servers input[data-variable="hubHost"]').inputValue(), await form.locator('.servers input[data-variable="port"]').inputValue()];

  it("keeps the server and the host and port the reader typed, for the next operation, the code samples and after a reload", async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/listEngines`);
    expect(await curlOf(page, 'listEngines')).toContain("'http://localhost/api/rest/v1/engines'");
    let form = await openForm(page, 'listEngines');
    expect(await form.locator('.servers input[data-variable="hubHost"]').inputValue()).toBe('localhost');
    await form.locator('.servers input[data-variable="hubHost"]').fill('hub.studio.example');
    await form.locator('.servers input[data-variable="port"]').fill('8181');
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    // The code samples call the hub the reader chose, so a copied curl reaches it (and PowerShell's sample too).
    expect(await curlOf(page, 'deleteRundown')).toContain("'http://hub.studio.example:8181/api/rest/v1/playout/rundowns/1'");
    expect(await page.locator('[id="operation/deleteRundown"] .api-sample[data-sample="powershell"] pre').textContent()).toContain(
      "Uri = 'http://hub.studio.example:8181/api/rest/v1/playout/rundowns/1'",
    );
    // …and say so above them: the page's Servers section still lists the spec's servers.
    expect(await page.locator('[id="operation/deleteRundown"] .api-samples__server').textContent()).toBe('These samples call http://hub.studio.example:8181/api/rest/v1, the server chosen in Try it.');
    // …and keeps its colours: the URL is replaced inside its string token.
    const urlToken = page.locator('[id="operation/deleteRundown"] .api-sample[data-sample="curl"] pre span', { hasText: 'hub.studio.example:8181' });
    expect(await urlToken.count()).toBe(1);
    form = await openForm(page, 'renameRundown');
    expect(await fieldsOf(form)).toEqual(['hub.studio.example', '8181']);
    // The https server, once chosen, is the one offered next time, with the values typed.
    await form.locator('.servers select').selectOption({ index: 1 });
    await form.locator('.servers input[data-variable="hubHost"]').fill('secure-hub.studio.example');
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    form = await openForm(page, 'listEngines');
    expect(await form.locator('.servers select').inputValue()).toBe('https://{hubHost}:{port}/api/rest/v1');
    expect(await fieldsOf(form)).toEqual(['secure-hub.studio.example', '8181']);
    expect(await curlOf(page, 'deleteRundown')).toContain("'https://secure-hub.studio.example:8181/api/rest/v1/playout/rundowns/1'");
    expect(await page.locator('[id="operation/deleteRundown"] .api-samples__server').count()).toBe(1);
    expect(await page.locator('[id="operation/deleteRundown"] .api-samples__server').textContent()).toContain('https://secure-hub.studio.example:8181/api/rest/v1,');
    await page.close();
  });

  it("keeps the typed host and port when the reader switches server; a port never typed takes each server's default", async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/getEngine`);
    const form = await openForm(page, 'getEngine');
    const select = form.locator('.servers select:not([data-variable])');
    const host = form.locator('.servers input[data-variable="hubHost"]');
    const port = form.locator('.servers input[data-variable="port"]');
    await host.fill('hub.example.local');
    await port.fill('8080');
    await select.selectOption('https://{hubHost}:{port}/api/rest/v1');
    await expect.poll(() => form.locator('.computed-url code').textContent()).toBe('https://hub.example.local:8080/api/rest/v1');
    expect(await fieldsOf(form)).toEqual(['hub.example.local', '8080']);
    expect(await curlOf(page, 'getEngine')).toContain("'https://hub.example.local:8080/api/rest/v1/engines/");
    await select.selectOption('http://{hubHost}:{port}/api/rest/v1');
    await expect.poll(() => fieldsOf(form)).toEqual(['hub.example.local', '8080']);
    expect(await curlOf(page, 'getEngine')).toContain("'http://hub.example.local:8080/api/rest/v1/engines/");
    // The port typed back to http's default is no longer the reader's own: https takes 443.
    await port.fill('80');
    await select.selectOption('https://{hubHost}:{port}/api/rest/v1');
    await expect.poll(() => fieldsOf(form)).toEqual(['hub.example.local', '443']);
    expect(await curlOf(page, 'getEngine')).toContain("'https://hub.example.local/api/rest/v1/engines/");
    await select.selectOption('http://{hubHost}:{port}/api/rest/v1');
    await expect.poll(() => fieldsOf(form)).toEqual(['hub.example.local', '80']);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("lists the servers in the spec's order after a reload, the one chosen selected", async () => {
    const { page } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/getEngine`);
    let form = await openForm(page, 'getEngine');
    const order = () => form.locator('.servers select:not([data-variable]) option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    const spec = ['http://{hubHost}:{port}/api/rest/v1', 'https://{hubHost}:{port}/api/rest/v1'];
    expect(await order()).toEqual(spec);
    await form.locator('.servers select:not([data-variable])').selectOption(spec[1] ?? '');
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    form = await openForm(page, 'getEngine');
    expect(await order()).toEqual(spec);
    expect(await form.locator('.servers select:not([data-variable])').inputValue()).toBe(spec[1]);
    expect(await fieldsOf(form)).toEqual(['localhost', '443']);
    expect(await form.locator('.computed-url code').textContent()).toBe('https://localhost:443/api/rest/v1');
    await page.close();
  });
});

describe('Try it with an empty or malformed host', () => {
  const openGetEngine = async () => {
    const { page, problems } = await openPage(site);
    await openApiRoute(site, page, `${API}#operation/getEngine`);
    const { op, form } = await openTryItForm(page, 'getEngine');
    const host = form.locator('.servers input[data-variable="hubHost"]');
    const curl = () => op.locator('.api-sample[data-sample="curl"] pre').textContent();
    const computed = () => form.locator('.computed-url code').textContent();
    return { page, problems, op, form, host, curl, computed };
  };

  it('never leaves the samples on a host Try it no longer calls: an emptied host is the default again, and not remembered', async () => {
    const { page, problems, form, host, curl, computed } = await openGetEngine();
    await host.fill('hub.example.local');
    expect(await curl()).toContain("'http://hub.example.local/api/rest/v1/engines/");
    await host.fill('');
    // While empty: a hint by the field, and the samples on the default host.
    const hint = form.locator('.api-try__hint');
    await expect.poll(() => hint.textContent()).toMatch(/^hubHost: enter a host name or IP address, without http:\/\//);
    expect(await host.getAttribute('aria-invalid')).toBe('true');
    expect(await host.getAttribute('aria-describedby')).toBe(await hint.getAttribute('id'));
    expect(await curl()).toContain("'http://localhost/api/rest/v1/engines/");
    // Left empty, the field takes the default back: Try it calls what the samples show.
    await host.blur();
    await expect.poll(() => host.inputValue()).toBe('localhost');
    expect(await computed()).toBe('http://localhost:80/api/rest/v1');
    expect(await hint.count()).toBe(0);
    expect(await host.getAttribute('aria-invalid')).toBe('false');
    await host.fill('');
    await page.reload();
    await page.waitForSelector('html[data-api-ready]');
    expect(await curl()).toContain("'http://localhost/api/rest/v1/engines/");
    const op = page.locator('[id="operation/getEngine"]');
    await op.locator('[data-try-it]').click();
    await op.locator('.swagger-ui .servers input').first().waitFor({ timeout: 30_000 });
    expect(await op.locator('.swagger-ui .servers input[data-variable="hubHost"]').inputValue()).toBe('localhost');
    expect(await op.locator('.swagger-ui .computed-url code').textContent()).toBe('http://localhost:80/api/rest/v1');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('takes the host and port of a pasted URL, puts an IPv6 address in brackets, and says what a host is for other text', async () => {
    const { page, form, host, curl, computed } = await openGetEngine();
    await host.fill('http://192.0.2.10:8080/api/rest/v1');
    expect(await curl()).toContain("'http://192.0.2.10:8080/api/rest/v1/engines/");
    await host.blur();
    await expect.poll(() => host.inputValue()).toBe('192.0.2.10');
    expect(await form.locator('.servers input[data-variable="port"]').inputValue()).toBe('8080');
    expect(await computed()).toBe('http://192.0.2.10:8080/api/rest/v1');
    await form.locator('.servers input[data-variable="port"]').fill('80');
    await host.fill('::1');
    await host.press('Tab');
    await expect.poll(() => host.inputValue()).toBe('[::1]');
    expect(await computed()).toBe('http://[::1]:80/api/rest/v1');
    expect(await curl()).toContain("'http://[::1]/api/rest/v1/engines/");
    await host.fill('hub example');
    await expect.poll(() => form.locator('.api-try__hint').count()).toBe(1);
    await form.locator('.servers input[data-variable="port"]').fill('eighty');
    await expect.poll(() => form.locator('.api-try__hint').allTextContents()).toEqual([expect.stringMatching(/^hubHost: /), 'port: enter a port number from 1 to 65535.']);
    expect(await curl()).toContain("'http://localhost/api/rest/v1/engines/");
    await page.close();
  });

  it('never writes a host that could run a command into a sample, and quotes one stored before', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-pwned-'));
    const evil = `x'$(touch\${IFS}${dir}/PWNED)'`;
    const { page, form, host, curl } = await openGetEngine();
    await host.fill(evil);
    await expect.poll(() => form.locator('.api-try__hint').count()).toBe(1);
    expect(await curl()).toContain("'http://localhost/api/rest/v1/engines/");
    expect(await page.evaluate(() => Object.entries(localStorage).filter(([key]) => key.startsWith('docsgen.tryIt.server')).map(([, value]) => value).join(''))).not.toContain('PWNED');
    await page.close();
    // An entry written before hosts were checked: the samples quote it, so the shell runs nothing.
    const other = await openPage(site);
    await rememberServer(other.page, { url: 'http://{hubHost}:{port}/api/rest/v1', variables: { hubHost: evil }, base: `http://${evil}/api/rest/v1` });
    await openRoute(site, other.page, `${API}#operation/getEngine`);
    await other.page.waitForSelector('html[data-api-ready]');
    const op = other.page.locator('[id="operation/getEngine"]');
    const sample = (await op.locator('.api-sample[data-sample="curl"] pre').textContent()) ?? '';
    expect(sample).toContain('PWNED');
    const url = /^curl -X GET ('(?:[^']|'\\'')*')/.exec(sample)?.[1] ?? '';
    const printed = execFileSync('sh', ['-c', `printf '%s' ${url}`], { encoding: 'utf8' });
    expect(printed).toBe(`http://${evil}/api/rest/v1/engines/1`);
    await expect(access(path.join(dir, 'PWNED'))).rejects.toThrow();
    const js = (await op.locator('.api-sample[data-sample="javascript"] pre').textContent()) ?? '';
    expect(js).toContain(JSON.stringify(`http://${evil}/api/rest/v1/engines/1`));
    // Try it does not take the stored host: it is no host name.
    await op.locator('[data-try-it]').click();
    await op.locator('.swagger-ui .servers input').first().waitFor({ timeout: 30_000 });
    expect(await op.locator('.swagger-ui .servers input[data-variable="hubHost"]').inputValue()).toBe('localhost');
    await expect.poll(() => op.locator('.api-sample[data-sample="curl"] pre').textContent()).toContain("'http://localhost/api/rest/v1/engines/1'");
    await other.page.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe('Try it after a link from a doc page', () => {
  let hub: Server;
  let port = 0;
  const received: string[] = [];
  beforeAll(async () => {
    hub = createServer((request, response) => {
      received.push(`${request.method} ${request.url}`);
      response.writeHead(200, { 'access-control-allow-origin': '*', 'content-type': 'application/json' }).end('[]');
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    port = (hub.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => hub.close(() => resolve())));

  it('reaches the hub: the API page loads under its own policy, and Back shows the doc page again', async () => {
    // A document keeps the Content-Security-Policy it was loaded with. Shown by client navigation
    // inside a doc page's document, the API page's requests fell under connect-src 'self'.
    const { page, problems } = await openPage(site);
    await openRoute(site, page, 'developer-guide/rest-api/');
    await page.evaluate(() => ((window as Window & { docPageDocument?: boolean }).docPageDocument = true));
    await page.locator(`main a[href="${site.base}rhubapi/"]`).first().click(); // as the page's markdown links it
    await page.waitForSelector('html[data-api-ready]');
    expect(await page.evaluate(() => (window as Window & { docPageDocument?: boolean }).docPageDocument)).toBeUndefined();
    expect(await page.evaluate(() => document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'))).toContain('connect-src');

    const { form } = await openTryItForm(page, 'listEngines');
    await form.locator('.servers input[data-variable="hubHost"]').fill('127.0.0.1');
    await form.locator('.servers input[data-variable="port"]').fill(String(port));
    await form.locator('button.execute').click();
    await form.locator('.live-responses-table').waitFor({ timeout: 15_000 });
    expect(received).toEqual(['GET /api/rest/v1/engines']);
    expect(problems.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);

    await page.goBack();
    await page.waitForURL(`${site.origin}${site.base}developer-guide/rest-api/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('main h1').textContent()).toBe('REST API');
    await page.goForward();
    await page.waitForSelector('html[data-api-ready]');
    expect(page.url()).toMatch(new RegExp(`^${site.origin}${site.base}rhubapi/?$`));
    await page.close();
  });
});

describe('JavaScript while reading', () => {
  it('stays within the doc-page budget of 70 KB gzip; Swagger UI comes only with Try it or when the browser is idle', async () => {
    const { page } = await openPage(site);
    // No idle time: what reading costs, before Swagger UI is fetched in the background.
    await page.addInitScript(() => {
      (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
    });
    const scripts = new Map<string, Buffer>();
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
    });
    await openApiRoute(site, page, API);
    await page.waitForTimeout(500);
    const reading = new Map(scripts);
    const gzip = [...reading.values()].reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    expect(gzip).toBeLessThanOrEqual(70 * 1024);
    await page.locator('[id="operation/listEngines"] [data-try-it]').click();
    await page.locator('[id="operation/listEngines"] .swagger-ui .opblock').waitFor({ timeout: 30_000 });
    const swagger = [...scripts.keys()].filter((url) => !reading.has(url));
    expect(swagger.length).toBeGreaterThan(0);
    const swaggerGzip = swagger.reduce((sum, url) => sum + gzipSync(scripts.get(url) ?? Buffer.alloc(0)).length, 0);
    expect(swaggerGzip).toBeGreaterThan(70 * 1024); // it really is the heavy part
    await page.close();

    const idle = await openPage(site);
    const fetched: string[] = [];
    idle.page.on('request', (r) => fetched.push(r.url()));
    await openRoute(site, idle.page, API);
    await idle.page.waitForFunction(() => [...document.querySelectorAll('link[rel="stylesheet"]')].some((l) => /api-styles/.test((l as HTMLLinkElement).href)), null, { timeout: 30_000 });
    expect(fetched.filter((u) => swagger.some((s) => u === s)).length).toBeGreaterThan(0);
    await idle.page.close();
  });
});
