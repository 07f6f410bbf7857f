/**
 * Swapping a finished build in for out/, and recovering when a swap was cut short.
 *
 * Node 20 offers no atomic exchange of two folders (renameat2's RENAME_EXCHANGE is not exposed),
 * so the swap is two renames: out/ → `.docsgen-old-out-…`, then the new build → out/. Between them
 * out/ does not exist. What makes that window safe:
 * - SIGINT, SIGTERM and SIGHUP arriving during the swap are held back until it is complete;
 * - after a SIGKILL (or a power cut) there, the saved copy is still beside out/, named after its
 *   process and the time; the next docsgen run (build, check, serve --out) renames it back before
 *   anything else. A leftover is deleted only when its process is gone, it holds docsgen's marker
 *   (or nothing), and out/ exists, so a leftover that is the only copy of a site is never deleted;
 * - builds running at once never touch each other's folders (their processes are alive), and a
 *   build that finds an out/ put in place by another one meanwhile sets it aside too;
 * - a build refuses to swap into an out/ that a `build --watch` claimed after the build began.
 */
import { lstat, readdir, rename, rm, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { DocsgenError } from '../errors.ts';
import { withSignalsDeferred } from './deferred-signals.ts';
import { OUTPUT_MARKER, hasMarker, holdsRepository } from './folder-marker.ts';
import { currentOwner, isRunning, ownerToken, parseOwnerToken, type ProcessOwner } from './process-owner.ts';
import { refuseWatchedOutput } from './watch-lock.ts';
import { REPOSITORY_HINT } from './output-guard.ts';
import { finishInterruptedApply } from './apply-in-place.ts';
import { LEFTOVER_PREFIX } from './leftover-names.ts';
import { listTree } from './list-tree.ts';

const PREFIX = LEFTOVER_PREFIX;
type LeftoverKind = keyof typeof PREFIX;

interface Leftover {
  name: string;
  kind: LeftoverKind;
  owner: ProcessOwner;
  /** When it was made (ms since the epoch), for restoring the newest copy. */
  made: number;
}

/**
 * `.docsgen-tmp-out-<pid>.<start>-<time>-<random>`, beside out/, or inside it (`within`) when
 * out/ is a mount point (the only place from which files can be renamed into it) or its parent
 * may not be written (output.ts).
 */
export function leftoverPath(outDir: string, kind: LeftoverKind, within: 'beside' | 'inside' = 'beside'): string {
  const stamp = `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const folder = within === 'inside' ? outDir : path.dirname(outDir);
  return path.join(folder, `${PREFIX[kind]}${path.basename(outDir)}-${ownerToken(currentOwner())}-${stamp}`);
}

function parseLeftover(name: string, base: string): Leftover | undefined {
  for (const kind of ['temp', 'old'] as const) {
    const head = `${PREFIX[kind]}${base}-`;
    if (!name.startsWith(head)) continue;
    const match = /^(\d+\.\d+)-([0-9a-z]+)-[0-9a-f]+$/.exec(name.slice(head.length));
    const owner = match ? parseOwnerToken(match[1]!) : undefined;
    if (match && owner) return { name, kind, owner, made: parseInt(match[2]!, 36) };
  }
  return undefined;
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Puts back the copy of out/ that a killed swap set aside, then deletes the leftovers of builds
 * whose process is gone. Returns the name of the restored copy, if one was.
 */
export async function recoverInterruptedSwap(outDir: string): Promise<string | undefined> {
  const restored = await recoverBeside(outDir);
  await recoverInside(outDir);
  return restored;
}

async function recoverBeside(outDir: string): Promise<string | undefined> {
  const parent = path.dirname(outDir);
  const dead = await deadLeftovers(parent, path.basename(outDir));
  if (dead.length === 0) return undefined;
  let restored: string | undefined;
  if (!(await exists(outDir))) {
    const restorable = await Promise.all(dead.map(async (l) => l.kind === 'old' && (await isOwnCopy(path.join(parent, l.name)))));
    for (const old of dead.filter((_, i) => restorable[i]).sort((a, b) => b.made - a.made)) {
      try {
        await rename(path.join(parent, old.name), outDir);
        restored = old.name;
        break;
      } catch (error) {
        // Another run restored a copy first (out/ exists now), or took this one.
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') break;
      }
    }
  }
  // Without out/ every saved copy is kept: one of them may be the only copy of the site.
  const outExists = restored !== undefined || (await exists(outDir));
  // An in-place apply cut short is completed (oldest first); one that cannot be yet is kept for the next run.
  const staging = outExists ? dead.filter((l) => l.kind === 'temp').sort((a, b) => a.made - b.made) : [];
  const unfinished = staging.filter((l) => !carriedForward(path.join(parent, l.name), outDir));
  const deletable = dead.filter((l) => l.name !== restored && !unfinished.includes(l) && (outExists || l.kind === 'temp'));
  await Promise.all(deletable.map((l) => removeOwnFolder(path.join(parent, l.name))));
  return restored;
}

/**
 * The staging folders that builds staged inside out/ left there: an apply cut short after its
 * journal is completed, the rest deleted (out/ itself was never set aside).
 */
async function recoverInside(outDir: string): Promise<void> {
  const dead = (await deadLeftovers(outDir, path.basename(outDir))).filter((l) => l.kind === 'temp').sort((a, b) => a.made - b.made);
  for (const staging of dead) {
    const dir = path.join(outDir, staging.name);
    if (carriedForward(dir, outDir)) await removeOwnFolder(dir);
  }
}

/**
 * The leftovers in `folder` whose process is gone. Only real folders: a leftover's name on a link
 * (which docsgen never makes, and a repository can hold) would have the recovery move, restore or
 * delete what the link points at.
 */
async function deadLeftovers(folder: string, base: string): Promise<Leftover[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const named = names.map((name) => parseLeftover(name, base)).filter((l): l is Leftover => l !== undefined && !isRunning(l.owner));
  const real = await Promise.all(named.map((l) => isRealFolder(path.join(folder, l.name))));
  return named.filter((_, i) => real[i]);
}

async function isRealFolder(dir: string): Promise<boolean> {
  const info = await lstat(dir).catch(() => undefined);
  return info !== undefined && info.isDirectory();
}

/**
 * A copy docsgen set aside was an out/ it could replace: marked, or empty. It holds no links. One
 * that is neither, or holds one, is not restored as out/: a decoy committed to a repository would
 * bring its files, or what its links lead to, into the published site.
 */
async function isOwnCopy(dir: string): Promise<boolean> {
  if ((listTree(dir)?.links.length ?? 0) > 0) return false;
  return (await hasMarker(dir, 'output')) || (await readdir(dir).catch(() => ['?'])).length === 0;
}

/**
 * An in-place apply killed after its journal (apply-in-place.ts) is completed: true when the folder
 * may go (completed, or it never began), false when completing failed (tried again next run).
 */
function carriedForward(stagingDir: string, outDir: string): boolean {
  try {
    finishInterruptedApply(stagingDir, outDir);
    return true;
  } catch {
    return false;
  }
}

/**
 * Deletes a folder docsgen made: only when it holds the marker or nothing. The marker goes last,
 * so a deletion cut short leaves a folder that is still recognisably docsgen's.
 */
export async function removeOwnFolder(dir: string): Promise<void> {
  if (!(await isRealFolder(dir))) return;
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch {
    return;
  }
  if (entries.length > 0 && !entries.includes(OUTPUT_MARKER)) return;
  if (entries.includes('.git')) return;
  await Promise.all(entries.filter((name) => name !== OUTPUT_MARKER).map((name) => rm(path.join(dir, name), { recursive: true, force: true })));
  await rm(dir, { recursive: true, force: true });
}

/** out/ may be set aside: it is missing, empty or marked (checked again at the swap: a build takes a while). */
async function isReplaceable(outDir: string): Promise<boolean> {
  const info = await stat(outDir).catch(() => undefined);
  if (!info) return true;
  if (!info.isDirectory()) return false;
  return (await readdir(outDir)).length === 0 || hasMarker(outDir, 'output');
}

/**
 * Replaces out/ with `tempDir` (two renames, signals held back in between) and returns the folders
 * set aside, which the caller deletes once the new build is in place.
 */
export async function swapIn(tempDir: string, outDir: string): Promise<string[]> {
  return withSignalsDeferred(async () => {
    const setAside: string[] = [];
    await pauseForTest('before-renames');
    // Checked when the build began too; a `build --watch` that claimed out/ since then writes edits
    // into it in place, which a swap would cut in two.
    await refuseWatchedOutput(outDir);
    refuseRepository(outDir);
    for (let attempt = 1; ; attempt++) {
      if (!(await isReplaceable(outDir))) {
        throw new DocsgenError('out/ was replaced during the build by a folder docsgen did not make; it was left as it is', {
          position: { file: outDir },
          hint: 'move that folder away, or pass another folder with --out, and build again',
        });
      }
      const old = leftoverPath(outDir, 'old');
      if (await renameUnlessMissing(outDir, old)) setAside.push(old);
      await pauseForTest('between-renames');
      try {
        await rename(tempDir, outDir);
        return setAside;
      } catch (error) {
        // Another build put its out/ in place between our two renames: set that one aside too.
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== 'ENOTEMPTY' && code !== 'EEXIST') || attempt >= 5) {
          await restoreFirst(setAside, outDir);
          throw error;
        }
      }
    }
  });
}

/**
 * Refuses to commit into an out/ that became a repository's working tree during the build (a
 * `git clone` or `git init` there): the swap would set it aside and delete it, .git and all, and
 * an in-place apply would delete .git's files as files the new build does not have.
 */
export function refuseRepository(outDir: string): void {
  if (!holdsRepository(outDir)) return;
  throw new DocsgenError('out/ gained a .git folder during the build, so it is now a repository\'s working tree; it was left as it is', {
    position: { file: outDir },
    hint: REPOSITORY_HINT,
  });
}

async function renameUnlessMissing(from: string, to: string): Promise<boolean> {
  try {
    await rename(from, to);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** A failed swap puts the previous out/ back when nothing took its place. */
async function restoreFirst(setAside: readonly string[], outDir: string): Promise<void> {
  const first = setAside[0];
  if (first && !(await exists(outDir))) await rename(first, outDir).catch(() => undefined);
}

/**
 * Test hook: with DOCSGEN_TEST_PAUSE_SWAP=`<moment>:<file>` the swap writes <file> when it reaches
 * <moment> and waits until the file is deleted, so a test can kill the process exactly there. A
 * move in place (apply-in-place.ts) passes the same moments: before its journal, after half its
 * files are moved, after all of them (before the stale files are deleted).
 */
const pausedAt = new Set<string>();

export async function pauseForTest(moment: 'before-commit' | 'before-renames' | 'between-renames' | 'after-renames'): Promise<void> {
  const setting = process.env.DOCSGEN_TEST_PAUSE_SWAP;
  // Once per process: a swap that retries passes the same moment again.
  if (!setting?.startsWith(`${moment}:`) || pausedAt.has(moment)) return;
  pausedAt.add(moment);
  const file = setting.slice(moment.length + 1);
  await writeFile(file, String(process.pid));
  while (await exists(file)) await new Promise((resolve) => setTimeout(resolve, 20));
}
