/**
 * SVG files of content/ that earlier builds found clean, one memo per check, each kept in one file
 * of the project cache (one hash a line): free of script (content/svg-script.ts, `clean-svgs.txt`)
 * and well-formed (content/svg-tags.ts, `well-formed-svgs.txt`). Every build parsed every SVG
 * again: about 30 ms for the real site's 21 diagrams for the first check, 8–12 ms for the second,
 * on every build after an edit to a page.
 *
 * Keyed by docsgen's version, the check's rules (its version) and the SVG's text exactly as the
 * check reads it, so a hit is what the check would find. Only clean files are kept: a file the
 * check finds something in is checked afresh by every build. Each save keeps only the hashes of
 * that build, so the file does not grow with old images.
 */
import path from 'node:path';
import { DOCSGEN_VERSION } from '../paths.ts';
import { hashText } from './fingerprint.ts';
import { readCachedText, replaceCachedText } from './json-cache.ts';
import { buildMemo } from './build-memo.ts';
import { SVG_CHECK_VERSION } from '../content/svg-script.ts';
import { SVG_TAGS_CHECK_VERSION } from '../content/svg-tags.ts';

export interface CleanSvgMemo {
  /** Whether an earlier build's check found nothing in this text. */
  isClean(text: string): boolean;
  markClean(text: string): void;
  /** Writes the hashes of this build when they differ from the stored ones; a failed write only costs speed. */
  save(): Promise<void>;
}

/** A check whose clean texts are remembered: its memo's file and its rules, by version. */
interface SvgCheck {
  file: string;
  rules: string;
}

const SCRIPT_CHECK: SvgCheck = { file: 'clean-svgs.txt', rules: `clean svg ${SVG_CHECK_VERSION}` };
const TAGS_CHECK: SvgCheck = { file: 'well-formed-svgs.txt', rules: `well-formed svg ${SVG_TAGS_CHECK_VERSION}` };

/** The memo's key for an SVG's text (exported for the tests, which plant entries). */
export function cleanSvgKey(text: string, check: SvgCheck = SCRIPT_CHECK): string {
  // The check's own version too: a text found clean by an older rule is checked again.
  return hashText(DOCSGEN_VERSION, check.rules, text);
}

/** The well-formed memo's key for an SVG's text (for the tests, which plant entries). */
export function wellFormedSvgKey(text: string): string {
  return cleanSvgKey(text, TAGS_CHECK);
}

/** The texts earlier builds found free of script. */
export function loadCleanSvgMemo(cacheRoot: string): Promise<CleanSvgMemo> {
  return loadSvgMemo(cacheRoot, SCRIPT_CHECK);
}

/** The texts earlier builds found well-formed. */
export function loadWellFormedSvgMemo(cacheRoot: string): Promise<CleanSvgMemo> {
  return loadSvgMemo(cacheRoot, TAGS_CHECK);
}

async function loadSvgMemo(cacheRoot: string, check: SvgCheck): Promise<CleanSvgMemo> {
  const file = path.join(cacheRoot, check.file);
  const stored = (await readCachedText(file)) ?? '';
  const earlier = new Map(stored.split('\n').flatMap((line) => (line ? [[line, true] as const] : [])));
  const memo = buildMemo<true>(earlier, (entries) => replaceCachedText(file, [...entries.keys()].join('\n')));
  return {
    isClean: (text) => memo.get(cleanSvgKey(text, check)) === true,
    markClean: (text) => memo.set(cleanSvgKey(text, check), true),
    save: () => memo.save(),
  };
}
