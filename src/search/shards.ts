/**
 * The embedded index, built from the search records: an inverted index of page-level postings cut
 * into term shards by key range, plus one fragment per page with what its hits show. The browser
 * loads the manifest, then only the shards of the query's words and the fragments of the best
 * pages, so the first search stays small however many pages the site has (as Pagefind does).
 *
 * Postings are per page, not per record: a word found in most pages costs one small pair per
 * page, where per-record postings grew thirty times larger on long pages. Records are ranked in
 * the browser, within the fragments of the pages that ranked first.
 */
import { searchKey, STOP_WORDS, tokenize } from '../../theme/search/analyze.ts';
import { FIELD, FRAGMENTS_PER_FOLDER, LEVELS, type IndexManifest, type Level, type PageFragment, type TermShard } from '../../theme/search/types.ts';
import type { IndexedRecord } from './records.ts';
import { encodePageKeys, forEachPageKey, keysFingerprint, type PageKeys, type PageKeysMemo } from './keys-memo.ts';

/** One page of the site with its records, in the order the build made them. */
export interface IndexPage {
  url: string;
  records: IndexedRecord[];
}

export interface EmbeddedIndex {
  manifest: IndexManifest;
  shards: TermShard[];
  fragments: PageFragment[];
}

/** About this many characters of postings per shard: roughly 8–12 KB once gzipped. */
export const SHARD_CHARS = 40_000;

const HEADING_FIELD: Partial<Record<Level, number>> = { lvl2: FIELD.h2, lvl3: FIELD.h3 };

/** Key → [best field, records that contain it] for one page, and the page's other spellings of each key. */
function pageKeys(page: IndexPage): PageKeys {
  const keys = new Map<string, [number, number]>();
  const forms = new Map<string, Set<string>>();
  // Stamps instead of a Set per text: this loop runs for every word of the site (allocation-free).
  const stamps = new Map<string, number>();
  let stamp = 0;
  const note = (text: string | null | undefined, field: number, counts: boolean) => {
    if (!text) return;
    stamp++;
    for (const word of tokenize(text)) {
      const key = searchKey(word);
      if (stamps.get(key) === stamp) continue;
      stamps.set(key, stamp);
      if (key !== word) {
        const spellings = forms.get(key);
        if (spellings) spellings.add(word);
        else forms.set(key, new Set([word]));
      }
      const entry = keys.get(key);
      if (!entry) keys.set(key, [field, counts ? 1 : 0]);
      else {
        if (field > entry[0]) entry[0] = field;
        if (counts) entry[1]++;
      }
    }
  };
  const first = page.records[0];
  note(first?.hierarchy.lvl1, FIELD.title, false);
  note(first?.hierarchy.lvl0, FIELD.section, false);
  const ownHeadings = new Set<string | null>();
  for (const record of page.records) {
    if (record.type === 'lvl1') note(record.content, FIELD.description, true);
    else if (record.type === 'content') note(record.content, FIELD.content, true);
    else {
      note(record.hierarchy[record.type], HEADING_FIELD[record.type] ?? FIELD.minorHeading, true);
      ownHeadings.add(record.hierarchy[record.type]);
    }
  }
  // Levels above a record that are no record's own heading (an API operation's tag) give context, once.
  const context = new Set(page.records.flatMap((r) => LEVELS.slice(2).map((l) => r.hierarchy[l])).filter((t) => t && !ownHeadings.has(t)));
  for (const text of context) note(text, FIELD.section, false);
  return { keys, forms };
}

/** Adds one page's keys to the index, from the memo when its records are those of an earlier build (else worked out, and remembered). */
function addPageKeys(page: IndexPage, memo: PageKeysMemo | undefined, add: (key: string, field: number, count: number, words: Iterable<string> | undefined) => void): void {
  const fingerprint = memo ? keysFingerprint(page.records) : '';
  const known = memo?.get(fingerprint);
  if (known !== undefined) return forEachPageKey(known, add);
  const own = pageKeys(page);
  for (const [key, [field, count]] of own.keys) add(key, field, count, own.forms.get(key));
  memo?.set(fingerprint, encodePageKeys(own));
}

/** The levels under a page's title: a record's place is its anchor and these. */
const PLACE_LEVELS = LEVELS.slice(2);

function fragmentOf(page: IndexPage): PageFragment {
  const first = page.records[0];
  let previousPlace: (string | null)[] = [];
  const records = page.records.map((r) => {
    const hash = r.url.indexOf('#');
    const place: (string | null)[] = [hash >= 0 ? r.url.slice(hash + 1) : ''];
    for (const level of PLACE_LEVELS) place.push(r.hierarchy[level]);
    while (place.length > 1 && place[place.length - 1] === null) place.pop();
    const type = r.code ? 'code' : r.type;
    // A record under the same anchor and headings as the one before it leaves them out (a fifth of the fragments).
    if (samePlace(place, previousPlace)) return [type, r.content];
    previousPlace = place;
    const [anchor = '', ...levels] = place;
    return [anchor, type, r.content, ...levels];
  });
  return { url: page.url, lvl0: first?.hierarchy.lvl0 ?? null, lvl1: first?.hierarchy.lvl1 ?? null, records };
}

/** Compared element by element: serialising every record's place to compare it cost 0.6-0.9 s of the index at 10,000 pages. */
function samePlace(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function titleWords(page: IndexPage): number {
  const title = page.records[0]?.hierarchy.lvl1 ?? '';
  // Parts of "open-source" count, not the compound itself; nor do numbers ("5.4 licence backup").
  return Math.min(9, new Set(tokenize(title).filter((w) => !STOP_WORDS.has(w) && !/[._'-]/.test(w) && !/^\d+$/.test(w))).size);
}

/** Cuts the sorted keys into shards of about `shardChars` characters of postings each. */
function cutShards(postings: Map<string, { list: number[] }>, forms: Map<string, Set<string>>, shardChars: number): TermShard[] {
  const shards: TermShard[] = [];
  let current: TermShard = { keys: [], postings: [], forms: [] };
  let size = 0;
  for (const key of [...postings.keys()].sort()) {
    const { list } = postings.get(key) as { list: number[] };
    if (size > 0 && size + list.length * 3 > shardChars) {
      shards.push(current);
      current = { keys: [], postings: [], forms: [] };
      size = 0;
    }
    current.keys.push(key);
    current.postings.push(list);
    size += key.length + list.length * 3;
    for (const word of [...(forms.get(key) ?? [])].sort()) {
      current.forms.push([word, current.keys.length - 1]);
      size += word.length + 6;
    }
  }
  if (current.keys.length > 0 || shards.length === 0) shards.push(current);
  return shards;
}

/** `memo`: each page's keys from earlier builds (see keys-memo.ts). */
export function buildEmbeddedIndex(pages: readonly IndexPage[], meta: { language: string; tag: string }, options: { shardChars?: number; memo?: PageKeysMemo } = {}): EmbeddedIndex {
  // Per key: its postings (page id as the gap from the key's previous page, then field and count) and its last page.
  const postings = new Map<string, { list: number[]; last: number }>();
  const forms = new Map<string, Set<string>>();
  pages.forEach((page, id) => {
    addPageKeys(page, options.memo, (key, field, count, words) => {
      let posting = postings.get(key);
      if (!posting) postings.set(key, (posting = { list: [], last: 0 }));
      posting.list.push(id - posting.last, field * 64 + Math.min(63, count));
      posting.last = id;
      if (!words) return;
      const spellings = forms.get(key);
      if (spellings) for (const word of words) spellings.add(word);
      else forms.set(key, new Set(words));
    });
  });
  const shards = cutShards(postings, forms, options.shardChars ?? SHARD_CHARS);
  const manifest: IndexManifest = {
    v: 4,
    files: '',
    fragments: [],
    language: meta.language,
    tag: meta.tag,
    shards: shards.map((s) => s.keys[0] ?? ''),
    titles: pages.map(titleWords).join(''),
  };
  return { manifest, shards, fragments: pages.map(fragmentOf) };
}

/**
 * The index as files, by path inside the index folder: the manifest `index.json`, the shards in one
 * subfolder, and the fragments in one subfolder per FRAGMENTS_PER_FOLDER pages. `folderName` names
 * a subfolder from the files it holds (name → contents).
 */
export function indexFiles(index: EmbeddedIndex, folderName: (contents: ReadonlyMap<string, string>) => string): Map<string, string> {
  const inFolders = new Map<string, string>();
  const addFolder = (contents: ReadonlyMap<string, string>): string => {
    const folder = `${folderName(contents)}/`;
    for (const [name, text] of contents) inFolders.set(folder + name, text);
    return folder;
  };
  const files = addFolder(new Map(index.shards.map((shard, i) => [`t${i}.json`, JSON.stringify(shard)])));
  const fragments: string[] = [];
  for (let first = 0; first < index.fragments.length; first += FRAGMENTS_PER_FOLDER) {
    const group = index.fragments.slice(first, first + FRAGMENTS_PER_FOLDER);
    fragments.push(addFolder(new Map(group.map((fragment, i) => [`p${first + i}.json`, JSON.stringify(fragment)]))));
  }
  return new Map([['index.json', JSON.stringify({ ...index.manifest, files, fragments })], ...inFolders]);
}
