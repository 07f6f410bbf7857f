/**
 * The project cache is trusted only in the folder it was made in. A build reads its entries as they
 * are: rendered HTML the sanitizer passed, SVG files found free of script, validated configs and
 * front matter, the manifest that says which files of out/ are a build's own. A cache that came
 * with the project (committed in a pull request), or was copied or unpacked from an archive, would
 * skip those checks. The folder's device and inode, recorded in it when docsgen first uses it,
 * change with any of those ways in; a cache whose record is missing or does not match is emptied
 * before the build reads it, and the build renders every page as a first build does.
 */
import { lstat, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CACHE_MARKER } from './folder-marker.ts';

export const CACHE_ORIGIN = '.origin';

const FORMAT = 'docsgen cache origin 1';

/** Empties `cacheDir` unless it records itself as made here; then records it. False when it was emptied. */
export async function trustOwnCacheOnly(cacheDir: string): Promise<boolean> {
  const info = await lstat(cacheDir).catch(() => undefined);
  if (!info?.isDirectory()) return true; // not there (or unusable): nothing to trust
  const identity = `${FORMAT}\n${info.dev}:${info.ino}\n`;
  const recorded = await readFile(path.join(cacheDir, CACHE_ORIGIN), 'utf8').catch(() => undefined);
  if (recorded === identity) return true;
  const entries = (await readdir(cacheDir)).filter((name) => name !== CACHE_MARKER && name !== CACHE_ORIGIN);
  // Links inside are removed, never followed.
  await Promise.all(entries.map((name) => rm(path.join(cacheDir, name), { recursive: true, force: true })));
  // A cache that cannot be written only costs speed.
  await writeFile(path.join(cacheDir, CACHE_ORIGIN), identity).catch(() => undefined);
  return entries.length === 0;
}
