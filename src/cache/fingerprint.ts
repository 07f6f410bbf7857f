/** Content fingerprints for the build caches: what a cached result depends on, hashed. */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export function hashText(...parts: (string | Uint8Array)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\u0000');
  }
  return hash.digest('hex').slice(0, 32);
}

/** A short name for output files named by their contents (10 hex digits of SHA-256). */
export function shortHash(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** Hash of every file below a folder (paths and contents), e.g. the theme. */
export async function hashDirectory(dir: string): Promise<string> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(path.relative(dir, file));
    hash.update(await readFile(file));
  }
  return hash.digest('hex').slice(0, 32);
}
