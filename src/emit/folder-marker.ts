/**
 * The markers docsgen writes into every folder it makes, so that it later replaces or deletes only
 * its own folders. Both are small text files with a format version and nothing about the machine
 * (no paths, pids or times): the output marker is published with the site by hosts that upload
 * dot-files, and it is the same in every build, so deploys see no change.
 */
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FolderRole } from './output-guard.ts';

export const OUTPUT_MARKER = '.docsgen-output';
/** The cache uses the cache directory tag standard (https://bford.info/cachedir/), so backup tools skip it. */
export const CACHE_MARKER = 'CACHEDIR.TAG';

const MARKER_FORMAT = 1;
const CACHEDIR_SIGNATURE = 'Signature: 8a477f597d28d172789f06886806bc55';

const markerText: Record<FolderRole, string> = {
  output: `docsgen-output ${MARKER_FORMAT}\nThis folder is a docsgen build: the next build replaces it whole. Without this file docsgen refuses to touch the folder.\n`,
  cache: `${CACHEDIR_SIGNATURE}\n# docsgen cache, format ${MARKER_FORMAT}: rendered pages and validated inputs, safe to delete.\n# About cache directory tags: https://bford.info/cachedir/\n`,
};

export function markerName(role: FolderRole): string {
  return role === 'output' ? OUTPUT_MARKER : CACHE_MARKER;
}

export async function writeMarker(dir: string, role: FolderRole): Promise<void> {
  await writeFile(path.join(dir, markerName(role)), markerText[role]);
}

/** The folder holds docsgen's marker for this role (any format version: a newer docsgen's folder is still docsgen's). */
export async function hasMarker(dir: string, role: FolderRole): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(path.join(dir, markerName(role)), 'utf8');
  } catch {
    return false;
  }
  return isMarkerText(text, role);
}

/** hasMarker for the code that recovers a build cut short, which runs synchronously. */
export function hasMarkerSync(dir: string, role: FolderRole): boolean {
  try {
    return isMarkerText(readFileSync(path.join(dir, markerName(role)), 'utf8'), role);
  } catch {
    return false;
  }
}

function isMarkerText(text: string, role: FolderRole): boolean {
  return role === 'output' ? /^docsgen-output \d+\n/.test(text) : text.startsWith(`${CACHEDIR_SIGNATURE}\n# docsgen cache`);
}

/**
 * The folder holds `.git`: a repository's working tree, which docsgen never replaces, empties or
 * deletes, even when it holds the marker (a build copied into a gh-pages checkout brings it along).
 * Checked before a build and again when it commits: a checkout made into out/ meanwhile counts.
 */
export function holdsRepository(dir: string): boolean {
  return existsSync(path.join(dir, '.git'));
}
