/**
 * Atomic output: a build writes into a fresh temporary folder beside out/ and only a finished
 * build replaces out/ (two renames). A failed or killed build leaves the previous out/ as it was;
 * leftovers of killed builds are removed by the next one.
 */
import { mkdir, rename, rm, writeFile, readdir, cp } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';

const TEMP_PREFIX = '.docsgen-tmp-';
const OLD_PREFIX = '.docsgen-old-';

export class OutputWriter {
  readonly tempDir: string;
  private readonly outDir: string;
  private readonly written = new Set<string>();
  private readonly dirs = new Map<string, Promise<void>>();
  private readonly inFlight = new Set<Promise<void>>();
  private failure: Error | undefined;

  private constructor(outDir: string, tempDir: string) {
    this.outDir = outDir;
    this.tempDir = tempDir;
  }

  static async create(outDir: string): Promise<OutputWriter> {
    const parent = path.dirname(outDir);
    const base = path.basename(outDir);
    await mkdir(parent, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw describeWriteError(error, parent);
    });
    await removeLeftovers(parent, base);
    const tempDir = path.join(parent, `${TEMP_PREFIX}${base}-${process.pid}-${Date.now().toString(36)}`);
    await mkdir(tempDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
      throw describeWriteError(error, tempDir);
    });
    return new OutputWriter(outDir, tempDir);
  }

  /** Paths (relative to out/) of every file written so far. */
  files(): ReadonlySet<string> {
    return this.written;
  }

  /**
   * Queues a file; up to 64 writes are in flight at once, so rendering overlaps with the disk.
   * Errors surface at the next write or at flush().
   */
  async write(relPath: string, contents: string | Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    this.written.add(relPath);
    const task = this.writeNow(relPath, contents).catch((error: unknown) => {
      this.failure ??= error as Error;
    });
    this.inFlight.add(task);
    void task.finally(() => this.inFlight.delete(task));
    if (this.inFlight.size >= 64) await Promise.race(this.inFlight);
  }

  /** Waits for every queued write; throws the first write error. */
  async flush(): Promise<void> {
    await Promise.all(this.inFlight);
    if (this.failure) throw this.failure;
  }

  private async writeNow(relPath: string, contents: string | Uint8Array): Promise<void> {
    const target = path.join(this.tempDir, relPath);
    const dir = path.dirname(target);
    let made = this.dirs.get(dir);
    if (!made) {
      made = mkdir(dir, { recursive: true }).then(() => undefined);
      this.dirs.set(dir, made);
    }
    try {
      await made;
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

  /** Replaces out/ with the finished build. */
  async commit(): Promise<void> {
    await this.flush();
    const parent = path.dirname(this.outDir);
    const old = path.join(parent, `${OLD_PREFIX}${path.basename(this.outDir)}-${process.pid}-${Date.now().toString(36)}`);
    let hadOld = true;
    try {
      await rename(this.outDir, old);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw describeWriteError(error as NodeJS.ErrnoException, this.outDir);
      hadOld = false;
    }
    try {
      await rename(this.tempDir, this.outDir);
    } catch (error) {
      if (hadOld) await rename(old, this.outDir).catch(() => undefined);
      throw describeWriteError(error as NodeJS.ErrnoException, this.outDir);
    }
    if (hadOld) await rm(old, { recursive: true, force: true });
  }

  async abort(): Promise<void> {
    await Promise.allSettled(this.inFlight);
    await rm(this.tempDir, { recursive: true, force: true });
  }
}

async function removeLeftovers(parent: string, base: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  await Promise.all(
    entries
      .filter((name) => (name.startsWith(`${TEMP_PREFIX}${base}-`) || name.startsWith(`${OLD_PREFIX}${base}-`)) && !isOwnedByLiveProcess(name))
      .map((name) => rm(path.join(parent, name), { recursive: true, force: true })),
  );
}

/** A leftover folder carries its builder's pid; one whose process still runs belongs to a concurrent build. */
function isOwnedByLiveProcess(name: string): boolean {
  const pid = Number(/-(\d+)-[0-9a-z]+$/.exec(name)?.[1]);
  if (!pid || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Turns a file system error into a message that says what happened and what to do. */
export function describeWriteError(error: NodeJS.ErrnoException, target: string): DocsgenError {
  const reasons: Record<string, string> = {
    ENOSPC: 'the disk is full',
    EACCES: 'permission denied',
    EPERM: 'permission denied',
    EROFS: 'the file system is read-only',
    EDQUOT: 'the disk quota is exceeded',
  };
  const reason = reasons[error.code ?? ''] ?? error.message;
  return new DocsgenError(`cannot write the output: ${reason}`, {
    position: { file: target },
    hint: error.code === 'ENOSPC' ? 'free some disk space and build again; the previous output is unchanged' : 'check that you may write to the output folder (--out); the previous output is unchanged',
  });
}
