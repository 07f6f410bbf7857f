/**
 * `docsgen serve` runs the build's own stages on every change: a title taken from the first
 * heading, a front matter change, a new page, a deleted page and a renamed heading all reach the
 * reader exactly as `docsgen build` would produce them; the server keeps watching when content/ is
 * deleted and restored, never answers 404 for a page while it rebuilds, and stops on one SIGTERM.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, writeFile, rm, rename } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BIN } from '../helpers.ts';
import type { DevServer } from '../../src/serve/dev.ts';
import { startDevFixture, type DevFixture } from './dev-fixture.ts';

let fixture: DevFixture;
let dir: string;
let dev: DevServer;
let browser: Browser;
let origin: string;
let errors: string[];

beforeAll(async () => {
  fixture = await startDevFixture();
  ({ dir, dev, browser, origin, errors } = fixture);
});

afterAll(() => fixture.close());

async function write(rel: string, text: string): Promise<void> {
  const settled = dev.nextBuild();
  await writeFile(path.join(dir, rel), text);
  await settled;
}

async function edit(rel: string, change: (text: string) => string): Promise<void> {
  await write(rel, change(await readFile(path.join(dir, rel), 'utf8')));
}

async function open(route: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/docs${route}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.waitForSelector('html[data-live-reload="connected"]');
  return page;
}

const sidebarLabels = (page: Page) => page.locator('nav[aria-label="Docs sidebar"] a').allTextContents();

describe('docsgen serve runs the build stages on every change', () => {
  it('adds a new page whose title comes from its first heading, and renames it with the heading', async () => {
    await write('content/guide/untitled.md', '# Old heading\n\nA page without a title in its front matter.\n');
    const page = await open('/guide/untitled/');
    expect(await page.locator('h1').textContent()).toBe('Old heading');
    expect(await page.title()).toBe('Old heading | Fixture Docs');
    await edit('content/guide/untitled.md', (t) => t.replace('# Old heading', '# New heading'));
    await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'New heading', undefined, { timeout: 15_000 });
    expect(await page.title()).toBe('New heading | Fixture Docs');
    expect(await page.locator('nav[aria-label="Breadcrumbs"]').textContent()).toContain('New heading');
    expect(await sidebarLabels(page)).toContain('New heading');
    expect(await sidebarLabels(page)).not.toContain('Old heading');
    await page.close();
  });

  it('shows a front matter change on every page that shows the page', async () => {
    const page = await open('/guide/');
    await edit('content/guide/first.md', (t) => t.replace('title: First page', 'title: First page renamed'));
    await page.waitForFunction(() => [...document.querySelectorAll('nav a')].some((a) => a.textContent === 'First page renamed'), undefined, { timeout: 15_000 });
    expect(await sidebarLabels(page)).not.toContain('First page');
    await page.close();
  });

  it('serves an image a page starts to show in an edit of its text', async () => {
    // Added first (a full build, which copies only the images pages show), then shown by an edit.
    await write('content/guide/img/shown-later.svg', '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
    await edit('content/guide/second.md', (t) => `${t}\n\n![Shown later](./img/shown-later.svg)\n`);
    const page = await open('/guide/second/');
    const src = await page.locator('img[alt="Shown later"]').getAttribute('src');
    expect(src).toBeTruthy();
    const response = await page.request.get(new URL(src!, page.url()).href);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<rect');
    await page.close();
  });

  it('finds a word saved into a page in the tab that searched before the edit, without a reload', async () => {
    const page = await open('/guide/');
    const search = async (query: string) => {
      await page.keyboard.press('Control+k');
      await page.waitForSelector('.DocSearch-Modal');
      await page.keyboard.type(query);
      await page.waitForSelector('.DocSearch-NoResults, .DocSearch-Hit');
      const found = await page.locator('.DocSearch-Hit').count();
      await page.keyboard.press('Escape');
      return found;
    };
    expect(await search('quagganword')).toBe(0);
    await page.evaluate(() => ((window as unknown as { beforeEdit: boolean }).beforeEdit = true));
    // Resolves when the server's search-updated event has reached the tab (after the search client's own listener).
    const indexUpdated = page.evaluate(() => new Promise<void>((resolve) => window.addEventListener('docsgen:search-updated', () => resolve(), { once: true })));
    await edit('content/guide/second.md', (t) => `${t}\nThe quagganword appears after the first search.\n`);
    await indexUpdated;
    expect(await search('quagganword')).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { beforeEdit?: boolean }).beforeEdit)).toBe(true); // not reloaded
    await page.close();
  });

  it('serves a deleted page as not found and drops it from the sidebar', async () => {
    const settled = dev.nextBuild();
    await rm(path.join(dir, 'content/guide/untitled.md'));
    await settled;
    const page = await (await browser.newContext()).newPage();
    expect((await page.goto(`${origin}/docs/guide/untitled/`))?.status()).toBe(404);
    await page.goto(`${origin}/docs/guide/`);
    expect(await sidebarLabels(page)).not.toContain('New heading');
    await page.close();
  });

  it('reports a link to a renamed heading as a broken anchor, and serves the new anchor', async () => {
    errors.length = 0;
    const page = await open('/guide/');
    await edit('content/guide/index.md', (t) => t.replace('## Setup steps', '## Installation steps'));
    await page.waitForSelector('#installation-steps', { timeout: 15_000 });
    expect(await page.locator('#setup-steps').count()).toBe(0);
    expect(errors.join('\n')).toMatch(/first\.md:\d+:\d+: warning: broken anchor "\/docs\/guide\/#setup-steps"/);
    await edit('content/guide/index.md', (t) => t.replace('## Installation steps', '## Setup steps'));
    await page.close();
  });

  it('keeps watching after content/ is deleted and restored, as a branch switch does', async () => {
    const aside = `${dir}-content-aside`;
    let settled = dev.nextBuild();
    await rename(path.join(dir, 'content'), aside);
    await settled;
    settled = dev.nextBuild();
    await rename(aside, path.join(dir, 'content'));
    await settled;
    const page = await open('/guide/second/');
    await edit('content/guide/second.md', (t) => `${t}\nWritten after the branch switch.\n`);
    await page.waitForFunction(() => document.body.textContent?.includes('Written after the branch switch.'), undefined, { timeout: 15_000 });
    await page.close();
  });

  it('never answers 404 for a page that exists before and after a rebuild', async () => {
    const statuses: number[] = [];
    let stop = false;
    const poll = (async () => {
      while (!stop) statuses.push((await fetch(`${origin}/docs/guide/first/`)).status);
    })();
    for (let i = 0; i < 4; i++) await edit('config.yaml', (t) => t.replace(/tagline: .*/, `tagline: Tagline ${i}`));
    stop = true;
    await poll;
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});

describe('docsgen serve as a process', () => {
  it('stops on the first SIGTERM', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--config', path.join(dir, 'config.yaml'), '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "serving" line: ${out}`)), 60_000);
      child.stdout.on('data', () => {
        if (out.includes('serving http://127.0.0.1:')) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
    const exited = new Promise<number | string | null>((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    if (code === 'still running') child.kill('SIGKILL');
    expect(code, `${out}\n${err}`).toBe(0);
  }, 90_000);
});
