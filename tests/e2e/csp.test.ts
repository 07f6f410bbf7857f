/**
 * The Content-Security-Policy as shipped: every page carries it in a meta tag and `docsgen serve`
 * (preview and dev server, started as a user starts them) sends it as a header. Every kind of page
 * works under it with zero violations — landing, doc, search modal and page, the API page with
 * "Try it out" against a fake API on 127.0.0.1, 404, a custom page with its own inline script,
 * hosted search — and the meta tag alone blocks a script injected into a page.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { BIN, copyFixture, launchChromium, runCli } from '../helpers.ts';
import { openPage, type E2eSite } from './setup.ts';
import { startFakeSearchService } from './fake-search-service.ts';

interface Served {
  origin: string;
  stop(): Promise<void>;
}

/** Runs `docsgen serve …` as a user does and resolves once it prints the address it serves. */
function docsgenServe(args: string[]): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /serving (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve({ origin: match[1], stop });
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`docsgen serve exited (${code}): ${output}`)));
  });
}

/** Records securitypolicyviolation events in the page (an init script is not subject to the CSP). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const list: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = list;
    document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`));
  });
  return () => page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

function metaPolicy(html: string): string | undefined {
  return /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1]?.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
}

let dir: string;
let browser: Browser;
let preview: Served;
let fakeApi: Server;
let apiPort = 0;
const apiCalls: string[] = [];
const site = (): E2eSite => ({ dir, origin: preview.origin, base: '/docs/', browser, close: async () => undefined });

beforeAll(async () => {
  fakeApi = createServer((req, res) => {
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'GET, OPTIONS' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    apiCalls.push(`${req.method} ${req.url}`);
    res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end(JSON.stringify([{ id: 'thing-1' }]));
  });
  await new Promise<void>((resolve) => fakeApi.listen(0, '127.0.0.1', resolve));
  apiPort = (fakeApi.address() as { port: number }).port;

  dir = await copyFixture('basic');
  const spec = path.join(dir, 'openapi/mini.yaml');
  await writeFile(spec, (await readFile(spec, 'utf8')).replace('paths:', `servers:\n  - url: http://127.0.0.1:${apiPort}/v1\npaths:`));
  await writeFile(
    path.join(dir, 'content/custom.page.tsx'),
    "export const title = 'Custom';\nexport default function Custom() {\n  return <section><h2>Custom page</h2><script dangerouslySetInnerHTML={{ __html: 'window.__customRan = 1' }} /></section>;\n}\n",
  );
  const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
  expect(result.code, result.stderr).toBe(0);
  preview = await docsgenServe(['--out', path.join(dir, 'out')]);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  await new Promise((resolve) => fakeApi?.close(resolve));
});

describe('the policy every page ships', () => {
  it('docsgen serve --out sends each page its own meta policy as a header, plus frame-ancestors', async () => {
    for (const route of ['', 'guide/first/', 'search/', 'api/', 'custom/', 'nope/']) {
      const response = await fetch(`${preview.origin}/docs/${route}`);
      const meta = metaPolicy(await response.text());
      expect(meta, route).toMatch(/^default-src 'self'; script-src 'self' 'sha256-/);
      expect(meta, route).not.toMatch(/frame-ancestors|script-src[^;]*unsafe-inline/);
      expect(response.headers.get('content-security-policy'), route).toBe(`${meta}; frame-ancestors 'none'`);
    }
    // Files that are not pages get the site's policy: an SVG opened directly cannot run script.
    const notFound = metaPolicy(await (await fetch(`${preview.origin}/docs/nope/`)).text());
    expect((await fetch(`${preview.origin}/docs/favicon.svg`)).headers.get('content-security-policy')).toBe(`${notFound}; frame-ancestors 'none'`);
  });

  it('the API page may call its API server; the custom page has its inline script hashed', async () => {
    const api = metaPolicy(await (await fetch(`${preview.origin}/docs/api/`)).text());
    expect(api).toContain(`connect-src 'self' http://127.0.0.1:${apiPort};`);
    const custom = metaPolicy(await (await fetch(`${preview.origin}/docs/custom/`)).text()) ?? '';
    expect(custom.match(/'sha256-/g)).toHaveLength(2);
  });
});

describe('every kind of page works under it with zero violations', () => {
  async function visit(route: string, interact: (page: Page) => Promise<void> = async () => undefined): Promise<{ violations: string[]; problems: string[] }> {
    const { page, problems } = await openPage(site());
    const violations = await watchViolations(page);
    await page.goto(`${preview.origin}/docs/${route}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await interact(page);
    await page.waitForTimeout(300);
    // The 404 page's own status is logged as a failed resource; that is the page working.
    const real = problems.filter((p) => !(route === 'nope/' && p.includes('status of 404')));
    const result = { violations: await violations(), problems: real.filter((p) => p.startsWith('error') || p.startsWith('pageerror') || /Content Security Policy|Refused to/.test(p)) };
    await page.close();
    return result;
  }

  it('landing, doc page, 404', async () => {
    for (const route of ['', 'guide/first/', 'nope/']) expect(await visit(route), route).toEqual({ violations: [], problems: [] });
  });

  it('the search modal and the search page with the embedded index', async () => {
    const modal = await visit('guide/first/', async (page) => {
      await page.keyboard.press('Control+k');
      await page.waitForSelector('.DocSearch-Modal');
      await page.keyboard.type('first');
      await page.waitForSelector('.DocSearch-Hit');
    });
    expect(modal).toEqual({ violations: [], problems: [] });
    const searchPage = await visit('search/?q=first', async (page) => {
      await page.waitForSelector('.search-result');
    });
    expect(searchPage).toEqual({ violations: [], problems: [] });
  });

  it('the API page: Try it loads Swagger UI and reaches the API on 127.0.0.1', async () => {
    const result = await visit('api/', async (page) => {
      await page.waitForSelector('html[data-api-ready]');
      await page.locator('[id="operation/listThings"] [data-try-it]').click();
      await page.locator('.swagger-ui .execute').click();
      const status = page.locator('.swagger-ui .live-responses-table tbody .response-col_status').first();
      await status.waitFor({ timeout: 15_000 });
      expect(await status.textContent()).toContain('200');
    });
    expect(apiCalls).toContain('GET /v1/things');
    expect(result).toEqual({ violations: [], problems: [] });
  });

  it("a custom page's own inline script runs (its hash is in the policy)", async () => {
    const { page } = await openPage(site());
    const violations = await watchViolations(page);
    await page.goto(`${preview.origin}/docs/custom/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.evaluate(() => (window as unknown as { __customRan?: number }).__customRan)).toBe(1);
    expect(await violations()).toEqual([]);
    await page.close();
  });
});

describe('the meta tag on its own', () => {
  /** Serves the doc page with a script injected and no CSP header, as a host that sends none would. */
  async function injected(keepMeta: boolean): Promise<{ ran: unknown; violations: string[] }> {
    const { page } = await openPage(site());
    const violations = await watchViolations(page);
    await page.route(`${preview.origin}/docs/guide/first/`, async (route) => {
      let body = await (await fetch(`${preview.origin}/docs/guide/first/`)).text();
      body = body.replace('</body>', '<script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"></body>');
      if (!keepMeta) body = body.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '');
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body });
    });
    await page.goto(`${preview.origin}/docs/guide/first/`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.waitForTimeout(300);
    const result = { ran: await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), violations: await violations() };
    await page.close();
    return result;
  }

  it('blocks an injected inline script and inline handler', async () => {
    const { ran, violations } = await injected(true);
    expect(ran).toBeUndefined();
    expect(violations.filter((v) => v.startsWith('script-src'))).toHaveLength(2);
  });

  it('(without it the same page runs them: the test above can fail)', async () => {
    expect((await injected(false)).ran).toBeDefined();
  });
});

describe('hosted search and the dev server', () => {
  it('hosted search: the configured hosts are in connect-src and the modal works', async () => {
    const hit = { objectID: '1', url: '/docs/guide/first/', hierarchy: { lvl0: 'Guide', lvl1: 'First page', lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null }, content: null, type: 'lvl1', _highlightResult: { hierarchy: { lvl1: { value: 'First page', matchLevel: 'none', matchedWords: [] } } } };
    const fake = await startFakeSearchService(() => [hit]);
    const port = fake.port;
    const hostedDir = await copyFixture('basic');
    const config = path.join(hostedDir, 'config.yaml');
    await writeFile(config, (await readFile(config, 'utf8')).replace('search:\n', `search:\n  appId: TESTAPP\n  apiKey: key\n  indexName: i\n  hosts:\n    - { url: "127.0.0.1:${port}", protocol: http }\n`));
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const served = await docsgenServe(['--out', path.join(hostedDir, 'out')]);
    try {
      const { page, problems } = await openPage({ ...site(), origin: served.origin });
      const violations = await watchViolations(page);
      await page.goto(`${served.origin}/docs/guide/first/`);
      expect(metaPolicy(await page.content())).toContain(`connect-src 'self' http://127.0.0.1:${port};`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.keyboard.press('Control+k');
      await page.waitForSelector('.DocSearch-Modal');
      await page.keyboard.type('first');
      await page.waitForSelector('.DocSearch-Hit').catch(async (e: Error) => { throw new Error(`${e.message}\n${(await violations()).join('\n')}\n${problems.join('\n')}`); });
      expect(await violations()).toEqual([]);
      expect(problems.filter((p) => p.startsWith('error'))).toEqual([]);
      await page.close();
    } finally {
      await served.stop();
      await fake.close();
    }
  });

  it('the dev server sends the header, its live-reload client works under it', async () => {
    const devDir = await copyFixture('basic');
    const dev = await docsgenServe(['--config', path.join(devDir, 'config.yaml')]);
    try {
      const response = await fetch(`${dev.origin}/docs/guide/`);
      expect(response.headers.get('content-security-policy')).toBe(`${metaPolicy(await response.text())}; frame-ancestors 'none'`);
      const { page, problems } = await openPage({ ...site(), origin: dev.origin });
      const violations = await watchViolations(page);
      await page.goto(`${dev.origin}/docs/guide/`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.waitForSelector('html[data-live-reload="connected"]');
      const file = path.join(devDir, 'content/guide/index.md');
      await writeFile(file, `${await readFile(file, 'utf8')}\n## Saved under the policy\n`);
      await page.waitForSelector('#saved-under-the-policy', { timeout: 20_000 });
      expect(await violations()).toEqual([]);
      expect(problems.filter((p) => p.startsWith('error'))).toEqual([]);
      await page.close();
    } finally {
      await dev.stop();
    }
  });
});
