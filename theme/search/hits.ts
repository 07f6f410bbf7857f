/**
 * Record-level ranking inside the fragments of the pages that ranked first, and DocSearch-shaped
 * hits with highlight and snippet values like the hosted service's. The index holds raw text (its
 * words are read from it); a hit holds it HTML-escaped, as DocSearch's records do (hit-text.ts).
 */
import { searchKey, STOP_WORDS, tokenize } from './analyze.ts';
import { LEVELS, type Hierarchy, type Level, type PageFragment, type SearchHit } from './types.ts';
import { escapeHtml } from '../escape-html.ts';
import { escapedHierarchy } from './hit-text.ts';

/** One query word: the index keys it may mean, each with a quality in (0, 1]. */
export interface QueryTerm {
  word: string;
  candidates: Map<string, number>;
  /** The last word is still being typed: words starting with it match too. */
  prefix: boolean;
}

export interface FragmentRecord {
  position: number;
  url: string;
  type: Level | 'content';
  code: boolean;
  content: string | null;
  hierarchy: Hierarchy;
  /** Keys of the record's own title or heading, of its text, and of the headings above it. */
  own: Set<string>;
  text: Set<string>;
  context: Set<string>;
}

const OWN_WEIGHT: Record<Level | 'content', number> = { lvl0: 4, lvl1: 10, lvl2: 7, lvl3: 6, lvl4: 5, lvl5: 5, lvl6: 5, content: 0 };
const keysOf = (text: string | null) => new Set(text ? tokenize(text).map(searchKey) : []);

export function parseFragment(fragment: PageFragment): FragmentRecord[] {
  let place: (string | null)[] = [''];
  return fragment.records.map((row, position) => {
    // A two-item row [type, content] is under the same anchor and headings as the row before it.
    if (row.length !== 2) place = [row[0] ?? '', ...row.slice(3)];
    const [rawType, content] = row.length === 2 ? row : row.slice(1, 3);
    const [anchor, ...levels] = place;
    // After lvl2…lvl6, a record's own title where it is not the page's (see PageFragment).
    const hierarchy = { lvl0: fragment.lvl0, lvl1: levels[5] ?? fragment.lvl1 } as Hierarchy;
    LEVELS.slice(2).forEach((level, i) => (hierarchy[level] = levels[i] ?? null));
    const code = rawType === 'code';
    const type = (code ? 'content' : (rawType ?? 'content')) as FragmentRecord['type'];
    const ownText = type === 'content' ? null : hierarchy[type];
    const above = LEVELS.slice(1).filter((l) => l !== type && hierarchy[l]).map((l) => hierarchy[l]).join(' ');
    return {
      position,
      url: anchor ? `${fragment.url}#${anchor}` : fragment.url,
      type,
      code,
      content: content ?? null,
      hierarchy,
      own: keysOf(ownText),
      text: keysOf(content ?? null),
      context: keysOf(above),
    };
  });
}

/** How well one record answers the query: words in its own heading first, then its text. */
function recordScore(record: FragmentRecord, terms: readonly QueryTerm[]): number {
  let found = 0;
  let score = 0;
  for (const term of terms) {
    let best = 0;
    let direct = false;
    for (const [key, quality] of term.candidates) {
      if (record.own.has(key)) best = Math.max(best, OWN_WEIGHT[record.type] * quality);
      if (record.text.has(key)) best = Math.max(best, (record.code ? 0.5 : 1) * quality);
      if (record.own.has(key) || record.text.has(key)) direct = true;
      else if (record.context.has(key)) best = Math.max(best, 0.5 * quality);
    }
    if (direct) found++;
    score += best;
  }
  return found === 0 ? 0 : found * 100 + score;
}

const STOP_KEYS = new Set([...STOP_WORDS].map(searchKey));

/** The query's words but its stop words ("a", "the"). */
export const wordsThatMatter = (terms: readonly QueryTerm[]) => terms.filter((term) => !STOP_WORDS.has(term.word));

/**
 * Whether the record's own heading is the query, in other words: every word of the query (two or
 * more, stop words aside) is in the heading, and the heading has no other word but stop words.
 * "Set a property" is then the operation of that name, above pages that only use the words often.
 * A page's title may say less than the query ("Network" for "network ports"), as long as it says
 * nothing else: the page is about what the reader asked.
 */
export function headingIsQuery(record: FragmentRecord, terms: readonly QueryTerm[]): boolean {
  const meaningful = wordsThatMatter(terms);
  if (record.type === 'content' || meaningful.length < 2) return false;
  const used = new Set<string>();
  for (const term of meaningful) {
    const key = [...term.candidates.keys()].find((k) => record.own.has(k));
    if (key !== undefined) used.add(key);
    else if (record.type !== 'lvl1') return false;
  }
  return used.size > 0 && [...record.own].every((key) => used.has(key) || STOP_KEYS.has(key));
}

/** The page's best records for the query, at most `limit`; the page itself when none matches directly. */
export function bestRecords(records: readonly FragmentRecord[], terms: readonly QueryTerm[], limit: number): FragmentRecord[] {
  const scored = records.map((record) => ({ record, score: recordScore(record, terms) })).filter((r) => r.score > 0);
  scored.sort((a, b) => b.score - a.score || a.record.position - b.record.position);
  const best = scored.slice(0, limit).map((r) => r.record);
  return best.length > 0 || !records[0] ? best : [records[0]];
}

/**
 * Whether a word of the text is one the query matched (for highlighting, and where a snippet is
 * cut). A stop word counts only while it is being typed (it may be the start of "install") or in a
 * query of nothing else: "a" in "Set a property" would mark every "a" of a text and centre its
 * snippet on the first one, far from "property".
 */
export function matcherFor(terms: readonly QueryTerm[]): (word: string) => boolean {
  const meaningful = terms.filter((term) => term.prefix || !STOP_WORDS.has(term.word));
  const shown = meaningful.length > 0 ? meaningful : terms;
  const keys = new Set(shown.flatMap((t) => [...t.candidates.keys()]));
  const prefixes = shown.filter((t) => t.prefix && t.word.length >= 2).map((t) => t.word);
  return (word) => tokenize(word).some((token) => keys.has(searchKey(token)) || prefixes.some((p) => token.startsWith(p)));
}

/**
 * The record as a hit. Its `hierarchy` and `content` are escaped here, not in the index: DocSearch
 * inserts them as HTML (the only copy of a chosen hit it keeps), the index's words are read from
 * raw text, and escaping the few hits shown costs less than an index grown by every `&lt;` of its
 * code blocks.
 */
export function toHit(record: FragmentRecord, matches: (word: string) => boolean, snippetWords: number, id: string): SearchHit {
  const highlightHierarchy: SearchHit['_highlightResult']['hierarchy'] = {};
  for (const level of LEVELS) {
    const text = record.hierarchy[level];
    if (text) highlightHierarchy[level] = highlight(text, matches);
  }
  const hash = record.url.indexOf('#');
  const content = record.content;
  return {
    objectID: id,
    url: record.url,
    url_without_anchor: hash >= 0 ? record.url.slice(0, hash) : record.url,
    anchor: hash >= 0 ? record.url.slice(hash + 1) : null,
    hierarchy: escapedHierarchy(record.hierarchy),
    content: content === null ? null : escapeHtml(content),
    type: record.type,
    ...(record.code ? { code: true } : {}),
    _highlightResult: { hierarchy: highlightHierarchy, ...(content ? { content: highlight(content, matches) } : {}) },
    _snippetResult: { hierarchy: { ...highlightHierarchy }, ...(content ? { content: snippet(content, matches, snippetWords) } : {}) },
  };
}

type Highlight = { value: string; matchLevel: 'none' | 'partial' | 'full'; matchedWords: string[] };

function highlight(text: string, matches: (word: string) => boolean): Highlight {
  const words: string[] = [];
  const value = text.replace(/[^\s]+|\s+/g, (chunk) => {
    if (/^\s+$/.test(chunk) || !matches(chunk)) return escapeHtml(chunk);
    words.push(chunk.toLowerCase());
    return `<mark>${escapeHtml(chunk)}</mark>`;
  });
  return { value, matchLevel: words.length > 0 ? 'full' : 'none', matchedWords: [...new Set(words)] };
}

/** A window of `size` words around the first match, with an ellipsis where text was cut. */
function snippet(text: string, matches: (word: string) => boolean, size: number): Highlight {
  const words = text.split(/\s+/).filter(Boolean);
  const first = Math.max(0, words.findIndex((w) => matches(w)));
  const start = Math.max(0, Math.min(first - Math.floor(size / 3), words.length - size));
  const result = highlight(words.slice(start, start + size).join(' '), matches);
  const prefix = start > 0 ? '… ' : '';
  const suffix = start + size < words.length ? ' …' : '';
  return { ...result, value: prefix + result.value + suffix };
}
