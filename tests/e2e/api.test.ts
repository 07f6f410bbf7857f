/** The REST API reference page of the real site, in Chromium. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { openPage, type E2eSite } from './setup.ts';
import { startRealSite } from './real-site.ts';
import { ROOT } from '../helpers.ts';

let site: E2eSite;
let operationCount = 0;

beforeAll(async () => {
  site = await startRealSite();
  const spec = parse(await readFile(path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  for (const item of Object.values(spec.paths)) operationCount += Object.keys(item).filter((k) => ['get', 'put', 'post', 'delete', 'patch'].includes(k)).length;
}, 180_000);
afterAll(() => site.close());

describe('REST API reference (rhubapi)', () => {
  it('loads Swagger UI with every operation of the spec and no console errors', async () => {
    const { page, problems } = await openPage(site);
    await page.goto(`${site.origin}${site.base}rhubapi/`);
    await page.waitForSelector('.swagger-ui .opblock', { timeout: 30_000 });
    expect(await page.locator('.swagger-ui .opblock').count()).toBe(operationCount);
    expect(await page.locator('.api-page__header').textContent()).toContain('Version 1.6.0');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('expanding an operation shows its parameters and its error responses', async () => {
    const { page } = await openPage(site);
    await page.goto(`${site.origin}${site.base}rhubapi/`);
    await page.waitForSelector('.swagger-ui .opblock');
    const op = page.locator('.opblock.opblock-patch', { has: page.locator('.opblock-summary-path[data-path="/playout/rundowns/{rundownId}"]') });
    await op.locator('.opblock-summary-control').click();
    await op.locator('.parameters').first().waitFor();
    expect(await op.locator('.parameters').first().textContent()).toContain('rundownId');
    const responses = await op.locator('.responses-table').first().textContent();
    expect(responses).toContain('404');
    expect(responses).toContain('422');
    expect(responses).toContain('500');
    await page.close();
  });

  it('deep links open an operation', async () => {
    const { page } = await openPage(site);
    const spec = parse(await readFile(path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml'), 'utf8')) as { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
    const first = spec.paths['/engines']?.get;
    await page.goto(`${site.origin}${site.base}rhubapi/#/${first?.tags[0]}/${first?.operationId}`);
    await page.waitForSelector('.swagger-ui .opblock.is-open', { timeout: 30_000 });
    await page.close();
  });

  it('does not request the Swagger UI chunk on doc pages', async () => {
    const { page } = await openPage(site);
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`${site.origin}${site.base}developer-guide/rest-api/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForTimeout(500);
    expect(requested.filter((u) => /\/assets\/api-/.test(u))).toEqual([]);
    await page.close();
  });

  it('without JavaScript, the prerendered list shows every operation and the download link', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.origin}${site.base}rhubapi/`);
    expect(await page.locator('.api-op').count()).toBe(operationCount);
    const download = page.locator('a.api-page__download');
    expect(await download.getAttribute('href')).toBe(`${site.base}rhubapi/hub-rest-api-1.6.0.yaml`);
    await page.close();
  });
});
