/**
 * SVG files of content/ that earlier builds found free of script (content/svg-script.ts), kept in
 * one file of the project cache (`clean-svgs.txt`, one hash a line). Every build parsed every SVG
 * again: about 30 ms for the real site's 21 diagrams, on every build after an edit to a page.
 *
 * Keyed by docsgen's version, the check's rules (SVG_CHECK_VERSION) and the SVG's text exactly as the check reads it, so a hit is what
 * the check would find. Only clean files are kept: a file with script is refused afresh by every
 * build. Each save keeps only the hashes of that build, so the file does not grow with old images.
 */
import path from 'node:path';
import { DOCSGEN_VERSION } from '../paths.ts';
import { hashText } from './fingerprint.ts';
import { readCachedText, replaceCachedText } from './json-cache.ts';
import { buildMemo } from './build-memo.ts';
import { SVG_CHECK_VERSION } from '../content/svg-script.ts';

export interface CleanSvgMemo {
  /** Whether an earlier build found this text free of script. */
  isClean(text: string): boolean;
  markClean(text: string): void;
  /** Writes the hashes of this build when they differ from the stored ones; a failed write only costs speed. */
  save(): Promise<void>;
}

const FILE = 'clean-svgs.txt';

/** The memo's key for an SVG's text (exported for the tests, which plant entries). */
export function cleanSvgKey(text: string): string {
  // The check's own version too: a text found clean by an older rule is checked again.
  return hashText(DOCSGEN_VERSION, `clean svg ${SVG_CHECK_VERSION}`, text);
}

export async function loadCleanSvgMemo(cacheRoot: string): Promise<CleanSvgMemo> {
  const file = path.join(cacheRoot, FILE);
  const stored = (await readCachedText(file)) ?? '';
  const earlier = new Map(stored.split('\n').flatMap((line) => (line ? [[line, true] as const] : [])));
  const memo = buildMemo<true>(earlier, (entries) => replaceCachedText(file, [...entries.keys()].join('\n')));
  return {
    isClean: (text) => memo.get(cleanSvgKey(text)) === true,
    markClean: (text) => memo.set(cleanSvgKey(text), true),
    save: () => memo.save(),
  };
}
