/**
 * Injection: hostile titles, queries and spec descriptions stay text; the site works under the
 * Content-Security-Policy docsgen's own server sends (tests/e2e/csp.test.ts covers it in depth).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { startSite, openPage, type E2eSite } from './setup.ts';
import { contentSecurityPolicy } from '../../src/render/csp.ts';
import { ROOT, searchFragmentFiles } from '../helpers.ts';

const EVIL_TITLE = 'Evil </title><script>window.__pwned = 1</script> "quoted" & \'single\'';
let site: E2eSite;

beforeAll(async () => {
  site = await startSite('basic');
}, 120_000);
afterAll(() => site.close());

describe('injection', () => {
  it('escapes a hostile front matter title and description in the title, meta tags, data and search records', async () => {
    const dir = site.dir;
    const file = path.join(dir, 'content/guide/second.md');
    await writeFile(file, `---\ntitle: ${JSON.stringify(EVIL_TITLE)}\ndescription: ${JSON.stringify('Desc "with" <b>tags</b>')}\n---\n\n## Details\n\nBody.\n`);
    const { runCli } = await import('../helpers.ts');
    expect((await runCli(['build', '--config', path.join(dir, 'config.yaml')])).code).toBe(0);
    const html = await readFile(path.join(dir, 'out/guide/second/index.html'), 'utf8');
    expect(html).toContain('<title>Evil &lt;/title&gt;&lt;script&gt;window.__pwned = 1&lt;/script&gt; &quot;quoted&quot; &amp; &#39;single&#39; | Fixture Docs</title>');
    expect(html).toContain('<meta name="description" content="Desc &quot;with&quot; &lt;b&gt;tags&lt;/b&gt;">');
    expect(html.match(/<script/g)?.length).toBe(3); // bootstrap, data (JSON), module entry
    expect(html).not.toContain('<script>window.__pwned');
    const fragments = await Promise.all((await searchFragmentFiles(path.join(dir, 'out'))).map(async (f) => JSON.parse(await readFile(f, 'utf8')) as { lvl1: string | null }));
    expect(fragments.some((f) => f.lvl1 === EVIL_TITLE)).toBe(true);

    const { page } = await openPage(site);
    await page.goto(`${site.origin}${site.base}guide/second/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.title()).toBe(`${EVIL_TITLE} | Fixture Docs`);
    expect(await page.locator('h1').textContent()).toBe(EVIL_TITLE);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.keyboard.press('Control+k');
    await page.waitForSelector('.DocSearch-Modal');
    await page.keyboard.type('Evil');
    await page.waitForSelector('.DocSearch-Hit');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });

  it('Try it (Swagger UI) renders hostile spec descriptions without running them', async () => {
    const spec = path.join(site.dir, 'out/api/mini.yaml');
    const original = await readFile(spec, 'utf8');
    await writeFile(spec, original.replace('summary: List things', 'summary: List things\n      description: "Hi <img src=x onerror=\\"window.__pwned=2\\"> <script>window.__pwned=3</script>"'));
    const { page } = await openPage(site);
    await page.goto(`${site.origin}${site.base}api/`);
    await page.waitForSelector('html[data-api-ready]');
    await page.locator('[id="operation/listThings"] [data-try-it]').click();
    await page.waitForSelector('.swagger-ui .opblock');
    await page.waitForTimeout(300);
    expect(await page.locator('.swagger-ui .opblock-description').textContent()).toContain('Hi');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.swagger-ui [onerror]').count()).toBe(0);
    await page.close();
    await writeFile(spec, original);
  });

  it('every kind of page works under the Content-Security-Policy the server sends', async () => {
    for (const route of ['', 'guide/first/', 'search/?q=hub', 'api/', 'nope/']) {
      const { page, problems } = await openPage(site);
      await page.goto(`${site.origin}${site.base}${route}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      if (route === 'api/') {
        await page.waitForSelector('html[data-api-ready]');
        await page.locator('[id="operation/listThings"] [data-try-it]').click();
        await page.waitForSelector('.swagger-ui .opblock');
      }
      if (route === 'guide/first/') {
        await page.keyboard.press('Control+k');
        await page.waitForSelector('.DocSearch-Modal');
        await page.keyboard.type('first');
        await page.waitForSelector('.DocSearch-Hit');
      }
      await page.waitForTimeout(200);
      expect(problems.filter((p) => /Content Security Policy|Refused to/.test(p)), route).toEqual([]);
      await page.close();
    }
  }, 60_000); // five pages, Swagger UI among them

  it('the README documents the policy the site passes', async () => {
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(contentSecurityPolicy());
  });
});
