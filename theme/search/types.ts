/** DocSearch-shaped records and hits, shared by the build (records) and the browser (hits). */
export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type Hierarchy = Record<Level, string | null>;

export interface SearchRecord {
  objectID: string;
  url: string;
  hierarchy: Hierarchy;
  content: string | null;
  type: Level | 'content';
  language: string;
  docusaurus_tag: string;
}

interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

/**
 * A hit as DocSearch reads it: `hierarchy` and `content` are HTML-escaped text (DocSearch inserts
 * them as HTML), highlight and snippet values escaped text with `<mark>` around matches
 * (hit-text.ts). The search page's hits (`SiteSearchClient.searchPage`) hold plain text instead.
 */
export interface SearchHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  hierarchy: Hierarchy;
  content: string | null;
  type: Level | 'content';
  anchor: string | null;
  /** The hit is a code block (embedded index only): shown as a snippet under its heading. */
  code?: boolean;
  _highlightResult: { hierarchy: Partial<Record<Level, HighlightValue>>; content?: HighlightValue };
  _snippetResult: { hierarchy?: Partial<Record<Level, HighlightValue>>; content?: HighlightValue };
}

/**
 * The embedded index, small JSON files loaded on demand (see README, "Search index"): `index.json`
 * (this manifest), the term shards, each a file named by its bytes, and one fragment `p<i>.json`
 * per page, in folders of FRAGMENTS_PER_FOLDER pages.
 */
export interface IndexManifest {
  v: 5;
  /**
   * Each term shard's file, beside this one ("terms/3fa2…json"), named by its bytes: an edit that
   * changes a few keys' postings changes a few shards, and the others keep their names (so a build
   * writes only those, and a browser keeps the others across deploys). The manifest's own URL never
   * changes, so no page names a build's index (see search.ts).
   */
  shardFiles: string[];
  /**
   * The folders of the fragments, named by their bytes: page i's is `fragments[⌊i / FRAGMENTS_PER_FOLDER⌋]`.
   * An edit to one page's text changes one folder, so a build writes that folder's fragments and
   * takes the others from the previous build as they are.
   */
  fragments: string[];
  language: string;
  tag: string;
  /** The first key of each term shard, in order: shard i holds the keys from shards[i] up to shards[i + 1]. */
  shards: string[];
  /** Per page, one digit: how many distinct words its title has (at most 9), for title coverage. */
  titles: string;
}

/** Pages whose fragments share a folder (see IndexManifest.fragments). */
export const FRAGMENTS_PER_FOLDER = 32;

/** Keys in order; postings[i] lists [page − previous page, code, …] for keys[i], code = field × 64 + min(63, records). */
export interface TermShard {
  keys: string[];
  postings: number[][];
  /** Words of the pages whose key differs from the word ("licences" → keys[i] "licens"), for typos and prefixes. */
  forms: [word: string, key: number][];
}

/** Where a key appears in a page, best first when compared: the posting's field. */
export const FIELD = { content: 0, section: 1, description: 2, minorHeading: 3, h3: 4, h2: 5, title: 6 } as const;

/** What a page's hits show: rows of [anchor, type, content, lvl2 … lvl6, lvl1 when not the page's], trailing nulls removed. */
export interface PageFragment {
  url: string;
  lvl0: string | null;
  lvl1: string | null;
  /**
   * [anchor, type, content, lvl2…lvl6, lvl1 (trailing nulls left out)], or [type, content] for a
   * record under the same anchor and headings as the one before it. lvl1 is there only where the
   * record's differs from the page's `lvl1` (an API operation's tag). type is a hierarchy level,
   * "content", or "code" (content from a code block).
   */
  records: (string | null)[][];
}

export const LEVELS: readonly Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
