/**
 * Each page's search keys from earlier builds, kept in one file of the project cache
 * (`search-keys.txt`). Building the embedded index tokenises and stems every word of every page;
 * when one page was edited, every other page's words are the same as last time. On the real site
 * that was over half of the search stage of a one-page edit's build.
 *
 * A page's entry is keyed by a hash of docsgen's version and exactly what the key step reads of
 * its records (type, text and headings, in order), and holds what the step found: each key with
 * its best field, the number of records that contain it, and the page's other spellings of it.
 * Each save keeps only the entries of that build, so the file does not grow with old pages.
 *
 * Stored as text, one page a line (`hash entry`, entry `key field count [word…]|…`): search keys
 * and words never contain spaces, `|` or line breaks (see theme/search/analyze.ts), and a large
 * build keeps one flat string a page until the file is written.
 */
import path from 'node:path';
import { createHash } from 'node:crypto';
import { DOCSGEN_VERSION } from '../paths.ts';
import { readCachedText, replaceCachedText } from '../cache/json-cache.ts';
import { buildMemo, type BuildMemo } from '../cache/build-memo.ts';
import type { IndexedRecord } from './records.ts';
import { LEVELS, type Level } from '../../theme/search/types.ts';

/** One page's keys: key → [best field, records that contain it], and key → the page's other spellings. */
export interface PageKeys {
  keys: Map<string, [number, number]>;
  forms: Map<string, Set<string>>;
}

/** Fingerprint (keysFingerprint) → the page's keys encoded (encodePageKeys). */
export type PageKeysMemo = BuildMemo<string>;

const FILE = 'search-keys.txt';

/**
 * What the key step reads of a page's records, hashed: each record's type and text, and the
 * levels of its headings that differ from the record before it (they change only at headings, so
 * repeating all seven for every record would hash several times the page's text).
 */
export function keysFingerprint(records: readonly IndexedRecord[]): string {
  let text = DOCSGEN_VERSION;
  let previous: IndexedRecord['hierarchy'] | undefined;
  for (const record of records) {
    text += `\u0002${record.type}\u0001${record.content ?? '\u0003'}`;
    for (let i = 0; i < LEVELS.length; i++) {
      const value = record.hierarchy[LEVELS[i] as Level];
      if (previous?.[LEVELS[i] as Level] !== value) text += `\u0001${i}${value ?? '\u0003'}`;
    }
    previous = record.hierarchy;
  }
  return memoKeyOf(text);
}

/**
 * The same for a doc whose markdown came with the hash of its search blocks (RenderedMarkdown
 * .searchBlocksHash): the blocks and the section, title and description are all its records are
 * made from, so this fingerprint stands for them without making them (see pageEntryFromBlocks).
 */
export function blocksFingerprint(page: { section: string; title: string; description: string }, blocksHash: string): string {
  return memoKeyOf(`${DOCSGEN_VERSION}\u0004blocks\u0001${page.section}\u0001${page.title}\u0001${page.description}\u0001${blocksHash}`);
}

/** A memo key: 22 characters of base64url, 132 bits of the text's SHA-256. */
function memoKeyOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 22);
}

export async function loadPageKeysMemo(cacheRoot: string): Promise<PageKeysMemo> {
  const file = path.join(cacheRoot, FILE);
  const earlier = new Map<string, string>();
  const text = (await readCachedText(file)) ?? '';
  for (const line of text.split('\n')) {
    const space = line.indexOf(' ');
    if (space > 0) earlier.set(line.slice(0, space), line.slice(space + 1));
  }
  return buildMemo(earlier, (entries) => replaceCachedText(file, [...entries].map(([fingerprint, entry]) => `${fingerprint} ${entry}\n`).join('')));
}

/** A page's keys as one line: `key field count [word…]` for each key, joined by `|`. */
export function encodePageKeys({ keys, forms }: PageKeys): string {
  const parts: string[] = [];
  for (const [key, [field, count]] of keys) {
    const words = forms.get(key);
    parts.push(words ? `${key} ${field} ${count} ${[...words].join(' ')}` : `${key} ${field} ${count}`);
  }
  return parts.join('|');
}

/** Calls `visit` with each key of an encoded page, its field, its count and the page's other spellings of it. */
export function forEachPageKey(encoded: string, visit: (key: string, field: number, count: number, words: readonly string[] | undefined) => void): void {
  // Read by position rather than split into arrays: this runs for every key of every unchanged page.
  let start = 0;
  while (start < encoded.length) {
    const bar = encoded.indexOf('|', start);
    const end = bar === -1 ? encoded.length : bar;
    const afterKey = encoded.indexOf(' ', start);
    const afterField = encoded.indexOf(' ', afterKey + 1);
    const space = encoded.indexOf(' ', afterField + 1);
    const afterCount = space === -1 || space > end ? end : space;
    const field = Number(encoded.slice(afterKey + 1, afterField));
    const count = Number(encoded.slice(afterField + 1, afterCount));
    visit(encoded.slice(start, afterKey), field, count, afterCount < end ? encoded.slice(afterCount + 1, end).split(' ') : undefined);
    start = end + 1;
  }
}
