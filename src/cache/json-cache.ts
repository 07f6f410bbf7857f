/**
 * Small JSON entries of the per-project cache (`<project>/.docsgen/cache/`): a validated config, a
 * validated OpenAPI spec, an API page's data. An entry that is missing or unreadable is simply a
 * miss, and one that cannot be written only costs speed: the folder is always safe to delete.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cacheReadsAllowed } from './reads.ts';
import { markUsed } from './prune.ts';

/** The project's cache folder. */
export function projectCacheDir(rootDir: string): string {
  return path.join(rootDir, '.docsgen', 'cache');
}

export async function readCachedJson<T>(file: string): Promise<T | undefined> {
  const text = await readCachedText(file);
  try {
    return text === undefined ? undefined : (JSON.parse(text) as T);
  } catch {
    return undefined;
  }
}

/**
 * A cache file's text; undefined when it is missing or unreadable, or under --no-cache. A file
 * read is marked as used now, so that the build's pruning keeps it (see prune.ts).
 */
export async function readCachedText(file: string): Promise<string | undefined> {
  if (!cacheReadsAllowed()) return undefined;
  const text = await readFile(file, 'utf8').catch(() => undefined);
  if (text !== undefined) markUsed(file);
  return text;
}

export async function writeCachedJson(file: string, value: unknown): Promise<void> {
  await writeCachedText(file, JSON.stringify(value));
}

export async function writeCachedText(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true })
    .then(() => writeFile(file, text))
    .catch(() => undefined);
}

/**
 * For a cache file that is rewritten as a whole (the memos): written beside and renamed, so a
 * build reading it at the same moment sees one whole version, old or new.
 */
export async function replaceCachedText(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeCachedText(temp, text);
  await rename(temp, file).catch(() => undefined);
}
