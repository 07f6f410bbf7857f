/**
 * Atomic output: a build writes into a fresh temporary folder beside out/ and only a finished
 * build changes out/. A build with nothing to reuse swaps its folder in for out/ (swap.ts); an
 * incremental build, which wrote only its new and changed files, moves them into out/ in place
 * (apply-in-place.ts). A failed or killed build leaves the previous out/ as it was, or, killed
 * while moving its files in, is carried forwards by the next run. Every folder the writer makes
 * carries docsgen's marker, so later runs know they may replace or delete it (output-guard.ts).
 */
import { mkdir, writeFile, readdir, cp, link, copyFile, constants, rm } from 'node:fs/promises';
import { lstatSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { hasMarker, writeMarker } from './folder-marker.ts';
import { realPathOf } from './folder-facts.ts';
import { leftoverPath, pauseForTest, recoverInterruptedSwap, refuseRepository, removeOwnFolder, swapIn } from './swap.ts';
import { removeOnInterrupt } from './interrupt-cleanup.ts';
import { APPLY_JOURNAL, clearOut, moveStaged, planInPlace, planReplacingAll, removeStale, writeJournal, type InPlacePlan } from './apply-in-place.ts';
import { isMountPoint } from './mount-point.ts';
import { isLeftoverName } from './leftover-names.ts';
import { withSignalsDeferred } from './deferred-signals.ts';
import { refuseWatchedOutput } from './watch-lock.ts';
import { blockedFolder, probeWrite, type WriteProbe } from './blocked-folder.ts';
import { WriteSlots } from './write-slots.ts';
// What says a file is still the one judged unchanged: the manifest's own record and test.
import { fileRecordOf, sameFile, type FileRecord } from '../build/manifest.ts';

/** Writes in flight at once: enough to keep the disk busy while pages are rendered. */
const MAX_IN_FLIGHT = 64;

export class OutputWriter {
  readonly tempDir: string;
  private readonly outDir: string;
  private readonly written = new Set<string>();
  /** Files of out/ the build keeps as they are, with what they were when judged unchanged. */
  private readonly kept = new Map<string, FileRecord>();
  /** The in-place journal is written: a kill from then on is carried forwards by the next run. */
  private journalWritten = false;
  /** Every file of out/ after a move in place: the kept ones as checked, the moved ones as moved. */
  private committed: Record<string, FileRecord> | undefined;
  private readonly dirs = new Map<string, Promise<void>>();
  private readonly slots = new WriteSlots(MAX_IN_FLIGHT);
  private failure: Error | undefined;

  /**
   * The build is staged inside out/, which then cannot be swapped, so it is always moved in place:
   * out/ is a mount point (a Docker volume, say), or its parent folder may not be written (a web
   * root handed to its user inside a folder that is not theirs).
   */
  private readonly stagedInside: boolean;

  /** Stops removing the staging folder on Ctrl+C (see interrupt-cleanup.ts). */
  private readonly stopWatchingSignals: () => void;

  private constructor(outDir: string, tempDir: string, stagedInside: boolean) {
    this.stopWatchingSignals = removeOnInterrupt(tempDir);
    this.outDir = outDir;
    this.tempDir = tempDir;
    this.stagedInside = stagedInside;
  }

  /** `outDir` is followed through symlinks: a linked out/ keeps its link and gets a new target folder. */
  static async create(outDir: string): Promise<OutputWriter> {
    const realOut = await realPathOf(outDir);
    const parent = path.dirname(realOut);
    await mkdir(parent, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw describeWriteError(error, parent);
    });
    await recoverInterruptedSwap(realOut);
    const mounted = isMountPoint(realOut);
    try {
      return new OutputWriter(realOut, await makeStaging(realOut, mounted ? 'inside' : 'beside'), mounted);
    } catch (error) {
      const failure = error as NodeJS.ErrnoException;
      // The parent refuses, but out/ itself may take the build (a web root such as /var/www/html).
      const refused = !mounted && PERMISSION_CODES.includes(failure.code ?? '');
      const insideDir = refused ? await makeStaging(realOut, 'inside').catch(() => undefined) : undefined;
      if (!insideDir) throw describeWriteError(failure, failure.path ?? realOut);
      return new OutputWriter(realOut, insideDir, true);
    }
  }

  /** Paths (relative to out/) of every file written so far. */
  files(): ReadonlySet<string> {
    return this.written;
  }

  /**
   * Queues a file; up to MAX_IN_FLIGHT writes are in flight at once, so rendering overlaps with the disk.
   * Errors surface at the next write or at flush().
   */
  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    return this.queue(relPath, () => this.writeNow(relPath, contents));
  }

  /**
   * A file that is the same as `source`, a file of the previous out/ (incremental builds) that is
   * now as `identity` says (the caller has just compared the two). When `source` is that file's own
   * place in out/, nothing is done now: at the commit it stays where it is (in place), or is
   * hard-linked into the new folder (a swap). Otherwise it is linked now.
   */
  async linkFrom(relPath: string, source: string, identity: FileRecord): Promise<void> {
    if (source !== path.join(this.outDir, relPath)) return this.queue(relPath, () => this.linkNow(relPath, source));
    if (this.failure) throw this.failure;
    this.written.add(relPath);
    this.kept.set(relPath, { size: identity.size, mtimeMs: identity.mtimeMs, ino: identity.ino });
  }

  /** A hard link, so nothing is read or written; a copy (copy-on-write where the file system can) where links are not possible. */
  private async linkNow(relPath: string, source: string): Promise<void> {
    const target = path.join(this.tempDir, relPath);
    try {
      await this.madeDir(path.dirname(target));
      await link(source, target).catch(() => copyFile(source, target, constants.COPYFILE_FICLONE));
    } catch (error) {
      throw describeWriteError(error as NodeJS.ErrnoException, target);
    }
  }

  private async queue(relPath: string, work: () => Promise<void>): Promise<void> {
    if (this.failure) throw this.failure;
    this.written.add(relPath);
    const task = work().catch((error: unknown) => {
      this.failure ??= error as Error;
    });
    await this.slots.started(task);
  }

  /** Waits for every queued write; throws the first write error. */
  async flush(): Promise<void> {
    await this.slots.settled();
    if (this.failure) throw this.failure;
  }

  private madeDir(dir: string): Promise<void> {
    let made = this.dirs.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true }).then(() => undefined);
      this.dirs.set(dir, made);
    }
    return made;
  }

  private async writeNow(relPath: string, contents: string | Uint8Array): Promise<void> {
    const target = path.join(this.tempDir, relPath);
    try {
      await this.madeDir(path.dirname(target));
      await writeFile(target, contents);
    } catch (error) {
      throw describeWriteError(error as NodeJS.ErrnoException, target);
    }
  }

  async copyDir(from: string, toRel: string): Promise<void> {
    await cp(from, path.join(this.tempDir, toRel), { recursive: true });
    const walk = async (dir: string, rel: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const childRel = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(path.join(dir, entry.name), childRel);
        else this.written.add(childRel);
      }
    };
    await walk(from, toRel);
  }

  /** Makes the finished build out/: its new files moved in place when it kept files of out/, else swapped in whole. */
  async commit(): Promise<void> {
    try {
      await pauseForTest('before-commit');
      await this.commitNow();
    } finally {
      this.stopWatchingSignals();
    }
  }

  private async commitNow(): Promise<void> {
    await this.flush();
    if (this.stagedInside) return this.commitFromInside();
    const plan = this.kept.size > 0 && (await hasMarker(this.outDir, 'output')) ? this.inPlacePlan() : undefined;
    if (plan) return this.applyInPlace(plan);
    await this.stageKeptFiles();
    let setAside: string[];
    try {
      setAside = await swapIn(this.tempDir, this.outDir);
    } catch (error) {
      if (error instanceof DocsgenError) throw error;
      throw describeWriteError(error as NodeJS.ErrnoException, this.outDir);
    }
    await pauseForTest('after-renames');
    await Promise.all(setAside.map((old) => removeOwnFolder(old)));
  }

  /**
   * In place only into docsgen's own out/ whose kept files are still those the build judged
   * unchanged. One changed meanwhile (by another build, or a person) sends the build the swap's way,
   * as every incremental build went before: a new folder with the kept files linked in as they are.
   */
  private inPlacePlan(): InPlacePlan | undefined {
    for (const [rel, identity] of this.kept) if (!sameFile(identity, identityOf(path.join(this.outDir, rel)))) return undefined;
    const staged = [...this.written].filter((rel) => !this.kept.has(rel));
    return planInPlace(this.tempDir, this.outDir, staged, this.written);
  }

  /** The kept files hard-linked into the staging folder as they are, which then holds the whole build. */
  private async stageKeptFiles(): Promise<void> {
    for (const rel of this.kept.keys()) await this.queue(rel, () => this.linkNow(rel, path.join(this.outDir, rel)));
    await this.flush();
    this.kept.clear();
  }

  /**
   * A build staged inside out/ goes in place: file by file where it can, or else (a page that
   * became a folder, a kept file changed meanwhile) out/ is emptied and given every file of the build.
   */
  private async commitFromInside(): Promise<void> {
    if (!(await isOwnOutput(this.outDir))) {
      throw new DocsgenError('out/ was filled during the build with files docsgen did not make; they were left as they are', {
        position: { file: this.outDir },
        hint: 'move those files away, or pass another folder with --out, and build again',
      });
    }
    const plan = this.inPlacePlan();
    if (plan) return this.applyInPlace(plan);
    await this.stageKeptFiles();
    return this.applyInPlace(planReplacingAll(this.outDir, this.written));
  }

  private async applyInPlace(plan: InPlacePlan): Promise<void> {
    await withSignalsDeferred(async () => {
      await pauseForTest('before-renames');
      await refuseWatchedOutput(this.outDir);
      refuseRepository(this.outDir);
      try {
        // A first build staged inside out/ marks it before the journal: a kill after it leaves docsgen's folder.
        if (this.stagedInside) await writeMarker(this.outDir, 'output');
        writeJournal(this.tempDir, plan);
      } catch (error) {
        throw describeWriteError(error as NodeJS.ErrnoException, this.tempDir);
      }
      this.journalWritten = true;
      try {
        clearOut(this.tempDir, this.outDir, plan);
        const half = Math.ceil(plan.moves.length / 2);
        moveStaged(this.tempDir, this.outDir, plan.moves.slice(0, half));
        await pauseForTest('between-renames');
        moveStaged(this.tempDir, this.outDir, plan.moves.slice(half));
        await pauseForTest('after-renames');
        removeStale(this.outDir, plan.stale);
        this.committed = Object.fromEntries(this.kept);
        for (const rel of plan.moves) {
          const identity = identityOf(path.join(this.outDir, rel));
          if (identity) this.committed[rel] = identity;
        }
      } catch (error) {
        throw partlyApplied(describeWriteError(error as NodeJS.ErrnoException, this.outDir));
      }
    });
    await this.removeStaging();
  }

  /**
   * Every file of out/ as the commit left it, when it moved files in place (a swap's folder is
   * listed by the caller). A file changed by someone else after the commit checked it is recorded
   * as it was then, so the next build renders it again.
   */
  committedFiles(): Record<string, FileRecord> | undefined {
    return this.committed;
  }

  /** The journal goes first: a staging folder half deleted must not be carried forwards later. */
  private async removeStaging(): Promise<void> {
    if (this.journalWritten) await rm(path.join(this.tempDir, APPLY_JOURNAL), { force: true });
    await removeOwnFolder(this.tempDir);
  }

  async abort(): Promise<void> {
    this.stopWatchingSignals();
    await this.slots.settled();
    // Also after a disk error while moving files into out/: not carried forwards later, when this
    // process (build --watch) may have built into out/ again; the next build repairs out/ instead.
    await this.removeStaging();
  }
}

/** An error once files began moving into out/: the previous output is not unchanged any more. */
function partlyApplied(error: DocsgenError): DocsgenError {
  // The next build renders every file of out/ that differs from what the last complete build recorded.
  const hint = 'out/ now holds part of this build: fix the cause and build again, which repairs it';
  return new DocsgenError(error.message, { ...(error.position ? { position: error.position } : {}), hint });
}

/** out/ is docsgen's when it has the marker or holds nothing but builds' staging folders. */
async function isOwnOutput(outDir: string): Promise<boolean> {
  if (await hasMarker(outDir, 'output')) return true;
  return (await readdir(outDir)).every(isLeftoverName);
}

const PERMISSION_CODES = ['EACCES', 'EPERM'];

/** A marked staging folder for a build into `realOut`, beside it or inside it. */
async function makeStaging(realOut: string, within: 'beside' | 'inside'): Promise<string> {
  const dir = leftoverPath(realOut, 'temp', within);
  await mkdir(dir, { recursive: true });
  await writeMarker(dir, 'output');
  return dir;
}

/** The file as the manifest records one (size, modification time, inode), if it is a file. */
function identityOf(file: string): FileRecord | undefined {
  const info = lstatSync(file, { throwIfNoEntry: false });
  return info?.isFile() ? fileRecordOf(info) : undefined;
}

/** Turns a file system error into a message that says what happened and what to do. */
export function describeWriteError(error: NodeJS.ErrnoException, target: string, probe: WriteProbe = probeWrite): DocsgenError {
  // ENOENT here usually means a folder that could not be made (see blocked-folder.ts): say which and why.
  const blocked = ['ENOENT', 'EACCES', 'EPERM', 'EROFS'].includes(error.code ?? '') ? blockedFolder(error.path ?? target, probe) : undefined;
  const code = blocked?.code ?? error.code ?? '';
  const reasons: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    EDQUOT: 'the disk quota is exceeded',
  };
  const reason = !blocked
    ? (reasons[code] ?? error.message)
    : code === 'EROFS'
      ? `${blocked.folder} is on a read-only file system`
      : `you may not write in ${blocked.folder} (${reasons[code] ?? code})`;
  const hint =
    code === 'ENOSPC'
      ? 'free some disk space and build again; the previous output is unchanged'
      : code === 'EROFS'
        ? 'build into a folder on a writable disk (--out); the previous output is unchanged'
        : 'check that you may write to the output folder (--out); the previous output is unchanged';
  return new DocsgenError(`cannot write the output: ${reason}`, { position: { file: target }, hint });
}
