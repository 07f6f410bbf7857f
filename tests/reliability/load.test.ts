/** The preview server under load: 200 concurrent connections for 10 s, on a page and an asset. */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { copyFixture, runCli, serveBuild } from '../helpers.ts';

let server: Awaited<ReturnType<typeof serveBuild>>;
let asset: string;

beforeAll(async () => {
  const dir = await copyFixture('basic');
  expect((await runCli(['build', '--config', path.join(dir, 'config.yaml')])).code).toBe(0);
  asset = (await readdir(path.join(dir, 'out/assets'))).find((f) => /^main-.*\.js$/.test(f)) ?? '';
  server = await serveBuild(path.join(dir, 'out'), '/docs/');
});
afterAll(() => server.close());

describe('load', () => {
  it('serves a doc page and a static asset to 200 connections for 10 s with no errors and no non-2xx', async () => {
    const run = (url: string) =>
      autocannon({ url, connections: 100, duration: 10, headers: { 'accept-encoding': 'gzip' } });
    const [page, file] = await Promise.all([run(`${server.origin}/docs/guide/first/`), run(`${server.origin}/docs/assets/${asset}`)]);
    for (const result of [page, file]) {
      expect(result.errors).toBe(0);
      expect(result.timeouts).toBe(0);
      expect(result.non2xx).toBe(0);
      expect(result.requests.total).toBeGreaterThan(1000);
    }
  }, 40_000);
});
