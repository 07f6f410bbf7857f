/** Moving an incremental build's files into out/ in place (src/emit/apply-in-place.ts), and carrying a killed move forwards. */
import { describe, it, expect } from 'vitest';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { APPLY_JOURNAL, clearOut, finishInterruptedApply, moveStaged, planInPlace, planReplacingAll, removeStale, writeJournal } from '../../src/emit/apply-in-place.ts';

/** A folder holding `files` (relative path → text). */
async function folderWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-apply-'));
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

const filesOf = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();

/** docsgen's marker: a real apply's out/ and staging folder both hold it. */
const MARKED = { '.docsgen-output': 'docsgen-output 1\n' };

describe('in-place apply', () => {
  it('moves files named by their contents first, and lists as stale what the new build lacks (the marker aside)', async () => {
    const staging = await folderWith({});
    const out = await folderWith({ '.docsgen-output': 'marker', 'a/index.html': 'old', 'gone/index.html': 'old', 'assets/old-1.js': 'old' });
    const plan = planInPlace(staging, out, ['z/index.html', 'assets/search-index/abc.json', 'a/index.html'], new Set(['a/index.html', 'z/index.html', 'assets/search-index/abc.json']));
    expect(plan).toEqual({ moves: ['assets/search-index/abc.json', 'a/index.html', 'z/index.html'], stale: ['assets/old-1.js', 'gone/index.html'] });
  });

  it('gives no plan when a staged file would land on a folder of out/, or under one of its files', async () => {
    const staging = await folderWith({});
    const out = await folderWith({ 'page/index.html': 'a page', 'logo': 'a file' });
    expect(planInPlace(staging, out, ['page'], new Set(['page']))).toBeUndefined();
    expect(planInPlace(staging, out, ['logo/small.svg'], new Set(['logo/small.svg']))).toBeUndefined();
    expect(planInPlace(staging, out, ['page/index.html'], new Set(['page/index.html', 'logo']))).toEqual({ moves: ['page/index.html'], stale: [] });
  });

  it('gives no plan for an out/ holding a link, and moves or deletes nothing through one', async () => {
    const victim = await folderWith({ 'notes.txt': 'precious', 'sub/a.txt': 'precious' });
    const out = await folderWith({ 'index.html': 'old' });
    await symlink(victim, path.join(out, 'lnk'));
    const staging = await folderWith({ 'index.html': 'new', 'lnk/notes.txt': 'attacker' });
    expect(planInPlace(staging, out, ['index.html'], new Set(['index.html']))).toBeUndefined();
    expect(() => removeStale(out, ['lnk/notes.txt', 'lnk/sub/a.txt'])).toThrow(/lnk is a symbolic link/);
    expect(() => moveStaged(staging, out, ['lnk/notes.txt'])).toThrow(/lnk is a symbolic link/);
    expect(await filesOf(victim)).toEqual(['notes.txt', path.join('sub', 'a.txt')]);
    expect(await readFile(path.join(victim, 'notes.txt'), 'utf8')).toBe('precious');
    for (const dir of [victim, out, staging]) await rm(dir, { recursive: true });
  });

  it('gives no plan when a name of the new build differs from one in out/ only by case or Unicode normalisation', async () => {
    const staging = await folderWith({});
    const out = await folderWith({ 'Guide/index.html': 'old', 'caf\u00e9/index.html': 'old', 'same/index.html': 'kept' });
    // On macOS the move would land in Guide/ and deleting Guide/index.html would delete the new page.
    expect(planInPlace(staging, out, ['guide/index.html'], new Set(['guide/index.html', 'same/index.html', 'caf\u00e9/index.html']))).toBeUndefined();
    expect(planInPlace(staging, out, ['guide/a.png'], new Set(['Guide/index.html', 'guide/a.png', 'same/index.html', 'caf\u00e9/index.html']))).toBeUndefined();
    expect(planInPlace(staging, out, ['cafe\u0301/index.html'], new Set(['Guide/index.html', 'cafe\u0301/index.html', 'same/index.html']))).toBeUndefined();
    expect(planInPlace(staging, out, ['same/index.html'], new Set(['Guide/index.html', 'same/index.html', 'caf\u00e9/index.html']))).toEqual({ moves: ['same/index.html'], stale: [] });
  });

  // /dev/shm is a memory file system on Linux: another device than the temporary folder's disk.
  const otherDevice = existsSync('/dev/shm') && statSync('/dev/shm').dev !== statSync(os.tmpdir()).dev;
  it.skipIf(!otherDevice)('gives no plan when the staging folder and out/ are on different file systems (out/ a mount point)', async () => {
    const staging = await mkdtemp('/dev/shm/docsgen-apply-');
    const out = await folderWith({ 'a/index.html': 'old' });
    expect(planInPlace(staging, out, ['a/index.html'], new Set(['a/index.html']))).toBeUndefined();
    await rm(staging, { recursive: true });
  });

  it('deletes stale files and the folders that leaves empty, keeping folders that still hold files', async () => {
    const out = await folderWith({ 'a/b/c.html': 'x', 'a/keep.html': 'y', 'd/e.html': 'z' });
    removeStale(out, ['a/b/c.html', 'd/e.html']);
    expect(await filesOf(out)).toEqual(['a/keep.html']);
    expect((await readdir(out)).sort()).toEqual(['a']);
  });

  it('carries a killed move forwards: the rest moved in, the stale deleted, files already moved left as they are', async () => {
    const out = await folderWith({ ...MARKED, 'page/index.html': 'old page', 'other/index.html': 'new other', 'stale/index.html': 'old' });
    const staging = await folderWith({ ...MARKED, 'page/index.html': 'new page', 'fresh/index.html': 'new' });
    writeJournal(staging, { moves: ['fresh/index.html', 'other/index.html', 'page/index.html'], stale: ['stale/index.html'] });
    expect(finishInterruptedApply(staging, out)).toBe(true);
    expect(await filesOf(out)).toEqual(['.docsgen-output', 'fresh/index.html', 'other/index.html', 'page/index.html']);
    expect(await readFile(path.join(out, 'page/index.html'), 'utf8')).toBe('new page');
    expect(await readFile(path.join(out, 'other/index.html'), 'utf8')).toBe('new other');
    expect(await readdir(staging, { recursive: true })).not.toContain(APPLY_JOURNAL);
  });

  it('does not carry forwards a staging folder without a journal (the move never began), nor names outside out/', async () => {
    const parent = await folderWith({ 'precious.txt': 'keep me' });
    const out = path.join(parent, 'out');
    await mkdir(out);
    await writeFile(path.join(out, 'page.html'), 'old');
    await writeFile(path.join(out, '.docsgen-output'), MARKED['.docsgen-output']);
    const staging = await folderWith({ ...MARKED, 'page.html': 'new' });
    expect(finishInterruptedApply(staging, out)).toBe(false);
    expect(await readFile(path.join(out, 'page.html'), 'utf8')).toBe('old');
    // A damaged journal naming files outside out/: those names are ignored.
    await writeFile(path.join(staging, APPLY_JOURNAL), JSON.stringify({ format: 1, stale: ['../precious.txt', '/etc/hostname', 'a//b', 'page.html'] }));
    expect(finishInterruptedApply(staging, out)).toBe(true);
    expect(await readFile(path.join(parent, 'precious.txt'), 'utf8')).toBe('keep me');
    await writeFile(path.join(staging, APPLY_JOURNAL), 'not json');
    expect(finishInterruptedApply(staging, out)).toBe(false);
  });

  it('carries nothing forwards into an out/, or from a staging folder, without the marker (a decoy a repository can hold)', async () => {
    for (const [outMarked, stagingMarked] of [[false, true], [true, false]]) {
      const out = await folderWith({ ...(outMarked ? MARKED : {}), 'keep.txt': 'mine', 'sub/s.txt': 'mine' });
      const staging = await folderWith({ ...(stagingMarked ? MARKED : {}), 'evil.html': 'injected' });
      await writeFile(path.join(staging, APPLY_JOURNAL), JSON.stringify({ format: 1, stale: ['keep.txt'], clear: ['sub'] }));
      expect(finishInterruptedApply(staging, out)).toBe(false);
      expect(await filesOf(out)).toEqual([...(outMarked ? ['.docsgen-output'] : []), 'keep.txt', path.join('sub', 's.txt')]);
    }
  });

  it('moving again what was moved already is not an error (the second run of a carried-forward move)', async () => {
    const out = await folderWith({});
    const staging = await folderWith({ 'a.html': 'new' });
    moveStaged(staging, out, ['a.html']);
    expect(() => moveStaged(staging, out, ['a.html'])).not.toThrow();
    expect(await readFile(path.join(out, 'a.html'), 'utf8')).toBe('new');
  });
  // A build into a mounted out/ stages inside it (output.ts): that folder, another build's, and the
  // marker are never the site's files.
  const STAGING = '.docsgen-tmp-out-41.7-mx0a06ix-23a38c';
  const OTHER_STAGING = '.docsgen-tmp-out-42.9-mx0a07aa-0f0f0f';

  it('leaves the staging folders inside a mounted out/ and its marker out of a plan', async () => {
    const out = await folderWith({ '.docsgen-output': 'marker', 'page/index.html': 'old', 'gone.html': 'old', [`${STAGING}/page/index.html`]: 'new', [`${OTHER_STAGING}/x.html`]: 'theirs' });
    const staging = path.join(out, STAGING);
    expect(planInPlace(staging, out, ['page/index.html'], new Set(['page/index.html']))).toEqual({ moves: ['page/index.html'], stale: ['gone.html'] });
    expect(planReplacingAll(out, ['page/index.html', 'assets/app-1.js'])).toEqual({ moves: ['assets/app-1.js', 'page/index.html'], stale: [], clear: ['gone.html', 'page'] });
  });

  it('carries a replacing apply forwards: out/ emptied once, then every staged file moved in', async () => {
    const out = await folderWith({ ...MARKED, 'downloads': 'a file', 'page/index.html': 'old', [`${OTHER_STAGING}/x.html`]: 'theirs' });
    const staging = await folderWith({ ...MARKED, 'downloads/notes.txt': 'now a folder', 'page/index.html': 'new' });
    const plan = planReplacingAll(out, ['downloads/notes.txt', 'page/index.html']);
    writeJournal(staging, plan);
    expect(finishInterruptedApply(staging, out)).toBe(true);
    expect(await filesOf(out)).toEqual(['.docsgen-output', `${OTHER_STAGING}/x.html`, 'downloads/notes.txt', 'page/index.html']);
  });

  it('does not empty out/ again for an apply killed after emptying it: files moved in since stay', async () => {
    const out = await folderWith({ ...MARKED, 'page/index.html': 'old', 'other.html': 'old' });
    const staging = await folderWith({ ...MARKED, 'page/index.html': 'new page', 'other.html': 'new other' });
    const plan = planReplacingAll(out, ['other.html', 'page/index.html']);
    writeJournal(staging, plan);
    clearOut(staging, out, plan);
    moveStaged(staging, out, ['other.html']);
    // killed here: the next run carries it forwards
    expect(finishInterruptedApply(staging, out)).toBe(true);
    expect(await readFile(path.join(out, 'other.html'), 'utf8')).toBe('new other');
    expect(await readFile(path.join(out, 'page/index.html'), 'utf8')).toBe('new page');
  });

  it('ignores what a damaged journal would clear outside the site: the marker, staging folders, other folders', async () => {
    const parent = await folderWith({ 'precious.txt': 'keep me' });
    const out = path.join(parent, 'out');
    await mkdir(path.join(out, OTHER_STAGING), { recursive: true });
    await writeFile(path.join(out, '.docsgen-output'), MARKED['.docsgen-output']);
    await writeFile(path.join(out, OTHER_STAGING, 'x.html'), 'theirs');
    const staging = await folderWith({ ...MARKED, 'page.html': 'new' });
    await writeFile(path.join(staging, APPLY_JOURNAL), JSON.stringify({ format: 1, stale: [], clear: ['..', '../precious.txt', '.', '.docsgen-output', OTHER_STAGING] }));
    expect(finishInterruptedApply(staging, out)).toBe(true);
    expect(await filesOf(parent)).toEqual(['out/.docsgen-output', `out/${OTHER_STAGING}/x.html`, 'out/page.html', 'precious.txt']);
  });
});
