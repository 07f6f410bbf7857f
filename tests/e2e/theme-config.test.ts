/** Theme behaviours that depend on configuration: each block builds the fixture with a patched config.yaml. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { startSite, openPage, type E2eSite } from './setup.ts';

describe('respectPrefersColorScheme: true', () => {
  let site: E2eSite;
  beforeAll(async () => {
    site = await startSite('basic', { configPatch: (c) => c.replace('  defaultMode: dark', '  defaultMode: dark\n  respectPrefersColorScheme: true') });
  });
  afterAll(() => site.close());

  it('follows the system preference while nothing is stored, reacts to changes, but not while printing', async () => {
    const { page } = await openPage(site, { colorScheme: 'light' });
    await page.goto(`${site.origin}${site.base}guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.getAttribute('html', 'data-theme')).toBe('light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    await page.waitForTimeout(200);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.emulateMedia({ media: 'screen' });
    await page.click('button.color-mode-toggle'); // a stored choice wins from now on
    const chosen = await page.getAttribute('html', 'data-theme');
    await page.emulateMedia({ colorScheme: chosen === 'dark' ? 'light' : 'dark' });
    await page.waitForTimeout(200);
    expect(await page.getAttribute('html', 'data-theme')).toBe(chosen);
    await page.close();
  });
});

describe('disableSwitch: true, a new announcement id and a misconfigured navbar item', () => {
  let site: E2eSite;
  beforeAll(async () => {
    site = await startSite('basic', {
      configPatch: (c) =>
        c
          .replace('  defaultMode: dark', '  defaultMode: dark\n  disableSwitch: true')
          .replace('id: fixture-bar-1', 'id: fixture-bar-2')
          .replace('    - { type: link, label: API, to: api, position: left }', '    - { type: link, label: API, to: api, position: left }\n    - { type: link, label: Nowhere, position: left }'),
    });
  });
  afterAll(() => site.close());

  it('hides the toggle and ignores a stored choice', async () => {
    const { page } = await openPage(site);
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.goto(`${site.origin}${site.base}guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('button.color-mode-toggle').count()).toBe(0);
    expect(await page.getAttribute('html', 'data-theme')).toBe('dark');
    await page.close();
  });

  it('shows the bar again when its id changed since it was dismissed', async () => {
    const { page } = await openPage(site);
    await page.addInitScript(() => {
      localStorage.setItem('docsgen-announcement-dismiss', 'true');
      localStorage.setItem('docsgen-announcement-id', 'fixture-bar-1');
    });
    await page.goto(`${site.origin}${site.base}guide/`);
    expect(await page.locator('.announcement').isVisible()).toBe(true);
    await page.close();
  });

  it('a navbar item that fails to render asks to check that item, and the rest of the navbar works', async () => {
    const { page, problems } = await openPage(site);
    await page.goto(`${site.origin}${site.base}guide/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const message = page.locator('.navbar__item--error');
    expect(await message.textContent()).toContain('Please double-check the following navbar item');
    expect(await message.textContent()).toContain('navbar.items[2]');
    await page.click('.navbar__desktop-items a:has-text("API")');
    await page.waitForSelector('h1:has-text("Mini API")');
    expect(problems.filter((p) => !p.includes('navbar item'))).toEqual([]);
    await page.close();
  });
});
