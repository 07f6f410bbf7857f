/** A private copy of the fixture served by `docsgen serve` in this process, with Chromium to read it. */
import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { copyFixture, launchChromium, ROOT } from '../helpers.ts';
import { startDevServer, type DevServer } from '../../src/serve/dev.ts';
import { listen } from '../../src/serve/static-server.ts';

export interface DevFixture {
  dir: string;
  dev: DevServer;
  browser: Browser;
  origin: string;
  /** What the dev server printed as errors and findings. */
  errors: string[];
  close(): Promise<void>;
}

export async function startDevFixture(options: { ownTheme?: boolean; beforeStart?: (dir: string) => Promise<void> } = {}): Promise<DevFixture> {
  const dir = await copyFixture('basic');
  await options.beforeStart?.(dir);
  // A private copy of the theme, so a syntax error can be introduced without touching the real one.
  if (options.ownTheme) await cp(path.join(ROOT, 'theme'), path.join(dir, 'theme'), { recursive: true });
  const errors: string[] = [];
  const dev = await startDevServer({ configFile: path.join(dir, 'config.yaml'), log: () => undefined, error: (e) => errors.push(e) });
  const server: Server = await listen(dev.site, '127.0.0.1', 0);
  const browser = await launchChromium();
  return {
    dir,
    dev,
    browser,
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    errors,
    close: async () => {
      await browser.close();
      await dev.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
