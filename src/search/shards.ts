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
import { FIELD, FRAGMENTS_PER_FOLDER, LEVELS, type Hierarchy, type IndexManifest, type Level, type PageFragment, type TermShard } from '../../theme/search/types.ts';
import { forEachPageRecord, pageIndexRecords, type IndexedRecord, type PageForSearch } from './records.ts';
import { blocksFingerprint, encodePageKeys, keysFingerprint, type PageKeys, type PageKeysMemo } from './keys-memo.ts';
import { Postings } from './postings.ts';

/** One page of the site with its records, in the order the build made them. */
export interface IndexPage {
  url: string;
  records: IndexedRecord[];
}

export interface EmbeddedIndex {
  manifest: IndexManifest;
  shards: TermShard[];
  /** Each page's PageFragment, as JSON. */
  fragments: string[];
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
  /** `sameRecord`: the text belongs to the record of the last call, whose words it must not count twice. */
  const note = (text: string | null | undefined, field: number, counts: boolean, sameRecord = false) => {
    if (!sameRecord) stamp++; // before the empty check: an empty heading still starts its record
    if (!text) return;
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
      // A heading record with text of its own: an API operation's method, path and operationId.
      note(record.content, FIELD.content, true, true);
      ownHeadings.add(record.hierarchy[record.type]);
    }
  }
  // Levels above a record that are no record's own heading nor the page's title (an API operation's tag) give context, once.
  const title = first?.hierarchy.lvl1;
  const context = new Set(page.records.flatMap((r) => LEVELS.slice(1).map((l) => r.hierarchy[l])).filter((t) => t && t !== title && !ownHeadings.has(t)));
  for (const text of context) note(text, FIELD.section, false);
  return { keys, forms };
}

/** A page's part of the index, worked out once and kept while the page is unchanged. */
export interface PageEntry {
  url: string;
  /** Its search keys, encoded as in keys-memo.ts. */
  keys: string;
  /** What its hits show: its PageFragment as JSON. */
  fragment: string;
  /** Words of its title that count for ranking (0–9). */
  titleWords: number;
}

/** A page's entry; its keys from the memo when its records are those of an earlier build (else worked out, and remembered). */
export function pageEntry(page: IndexPage, memo?: PageKeysMemo): PageEntry {
  const fingerprint = memo ? keysFingerprint(page.records) : '';
  let keys = memo?.get(fingerprint);
  if (keys === undefined) {
    keys = encodePageKeys(pageKeys(page));
    memo?.set(fingerprint, keys);
  }
  return { url: page.url, keys, fragment: JSON.stringify(fragmentOf(page)), titleWords: titleWords(page.records[0]?.hierarchy.lvl1 ?? '') };
}

/**
 * A doc's entry made from its search blocks, whose hash (`blocksHash`) came with its markdown: its
 * keys from the memo under a fingerprint of that hash and of what else they read (section, title,
 * description), and its fragment, without making its records unless its keys must be worked out.
 * The same entry as pageEntry of the page's records: at 10,000 pages, making every page's records
 * and hashing their text to find its keys was 0.35 s of a one-page edit's build.
 */
export function pageEntryFromBlocks(page: PageForSearch, blocksHash: string, meta: { language: string; tag: string }, memo: PageKeysMemo): PageEntry {
  const fingerprint = blocksFingerprint(page, blocksHash);
  let keys = memo.get(fingerprint);
  if (keys === undefined) {
    keys = encodePageKeys(pageKeys({ url: page.url, records: pageIndexRecords(page, meta) }));
    memo.set(fingerprint, keys);
  }
  return { url: page.url, keys, fragment: JSON.stringify(fragmentOfBlocks(page)), titleWords: titleWords(page.title) };
}

/** The levels under a page's title: a record's place is its anchor and these. */
const PLACE_LEVELS = LEVELS.slice(2);

/**
 * A record's place: the part of its URL after its first `#` ('' without one), then its headings
 * under the page's title, then its own title where it is not the page's (an API operation's tag,
 * which a hit shows as its path, as the hosted index's records do).
 */
function placeOf(url: string, hierarchy: Readonly<Hierarchy>, pageTitle: string | null): (string | null)[] {
  const hash = url.indexOf('#');
  const place: (string | null)[] = [hash >= 0 ? url.slice(hash + 1) : ''];
  for (const level of PLACE_LEVELS) place.push(hierarchy[level]);
  if (hierarchy.lvl1 !== pageTitle) place.push(hierarchy.lvl1);
  return place;
}

/** Makes a fragment's records: a record under the same anchor and headings as the one before it leaves them out (a fifth of the fragments). */
function fragmentRecords(): { records: (string | null)[][]; add(place: (string | null)[], type: string, content: string | null): void } {
  const records: (string | null)[][] = [];
  let previousPlace: (string | null)[] = [];
  return {
    records,
    add(place, type, content) {
      while (place.length > 1 && place[place.length - 1] === null) place.pop();
      if (samePlace(place, previousPlace)) return void records.push([type, content]);
      previousPlace = place;
      const [anchor = '', ...levels] = place;
      records.push([anchor, type, content, ...levels]);
    },
  };
}

function fragmentOf(page: IndexPage): PageFragment {
  const first = page.records[0];
  const title = first?.hierarchy.lvl1 ?? null;
  const fragment = fragmentRecords();
  for (const r of page.records) fragment.add(placeOf(r.url, r.hierarchy, title), r.code ? 'code' : r.type, r.content);
  return { url: page.url, lvl0: first?.hierarchy.lvl0 ?? null, lvl1: first?.hierarchy.lvl1 ?? null, records: fragment.records };
}

/** fragmentOf the page's records, walking them as pageIndexRecords does without making them (tests/search/keys-memo.test.ts compares the two). */
function fragmentOfBlocks(page: PageForSearch): PageFragment {
  const fragment = fragmentRecords();
  forEachPageRecord(page, (type, content, code, url, hierarchy) => fragment.add(placeOf(url, hierarchy, page.title), code ? 'code' : type, content));
  return { url: page.url, lvl0: page.section, lvl1: page.title, records: fragment.records };
}

/** Compared element by element: serialising every record's place to compare it cost 0.6-0.9 s of the index at 10,000 pages. */
function samePlace(a: readonly (string | null)[], b: readonly (string | null)[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function titleWords(title: string): number {
  // Parts of "open-source" count, not the compound itself; nor do numbers ("5.4 licence backup").
  return Math.min(9, new Set(tokenize(title).filter((w) => !STOP_WORDS.has(w) && !/[._'-]/.test(w) && !/^\d+$/.test(w))).size);
}

/**
 * The embedded index of a site's pages, kept between builds by the dev server and `build --watch`:
 * an edit replaces the entries of the edited pages and updates their postings, and every other
 * page's part stays as it was.
 */
export class PageIndex {
  private readonly postings = new Postings();
  private readonly entries: PageEntry[];

  constructor(
    entries: readonly PageEntry[],
    private readonly meta: { language: string; tag: string },
    private readonly shardChars = SHARD_CHARS,
  ) {
    this.entries = [...entries];
    this.entries.forEach((entry, id) => this.postings.add(id, entry.keys));
  }

  /** Puts an edited page's entry in place of the page's previous one (the page keeps its id). */
  replace(id: number, entry: PageEntry): void {
    const before = this.entries[id];
    if (!before) throw new Error(`no page ${id} in the search index`);
    this.postings.replace(id, before.keys, entry.keys);
    this.entries[id] = entry;
  }

  index(): EmbeddedIndex {
    const shards = this.postings.shards(this.shardChars);
    const manifest: IndexManifest = {
      v: 5,
      shardFiles: [],
      fragments: [],
      language: this.meta.language,
      tag: this.meta.tag,
      shards: shards.map((s) => s.keys[0] ?? ''),
      titles: this.entries.map((e) => e.titleWords).join(''),
    };
    return { manifest, shards, fragments: this.entries.map((e) => e.fragment) };
  }
}

/** `memo`: each page's keys from earlier builds (see keys-memo.ts). */
export function buildEmbeddedIndex(pages: readonly IndexPage[], meta: { language: string; tag: string }, options: { shardChars?: number; memo?: PageKeysMemo } = {}): EmbeddedIndex {
  return new PageIndex(
    pages.map((page) => pageEntry(page, options.memo)),
    meta,
    options.shardChars,
  ).index();
}

/**
 * A shard's JSON, made once per shard object: a kept index gives the same object for a shard that
 * an edit did not change (see Postings.shards), and the same string then lets the names and the
 * changed files be found without reading it again.
 */
const shardTexts = new WeakMap<TermShard, string>();

function shardText(shard: TermShard): string {
  let text = shardTexts.get(shard);
  if (text === undefined) shardTexts.set(shard, (text = JSON.stringify(shard)));
  return text;
}

/** How the files of an index are named: a shard by its text (and place), a folder of fragments by its files. */
export interface IndexFileNames {
  /** The shard's path inside the index folder, from its JSON text and its position. */
  shard(text: string, position: number): string;
  /** A folder's name from the files it holds (name → contents). */
  folder(contents: ReadonlyMap<string, string>): string;
}

/** Names that stay the same from one index to the next: shards `<folder>/t<i>.json`, every fragment in `<folder>/`. */
export function fixedNames(folder: string): IndexFileNames {
  return { shard: (_text, position) => `${folder}/t${position}.json`, folder: () => folder };
}

/**
 * The index as files, by path inside the index folder: the manifest `index.json`, each shard where
 * `names.shard` puts it, and the fragments in one subfolder per FRAGMENTS_PER_FOLDER pages.
 */
export function indexFiles(index: EmbeddedIndex, names: IndexFileNames): Map<string, string> {
  const files = new Map<string, string>();
  const shardFiles = index.shards.map((shard, i) => {
    const text = shardText(shard);
    const file = names.shard(text, i);
    files.set(file, text);
    return file;
  });
  const fragments: string[] = [];
  for (let first = 0; first < index.fragments.length; first += FRAGMENTS_PER_FOLDER) {
    const group = new Map(index.fragments.slice(first, first + FRAGMENTS_PER_FOLDER).map((fragment, i) => [`p${first + i}.json`, fragment]));
    const folder = `${names.folder(group)}/`;
    for (const [name, text] of group) files.set(folder + name, text);
    fragments.push(folder);
  }
  return new Map([['index.json', JSON.stringify({ ...index.manifest, shardFiles, fragments })], ...files]);
}
