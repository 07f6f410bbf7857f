/** One built fixture site, served on 127.0.0.1, and one Chromium, shared by an e2e file. */
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { copyFixture, launchChromium, runCli, serveBuild } from '../helpers.ts';

export interface E2eSite {
  dir: string;
  origin: string;
  base: string;
  browser: Browser;
  close(): Promise<void>;
}

export async function startSite(fixture = 'basic', options: { configPatch?: (text: string) => string; headers?: Record<string, string> } = {}): Promise<E2eSite> {
  const dir = await copyFixture(fixture);
  if (options.configPatch) {
    const { readFile, writeFile } = await import('node:fs/promises');
    const file = path.join(dir, 'config.yaml');
    await writeFile(file, options.configPatch(await readFile(file, 'utf8')));
  }
  const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
  if (result.code !== 0) throw new Error(`fixture build failed: ${result.stderr}`);
  const base = /^baseUrl: (.+)$/m.exec(await (await import('node:fs/promises')).readFile(path.join(dir, 'config.yaml'), 'utf8'))?.[1]?.trim() ?? '/';
  return serveSite(dir, path.join(dir, 'out'), base, options.headers);
}

/** Serves a built output on 127.0.0.1 and starts Chromium for it. */
export async function serveSite(dir: string, outDir: string, base: string, headers?: Record<string, string>): Promise<E2eSite> {
  const server = await serveBuild(outDir, base, headers);
  const browser = await launchChromium();
  return {
    dir,
    origin: server.origin,
    base,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Opens a route of the site and waits until the client runtime has hydrated it. */
export async function openRoute(site: E2eSite, page: Page, route = ''): Promise<void> {
  await page.goto(`${site.origin}${site.base}${route}`);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/** Opens an API reference route and waits until its client code has taken the page over. */
export async function openApiRoute(site: E2eSite, page: Page, route: string): Promise<void> {
  await openRoute(site, page, route);
  await page.waitForSelector('html[data-api-ready]');
}

/** A page that records console errors, warnings and uncaught exceptions. */
export async function openPage(site: E2eSite, options: Parameters<Browser['newPage']>[0] = {}): Promise<{ page: Page; problems: string[] }> {
  // A context per page (not browser.newPage) so tools such as axe can open frames in it.
  const context = await site.browser.newContext(options);
  const page = await context.newPage();
  // Closing the context races the browser's own close at the end of a file; either way it is gone.
  page.on('close', () => void context.close().catch(() => undefined));
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { page, problems };
}
