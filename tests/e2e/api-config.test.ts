/** API pages from configuration: several specs, colour mode, and the hub host for try-it-out. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openPage, openRoute, serveSite, type E2eSite } from './setup.ts';
import { copyFixture, runCli, ROOT } from '../helpers.ts';

let site: E2eSite;

beforeAll(async () => {
  const dir = await copyFixture('basic');
  await copyFile(path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml'), path.join(dir, 'openapi/hub.yaml'));
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('  - { id: mini, route: api, spec: openapi/mini.yaml }', '  - { id: mini, route: api, spec: openapi/mini.yaml }\n  - { id: hub, route: hub-api, spec: openapi/hub.yaml }'));
  const result = await runCli(['build', '--config', config]);
  expect(result.code, result.stderr).toBe(0);
  site = await serveSite(dir, path.join(dir, 'out'), '/docs/');
}, 120_000);
afterAll(() => site.close());

describe('API pages from config', () => {
  it('builds one page per configured spec, each with its own operations', async () => {
    const { page } = await openPage(site, { javaScriptEnabled: false });
    await page.goto(`${site.origin}/docs/api/`);
    expect(await page.locator('.api-op').count()).toBe(1);
    await page.goto(`${site.origin}/docs/hub-api/`);
    expect(await page.locator('.api-op').count()).toBe(48);
    await page.close();
  });

  it('lets the reader enter the hub host for try-it-out, and follows the colour mode', async () => {
    const { page } = await openPage(site);
    await openRoute(site, page, 'hub-api/');
    await page.waitForSelector('.swagger-ui .opblock');
    const hostInput = page.locator('.swagger-ui .servers input').first();
    await hostInput.fill('hub01.studio.local');
    expect(await page.locator('.swagger-ui .servers').textContent()).toContain('hubHost');
    const filterOf = () => page.locator('.swagger-ui').first().evaluate((el) => getComputedStyle(el).filter);
    expect(await filterOf()).toContain('invert');
    await page.click('button.color-mode-toggle');
    expect(await filterOf()).toBe('none');
    await page.close();
  });
});
