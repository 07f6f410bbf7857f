/** What the next run does with the folders a killed swap leaves, and signals held during a swap. */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { recoverInterruptedSwap, swapIn } from '../../src/emit/swap.ts';
import { withSignalsDeferred } from '../../src/emit/deferred-signals.ts';
import { writeMarker } from '../../src/emit/folder-marker.ts';
import { currentOwner, isRunning, ownerToken } from '../../src/emit/process-owner.ts';

/** The pid of a process that has ended (a leftover's builder killed long ago). */
const deadPid = spawnSync(process.execPath, ['-e', '']).pid!;
const dead = `${deadPid}.1`;
const alive = ownerToken(currentOwner());

async function folder(dir: string, files: Record<string, string>, marked = true): Promise<void> {
  await mkdir(dir, { recursive: true });
  if (marked) await writeMarker(dir, 'output');
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
}

async function scene(): Promise<{ parent: string; out: string; left: (kind: 'tmp' | 'old', owner: string, made: number) => string }> {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-swap-'));
  return {
    parent,
    out: path.join(parent, 'out'),
    left: (kind, owner, made) => path.join(parent, `.docsgen-${kind}-out-${owner}-${made.toString(36)}-abc123`),
  };
}

describe('recovering an interrupted swap', () => {
  it('restores the newest saved copy when out/ is missing, then deletes the dead leftovers', async () => {
    const { parent, out, left } = await scene();
    await folder(left('old', dead, 1000), { 'index.html': 'older' });
    await folder(left('old', dead, 2000), { 'index.html': 'newest' });
    await folder(left('tmp', dead, 2001), { 'index.html': 'unfinished' });
    expect(await recoverInterruptedSwap(out)).toBe(path.basename(left('old', dead, 2000)));
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('newest');
    expect(await readdir(parent)).toEqual(['out']);
    await rm(parent, { recursive: true });
  });

  it('never touches the folders of a build that still runs (a concurrent build mid-swap)', async () => {
    const { parent, out, left } = await scene();
    await folder(left('old', alive, 1000), { 'index.html': 'saved by a live build' });
    await folder(left('tmp', alive, 1001), { 'index.html': 'being written' });
    expect(await recoverInterruptedSwap(out)).toBeUndefined();
    expect((await readdir(parent)).sort()).toEqual([path.basename(left('old', alive, 1000)), path.basename(left('tmp', alive, 1001))].sort());
    await rm(parent, { recursive: true });
  });

  it('a live pid with another start time is a different process: its leftover is recovered', async () => {
    const { out, parent, left } = await scene();
    const { pid, start } = currentOwner();
    if (start === '0') return; // no /proc here: pids alone decide
    await folder(left('old', `${pid}.${Number(start) + 1}`, 1000), { 'index.html': 'from a container long gone' });
    expect(await recoverInterruptedSwap(out)).toBeDefined();
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('from a container long gone');
    await rm(parent, { recursive: true });
  });

  it('keeps leftovers without the marker, and every saved copy while out/ cannot be restored', async () => {
    const { parent, out, left } = await scene();
    await folder(out, { 'index.html': 'current' });
    await folder(left('old', dead, 1000), { 'notes.txt': 'not made by this docsgen' }, false);
    await folder(left('tmp', dead, 1001), { 'index.html': 'unfinished' });
    await recoverInterruptedSwap(out);
    expect((await readdir(parent)).sort()).toEqual([path.basename(left('old', dead, 1000)), 'out']);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('current');
    await rm(parent, { recursive: true });
  });

  it('ignores folders of other outputs and names it did not make', async () => {
    const { parent, out } = await scene();
    const others = [`.docsgen-old-out2-${dead}-1-abc`, `.docsgen-old-out-${deadPid}-zz`, 'out-old'];
    for (const name of others) await folder(path.join(parent, name), { 'a.txt': 'x' });
    await recoverInterruptedSwap(out);
    expect((await readdir(parent)).sort()).toEqual(others.sort());
    await rm(parent, { recursive: true });
  });

  it('never moves, restores or deletes through a link: leftovers a repository can hold are decoys', async () => {
    const { parent, out, left } = await scene();
    // Files outside the project that a committed decoy aims at.
    const victim = await mkdtemp(path.join(os.tmpdir(), 'docsgen-victim-'));
    await folder(path.join(victim, 'important'), { 'data.txt': 'precious' }, false);
    await writeFile(path.join(victim, 'notes.txt'), 'precious');
    await writeFile(path.join(victim, 'script.sh'), 'original');
    // A saved copy holding a link (restored as out/, it would bring the link in).
    await folder(left('old', dead, 1000), {});
    await symlink(victim, path.join(left('old', dead, 1000), 'lnk'));
    // A journal deleting through that link; a staging folder moving a file through a link of its own.
    await folder(left('tmp', dead, 1001), { '.docsgen-apply.json': JSON.stringify({ format: 1, stale: ['lnk/notes.txt'], clear: ['lnk/important'] }) });
    await folder(left('tmp', dead, 1002), { '.docsgen-apply.json': JSON.stringify({ format: 1, stale: [] }) });
    await symlink(victim, path.join(left('tmp', dead, 1002), 'lnk'));
    // A leftover's name on a link to a marked folder: deleting "it" would empty the folder it points at.
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'docsgen-elsewhere-'));
    await folder(elsewhere, { 'keep.txt': 'mine' });
    await symlink(elsewhere, left('old', dead, 999));
    await recoverInterruptedSwap(out);
    expect(await readFile(path.join(victim, 'important/data.txt'), 'utf8')).toBe('precious');
    expect(await readFile(path.join(victim, 'notes.txt'), 'utf8')).toBe('precious');
    expect(await readFile(path.join(victim, 'script.sh'), 'utf8')).toBe('original');
    expect(await readFile(path.join(elsewhere, 'keep.txt'), 'utf8')).toBe('mine');
    // Nothing was restored as out/ from the copy with a link.
    expect((await readdir(parent)).includes('out')).toBe(false);
    // With an out/ that holds a link (committed with the project), a journal still deletes nothing through it.
    await folder(out, { 'index.html': 'current' });
    await symlink(victim, path.join(out, 'lnk'));
    await recoverInterruptedSwap(out);
    expect(await readFile(path.join(victim, 'notes.txt'), 'utf8')).toBe('precious');
    expect(await readFile(path.join(victim, 'important/data.txt'), 'utf8')).toBe('precious');
    await rm(parent, { recursive: true });
    await rm(victim, { recursive: true });
    await rm(elsewhere, { recursive: true });
  });

  it('knows a running process from an ended one', () => {
    expect(isRunning(currentOwner())).toBe(true);
    expect(isRunning({ pid: deadPid, start: '1' })).toBe(false);
  });
});

describe('the swap', () => {
  it('replaces out/ and hands back the previous copy; refuses an out/ that lost its marker meanwhile', async () => {
    const { parent, out } = await scene();
    await folder(out, { 'index.html': 'previous' });
    await folder(path.join(parent, 'new'), { 'index.html': 'next' });
    const setAside = await swapIn(path.join(parent, 'new'), out);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('next');
    expect(await readFile(path.join(setAside[0]!, 'index.html'), 'utf8')).toBe('previous');

    await rm(path.join(out, '.docsgen-output'));
    await folder(path.join(parent, 'third'), { 'index.html': 'third' });
    await expect(swapIn(path.join(parent, 'third'), out)).rejects.toThrow(/replaced during the build by a folder docsgen did not make/);
    expect(await readFile(path.join(out, 'index.html'), 'utf8')).toBe('next');
    await rm(parent, { recursive: true });
  });

  it('holds SIGHUP back until the step is done, then delivers it to the listeners the process had', async () => {
    const heard: string[] = [];
    const listener = () => heard.push('SIGHUP');
    process.on('SIGHUP', listener);
    try {
      await withSignalsDeferred(async () => {
        process.kill(process.pid, 'SIGHUP');
        await new Promise((resolve) => setTimeout(resolve, 100));
        heard.push('step done');
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard).toEqual(['step done', 'SIGHUP']);
      expect(process.listeners('SIGHUP')).toEqual([listener]);
    } finally {
      process.removeListener('SIGHUP', listener);
    }
  });
});
