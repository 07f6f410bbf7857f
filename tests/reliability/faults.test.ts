/** Faults: a build killed at any moment loses nothing; an unwritable output gives a clear error. */
import { describe, it, expect, afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdir, readFile, readdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { BIN, contentsOf, copyFixture, fullBuildContents, runCli } from '../helpers.ts';
import { describeWriteError } from '../../src/emit/output.ts';

type SwapMoment = 'before-commit' | 'before-renames' | 'between-renames' | 'after-renames';

interface PausedBuild {
  child: ChildProcess;
  /** Deleting it lets the build go on. */
  pauseFile: string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What the build wrote to stderr so far. */
  stderr: () => string;
}

// A paused build holds SIGTERM back (as it should during a swap): a failed test kills it with SIGKILL.
const pausedChildren = new Set<ChildProcess>();

/** A build that stops at `moment` of its output swap (DOCSGEN_TEST_PAUSE_SWAP) until released. */
async function pausedBuild(config: string, moment: SwapMoment): Promise<PausedBuild> {
  const pauseFile = path.join(path.dirname(config), `pause-${moment}-${Math.random().toString(36).slice(2)}`);
  const child = spawn(process.execPath, [BIN, 'build', '--config', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, DOCSGEN_TEST_PAUSE_SWAP: `${moment}:${pauseFile}` },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  pausedChildren.add(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  void exited.then(() => pausedChildren.delete(child));
  let running = true;
  void exited.then(() => (running = false));
  const paused = () => access(pauseFile).then(() => true, () => false);
  while (running && !(await paused())) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!running) throw new Error(`the build ended before reaching ${moment}`);
  return { child, pauseFile, exited, stderr: () => stderr };
}

async function killAt(config: string, moment: SwapMoment): Promise<void> {
  const build = await pausedBuild(config, moment);
  build.child.kill('SIGKILL');
  await build.exited;
  await rm(build.pauseFile, { force: true });
}

interface OutSnapshot {
  files: string[];
  page: string;
}

/**
 * How the next build changes out/: `in place` (it reuses files of out/ and moves its new ones in,
 * see apply-in-place.ts) or `swap` (nothing to reuse: without the previous build's manifest it
 * writes a whole new folder and swaps it in, see swap.ts).
 */
type Commit = 'in place' | 'swap';

/** The fixture built once, then a change that the next finished build would publish. */
async function builtSiteWithPendingChange(commit: Commit) {
  const dir = await copyFixture('basic');
  const config = path.join(dir, 'config.yaml');
  expect((await runCli(['build', '--config', config])).code).toBe(0);
  if (commit === 'swap') await rm(path.join(dir, '.docsgen/cache/builds'), { recursive: true });
  const snapshot = async (): Promise<OutSnapshot> => ({
    files: (await readdir(path.join(dir, 'out'), { recursive: true })).sort(),
    page: await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8'),
  });
  const before = await snapshot();
  const contentsBefore = await contentsOf(path.join(dir, 'out'));
  const first = path.join(dir, 'content/guide/first.md');
  await writeFile(first, (await readFile(first, 'utf8')).replace('Some text', 'Changed text'));
  return {
    dir,
    config,
    snapshot,
    contentsBefore,
    isOld: (now: OutSnapshot) => now.page === before.page && JSON.stringify(now.files) === JSON.stringify(before.files),
    isNew: (now: OutSnapshot) => now.page.includes('Changed text') && now.files.length === before.files.length,
    leftovers: async () => (await readdir(dir)).filter((name) => name.startsWith('.docsgen-')),
  };
}

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
  afterEach(() => {
    for (const child of pausedChildren) child.kill('SIGKILL');
  });

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
      // SIGKILL cannot be held back: a build killed while committing is set right by the next run
      // (tested moment by moment below); the other signals wait until the commit is done.
      if (signal === 'SIGKILL') expect((await runCli(['check', '--config', config])).code).toBe(0);
      const now = await snapshot();
      // Either the old site or (if the build had already finished) the new one: never a mixture.
      if (now.page !== before.page) expect(now.page).toContain('Changed text');
      else expect(now.files).toEqual(before.files);
    }
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    expect(await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8')).toContain('Changed text');
    expect((await readdir(dir)).filter((n) => n.startsWith('.docsgen-'))).toEqual([]);
  }, 120_000);

  it('kill -9 exactly between the two renames: the next build, check or serve --out restores the old out/ before anything else', async () => {
    const site = await builtSiteWithPendingChange('swap');
    const out = path.join(site.dir, 'out');
    const nextRuns: [string, () => Promise<void>][] = [
      ['check', async () => expect((await runCli(['check', '--config', site.config])).code).toBe(0)],
      ['serve --out', () => serveOnce(out)],
      // A build that then fails (a broken config) has restored out/ first all the same.
      ['build', async () => {
        const good = await readFile(site.config, 'utf8');
        await writeFile(site.config, `${good}\nnot: [valid`);
        expect((await runCli(['build', '--config', site.config])).code).toBe(1);
        await writeFile(site.config, good);
      }],
    ];
    for (const [name, nextRun] of nextRuns) {
      await killAt(site.config, 'between-renames');
      // The window itself: no out/, the previous build saved beside it.
      await expect(access(out), name).rejects.toThrow();
      expect((await site.leftovers()).some((n) => n.startsWith('.docsgen-old-out-')), name).toBe(true);
      await nextRun();
      expect(site.isOld(await site.snapshot()), `${name} restores the previous build`).toBe(true);
      expect(await site.leftovers(), `${name} cleans up`).toEqual([]);
    }
    expect((await runCli(['build', '--config', site.config])).code).toBe(0);
    expect(site.isNew(await site.snapshot())).toBe(true);
  }, 120_000);

  it('kill -9 at each moment of the swap leaves the old or the new out/, and no leftovers after the next run', async () => {
    const site = await builtSiteWithPendingChange('swap');
    for (const moment of ['before-renames', 'between-renames', 'after-renames'] as const) {
      await killAt(site.config, moment);
      expect((await runCli(['check', '--config', site.config])).code).toBe(0);
      const now = await site.snapshot();
      expect(moment === 'after-renames' ? site.isNew(now) : site.isOld(now), moment).toBe(true);
      expect(await site.leftovers(), moment).toEqual([]);
    }
  }, 120_000);

  it('kill -9 while an incremental build moves its files into out/: the next check or serve --out completes it, whole', async () => {
    // Killed before its journal: out/ as it was. Killed after: out/ part old, part new until the next
    // run, which moves the rest in and deletes what the new build lacks, before anything else.
    const expected = { 'before-renames': 'old', 'between-renames': 'new', 'after-renames': 'new' } as const;
    for (const nextRun of ['check', 'serve --out'] as const) {
      for (const moment of ['before-renames', 'between-renames', 'after-renames'] as const) {
        const site = await builtSiteWithPendingChange('in place');
        await killAt(site.config, moment);
        const [staging] = await site.leftovers();
        expect(staging, moment).toMatch(/^\.docsgen-tmp-out-/);
        expect((await readdir(path.join(site.dir, staging!))).includes('.docsgen-apply.json'), moment).toBe(moment !== 'before-renames');
        if (nextRun === 'check') expect((await runCli(['check', '--config', site.config])).code).toBe(0);
        else await serveOnce(path.join(site.dir, 'out'));
        const now = await site.snapshot();
        expect(expected[moment] === 'new' ? site.isNew(now) : site.isOld(now), `${nextRun}, ${moment}`).toBe(true);
        expect(await site.leftovers(), `${nextRun}, ${moment}`).toEqual([]);
        expect(await contentsOf(path.join(site.dir, 'out')), `${nextRun}, ${moment}`).toEqual(expected[moment] === 'new' ? await fullBuildContents(site.dir) : site.contentsBefore);
        await rm(site.dir, { recursive: true, force: true });
      }
    }
  }, 240_000);

  it.each(['swap', 'in place'] as const)('SIGINT, SIGTERM and SIGHUP during the commit (%s) wait until it is complete, then end the build', async (commit) => {
    const site = await builtSiteWithPendingChange(commit);
    const first = path.join(site.dir, 'content/guide/first.md');
    const text = await readFile(first, 'utf8');
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
      await writeFile(first, text.replace('Changed text', `Changed text ${signal}`));
      if (commit === 'swap') await rm(path.join(site.dir, '.docsgen/cache/builds'), { recursive: true, force: true });
      const build = await pausedBuild(site.config, 'between-renames');
      build.child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(build.child.exitCode, `${signal} is held back`).toBeNull();
      expect(build.child.signalCode, `${signal} is held back`).toBeNull();
      await rm(build.pauseFile);
      expect((await build.exited).signal).toBe(signal);
      expect((await site.snapshot()).page).toContain(`Changed text ${signal}`);
    }
    expect((await runCli(['build', '--config', site.config])).code).toBe(0);
    expect(await site.leftovers()).toEqual([]);
  }, 120_000);

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('%s before the commit ends the build at once, out/ as it was and no staging folder left behind', async (signal) => {
    const site = await builtSiteWithPendingChange('swap');
    const before = await site.snapshot();
    const build = await pausedBuild(site.config, 'before-commit');
    expect((await site.leftovers()).length).toBeGreaterThan(0); // the staging folder, written and waiting
    build.child.kill(signal);
    expect((await build.exited).signal).toBe(signal);
    await rm(build.pauseFile, { force: true });
    expect(await site.leftovers()).toEqual([]);
    expect(await site.snapshot()).toEqual(before);
  }, 60_000);

  it.each(['swap', 'in place'] as const)('a .git made in out/ during the build (%s): the commit is refused and out/, .git included, is left as it is', async (commit) => {
    const site = await builtSiteWithPendingChange(commit);
    const out = path.join(site.dir, 'out');
    const build = await pausedBuild(site.config, 'before-commit');
    // `git init` or a clone into out/ while the build renders.
    await mkdir(path.join(out, '.git/objects'), { recursive: true });
    await writeFile(path.join(out, '.git/HEAD'), 'ref: refs/heads/gh-pages\n');
    const before = await contentsOf(out);
    await rm(build.pauseFile);
    expect((await build.exited).code).toBe(1);
    expect(build.stderr()).toContain("out/ gained a .git folder during the build, so it is now a repository's working tree; it was left as it is");
    expect(build.stderr()).toMatch(/\n {2}hint: build into a folder of its own/);
    expect(build.stderr()).not.toMatch(/\n\s+at /);
    expect(await contentsOf(out)).toEqual(before);
    expect(await site.leftovers()).toEqual([]);
  }, 60_000);

  it.each(['swap', 'in place'] as const)('two builds into the same out/ at once (%s): both succeed and out/ is one whole build', async (commit) => {
    const site = await builtSiteWithPendingChange(commit);
    // The first stops between its renames (out/ missing, or half its files moved in); the second runs to the end meanwhile.
    const first = await pausedBuild(site.config, 'between-renames');
    const second = await runCli(['build', '--config', site.config]);
    expect(second.code, second.stderr).toBe(0);
    await rm(first.pauseFile);
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(site.isNew(await site.snapshot())).toBe(true);
    expect(await site.leftovers()).toEqual([]);
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

/** Starts `docsgen serve --out` and stops it once it serves. */
function serveOnce(out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [BIN, 'serve', '--out', out, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    server.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    server.stdout.on('data', (d: Buffer) => {
      if (d.toString().includes('serving')) server.kill('SIGTERM');
    });
    server.on('exit', (code, signal) => (code === 0 || signal === 'SIGTERM' ? resolve() : reject(new Error(`serve --out ended with ${code}: ${stderr}`))));
  });
}
