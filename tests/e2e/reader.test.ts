/**
 * What a reader of a docs site expects (issue 16): navbar state, the sidebar and TOC under a hiding
 * navbar, code blocks, tabs, category pages, page metadata, back to top, the mobile drawer, in
 * Debian Chromium against the built fixture served on 127.0.0.1.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startSite, openPage, openRoute, type E2eSite } from './setup.ts';

let site: E2eSite;
const ready = (page: Page, route = '') => openRoute(site, page, route);

beforeAll(async () => {
  site = await startSite();
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
    await page.mouse.wheel(0, 1500);
    await page.waitForFunction(() => document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    await page.waitForTimeout(400); // the navbar slides away
    const hidden = await tops();
    expect(hidden.navbar).toBeLessThanOrEqual(1);
    expect(hidden.sidebar).toBeLessThanOrEqual(1);
    expect(hidden.toc).toBeLessThanOrEqual(24);
    await page.mouse.wheel(0, -300);
    await page.waitForFunction(() => !document.querySelector('.navbar')?.classList.contains('navbar--hidden'));
    await page.waitForTimeout(400);
    const shown = await tops();
    expect(shown.sidebar).toBeGreaterThanOrEqual(shown.navbar - 1);
    expect(shown.toc).toBeGreaterThanOrEqual(shown.navbar - 1);
    await page.close();
  });
});
