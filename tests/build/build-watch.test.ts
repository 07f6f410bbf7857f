/**
 * `docsgen build --watch` (src/serve/build-watch.ts), run as users run it: it builds, builds again
 * after each change, leaves out/ as a one-shot build would write it, keeps the previous out/ when a
 * build fails, and ends with 0 on Ctrl+C without leaving a temporary folder behind.
 */
import { describe, it, expect } from 'vitest';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFile, mkdir, readdir, readFile, realpath, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BIN, contentsOf, copyFixture, fullBuildContents, runCli } from '../helpers.ts';

interface Watching {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves when stdout or stderr has had `count` lines matching `pattern`. */
  waitFor(pattern: RegExp, count?: number): Promise<void>;
  exited: Promise<number | null>;
  /** Sends SIGTERM and expects docsgen to end with 0. */
  stop(): Promise<void>;
}

function startWatching(site: string, args: string[] = []): Watching {
  const child = spawn(process.execPath, [BIN, 'build', '--watch', '--config', path.join(site, 'config.yaml'), ...args], { cwd: site });
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
  const stop = async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  };
  return { child, stdout: () => stdout, stderr: () => stderr, waitFor, exited, stop };
}

const BUILT = /^built \d+ pages, .* → out$/m;

const inodeOf = async (file: string) => (await stat(file)).ino;

/** A one-shot `docsgen build` of the site, which must succeed. */
const buildOnce = async (site: string) => {
  expect((await runCli(['build', '--config', path.join(site, 'config.yaml')])).code).toBe(0);
};

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
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it("writes an edit of a page's text over out/ in place, leaves it as a full build would, and the next build finds it up to date", async () => {
    const site = await copyFixture('basic');
    const out = path.join(site, 'out');
    const edited = path.join(out, 'guide/second/index.html');
    const other = path.join(out, 'guide/first/index.html');
    // An image no page uses yet: a build leaves it out until a page shows it.
    await writeFile(path.join(site, 'content/guide/img/later.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><rect width="4" height="4"/></svg>');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const before = { out: await inodeOf(out), edited: await inodeOf(edited), other: await inodeOf(other) };
    await appendFile(path.join(site, 'content/guide/second.md'), '\n## Written in place\n\nOnly this page and the index change.\n');
    await watching.waitFor(BUILT, 2);
    // The same out/ (no new folder swapped in) and the same file for the other page; a new one for the edited page.
    expect(await inodeOf(out)).toBe(before.out);
    expect(await inodeOf(other)).toBe(before.other);
    expect(await inodeOf(edited)).not.toBe(before.edited);
    expect(await readFile(edited, 'utf8')).toContain('id="written-in-place"');
    // The previous index's folders are gone: out/ holds what a one-shot build writes, and nothing else.
    expect(await contentsOf(out)).toEqual(await fullBuildContents(site));
    // A title is shown by other pages (the sidebar, previous/next): that change runs the one-shot
    // build's stages, every page composed again (this one re-rendered), its files moved into out/.
    const first = path.join(site, 'content/guide/first.md');
    const editedBefore = await inodeOf(edited);
    await writeFile(first, (await readFile(first, 'utf8')).replace(/^title: .*$/m, 'title: Renamed while watching'));
    await watching.waitFor(BUILT, 3);
    expect(await inodeOf(edited)).not.toBe(editedBefore);
    expect(await readFile(edited, 'utf8')).toContain('Renamed while watching');
    // An edit that makes a page show an image copies the image too (a full build does that).
    await appendFile(path.join(site, 'content/guide/second.md'), '\n![Shown later](./img/later.svg)\n');
    await watching.waitFor(BUILT, 4);
    expect([...(await contentsOf(out)).keys()].filter((rel) => rel.includes('later'))).toHaveLength(1);
    await watching.stop();
    // The manifest the watch left describes out/ as it is: a one-shot build finds nothing to do...
    const settled = { out: await inodeOf(out), edited: (await stat(edited)).mtimeMs };
    await buildOnce(site);
    expect({ out: await inodeOf(out), edited: (await stat(edited)).mtimeMs }).toEqual(settled);
    // ...and after another page's edit it reuses the page the watch wrote (linked: the same file).
    const editedFile = await inodeOf(edited);
    await appendFile(first, '\nEdited after the watch ended.\n');
    await buildOnce(site);
    expect(await inodeOf(edited)).toBe(editedFile);
    expect(await contentsOf(out)).toEqual(await fullBuildContents(site));
    await rm(site, { recursive: true, force: true });
  }, 240_000);

  it('records only the files an edit wrote: a page of out/ edited by hand meanwhile is rendered again by the next build', async () => {
    const site = await copyFixture('basic');
    const out = path.join(site, 'out');
    const other = path.join(out, 'guide/first/index.html');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const outFolder = await inodeOf(out);
    await writeFile(other, 'edited by hand');
    await appendFile(path.join(site, 'content/guide/second.md'), '\nWritten in place while out/ held a hand edit.\n');
    await watching.waitFor(BUILT, 2);
    expect(await inodeOf(out)).toBe(outFolder); // written in place, not swapped in whole
    await watching.stop();
    // The edit's manifest did not take the hand-edited file as the build's: the next build puts the page back.
    await buildOnce(site);
    expect(await readFile(other, 'utf8')).not.toBe('edited by hand');
    expect(await contentsOf(out)).toEqual(await fullBuildContents(site));
    await rm(site, { recursive: true, force: true });
  }, 240_000);

  it('takes a save through a temporary file (`sed … > page.md.tmp && mv`) as an edit of the page: one build, of that page', async () => {
    const site = await copyFixture('basic');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const page = path.join(site, 'content/guide/second.md');
    await writeFile(`${page}.tmp`, `${await readFile(page, 'utf8')}\nSaved through a temporary file.\n`);
    await new Promise((resolve) => setTimeout(resolve, 10)); // two commands, as the shell runs them
    await rename(`${page}.tmp`, page);
    await watching.waitFor(BUILT, 2);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a second batch (the temporary file's removal) would build again
    await watching.stop();
    // Before, the batch read "2 files changed" (a file added to content/: a full build), then "changed content/guide/second.md.tmp".
    expect(watching.stdout().match(/^(built |changed |\d+ files changed)/gm)).toEqual(['built ', 'changed ', 'built ']);
    expect(watching.stdout()).toContain('changed content/guide/second.md\n');
    expect(await readFile(path.join(site, 'out/guide/second/index.html'), 'utf8')).toContain('Saved through a temporary file.');
    await rm(site, { recursive: true, force: true });
  }, 240_000);

  it('reports the warnings of an edited page as a full build does: a front matter key added, then removed', async () => {
    const site = await copyFixture('basic');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const page = path.join(site, 'content/guide/second.md');
    const text = await readFile(page, 'utf8');
    await writeFile(page, text.replace(/^---\n/, '---\nunheard_of: 1\n'));
    await watching.waitFor(BUILT, 2);
    expect(watching.stdout() + watching.stderr()).toContain('unknown front matter key "unheard_of"');
    expect(watching.stdout().split('\n').filter((line) => line.startsWith('built '))[1]).toMatch(/ 1 finding \(0 errors, 1 warning\)/);
    await writeFile(page, text);
    await watching.waitFor(BUILT, 3);
    expect(watching.stdout().split('\n').filter((line) => line.startsWith('built '))[2]).toMatch(/ 0 findings/);
    await watching.stop();
    // The manifest the watch left holds the same result: the next one-shot build, up to date, prints it.
    expect((await runCli(['build', '--config', path.join(site, 'config.yaml')])).stdout).toMatch(/^built \d+ pages, 0 findings/m);
    await rm(site, { recursive: true, force: true });
  }, 240_000);

  it('leaves out/ as it was after an edit of a draft, which a build does not publish', async () => {
    const site = await copyFixture('basic');
    const draft = path.join(site, 'content/guide/unfinished.md');
    await writeFile(draft, '---\ntitle: Unfinished\ndraft: true\n---\n\nNot published yet.\n');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const before = await contentsOf(path.join(site, 'out'));
    await appendFile(draft, '\nStill a draft.\n');
    await watching.waitFor(BUILT, 2);
    const after = await contentsOf(path.join(site, 'out'));
    expect([...after.keys()].filter((rel) => rel.includes('unfinished'))).toEqual([]);
    expect(after).toEqual(before);
    expect(after).toEqual(await fullBuildContents(site));
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('writes nothing of an edit the checks fail under --strict, and builds the fix', async () => {
    const site = await copyFixture('basic');
    const watching = startWatching(site, ['--strict']);
    await watching.waitFor(/^watching /);
    const source = path.join(site, 'content/guide/second.md');
    const page = path.join(site, 'out/guide/second/index.html');
    const good = await readFile(source, 'utf8');
    const before = await readFile(page, 'utf8');
    await writeFile(source, `${good}\n\nA link to [nowhere](/no-such-page/).\n`);
    await watching.waitFor(/second\.md:\d+:\d+/);
    expect(watching.stderr()).toContain('/no-such-page/');
    expect(await readFile(page, 'utf8')).toBe(before);
    await writeFile(source, `${good}\n\nFixed: no broken link.\n`);
    await watching.waitFor(BUILT, 2);
    expect(await readFile(page, 'utf8')).toContain('Fixed: no broken link.');
    expect(await contentsOf(path.join(site, 'out'))).toEqual(await fullBuildContents(site));
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('writes no edit into an out/ replaced meanwhile by a folder docsgen did not make, or into what a relinked out leads to', async () => {
    const site = await copyFixture('basic');
    const out = path.join(site, 'out');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    // out/ swapped for a folder of the user's that happens to hold a file where a page goes.
    await rename(out, path.join(site, 'built-before'));
    await mkdir(path.join(out, 'guide/second'), { recursive: true });
    await writeFile(path.join(out, 'guide/second/index.html'), 'mine');
    await appendFile(path.join(site, 'content/guide/second.md'), '\nEdited while out/ is not docsgen\'s.\n');
    await watching.waitFor(/has no \.docsgen-output marker/);
    expect(await readdir(out, { recursive: true })).toEqual(['guide', path.join('guide', 'second'), path.join('guide', 'second', 'index.html')]);
    expect(await readFile(path.join(out, 'guide/second/index.html'), 'utf8')).toBe('mine');
    // out as a link to another folder of the user's: nothing is written there either.
    await rm(out, { recursive: true });
    const elsewhere = path.join(site, 'elsewhere');
    await mkdir(path.join(elsewhere, 'guide/second'), { recursive: true });
    await writeFile(path.join(elsewhere, 'guide/second/index.html'), 'mine too');
    await symlink(elsewhere, out);
    await appendFile(path.join(site, 'content/guide/second.md'), '\nAgain.\n');
    await watching.waitFor(/has no \.docsgen-output marker/, 2);
    expect(await readFile(path.join(elsewhere, 'guide/second/index.html'), 'utf8')).toBe('mine too');
    expect(await readdir(elsewhere, { recursive: true })).toHaveLength(3);
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('writes no edit into an out/ that became a repository checkout meanwhile: .git and every file stay', async () => {
    const site = await copyFixture('basic');
    const out = path.join(site, 'out');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    await mkdir(path.join(out, '.git'));
    await writeFile(path.join(out, '.git/HEAD'), 'ref: refs/heads/gh-pages\n');
    const before = await contentsOf(out);
    await appendFile(path.join(site, 'content/guide/second.md'), '\nEdited after git init in out/.\n');
    await watching.waitFor(/it holds a \.git folder/);
    expect(await contentsOf(out)).toEqual(before);
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('ends with 2 when the first build refuses the output folder, which no edit of the sources can fix', async () => {
    const site = await copyFixture('basic');
    const result = await runCli(['build', '--watch', '--config', path.join(site, 'config.yaml'), '--out', path.join(site, 'content/site')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to use this as the output folder');
    expect(result.stdout).not.toContain('watching');
    await rm(site, { recursive: true, force: true });
  });

  it('claims its output folder: a one-shot build or a second watcher into it is refused while it runs, out/ untouched', async () => {
    const site = await copyFixture('basic');
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const before = await contentsOf(path.join(site, 'out'));
    const once = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
    expect(once.code).toBe(2);
    expect(once.stderr).toContain(`refusing to use this as the output folder: docsgen build --watch (process ${watching.child.pid}) is writing to it`);
    expect(once.stderr).toContain('hint: stop that process');
    const second = await runCli(['build', '--watch', '--config', path.join(site, 'config.yaml')]);
    expect(second.code).toBe(2);
    expect(second.stdout).not.toContain('watching');
    expect(await contentsOf(path.join(site, 'out'))).toEqual(before);
    // docsgen check writes nothing to out/, so it runs.
    expect((await runCli(['check', '--config', path.join(site, 'config.yaml')])).code).toBe(0);
    await watching.stop();
    expect((await readdir(site)).filter((name) => name.startsWith('.docsgen-watch'))).toEqual([]);
    await buildOnce(site);
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('refuses to put into out/ a one-shot build begun before the watcher claimed it, leaving the watched out/ whole', async () => {
    const site = await copyFixture('basic');
    const config = path.join(site, 'config.yaml');
    await buildOnce(site);
    await appendFile(path.join(site, 'content/guide/second.md'), '\nA change the one-shot build renders.\n');
    // A one-shot build that passed its first check, held just before its swap (see swap.ts).
    const pauseFile = path.join(site, 'pause-before-renames');
    const once = spawn(process.execPath, [BIN, 'build', '--config', config], { env: { ...process.env, DOCSGEN_TEST_PAUSE_SWAP: `before-renames:${pauseFile}` } });
    let onceErr = '';
    once.stderr.on('data', (d: Buffer) => (onceErr += d.toString()));
    const onceExited = new Promise<number | null>((resolve) => once.on('exit', (code) => resolve(code)));
    while (!(await stat(pauseFile).then(() => true, () => false))) {
      if (once.exitCode !== null) throw new Error(`the one-shot build ended before its swap: ${onceErr}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    const watched = await contentsOf(path.join(site, 'out'));
    await rm(pauseFile);
    expect(await onceExited).toBe(2);
    expect(onceErr).toContain(`refusing to use this as the output folder: docsgen build --watch (process ${watching.child.pid}) is writing to it`);
    expect(await contentsOf(path.join(site, 'out'))).toEqual(watched);
    // Its own temporary folder is gone; the watcher goes on building edits.
    expect((await readdir(site)).filter((name) => name.startsWith('.docsgen-tmp-'))).toEqual([]);
    await appendFile(path.join(site, 'content/guide/first.md'), '\nSaved after the refused build.\n');
    await watching.waitFor(BUILT, 2);
    expect((await contentsOf(path.join(site, 'out'))).get('guide/first/index.html')).toContain('Saved after the refused build.');
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('takes over a claim left by a watcher that ended without letting it go (killed)', async () => {
    const site = await copyFixture('basic');
    await buildOnce(site);
    // A process that has ended: its pid is free, or its start time differs.
    await writeFile(path.join(site, '.docsgen-watch-out'), `999999999.1\n${await realpath(path.join(site, 'out'))}\n`);
    await buildOnce(site);
    const watching = startWatching(site);
    await watching.waitFor(/^watching /);
    expect((await readFile(path.join(site, '.docsgen-watch-out'), 'utf8')).split('\n')[0]).toMatch(new RegExp(`^${watching.child.pid}\\.\\d+$`));
    await watching.stop();
    await rm(site, { recursive: true, force: true });
  }, 180_000);

  it('refuses --format json, which prints one document for one build', async () => {
    const site = await copyFixture('basic');
    const result = await runCli(['build', '--watch', '--format', 'json', '--config', path.join(site, 'config.yaml')]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--watch prints one summary line per build');
    await rm(site, { recursive: true, force: true });
  });
});
