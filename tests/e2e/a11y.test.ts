/** axe-core on every kind of page, in both colour modes: no serious or critical violations. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { startSite, openPage, type E2eSite } from './setup.ts';

let site: E2eSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe('accessibility', () => {
  for (const [name, route] of [
    ['landing', ''],
    ['doc', 'guide/first/'],
    ['search', 'search/?q=hub'],
    ['API', 'api/'],
    ['404', 'no-such-page/'],
  ] as const) {
    for (const mode of ['dark', 'light'] as const) {
      it(`${name} page (${mode}) has no serious or critical violations`, async () => {
        const { page } = await openPage(site);
        await page.addInitScript((m) => localStorage.setItem('theme', m), mode);
        await page.goto(`${site.origin}${site.base}${route}`);
        await page.waitForSelector('html[data-hydrated="true"]');
        await page.waitForTimeout(name === 'API' ? 1500 : 300);
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
        await page.close();
      });
    }
  }
});
