/**
 * Where a build's files go. `docsgen build` writes into a temporary folder swapped in atomically
 * (a failed build leaves the previous out/ as it was); `docsgen check` and `search export` write
 * nothing; `docsgen serve` writes each full build into a new generation folder, so the server
 * switches from one complete build to the next and never answers 404 for a page both have, and it
 * replaces single files in place (write beside, then rename) for an edit.
 */
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OutputWriter } from '../emit/output.ts';
import { removeStale } from '../emit/apply-in-place.ts';
import { isImmutable } from './output-paths.ts';
import { currentOwner, isRunning, ownerToken, parseOwnerToken } from '../emit/process-owner.ts';
import type { PreviousFile } from './incremental.ts';
import type { FileRecord } from './manifest.ts';

export interface OutputFile {
  /** Path relative to the output folder. */
  rel: string;
  /** The bytes, or how to read them when they are written (content images, static files; undefined: left out). */
  contents: string | Uint8Array | (() => Promise<Uint8Array | undefined>);
}

export interface OutputTarget {
  write(rel: string, contents: string | Uint8Array): Promise<void>;
  /** The file is the same as `previous.source` (a file of the previous build, as `previous.identity` says it is now): kept, linked, or copied where links are not possible. */
  linkFrom?(rel: string, previous: PreviousFile): Promise<void>;
  /** Makes the written files the output; returns the folder that now holds them. */
  commit(): Promise<string>;
  /** After the commit: every file of the output as it left them, when it knows without listing the folder. */
  committedFiles?(): Record<string, FileRecord> | undefined;
  abort(): Promise<void>;
}

export async function openAtomicOutput(outDir: string): Promise<OutputTarget> {
  const writer = await OutputWriter.create(outDir);
  return {
    write: (rel, contents) => writer.write(rel, contents),
    linkFrom: (rel, previous) => writer.linkFrom(rel, previous.source, previous.identity),
    committedFiles: () => writer.committedFiles(),
    commit: async () => {
      await writer.commit();
      return outDir;
    },
    abort: () => writer.abort(),
  };
}

/** Writes nothing: `docsgen check` and `search export` only need what the stages compute. */
export function noOutput(): OutputTarget {
  return { write: async () => undefined, commit: async () => '', abort: async () => undefined };
}

const GENERATION_PREFIX = 'gen-';

/** The dev server's output: `<project>/.docsgen/dev/gen-<owner>-<n>/`, one folder per full build. */
export function createDevOutputs(devRoot: string): { open(): Promise<OutputTarget>; retire(keep: string): void } {
  let count = 0;
  let cleaned = false;
  return {
    open: async () => {
      if (!cleaned) {
        cleaned = true;
        await removeGenerations(devRoot, (name) => !isOwnedByLiveProcess(name)); // leftovers of dev servers that ended
      }
      const dir = path.join(devRoot, `${GENERATION_PREFIX}${ownerToken(currentOwner())}-${++count}`);
      await rm(dir, { recursive: true, force: true });
      return {
        write: folderWriter(dir),
        commit: async () => dir,
        abort: () => rm(dir, { recursive: true, force: true }),
      };
    },
    // Generations older than the one now served are removed once requests still answering from
    // them have had a few seconds to finish; newer ones (a build under way) are left alone.
    retire: (current) => {
      const served = generationNumber(path.basename(current));
      const older = (name: string) => (isOwn(name) ? generationNumber(name) < served : !isOwnedByLiveProcess(name));
      setTimeout(() => void removeGenerations(devRoot, older), 5000).unref();
    },
  };
}

/** `gen-<owner>-<n>`: the folder of a process's n-th full build. */
function generationNumber(name: string): number {
  return Number(/^gen-[\d.]+-(\d+)$/.exec(name)?.[1] ?? -1);
}

function isOwn(name: string): boolean {
  return name.startsWith(`${GENERATION_PREFIX}${ownerToken(currentOwner())}-`);
}

/** Another dev server on the same project keeps its own generations. */
function isOwnedByLiveProcess(name: string): boolean {
  const owner = parseOwnerToken(/^gen-([\d.]+)-\d+$/.exec(name)?.[1] ?? '');
  return owner !== undefined && !isOwn(name) && isRunning(owner);
}

async function removeGenerations(devRoot: string, which: (name: string) => boolean): Promise<void> {
  const names = await readdir(devRoot).catch(() => [] as string[]);
  await Promise.all(names.filter((n) => n.startsWith(GENERATION_PREFIX) && which(n)).map((n) => rm(path.join(devRoot, n), { recursive: true, force: true })));
}

/** Writes files under `dir` where they go, making each folder once (a folder nobody reads yet). */
function folderWriter(dir: string): (rel: string, contents: string | Uint8Array) => Promise<void> {
  const made = new Map<string, Promise<unknown>>();
  return async (rel, contents) => {
    const target = path.join(dir, rel);
    const parent = path.dirname(target);
    if (!made.has(parent)) made.set(parent, mkdir(parent, { recursive: true }));
    await made.get(parent);
    await writeFile(target, contents);
  };
}

/** Replaces one file of a finished output: written beside, then renamed, so no request sees half of it. */
export async function replaceFile(dir: string, rel: string, contents: string | Uint8Array): Promise<void> {
  const target = path.join(dir, rel);
  const temp = `${target}.${process.pid}.tmp`;
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(temp, contents);
  await rename(temp, target);
}

/**
 * An edit applied to a finished output: each file replaced (see replaceFile), then the files it no
 * longer has removed, with the folders that leaves empty (a build's search index names its folders
 * by their bytes, so an edit gives some of them new names).
 */
export async function applyToOutput(dir: string, files: readonly { rel: string; contents: string | Uint8Array }[], removed: readonly string[]): Promise<void> {
  const writeNew = folderWriter(dir);
  for (const file of files) {
    // A file named by its bytes is new (no reader can know its name before the file naming it is
    // written, after it) or already the same: written where it goes, without a rename.
    await (isImmutable(file.rel) ? writeNew(file.rel, file.contents) : replaceFile(dir, file.rel, file.contents));
  }
  removeStale(dir, removed);
}
