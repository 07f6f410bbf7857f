/**
 * `docsgen serve`: an edit reaches the open tab; a broken edit (page, folder, theme, config) shows
 * the error in the terminal and the page, and fixing it recovers without restarting the server.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, writeFile, rm, rename, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { DevServer } from '../../src/serve/dev.ts';
import { startDevFixture, type DevFixture } from './dev-fixture.ts';

let fixture: DevFixture;
let dir: string;
let dev: DevServer;
let browser: Browser;
let origin: string;
let errors: string[];

beforeAll(async () => {
  fixture = await startDevFixture({ ownTheme: true });
  ({ dir, dev, browser, origin, errors } = fixture);
});

afterAll(() => fixture.close());

async function openGuide(): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/docs/guide/`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForSelector('html[data-live-reload="connected"]');
  return page;
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const full = path.join(dir, file);
  await writeFile(full, change(await readFile(full, 'utf8')));
}

describe('docsgen serve', () => {
  it('binds to 127.0.0.1 by default and reloads the open tab with the saved content, where the reader was', async () => {
    const page = await openGuide();
    await page.setViewportSize({ width: 1000, height: 300 });
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 7));
    const y = await page.evaluate(() => {
      window.scrollTo(0, Math.min(200, document.documentElement.scrollHeight - window.innerHeight));
      return window.scrollY;
    });
    expect(y).toBeGreaterThan(50);
    await edit('content/guide/index.md', (t) => `${t}\n## Freshly saved heading\n`);
    await page.waitForSelector('#freshly-saved-heading', { timeout: 15_000 });
    // A body-only edit is swapped in place: the document was not reloaded, and the view stayed.
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(7);
    expect(await page.evaluate(() => window.scrollY)).toBe(y);
    await page.close();
  });

  it('answers its live-reload script and event stream to GET only: another method gets 405', async () => {
    for (const route of ['/__docsgen/events', '/__docsgen/live-reload.js']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const res = await fetch(`${origin}${route}`, { method });
        expect([route, method, res.status, res.headers.get('allow')]).toEqual([route, method, 405, 'GET, HEAD']);
      }
    }
    expect((await fetch(`${origin}/__docsgen/live-reload.js`)).status).toBe(200);
  });

  it('shows the edited text on a page the tab had prefetched before the edit', async () => {
    const page = await openGuide();
    // Hovering the link prefetches the page; then the page is edited; then the reader follows the link.
    const link = page.locator('.doc-layout__sidebar a', { hasText: 'Second page' });
    await link.hover();
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/docs/guide/second/'))), { timeout: 10_000 }).toBe(true);
    await edit('content/guide/second.md', (t) => `${t}\nWords saved after the prefetch.\n`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.routesChanged ?? ''), { timeout: 15_000 }).not.toBe('');
    await link.click();
    await page.waitForSelector('h1:has-text("Second page")');
    await page.waitForSelector('text=Words saved after the prefetch.', { timeout: 5_000 });
    await page.close();
  });

  it('shows a broken page in the terminal and in the page, and recovers when fixed', async () => {
    const page = await openGuide();
    const original = await readFile(path.join(dir, 'content/guide/second.md'), 'utf8');
    await writeFile(path.join(dir, 'content/guide/second.md'), '---\ntitle: [broken\n---\n');
    await page.waitForSelector('#docsgen-error-overlay', { timeout: 15_000 });
    expect(await page.locator('#docsgen-error-overlay').textContent()).toContain('second.md:2');
    expect(errors.at(-1)).toContain('invalid YAML in front matter');
    await writeFile(path.join(dir, 'content/guide/second.md'), original.replace('title: Second page', 'title: Second page fixed'));
    await page.waitForSelector('#docsgen-error-overlay', { state: 'detached', timeout: 15_000 });
    await page.goto(`${origin}/docs/guide/second/`);
    expect(await page.locator('h1').textContent()).toBe('Second page fixed');
    await page.close();
  });

  it('survives a deleted page and a renamed folder', async () => {
    await rm(path.join(dir, 'content/guide/second.md'));
    await dev.nextBuild();
    await rename(path.join(dir, 'content/reference'), path.join(dir, 'content/ref'));
    await mkdir(path.join(dir, 'content/empty-folder'));
    await dev.nextBuild();
    const page = await (await browser.newContext()).newPage();
    const response = await page.goto(`${origin}/docs/ref/glossary/`);
    expect(response?.status()).toBe(200);
    expect((await page.goto(`${origin}/docs/guide/second/`))?.status()).toBe(404);
    await page.close();
  });

  it('survives a syntax error in the theme and a broken config.yaml', async () => {
    const page = await openGuide();
    const themeFile = path.join(dir, 'theme/components/Footer.tsx');
    const theme = await readFile(themeFile, 'utf8');
    await writeFile(themeFile, theme.replace('export function Footer() {', 'export function Footer() {{'));
    await page.waitForSelector('#docsgen-error-overlay', { timeout: 15_000 });
    expect(await page.locator('#docsgen-error-overlay').textContent()).toMatch(/Footer\.tsx:\d+:\d+: error: the theme does not compile/);
    await writeFile(themeFile, theme);
    await page.waitForSelector('#docsgen-error-overlay', { state: 'detached', timeout: 15_000 });

    const config = path.join(dir, 'config.yaml');
    const good = await readFile(config, 'utf8');
    await writeFile(config, good.replace('title: Fixture Docs', 'title: [Fixture'));
    await page.waitForSelector('#docsgen-error-overlay', { timeout: 15_000 });
    expect(await page.locator('#docsgen-error-overlay').textContent()).toMatch(/config\.yaml:\d+:\d+: error: invalid YAML/);
    await writeFile(config, good.replace('title: Fixture Docs', 'title: Fixture Docs Again'));
    await page.waitForSelector('#docsgen-error-overlay', { state: 'detached', timeout: 15_000 });
    expect(await page.title()).toBe('Guide overview | Fixture Docs Again');
    await page.close();
  });
});
