/** The claim `docsgen build --watch` puts beside its output folder (src/emit/watch-lock.ts). */
import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { claimWatchedOutput, otherWatcher, refuseWatchedOutput, watchClaimPath } from '../../src/emit/watch-lock.ts';

/** The token of a process that runs and is not this one: the test runner's parent. */
function parentToken(): string {
  const stat = readFileSync(`/proc/${process.ppid}/stat`, 'utf8');
  return `${process.ppid}.${stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]}`;
}

describe('the watch claim', () => {
  it('refuses a folder a running process claimed, but not a copy of the claim made for another folder', async () => {
    const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'docsgen-claim-')));
    const out = path.join(dir, 'out');
    await writeFile(watchClaimPath(out), `${parentToken()}\n${out}\n`);
    expect((await otherWatcher(out))?.pid).toBe(process.ppid);
    await expect(refuseWatchedOutput(out)).rejects.toThrow(`docsgen build --watch (process ${process.ppid}) is writing to it`);
    await expect(claimWatchedOutput(out)).rejects.toThrow('refusing to use this as the output folder');
    // The same claim copied with the project: it names the folder it was made for.
    await writeFile(watchClaimPath(out), `${parentToken()}\n/elsewhere/out\n`);
    expect(await otherWatcher(out)).toBeUndefined();
    await rm(dir, { recursive: true, force: true });
  });

  it('is taken by this process, which lets it go; a claim another process took over is left alone', async () => {
    const dir = await realpath(await mkdtemp(path.join(os.tmpdir(), 'docsgen-claim-')));
    const out = path.join(dir, 'out');
    const release = await claimWatchedOutput(out);
    expect(await otherWatcher(out)).toBeUndefined(); // our own
    await release();
    await expect(readFile(watchClaimPath(out), 'utf8')).rejects.toThrow();
    const again = await claimWatchedOutput(out);
    await writeFile(watchClaimPath(out), `${parentToken()}\n${out}\n`);
    await again();
    expect(await readFile(watchClaimPath(out), 'utf8')).toContain(parentToken());
    await rm(dir, { recursive: true, force: true });
  });
});
