/**
 * `docsgen serve` started on sources whose first build fails: it serves under config.yaml's base
 * (the address it prints), every page shows the error over a page that waits for the fix, and the
 * save that fixes it brings the site into that same tab.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startDevFixture, type DevFixture } from './dev-fixture.ts';

let fixture: DevFixture;
let original = '';
const PAGE = 'content/guide/second.md';

beforeAll(async () => {
  fixture = await startDevFixture({
    beforeStart: async (dir) => {
      original = await readFile(path.join(dir, PAGE), 'utf8');
      await writeFile(path.join(dir, PAGE), '---\ntitle: [broken\n---\n');
    },
  });
});

afterAll(() => fixture.close());

describe('docsgen serve when its first build fails', () => {
  it('serves under the base, shows the error on every page, and shows the site once a save fixes it', async () => {
    const { dev, browser, origin, errors, dir } = fixture;
    expect(dev.site.baseUrl).toBe('/docs/');
    expect(errors[0]).toContain('second.md:2');
    const page = await (await browser.newContext()).newPage();
    const response = await page.goto(`${origin}/docs/guide/`);
    expect(response?.status()).toBe(404);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.waitForSelector('#docsgen-error-overlay', { timeout: 15_000 });
    expect(await page.locator('#docsgen-error-overlay').textContent()).toContain('second.md:2');
    await writeFile(path.join(dir, PAGE), original);
    await page.waitForSelector('html[data-hydrated="true"]', { timeout: 20_000 });
    expect(await page.locator('main h1').textContent()).toBe('Guide overview');
    await page.close();
  });
});
