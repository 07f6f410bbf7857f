/**
 * The embedded search engine: answers DocSearch's queries from the compact index, in the browser,
 * offline. Titles and headings rank above body text, the last word matches as a prefix, longer
 * words tolerate typos, and results carry highlight and snippet values like the hosted service's.
 */
import { LEVELS, type CompactIndex, type Hierarchy, type Level, type SearchHit } from './types.ts';

interface Doc {
  id: number;
  url: string;
  type: Level | 'content';
  content: string | null;
  hierarchy: Hierarchy;
  /** Lowercased word → best field weight in which it appears. */
  words: Map<string, number>;
  /** Distinct words of the record's own title or heading, without stop words (0 for content). */
  ownWords: Set<string>;
}

export interface QueryOptions {
  hitsPerPage: number;
  page: number;
  /** Words in a content snippet (DocSearch asks for 10, or 5 on small screens). */
  snippetWords: number;
  facetFilters?: string[];
}

export interface QueryResult {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
}

const WORD = /[\p{L}\p{N}]+(?:[._'-][\p{L}\p{N}]+)*/gu;
const FIELD_WEIGHT: Record<Level | 'content', number> = { lvl0: 4, lvl1: 10, lvl2: 7, lvl3: 6, lvl4: 5, lvl5: 5, lvl6: 5, content: 1 };
const TYPE_BONUS: Record<Level | 'content', number> = { lvl0: 0, lvl1: 3, lvl2: 2, lvl3: 1.5, lvl4: 1, lvl5: 1, lvl6: 1, content: 0 };
/** Up to this much is added for a title or heading that the query covers entirely (Algolia's "exact"). */
const COVERAGE_BONUS = 1.5;
const STOP_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'into', 'is', 'it', 'of', 'on', 'or', 'the', 'to', 'with', 'your']);

export function tokenize(text: string): string[] {
  return (text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(WORD) ?? []).flatMap((w) =>
    /[._'-]/.test(w) ? [w, ...w.split(/[._'-]/)] : [w],
  );
}

export class LocalSearchIndex {
  private readonly docs: Doc[] = [];
  private readonly postings = new Map<string, number[]>();
  private readonly vocabulary: string[];
  readonly language: string;
  readonly tag: string;

  constructor(index: CompactIndex) {
    this.language = index.language;
    this.tag = index.tag;
    index.records.forEach((record, id) => {
      const [url, type, content, ...levels] = record;
      const hierarchy = Object.fromEntries(LEVELS.map((l, i) => [l, levels[i] ?? null])) as Hierarchy;
      const words = new Map<string, number>();
      const add = (text: string | null, weight: number) => {
        if (!text) return;
        for (const word of tokenize(text)) if ((words.get(word) ?? 0) < weight) words.set(word, weight);
      };
      // A record is about its own level: a content record's headings only give context.
      for (const level of LEVELS) add(hierarchy[level], level === type ? FIELD_WEIGHT[level] : Math.min(2, FIELD_WEIGHT[level]));
      add(content ?? null, FIELD_WEIGHT.content);
      const own = type && type !== 'content' ? hierarchy[type as Level] : null;
      const ownWords = new Set(own ? tokenize(own).filter((w) => !STOP_WORDS.has(w)) : []);
      const doc: Doc = { id, url: url ?? '', type: (type ?? 'content') as Doc['type'], content: content ?? null, hierarchy, words, ownWords };
      this.docs.push(doc);
      for (const word of words.keys()) {
        const list = this.postings.get(word);
        if (list) list.push(id);
        else this.postings.set(word, [id]);
      }
    });
    this.vocabulary = [...this.postings.keys()].sort();
  }

  search(query: string, options: QueryOptions): QueryResult {
    const terms = tokenize(query);
    const empty = { hits: [], nbHits: 0, page: options.page, nbPages: 0, hitsPerPage: options.hitsPerPage };
    if (terms.length === 0 || !this.matchesFacets(options.facetFilters)) return empty;

    // Each query term expands to the index words it may mean (exact, prefix for the last, typos).
    const expansions = terms.map((term, i) => this.expand(term, i === terms.length - 1));
    const scores = new Map<number, number>();
    const matched = new Map<number, Set<string>>();
    expansions.forEach((candidates, termIndex) => {
      const seen = new Map<number, number>();
      for (const [word, quality] of candidates) {
        for (const id of this.postings.get(word) ?? []) {
          const weight = (this.docs[id]?.words.get(word) ?? 0) * quality;
          if (weight > (seen.get(id) ?? 0)) seen.set(id, weight);
          let set = matched.get(id);
          if (!set) matched.set(id, (set = new Set()));
          set.add(word);
        }
      }
      for (const [id, weight] of seen) {
        // Every term must match (AND); documents missing an earlier term drop out.
        if (termIndex === 0) scores.set(id, weight);
        else if (scores.has(id)) scores.set(id, (scores.get(id) ?? 0) + weight);
      }
      if (termIndex > 0) for (const id of [...scores.keys()]) if (!seen.has(id)) scores.delete(id);
    });

    const ranked = [...scores.entries()]
      .map(([id, score]) => {
        const doc = this.docs[id] as Doc;
        // Among equal matches, the heading the query says most completely ranks first:
        // "create rundown" prefers "Create a rundown" to "Create the rundown items".
        const found = matched.get(id) ?? new Set<string>();
        const covered = doc.ownWords.size > 0 ? [...doc.ownWords].filter((w) => found.has(w)).length / doc.ownWords.size : 0;
        return { doc, score: score + TYPE_BONUS[doc.type] + (doc.type === 'lvl1' ? terms.length : 0) + COVERAGE_BONUS * covered };
      })
      .sort((a, b) => b.score - a.score || a.doc.id - b.doc.id);
    const start = options.page * options.hitsPerPage;
    const hits = ranked.slice(start, start + options.hitsPerPage).map(({ doc }) => this.toHit(doc, matched.get(doc.id) ?? new Set(), options.snippetWords));
    return { hits, nbHits: ranked.length, page: options.page, nbPages: Math.ceil(ranked.length / options.hitsPerPage), hitsPerPage: options.hitsPerPage };
  }

  private matchesFacets(filters: string[] | undefined): boolean {
    for (const filter of filters ?? []) {
      const [name, value] = filter.split(':');
      if (name === 'language' && value !== this.language) return false;
      if (name === 'docusaurus_tag' && value !== this.tag) return false;
    }
    return true;
  }

  /** Candidate index words for one query term, with a quality factor in (0, 1]. */
  private expand(term: string, isLast: boolean): Map<string, number> {
    const out = new Map<string, number>();
    if (this.postings.has(term)) out.set(term, 1);
    if (isLast) {
      for (const word of this.wordsWithPrefix(term)) if (!out.has(word)) out.set(word, 0.9);
    }
    const maxTypos = term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0;
    if (maxTypos > 0 && out.size === 0) {
      for (const word of this.vocabulary) {
        if (Math.abs(word.length - term.length) > maxTypos) continue;
        const distance = boundedDistance(term, word, maxTypos);
        if (distance <= maxTypos) out.set(word, distance === 1 ? 0.6 : 0.4);
      }
    }
    return out;
  }

  private wordsWithPrefix(prefix: string): string[] {
    let lo = 0;
    let hi = this.vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.vocabulary[mid] as string) < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < this.vocabulary.length && (this.vocabulary[i] as string).startsWith(prefix) && out.length < 50; i++) {
      out.push(this.vocabulary[i] as string);
    }
    return out;
  }

  private toHit(doc: Doc, words: Set<string>, snippetWords: number): SearchHit {
    const highlightHierarchy: SearchHit['_highlightResult']['hierarchy'] = {};
    for (const level of LEVELS) {
      const text = doc.hierarchy[level];
      if (text) highlightHierarchy[level] = highlight(text, words);
    }
    const hash = doc.url.indexOf('#');
    return {
      objectID: String(doc.id),
      url: doc.url,
      url_without_anchor: hash >= 0 ? doc.url.slice(0, hash) : doc.url,
      anchor: hash >= 0 ? doc.url.slice(hash + 1) : null,
      hierarchy: doc.hierarchy,
      content: doc.content,
      type: doc.type,
      _highlightResult: { hierarchy: highlightHierarchy, ...(doc.content ? { content: highlight(doc.content, words) } : {}) },
      _snippetResult: {
        hierarchy: highlightHierarchy,
        ...(doc.content ? { content: snippet(doc.content, words, snippetWords) } : {}),
      },
    };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function wordMatches(word: string, matched: Set<string>): boolean {
  return tokenize(word).some((t) => matched.has(t));
}

function highlight(text: string, matched: Set<string>): { value: string; matchLevel: 'none' | 'partial' | 'full'; matchedWords: string[] } {
  let any = false;
  const value = text.replace(/[^\s]+|\s+/g, (chunk) => {
    if (/^\s+$/.test(chunk) || !wordMatches(chunk, matched)) return escapeHtml(chunk);
    any = true;
    return `<mark>${escapeHtml(chunk)}</mark>`;
  });
  return { value, matchLevel: any ? 'full' : 'none', matchedWords: any ? [...matched] : [] };
}

/** A window of `size` words around the first match, with an ellipsis where text was cut. */
function snippet(text: string, matched: Set<string>, size: number): { value: string; matchLevel: 'none' | 'partial' | 'full'; matchedWords: string[] } {
  const words = text.split(/\s+/).filter(Boolean);
  const first = Math.max(0, words.findIndex((w) => wordMatches(w, matched)));
  const start = Math.max(0, Math.min(first - Math.floor(size / 3), words.length - size));
  const slice = words.slice(start, start + size).join(' ');
  const result = highlight(slice, matched);
  const prefix = start > 0 ? '… ' : '';
  const suffix = start + size < words.length ? ' …' : '';
  return { ...result, value: prefix + result.value + suffix };
}

/** Levenshtein distance, giving up early once it must exceed `max`. */
export function boundedDistance(a: string, b: string, max: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    previous = current;
  }
  return previous[b.length] as number;
}
