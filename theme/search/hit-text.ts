/**
 * The text of search hits, as DocSearch (3.9.0) reads it. DocSearch inserts a hit's snippet value
 * as HTML, and without one (`_snippetResult.X.value || X`) the hit's own `hierarchy.lvlN` or
 * `content`; it keeps the hits a reader chose (recent searches and favourites) in localStorage
 * without their highlight values, so those are inserted from `hierarchy` and `content` on every
 * later opening, on any page. So every hit docsgen hands out holds, as DocSearch's own records do,
 * HTML-escaped text in `hierarchy` and `content`, and highlight values that are escaped text with
 * `<mark>` around matches: the embedded index's hits are escaped as they are made (hits.ts toHit),
 * a hosted service's are made safe as they arrive (client.ts), and searches stored raw before are
 * escaped when the dialog opens. Code that shows these fields as React text reads them through
 * `textOf` (or `highlighted`), so the reader sees each character once.
 */
import { escapeHtml } from '../escape-html.ts';
import { LEVELS, type Hierarchy, type SearchHit } from './types.ts';
import { textOf } from './text-of.ts';

export { textOf };

/**
 * Any `<`, `>`, quote, or `&` that starts no character reference, escaped; with `marks`, `<mark>`
 * and `</mark>` kept. Text that is already escaped stays as it is (the function is idempotent), so
 * it serves values of any origin: raw text comes out escaped, escaped text unchanged, and in
 * neither case can the result hold an element but `<mark>` (which takes no attribute).
 */
export function asHtmlText(value: string, marks = false): string {
  return value.replace(/<\/?mark>|[<>"']|&(?!#\d{1,7};|#x[\da-f]{1,6};|[a-z][a-z\d]{1,31};)/gi, (c) =>
    marks && (c === '<mark>' || c === '</mark>') ? c : escapeHtml(c),
  );
}

const mapLevels = (hierarchy: Hierarchy, map: (text: string) => string): Hierarchy => {
  const result = { ...hierarchy };
  for (const level of LEVELS) {
    const text = result[level];
    if (typeof text === 'string') result[level] = map(text);
  }
  return result;
};

/** A hit's titles and text, from raw text to HTML-escaped text (the embedded index's hits, made in the browser). */
export function escapedHierarchy(hierarchy: Hierarchy): Hierarchy {
  return mapLevels(hierarchy, escapeHtml);
}

type HitFields = Partial<Pick<SearchHit, 'hierarchy' | 'content' | '_highlightResult' | '_snippetResult'>>;

/**
 * A hit of any origin (the embedded index, a hosted service whose records were uploaded raw or
 * escaped) as DocSearch may insert it: `hierarchy` and `content` escaped text, every highlight and
 * snippet value escaped text with `<mark>` tags. Already safe hits come out equal.
 */
export function safeHit<T extends HitFields>(hit: T): T {
  const result = { ...hit };
  if (hit.hierarchy && typeof hit.hierarchy === 'object') result.hierarchy = mapLevels(hit.hierarchy, (text) => asHtmlText(text));
  if (typeof hit.content === 'string') result.content = asHtmlText(hit.content);
  if (hit._highlightResult !== undefined) result._highlightResult = safeHighlights(hit._highlightResult) as SearchHit['_highlightResult'];
  if (hit._snippetResult !== undefined) result._snippetResult = safeHighlights(hit._snippetResult) as SearchHit['_snippetResult'];
  return result;
}

/** Every `value` of a highlight tree (objects by attribute, arrays for list attributes) made safe. */
function safeHighlights(tree: unknown, depth = 0): unknown {
  if (depth > 8 || tree === null || typeof tree !== 'object') return tree;
  if (Array.isArray(tree)) return tree.map((item) => safeHighlights(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(tree)) {
    result[key] = key === 'value' && typeof value === 'string' ? asHtmlText(value, true) : safeHighlights(value, depth + 1);
  }
  return result;
}

/**
 * The hit for a reader of React text (the search page): `hierarchy` and `content` as the text they
 * show; highlight values stay HTML, for `highlighted`.
 */
export function plainTextHit<T extends HitFields>(hit: T): T {
  const result = { ...hit };
  if (hit.hierarchy) result.hierarchy = mapLevels(hit.hierarchy, textOf);
  if (typeof hit.content === 'string') result.content = textOf(hit.content);
  return result;
}

/**
 * DocSearch names each group of hits, and offers "Try searching for" buttons, with the section
 * (lvl0) of its first hit's highlight value, tags removed, or without one the hit's own lvl0, as
 * React text: an escaped "Tips &amp; Tricks" showed as written. In the hits the dialog gets, that one
 * highlight value is the text itself, in new objects (toHit shares one between the highlight and
 * snippet results, and the snippet values stay HTML). DocSearch 3.9.0 reads `_highlightResult` only
 * there and never stores it.
 */
export function withSectionAsText<T extends HitFields>(hit: T): T {
  const highlights = hit._highlightResult;
  const lvl0 = highlights?.hierarchy?.lvl0;
  const html = typeof lvl0?.value === 'string' ? lvl0.value : hit.hierarchy?.lvl0;
  if (typeof html !== 'string') return hit;
  const section = { matchLevel: 'none' as const, matchedWords: [], ...lvl0, value: textOf(html.replace(/<\/?mark>/g, '')) };
  return { ...hit, _highlightResult: { ...highlights, hierarchy: { ...highlights?.hierarchy, lvl0: section } } };
}

/** The keys under which DocSearch 3.9.0 keeps a reader's recent and favourite searches (followed by the index name). */
export const STORED_SEARCHES = ['__DOCSEARCH_RECENT_SEARCHES__', '__DOCSEARCH_FAVORITE_SEARCHES__'] as const;

/**
 * Makes the stored searches of `indexName` safe before DocSearch reads them: an entry stored before
 * hits were escaped (its titles or text hold `<` or `>`, which escaped text never does) has them
 * escaped; highlight values, which DocSearch never stores and would insert first, are dropped, also
 * in the entry's parent hit. Entries stored escaped are left as they are (no double escaping). A
 * list that cannot be read is removed: DocSearch would fail on it, or show it as it is.
 */
export function repairStoredSearches(indexName: string, storage: Storage | undefined = safeLocalStorage()): void {
  if (!storage) return;
  for (const prefix of STORED_SEARCHES) {
    const key = `${prefix}${indexName}`;
    try {
      const stored = storage.getItem(key);
      if (stored === null) continue;
      const items = JSON.parse(stored) as unknown;
      if (!Array.isArray(items)) throw new Error('not a list');
      const repaired = JSON.stringify(items.filter((item) => item !== null && typeof item === 'object').map((item) => repairEntry(item as StoredHit)));
      if (repaired !== stored) storage.setItem(key, repaired);
    } catch {
      try {
        storage.removeItem(key);
      } catch {
        // storage that cannot be written: DocSearch cannot have stored anything there either
      }
    }
  }
}

type StoredHit = HitFields & { __docsearch_parent?: StoredHit | null; [key: string]: unknown };

function repairEntry(entry: StoredHit, depth = 0): StoredHit {
  const { _highlightResult: _h, _snippetResult: _s, ...rest } = entry;
  let result: StoredHit = rest;
  const texts = [...LEVELS.map((level) => rest.hierarchy?.[level]), rest.content];
  if (texts.some((text) => typeof text === 'string' && /[<>]/.test(text))) {
    result = { ...rest };
    if (rest.hierarchy && typeof rest.hierarchy === 'object') result.hierarchy = escapedHierarchy(rest.hierarchy);
    if (typeof rest.content === 'string') result.content = escapeHtml(rest.content);
  }
  const parent = rest.__docsearch_parent;
  if (parent && typeof parent === 'object' && depth < 2) result = { ...result, __docsearch_parent: repairEntry(parent, depth + 1) };
  return result;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked by the browser's settings
  }
}
