/**
 * Atomic output: a build writes into a fresh temporary folder beside out/ and only a finished
 * build replaces out/ (see swap.ts for the swap and what a kill at any moment leaves). A failed or
 * killed build leaves the previous out/ as it was. Every folder the writer makes carries docsgen's
 * marker, so later runs know they may replace or delete it (see output-guard.ts).
 */
import { mkdir, writeFile, readdir, cp, link, copyFile, constants } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { writeMarker } from './folder-marker.ts';
import { realPathOf } from './folder-facts.ts';
import { leftoverPath, pauseForTest, recoverInterruptedSwap, removeOwnFolder, swapIn } from './swap.ts';
import { blockedFolder, probeWrite, type WriteProbe } from './blocked-folder.ts';
import { WriteSlots } from './write-slots.ts';

/** Writes in flight at once: enough to keep the disk busy while pages are rendered. */
const MAX_IN_FLIGHT = 64;

export class OutputWriter {
  readonly tempDir: string;
  private readonly outDir: string;
  private readonly written = new Set<string>();
  private readonly dirs = new Map<string, Promise<void>>();
  private readonly slots = new WriteSlots(MAX_IN_FLIGHT);
  private failure: Error | undefined;

  private constructor(outDir: string, tempDir: string) {
    this.outDir = outDir;
    this.tempDir = tempDir;
  }

  /** `outDir` is followed through symlinks: a linked out/ keeps its link and gets a new target folder. */
  static async create(outDir: string): Promise<OutputWriter> {
    const realOut = await realPathOf(outDir);
    const parent = path.dirname(realOut);
    await mkdir(parent, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw describeWriteError(error, parent);
    });
    await recoverInterruptedSwap(realOut);
    const tempDir = leftoverPath(realOut, 'temp');
    await mkdir(tempDir, { recursive: true })
      .then(() => writeMarker(tempDir, 'output'))
      .catch((error: NodeJS.ErrnoException) => {
        throw describeWriteError(error, tempDir);
      });
    return new OutputWriter(realOut, tempDir);
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
   * Queues a file that is the same as `source`, a file of the previous out/ (incremental builds): a
   * hard link to it, so nothing is read or written; a copy (copy-on-write where the file system
   * can) where links are not possible. After the swap the previous out/ is deleted and this folder
   * holds the only name of the file.
   */
  async linkFrom(relPath: string, source: string): Promise<void> {
    return this.queue(relPath, async () => {
      const target = path.join(this.tempDir, relPath);
      try {
        await this.madeDir(path.dirname(target));
        await link(source, target).catch(() => copyFile(source, target, constants.COPYFILE_FICLONE));
      } catch (error) {
        throw describeWriteError(error as NodeJS.ErrnoException, target);
      }
    });
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

  /** Replaces out/ with the finished build, then deletes the previous one. */
  async commit(): Promise<void> {
    await this.flush();
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

  async abort(): Promise<void> {
    await this.slots.settled();
    await removeOwnFolder(this.tempDir);
  }
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
