/**
 * `docsgen serve` where it cannot listen: a port in use or a host that is not this machine's is a
 * user error with a remedy, said before the first build, never "a docsgen bug".
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:net';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';

let holder: Server;
let port: number;
let built: string;

beforeAll(async () => {
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  port = (holder.address() as { port: number }).port;
  built = await mkdtemp(path.join(os.tmpdir(), 'docsgen-serve-built-'));
  await writeFile(path.join(built, '404.html'), '<!doctype html><html data-base="/docs/"><title>not found</title></html>');
});

afterAll(() => new Promise<void>((resolve) => holder.close(() => resolve())));

describe('docsgen serve where it cannot listen', () => {
  it('names a port in use and says to choose another, for a preview', async () => {
    const result = await runCli(['serve', '--out', built, '--port', String(port)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`error: cannot serve on 127.0.0.1:${port}: another program is listening on port ${port}\n  hint: choose another port with --port, or stop the program that uses it`);
    expect(result.stderr).not.toMatch(/docsgen bug/);
  });

  it('says so before building, for the dev server', async () => {
    const dir = await copyFixture('basic');
    const result = await runCli(['serve', '--config', path.join(dir, 'config.yaml'), '--port', String(port)]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`another program is listening on port ${port}`);
    expect(result.stdout).not.toMatch(/built \d+ pages/);
  });

  it('names a host that is not an address of this machine', async () => {
    // 192.0.2.1 is in TEST-NET-1 (RFC 5737): never an address of this machine.
    const result = await runCli(['serve', '--out', built, '--port', '0', '--host', '192.0.2.1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: cannot serve on 192.0.2.1:0: 192.0.2.1 is not an address of this machine\n  hint: use 127.0.0.1 (this machine only)');
  });

  it('says a file given to --out is not a build folder', async () => {
    const file = path.join(built, '404.html');
    const result = await runCli(['serve', '--out', file]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/404\.html: error: this is a file, not the folder of a build\n {2}hint: pass the folder docsgen build wrote/);
  });
});
