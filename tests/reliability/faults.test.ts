/** Faults: a build killed at any moment loses nothing; an unwritable output gives a clear error. */
import { describe, it, expect } from 'vitest';
import { spawn } from 'node:child_process';
import { readFile, readdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BIN, copyFixture, runCli } from '../helpers.ts';
import { describeWriteError } from '../../src/emit/output.ts';

function buildAndKill(config: string, signal: NodeJS.Signals, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, 'build', '--config', config], { stdio: 'ignore' });
    const timer = setTimeout(() => child.kill(signal), afterMs);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

describe('faults', () => {
  it('a build killed at random moments (SIGINT, SIGTERM, SIGKILL) leaves the previous out/ intact; the next build succeeds and cleans up', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const snapshot = async () => {
      const files = (await readdir(path.join(dir, 'out'), { recursive: true })).sort();
      return { files, page: await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8') };
    };
    const before = await snapshot();
    // A change that a finished build would publish, so a half-finished one would be visible.
    await writeFile(path.join(dir, 'content/guide/first.md'), (await readFile(path.join(dir, 'content/guide/first.md'), 'utf8')).replace('Some text', 'Changed text'));
    let seed = 7;
    const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGKILL', 'SIGKILL', 'SIGTERM', 'SIGKILL'] as const) {
      await buildAndKill(config, signal, 150 + Math.floor(random() * 1100));
      const now = await snapshot();
      // Either the old site or (if the build had already finished) the new one: never a mixture.
      if (now.page !== before.page) expect(now.page).toContain('Changed text');
      else expect(now.files).toEqual(before.files);
    }
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    expect(await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8')).toContain('Changed text');
    expect((await readdir(dir)).filter((n) => n.startsWith('.docsgen-'))).toEqual([]);
  }, 120_000);

  it('an output path that cannot be written gives a clear error and exit 1', async () => {
    const dir = await copyFixture('basic');
    const blocker = path.join(dir, 'blocked');
    await writeFile(blocker, 'a file where a folder should be');
    const result = await runCli(['build', '--config', path.join(dir, 'config.yaml'), '--out', path.join(blocker, 'out')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/error: cannot write the output/);
    expect(result.stderr).toContain('hint:');
    expect(result.stderr).not.toMatch(/\n\s+at /);
    await rm(blocker);
  });

  it('maps a full disk to a clear message (ENOSPC)', async () => {
    // The writer's error mapping, exercised directly: a real full disk cannot be made safely in CI.
    const error = Object.assign(new Error('no space'), { code: 'ENOSPC' });
    const mapped = describeWriteError(error, '/x/out/a.html');
    expect(mapped.message).toBe('cannot write the output: the disk is full');
    expect(mapped.hint).toContain('free some disk space');
    expect(mapped.position).toEqual({ file: '/x/out/a.html' });
  });
});
