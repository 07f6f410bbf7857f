/**
 * `docsgen build --watch` (src/serve/build-watch.ts), run as users run it: it builds, builds again
 * after each change, leaves out/ as a one-shot build would write it, keeps the previous out/ when a
 * build fails, and ends with 0 on Ctrl+C without leaving a temporary folder behind.
 */
import { describe, it, expect } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFile, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BIN, contentsOf, copyFixture, fullBuildContents, runCli } from '../helpers.ts';

interface Watching {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when stdout or stderr has had `count` lines matching `pattern`. */
  waitFor(pattern: RegExp, count?: number): Promise<void>;
  exited: Promise<number | null>;
}

function startWatching(site: string): Watching {
  const child = spawn(process.execPath, [BIN, 'build', '--watch', '--config', path.join(site, 'config.yaml')], { cwd: site });
  let stdout = '';
  let stderr = '';
  const waiters: (() => void)[] = [];
  const changed = () => waiters.splice(0).forEach((fn) => fn());
  child.stdout.on('data', (d: Buffer) => ((stdout += d.toString()), changed()));
  child.stderr.on('data', (d: Buffer) => ((stderr += d.toString()), changed()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const matches = (pattern: RegExp) => `${stdout}\n${stderr}`.split('\n').filter((line) => pattern.test(line)).length;
  const waitFor = (pattern: RegExp, count = 1) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (matches(pattern) >= count) resolve();
        else if (child.exitCode !== null) reject(new Error(`docsgen ended (${child.exitCode}) before ${pattern}:\n${stdout}\n${stderr}`));
        else waiters.push(check);
      };
      check();
    });
  return { child, stdout: () => stdout, stderr: () => stderr, waitFor, exited };
}

const BUILT = /^built \d+ pages, .* → out$/m;

describe('docsgen build --watch', () => {
  it('builds again after an edit, as a one-shot build would, and ends with 0 on Ctrl+C leaving nothing behind', async () => {
    const site = await copyFixture('basic');
    const watching = startWatching(site);
    await watching.waitFor(/^watching content\/, theme\/, openapi\/ and config\.yaml/);
    expect(watching.stdout()).toMatch(BUILT);
    await appendFile(path.join(site, 'content/guide/second.md'), '\n## Added while watching\n\nSaved while docsgen watched.\n');
    await watching.waitFor(/^changed content\/guide\/second\.md$/);
    await watching.waitFor(BUILT, 2);
    const out = await contentsOf(path.join(site, 'out'));
    expect(out.get('guide/second/index.html')).toContain('id="added-while-watching"');
    expect(out).toEqual(await fullBuildContents(site));
    watching.child.kill('SIGINT');
    expect(await watching.exited).toBe(0);
    // Only out/ itself: no temporary or set-aside folder of a build beside it.
    expect((await readdir(site)).filter((name) => name.includes('out')).sort()).toEqual(['out']);
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('keeps the previous out/ when a build fails, says where, and builds again once the file is fixed', async () => {
    const site = await copyFixture('basic');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const source = path.join(site, 'content/guide/second.md');
    const page = path.join(site, 'out/guide/second/index.html');
    const good = await readFile(source, 'utf8');
    const before = await readFile(page, 'utf8');
    await writeFile(source, `---\ntitle: [not closed\n---\n\nBroken front matter.\n`);
    await watching.waitFor(/second\.md:\d+:\d+/);
    expect(watching.stderr()).not.toMatch(/\n\s+at /); // no stack trace
    expect(await readFile(page, 'utf8')).toBe(before);
    await writeFile(source, `${good}\n\nFixed after the error.\n`);
    await watching.waitFor(BUILT, 2);
    expect(await readFile(page, 'utf8')).toContain('Fixed after the error.');
    watching.child.kill('SIGTERM');
    expect(await watching.exited).toBe(0);
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('ends with 2 when the first build refuses the output folder, which no edit of the sources can fix', async () => {
    const site = await copyFixture('basic');
    const result = await runCli(['build', '--watch', '--config', path.join(site, 'config.yaml'), '--out', path.join(site, 'content/site')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to use this as the output folder');
    expect(result.stdout).not.toContain('watching');
    await rm(site, { recursive: true, force: true });
  });

  it('refuses --format json, which prints one document for one build', async () => {
    const site = await copyFixture('basic');
    const result = await runCli(['build', '--watch', '--format', 'json', '--config', path.join(site, 'config.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--watch prints one summary line per build');
    await rm(site, { recursive: true, force: true });
  });
});
