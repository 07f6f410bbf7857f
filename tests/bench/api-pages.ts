/**
 * Bench rows for API reference pages: HTML weight, the JavaScript reading costs (Swagger UI, loaded
 * for Try it, apart), and the time until the first operation is readable in Chromium, unthrottled
 * and as a mid-range phone on 4G (Lighthouse's mobile profile: 150 ms RTT, 1.6 Mbit/s, 4× CPU).
 * With --github-spec, GitHub's REST description (@octokit/openapi, 1,223 operations) is installed
 * into a temporary folder, never as a project dependency, and built as one more API.
 */
import { spawn } from 'node:child_process';
import { cp, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, serveBuild, ROOT } from '../helpers.ts';

export interface ApiRow {
  name: string;
  operations: number;
  pages: number;
  buildSeconds?: number;
  peakRssMb?: number;
  totalHtmlMb: number;
  page: string;
  htmlRaw: number;
  htmlGzip: number;
  jsRaw: number;
  jsGzip: number;
  swaggerGzip: number;
  firstOperationMs: number;
  firstOperationPhoneMs: number;
}

const kb = (n: number) => (n / 1024).toFixed(1);

/** Measures the largest API page of a built site (all API pages under `apiRoute`). */
export async function measureApiPages(name: string, outDir: string, base: string, apiRoute: string, extra: { buildSeconds?: number; peakRssMb?: number } = {}): Promise<ApiRow> {
  const files = (await readdir(path.join(outDir, apiRoute), { recursive: true })).map(String).filter((f) => f.endsWith('index.html'));
  let largest = { rel: '', size: 0 };
  let total = 0;
  let operations = 0;
  for (const rel of files) {
    const html = await readFile(path.join(outDir, apiRoute, rel), 'utf8');
    total += html.length;
    operations += html.match(/<section class="api-op[ "]/g)?.length ?? 0;
    if (html.length > largest.size) largest = { rel, size: html.length };
  }
  const route = `${apiRoute}/${largest.rel.replace(/index\.html$/, '')}`;
  const html = await readFile(path.join(outDir, route, 'index.html'));
  const server = await serveBuild(outDir, base);
  const browser = await launchChromium();
  try {
    const url = `${server.origin}${base}${route}`;
    const js = await readingJavaScript(browser, url);
    return {
      name,
      operations,
      pages: files.length,
      ...extra,
      totalHtmlMb: total / 1024 / 1024,
      page: route,
      htmlRaw: html.length,
      htmlGzip: gzipSync(html, { level: 9 }).length,
      ...js,
      firstOperationMs: await firstOperationReadable(browser, url, false),
      firstOperationPhoneMs: await firstOperationReadable(browser, url, true),
    };
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Scripts fetched while reading (no idle time, so Swagger UI is not prefetched), then for Try it. */
async function readingJavaScript(browser: Browser, url: string): Promise<{ jsRaw: number; jsGzip: number; swaggerGzip: number }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.addInitScript(() => {
    (window as unknown as { requestIdleCallback: () => number }).requestIdleCallback = () => 0;
  });
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.body().catch(() => Buffer.alloc(0)));
  });
  await page.goto(url);
  await page.waitForSelector('html[data-api-ready]', { timeout: 120_000 });
  await page.waitForTimeout(500);
  const reading = new Map(scripts);
  await page.locator('[data-try-it]').first().click();
  await page.waitForSelector('.api-try .swagger-ui .opblock', { timeout: 120_000 });
  const swagger = [...scripts].filter(([u]) => !reading.has(u));
  await context.close();
  const sum = (list: Buffer[], zip: boolean) => list.reduce((n, b) => n + (zip ? gzipSync(b, { level: 9 }).length : b.length), 0);
  return { jsRaw: sum([...reading.values()], false), jsGzip: sum([...reading.values()], true), swaggerGzip: sum(swagger.map(([, b]) => b), true) };
}

/**
 * Milliseconds from navigation until the first operation is on screen: the first operation's
 * section is in the document and a frame has been painted after it (median of three loads).
 */
async function firstOperationReadable(browser: Browser, url: string, phone: boolean): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const context = await browser.newContext(phone ? { viewport: { width: 412, height: 823 }, isMobile: true } : {});
    const page: Page = await context.newPage();
    if (phone) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    }
    // Inline only: a named helper in here would be compiled to a call of tsx's __name, absent in the page.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (!document.querySelector('section.api-op .api-op__line')) return;
        observer.disconnect();
        requestAnimationFrame(() => requestAnimationFrame(() => ((window as unknown as { __firstOp?: number }).__firstOp ??= performance.now())));
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => (window as unknown as { __firstOp?: number }).__firstOp !== undefined, null, { timeout: 180_000, polling: 50 });
    times.push(await page.evaluate(() => (window as unknown as { __firstOp: number }).__firstOp));
    await context.close();
  }
  return [...times].sort((a, b) => a - b)[1] ?? 0;
}

/** Installs @octokit/openapi into a temporary folder (once) and returns GitHub's REST description. */
export async function githubSpec(): Promise<string> {
  const prefix = path.join(os.tmpdir(), 'docsgen-octokit-openapi');
  const file = path.join(prefix, 'node_modules/@octokit/openapi/generated/api.github.com.json');
  try {
    await stat(file);
  } catch {
    await new Promise<void>((resolve, reject) => {
      const child = spawn('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '@octokit/openapi'], { stdio: ['ignore', 'ignore', 'inherit'] });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`npm install @octokit/openapi exited ${code}`))));
    });
  }
  return file;
}

/** A copy of the basic fixture site whose API list is GitHub's REST description. */
export async function githubSite(work: string): Promise<string> {
  const dir = path.join(work, 'github');
  await cp(path.join(ROOT, 'tests/fixtures/basic'), dir, { recursive: true });
  await cp(await githubSpec(), path.join(dir, 'openapi/api.github.com.json'));
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('  - { id: mini, route: api, spec: openapi/mini.yaml }', '  - { id: github, route: github, spec: openapi/api.github.com.json }'));
  return dir;
}

export function apiTable(rows: ApiRow[]): string {
  const header = '| API | Operations | Pages | Build (s) | Peak RSS (MB) | API HTML (MB) | Largest page | HTML raw/gzip (KB) | Reading JS raw/gzip (KB) | Swagger UI on demand, gzip (KB) | First operation readable (ms): desktop / phone on 4G |';
  const sep = `|${header.split('|').slice(1, -1).map(() => '---').join('|')}|`;
  const lines = rows.map((r) =>
    [
      r.name,
      r.operations,
      r.pages,
      r.buildSeconds?.toFixed(1) ?? '–',
      r.peakRssMb?.toFixed(0) ?? '–',
      r.totalHtmlMb.toFixed(1),
      r.page,
      `${kb(r.htmlRaw)} / ${kb(r.htmlGzip)}`,
      `${kb(r.jsRaw)} / ${kb(r.jsGzip)}`,
      kb(r.swaggerGzip),
      `${r.firstOperationMs.toFixed(0)} / ${r.firstOperationPhoneMs.toFixed(0)}`,
    ].join(' | '),
  );
  return [header, sep, ...lines.map((l) => `| ${l} |`)].join('\n');
}
