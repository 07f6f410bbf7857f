/**
 * `docsgen build --watch` writes edits over out/ in place, file by file. A one-shot build into the
 * same folder swaps out/ away meanwhile (two renames), so an edit written between them would make a
 * new out/ of one page and no marker, and the next build would refuse it; or it moves its own files
 * in and deletes those its build lacks, which may be pages the watcher has just written. So a watching process
 * claims its output folder: a file beside it, `.docsgen-watch-<name>`, naming the process (pid and
 * start time, see process-owner.ts) and the folder's real path. Another build into that folder is refused while the process
 * runs; a claim left by a process that ended (killed, crashed) is stale and taken over.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.ts';
import { currentOwner, isRunning, ownerToken, parseOwnerToken, type ProcessOwner } from './process-owner.ts';

export function watchClaimPath(realOutDir: string): string {
  return path.join(path.dirname(realOutDir), `.docsgen-watch-${path.basename(realOutDir)}`);
}

/** The running process, other than this one, that watches this output folder, if any. */
export async function otherWatcher(realOutDir: string): Promise<ProcessOwner | undefined> {
  const [token = '', folder] = (await readFile(watchClaimPath(realOutDir), 'utf8').catch(() => '')).split('\n');
  const owner = parseOwnerToken(token.trim());
  // A claim copied with the project (cp -r, an archive) names the folder it was made for.
  if (!owner || folder !== realOutDir || isOwn(owner) || !isRunning(owner)) return undefined;
  return owner;
}

/** Refuses (exit code 2, nothing changed) a build into a folder another process watches. */
export async function refuseWatchedOutput(realOutDir: string): Promise<void> {
  const watcher = await otherWatcher(realOutDir);
  if (!watcher) return;
  throw new UsageError(`refusing to use this as the output folder: docsgen build --watch (process ${watcher.pid}) is writing to it`, {
    position: { file: realOutDir },
    hint: 'stop that process (Ctrl+C in its terminal), or build into another folder with --out',
  });
}

/**
 * Claims the folder for this process (refusing one another process watches) and returns how to
 * let it go. A folder that cannot take the claim (read-only parent) is still built into: the
 * claim only protects against a second build, it is not needed for this one.
 */
export async function claimWatchedOutput(realOutDir: string): Promise<() => Promise<void>> {
  const file = watchClaimPath(realOutDir);
  const token = ownerToken(currentOwner());
  // Created only if absent, so two watchers started together cannot both hold it.
  const create = () => writeFile(file, `${token}\n${realOutDir}\n`, { flag: 'wx' }).then(() => true, (error: NodeJS.ErrnoException) => (error.code === 'EEXIST' ? undefined : false));
  let claimed = await create();
  if (claimed === undefined) {
    await refuseWatchedOutput(realOutDir);
    await rm(file, { force: true }); // stale, or our own
    claimed = (await create()) === true;
  }
  return async () => {
    if (!claimed) return;
    // Only our own claim: a process that took over a claim we left would keep its own.
    if ((await readFile(file, 'utf8').catch(() => '')).split('\n')[0] === token) await rm(file, { force: true });
  };
}

function isOwn(owner: ProcessOwner): boolean {
  const self = currentOwner();
  return owner.pid === self.pid && owner.start === self.start;
}
