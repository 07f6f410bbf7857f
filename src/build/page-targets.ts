/**
 * What the link and anchor checks read of each page of the last build (its ids and hrefs), kept
 * beside the build manifest (`<manifest>.targets.json`). An incremental build that reuses a page
 * (same key, file unchanged: the same document) takes them from here instead of reading the page
 * from out/ and reading its attributes again: on the real site that was a sixth of a one-page
 * edit's build, most of it the API page's half a megabyte of HTML.
 *
 * Each entry is stored with its page's key and used only for that key. Strings are stored once
 * (links to the navbar and sidebar repeat on every page), so the file stays a few kilobytes a page.
 */
import { DOCSGEN_VERSION } from '../paths.ts';
import { readCachedJson, replaceCachedText } from '../cache/json-cache.ts';

export interface PageTargets {
  ids: ReadonlySet<string> | readonly string[];
  hrefs: readonly string[];
}

interface StoredTargets {
  format: number;
  docsgen: string;
  /** How many strings the table held when it was last made afresh (see SEEDED_GROWTH). */
  base: number;
  strings: string[];
  /** Page file (relative to out/) → [its key, indexes of its ids, indexes of its hrefs], indexes in base 36 joined by commas. */
  pages: Record<string, [string, string, string]>;
}

const FORMAT = 3;

/**
 * A build goes on with the stored table while it holds at most this many times the strings it held
 * when last made afresh: strings no page uses any more stay in it, so a table grown past that is
 * made afresh (every page encoded again, about 0.3 s at 10,000 pages).
 */
const SEEDED_GROWTH = 2;

export function targetsFile(manifestPath: string): string {
  return manifestPath.replace(/\.json$/, '') + '.targets.json';
}

export type TargetsLookup = (rel: string, key: string) => { ids: Set<string>; hrefs: string[] } | undefined;

export interface StoredPageTargets {
  lookup: TargetsLookup;
  /** The memo the build's own write goes on from. */
  memo: StoredTargetsMemo;
}

/**
 * The stored targets of the last build (a lookup that finds nothing when there are none), and a memo
 * for the next write that goes on with the stored table: each list the lookup hands out keeps its
 * stored encoding, so a page reused as it was is not encoded again (at 10,000 pages encoding every
 * page's 130 ids and hrefs was 0.27 s of a one-page edit's build).
 */
export async function readPageTargets(file: string): Promise<StoredPageTargets> {
  const stored = await readCachedJson<StoredTargets>(file);
  if (stored?.format !== FORMAT || stored.docsgen !== DOCSGEN_VERSION) return { lookup: () => undefined, memo: createStoredTargetsMemo() };
  const { strings, pages } = stored;
  const seeded = strings.length <= SEEDED_GROWTH * stored.base;
  const memo = seeded ? seededMemo(strings, stored.base) : createStoredTargetsMemo();
  const values = (list: string) => (list === '' ? [] : list.split(',').map((index) => strings[parseInt(index, 36)] ?? ''));
  const lookup: TargetsLookup = (rel, key) => {
    const entry = Object.hasOwn(pages, rel) ? pages[rel] : undefined;
    if (!entry || entry[0] !== key) return undefined;
    const targets = { ids: new Set(values(entry[1])), hrefs: values(entry[2]) };
    if (seeded) memo.encoded.set(targets.ids, entry[1]).set(targets.hrefs, entry[2]);
    return targets;
  };
  return { lookup, memo };
}

/**
 * Each page's targets as stored, kept between writes: by `build --watch` from one edit to the next,
 * and by a build from the stored file it read. Only what changed is encoded again (at 10,000 pages
 * encoding them all was half a second of every edit), and the file's text is put together from each
 * page's JSON and the strings' JSON as last written (serialising the whole 10 MB again was a third
 * of the rest). Strings the pages no longer use stay in its table until it is made afresh.
 */
export interface StoredTargetsMemo {
  strings: string[];
  /** Each string's index in `strings`, made when a list must first be encoded (35 ms at 10,000 pages). */
  indexOf: Map<string, number> | undefined;
  /** A list of ids or hrefs as encoded (base-36 indexes joined by commas), by the collection it was made from. */
  encoded: WeakMap<object, string>;
  /** Each page's `"file":[key, ids, hrefs]`, with the key and targets it was made from. */
  pageJson: Map<string, { key: string; targets: PageTargets; json: string }>;
  /** The JSON of the first `count` strings, without the closing bracket. */
  stringsJson: { count: number; text: string };
  /** See StoredTargets.base; undefined for a table made afresh by the next write. */
  base: number | undefined;
}

export function createStoredTargetsMemo(): StoredTargetsMemo {
  return { strings: [], indexOf: undefined, encoded: new WeakMap(), pageJson: new Map(), stringsJson: { count: 0, text: '[' }, base: undefined };
}

function seededMemo(strings: string[], base: number): StoredTargetsMemo {
  return { ...createStoredTargetsMemo(), strings, base };
}

/** Written beside and renamed; a file that cannot be written only costs the next build speed. */
export async function writePageTargets(file: string, pages: ReadonlyMap<string, { key: string; targets: PageTargets }>, memo = createStoredTargetsMemo()): Promise<void> {
  const { strings } = memo;
  const index = (value: string) => {
    const indexOf = (memo.indexOf ??= new Map(strings.map((s, i) => [s, i])));
    let i = indexOf.get(value);
    if (i === undefined) {
      i = strings.push(value) - 1;
      indexOf.set(value, i);
    }
    return i.toString(36);
  };
  // One short string a page, not arrays of numbers: at 10,000 pages the arrays were 60 MB at the end of a build.
  const list = (values: Iterable<string>) => {
    let encoded = memo.encoded.get(values);
    if (encoded === undefined) memo.encoded.set(values, (encoded = Array.from(values, index).join(',')));
    return encoded;
  };
  const pageJson = new Map<string, { key: string; targets: PageTargets; json: string }>();
  for (const [rel, { key, targets }] of pages) {
    let entry = memo.pageJson.get(rel);
    if (entry?.key !== key || entry.targets !== targets) {
      const stored: StoredTargets['pages'][string] = [key, list(targets.ids), list(targets.hrefs)];
      entry = { key, targets, json: `${JSON.stringify(rel)}:${JSON.stringify(stored)}` };
    }
    pageJson.set(rel, entry);
  }
  memo.pageJson = pageJson;
  // A table made afresh is as large as it will be counted from: its growth is measured from here.
  const base = (memo.base ??= strings.length);
  await replaceCachedText(file, storedText(memo, base));
}

/** The file's text (a StoredTargets), from the memo's JSON of each page and of the strings. */
function storedText(memo: StoredTargetsMemo, base: number): string {
  const { strings, stringsJson } = memo;
  for (let i = stringsJson.count; i < strings.length; i++) stringsJson.text += (i > 0 ? ',' : '') + JSON.stringify(strings[i]);
  stringsJson.count = strings.length;
  const pages = Array.from(memo.pageJson.values(), (entry) => entry.json).join(',');
  return `{"format":${FORMAT},"docsgen":${JSON.stringify(DOCSGEN_VERSION)},"base":${base},"strings":${stringsJson.text}],"pages":{${pages}}}`;
}
