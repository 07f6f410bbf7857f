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
  strings: string[];
  /** Page file (relative to out/) → [its key, indexes of its ids, indexes of its hrefs], indexes in base 36 joined by commas. */
  pages: Record<string, [string, string, string]>;
}

const FORMAT = 2;

export function targetsFile(manifestPath: string): string {
  return manifestPath.replace(/\.json$/, '') + '.targets.json';
}

export type TargetsLookup = (rel: string, key: string) => { ids: Set<string>; hrefs: string[] } | undefined;

/** The stored targets of the last build, or a lookup that finds nothing. */
export async function readPageTargets(file: string): Promise<TargetsLookup> {
  const stored = await readCachedJson<StoredTargets>(file);
  if (stored?.format !== FORMAT || stored.docsgen !== DOCSGEN_VERSION) return () => undefined;
  const { strings, pages } = stored;
  const values = (list: string) => (list === '' ? [] : list.split(',').map((index) => strings[parseInt(index, 36)] ?? ''));
  return (rel, key) => {
    const entry = Object.hasOwn(pages, rel) ? pages[rel] : undefined;
    if (!entry || entry[0] !== key) return undefined;
    return { ids: new Set(values(entry[1])), hrefs: values(entry[2]) };
  };
}

/**
 * Each page's targets as stored, kept between writes by `build --watch`: an edit encodes only the
 * pages it rendered (at 10,000 pages encoding them all was half a second of every edit), and the
 * file's text is put together from each page's JSON and the strings' JSON as last written
 * (serialising the whole 10 MB again was a third of the rest). Strings the pages no longer use
 * stay in its table, which grows only by what edits add.
 */
export interface StoredTargetsMemo {
  strings: string[];
  indexOf: Map<string, number>;
  encoded: WeakMap<PageTargets, [ids: string, hrefs: string]>;
  /** Each page's `"file":[key, ids, hrefs]`, with the key and targets it was made from. */
  pageJson: Map<string, { key: string; targets: PageTargets; json: string }>;
  /** The JSON of the first `count` strings, without the closing bracket. */
  stringsJson: { count: number; text: string };
}

export function createStoredTargetsMemo(): StoredTargetsMemo {
  return { strings: [], indexOf: new Map(), encoded: new WeakMap(), pageJson: new Map(), stringsJson: { count: 0, text: '[' } };
}

/** Written beside and renamed; a file that cannot be written only costs the next build speed. */
export async function writePageTargets(file: string, pages: ReadonlyMap<string, { key: string; targets: PageTargets }>, memo = createStoredTargetsMemo()): Promise<void> {
  const { strings, indexOf } = memo;
  const index = (value: string) => {
    let i = indexOf.get(value);
    if (i === undefined) {
      i = strings.push(value) - 1;
      indexOf.set(value, i);
    }
    return i.toString(36);
  };
  // One short string a page, not arrays of numbers: at 10,000 pages the arrays were 60 MB at the end of a build.
  const list = (values: Iterable<string>) => Array.from(values, index).join(',');
  const pageJson = new Map<string, { key: string; targets: PageTargets; json: string }>();
  for (const [rel, { key, targets }] of pages) {
    let entry = memo.pageJson.get(rel);
    if (entry?.key !== key || entry.targets !== targets) {
      let encoded = memo.encoded.get(targets);
      if (!encoded) memo.encoded.set(targets, (encoded = [list(targets.ids), list(targets.hrefs)]));
      entry = { key, targets, json: `${JSON.stringify(rel)}:${JSON.stringify([key, ...encoded] satisfies StoredTargets['pages'][string])}` };
    }
    pageJson.set(rel, entry);
  }
  memo.pageJson = pageJson;
  await replaceCachedText(file, storedText(memo));
}

/** The file's text (a StoredTargets), from the memo's JSON of each page and of the strings. */
function storedText(memo: StoredTargetsMemo): string {
  const { strings, stringsJson } = memo;
  for (let i = stringsJson.count; i < strings.length; i++) stringsJson.text += (i > 0 ? ',' : '') + JSON.stringify(strings[i]);
  stringsJson.count = strings.length;
  const pages = Array.from(memo.pageJson.values(), (entry) => entry.json).join(',');
  return `{"format":${FORMAT},"docsgen":${JSON.stringify(DOCSGEN_VERSION)},"strings":${stringsJson.text}],"pages":{${pages}}}`;
}
