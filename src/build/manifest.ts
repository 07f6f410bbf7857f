/**
 * The build manifest: what the last `docsgen build` into an output folder was made from and what it
 * wrote. Kept in the project's cache (`.docsgen/cache/builds/<hash of out/'s real path>.json`), one
 * per output folder, written only after a build's swap succeeded. It records
 * - the signature of every input file (path, size, modification time) under the input roots;
 * - each file of out/ as it was left (size, modification time, inode), and for each page the key
 *   of what it was rendered from;
 * - the build's result (pages, findings), printed again when nothing changed.
 * Nothing in it is trusted without checking: the inputs are signed again and every file of out/ is
 * compared with its record before the manifest is used (see incremental.ts).
 */
import { lstatSync, statSync, type Stats } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { Finding } from '../checks/findings.ts';
import { OUTPUT_MARKER } from '../emit/folder-marker.ts';
import { listTree } from '../emit/list-tree.ts';
import { isLeftoverName } from '../emit/leftover-names.ts';
import { hashText } from '../cache/fingerprint.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { cacheReadsAllowed } from '../cache/reads.ts';

const FORMAT = 2;

export interface FileRecord {
  size: number;
  mtimeMs: number;
  ino: number;
  /** Pages: the key of what the page was rendered from (see PageReuse); other files not named by their contents: their bytes, hashed (see emit.ts). */
  key?: string;
}

export interface BuildManifest {
  format: number;
  docsgen: string;
  outDir: string;
  inputs: { roots: string[]; signature: string };
  result: { pages: number; findings: Finding[]; warnings: Finding[]; baseUrl: string };
  files: Record<string, FileRecord>;
}

export function manifestFile(projectCache: string, realOutDir: string): string {
  return path.join(projectCache, 'builds', `${hashText(realOutDir)}.json`);
}

/** The manifest of the last build into this folder by this docsgen, if there is a readable one. */
export async function readManifest(file: string): Promise<BuildManifest | undefined> {
  if (!cacheReadsAllowed()) return undefined;
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as BuildManifest;
    return manifest.format === FORMAT && manifest.docsgen === DOCSGEN_VERSION ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Written beside, then renamed: a reader never sees half a manifest. A cache that cannot be written only costs speed. */
export async function writeManifest(file: string, manifest: Omit<BuildManifest, 'format' | 'docsgen'>): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(temp, JSON.stringify({ format: FORMAT, docsgen: DOCSGEN_VERSION, ...manifest }));
    await rename(temp, file);
  } catch {
    // read-only or full disk: the next build is a full one
  }
}

/**
 * A hash of every file under the roots (a root may be a file): path, size, modification time,
 * change time and inode, with `extra` (options and environment that change the output). A missing
 * root counts as such. The change time is what no tool sets back (`touch -d`, `cp -p`, `rsync -t`
 * and an editor that keeps the size all leave size and modification time as they were); the inode
 * sees a file replaced by another.
 */
export async function inputSignature(roots: readonly string[], extra: readonly string[]): Promise<string> {
  const hash = createHash('sha256');
  for (const part of extra) hash.update(part).update('\u0000');
  for (const root of [...roots].sort()) {
    const entries = await listFiles(root, signedRecordOf);
    hash.update(`${root}\u0000${entries === undefined ? 'missing' : entries.length}\u0000`);
    for (const [rel, info = { ...GONE, ctimeMs: -1 }] of entries ?? []) hash.update(`${rel}\u0000${info.size}\u0000${info.mtimeMs}\u0000${info.ctimeMs}\u0000${info.ino}\u0000`);
  }
  return hash.digest('hex');
}

/**
 * Every file (or symlink) below `root`, sorted, with its lstat; undefined when `root` does not
 * exist. Synchronous on purpose: hundreds of stats in a row cost a few milliseconds this way, and
 * ten times as much as promises (nothing else runs meanwhile: the build's start and end).
 */
async function listFiles<T>(root: string, recordOf: (info: Stats) => T): Promise<[string, T | undefined][] | undefined> {
  // Followed: content/, the theme or config.yaml may be a link (README), and lstat would sign the
  // link alone, so an edit behind it was never seen and the build called itself up to date.
  const info = followedStat(root);
  if (!info) return undefined;
  if (!info.isDirectory()) return [['', recordOf(info)]];
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const files = (listTree(root)?.files ?? []).sort();
  return files.map((rel) => {
    const now = lstatSync(prefix + rel, { throwIfNoEntry: false });
    return [rel, now ? recordOf(now) : undefined];
  });
}

/** The root as a link leads to it; a link to nothing (or a loop) as the link itself. */
function followedStat(root: string): Stats | undefined {
  try {
    return statSync(root, { throwIfNoEntry: false }) ?? lstatSync(root, { throwIfNoEntry: false });
  } catch {
    return lstatSync(root, { throwIfNoEntry: false });
  }
}

/** Each file of the output folder (the marker aside) as it is now. */
export async function snapshotOutput(outDir: string): Promise<Record<string, FileRecord>> {
  const files: Record<string, FileRecord> = {};
  for (const [rel, info = GONE] of (await listFiles(outDir, fileRecordOf)) ?? []) {
    // The staging folder of a build staged inside out/ (another one's, running) is not the site.
    if (rel === OUTPUT_MARKER || isLeftoverName(rel.split('/', 1)[0]!)) continue;
    files[rel] = info;
  }
  return files;
}

/** A file listed, then deleted before its lstat. */
const GONE: FileRecord = { size: -1, mtimeMs: -1, ino: -1 };

/** A file as the input signature signs it. */
function signedRecordOf(info: Stats): FileRecord & { ctimeMs: number } {
  return { ...fileRecordOf(info), ctimeMs: info.ctimeMs };
}

/** A file as the manifest records it: what sameFile compares. */
export function fileRecordOf(info: Stats): FileRecord {
  return { size: info.size, mtimeMs: info.mtimeMs, ino: info.ino };
}

/** The file is still the one the manifest recorded (nobody rewrote, replaced or touched it). */
export function sameFile(record: FileRecord | undefined, now: { size: number; mtimeMs: number; ino: number } | undefined): boolean {
  return record !== undefined && now !== undefined && record.size === now.size && record.mtimeMs === now.mtimeMs && record.ino === now.ino;
}

/** out/ holds exactly the files the manifest recorded, each unchanged. */
export async function outputIntact(outDir: string, files: Readonly<Record<string, FileRecord>>): Promise<boolean> {
  const now = await snapshotOutput(outDir);
  const names = Object.keys(files);
  if (Object.keys(now).length !== names.length) return false;
  return names.every((rel) => sameFile(files[rel], now[rel]));
}
