/**
 * The embedded search engine: answers DocSearch's queries in the browser, offline, loading only
 * the pieces of the index a query needs (the manifest, the term shards of its words, the fragments
 * of the pages it shows). Pages are ranked from page-level postings (title above headings above
 * the description above text, plus how often the word occurs); their records are then ranked in
 * their fragments. English stemming and British/American spellings come from analyze.ts; the last
 * word matches as a prefix; longer words tolerate typos.
 */
import { americanSpelling, isCompound, searchKey, STOP_WORDS, tokenize } from './analyze.ts';
import { bestRecords, headingIsQuery, matcherFor, parseFragment, toHit, wordsThatMatter, type FragmentRecord, type QueryTerm } from './hits.ts';
import { FIELD, FRAGMENTS_PER_FOLDER, type IndexManifest, type PageFragment, type SearchHit, type TermShard } from './types.ts';
import { requestOnce } from '../request-once.ts';
import { SiteUpdated } from './fetch-json.ts';

/** Reads one file of the index folder ("index.json", "t3.json", "p12.json") as parsed JSON. */
export type IndexLoader = (name: string) => Promise<unknown>;

export interface QueryOptions {
  /** Records to return (the modal) or pages per result page (`searchPages`). */
  hitsPerPage: number;
  page: number;
  /** Words in a content snippet (DocSearch asks for 10, or 5 on small screens). */
  snippetWords: number;
  /** At most this many records of one page. */
  perPage: number;
  facetFilters?: string[];
}

export interface QueryResult {
  hits: SearchHit[];
  /** Pages that match every word of the query. */
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
}

const FIELD_SCORE: Record<number, number> = {
  [FIELD.content]: 1,
  [FIELD.section]: 5,
  [FIELD.description]: 6,
  [FIELD.minorHeading]: 4,
  [FIELD.h3]: 5,
  [FIELD.h2]: 6,
  [FIELD.title]: 10,
};
/** Weight of log2(1 + records of the page that contain the word): the page most about the word wins. */
const FREQUENCY_WEIGHT = 1;
/** Prefix matches considered for the word being typed, most frequent first. */
const MAX_PREFIX_KEYS = 50;
/** Shards a query may load: a one-letter prefix of a large site would otherwise load them all. */
const MAX_SHARDS_PER_TERM = 3;
/**
 * The first pages, whose headings may reorder them: the modal loads their fragments for its first
 * answer anyway (20 hits, 3 a page), so looking at their headings costs no request.
 */
const HEADING_WINDOW = 7;

/** One query word in one page: its best non-title score, its quality in the title (0 if absent), its frequency score. */
interface TermMatch {
  other: number;
  title: number;
  frequency: number;
}

interface Ranked {
  terms: QueryTerm[];
  pages: number[];
}

export class LocalSearchIndex {
  private readonly shards = new Map<number, Promise<TermShard>>();
  private readonly fragments = new Map<number, Promise<FragmentRecord[]>>();

  private constructor(
    readonly manifest: IndexManifest,
    private readonly load: IndexLoader,
  ) {}

  static async open(load: IndexLoader): Promise<LocalSearchIndex> {
    const manifest = (await load('index.json')) as IndexManifest;
    if (manifest.v !== 5) throw new SiteUpdated(`the search index is of format ${String(manifest.v)}; this page reads format 5`);
    return new LocalSearchIndex(manifest, load);
  }

  /** The first hits (records) of the best pages, at most `perPage` of each page: the modal. */
  async search(query: string, options: QueryOptions): Promise<QueryResult> {
    const ranked = await this.rank(query, options.facetFilters);
    const matches = matcherFor(ranked.terms);
    const skip = options.page * options.hitsPerPage;
    const hits: SearchHit[] = [];
    let seen = 0;
    // Enough pages to fill the modal if each gives all its records, fetched together (one round trip on a slow link).
    const batchSize = Math.ceil(options.hitsPerPage / Math.max(1, options.perPage));
    for (let start = 0; start < ranked.pages.length && hits.length < options.hitsPerPage; start += batchSize) {
      const batch = ranked.pages.slice(start, start + batchSize);
      const records = await Promise.all(batch.map((page) => this.fragment(page)));
      records.forEach((list, i) => {
        for (const record of bestRecords(list, ranked.terms, options.perPage)) {
          if (seen++ >= skip && hits.length < options.hitsPerPage) hits.push(toHit(record, matches, options.snippetWords, `${batch[i]}-${record.position}`));
        }
      });
    }
    return this.result(hits, ranked.pages.length, options);
  }

  /** One result page of `hitsPerPage` pages, each with up to `perPage` records: the search page. */
  async searchPages(query: string, options: QueryOptions): Promise<QueryResult> {
    const ranked = await this.rank(query, options.facetFilters);
    const matches = matcherFor(ranked.terms);
    const pages = ranked.pages.slice(options.page * options.hitsPerPage, (options.page + 1) * options.hitsPerPage);
    const records = await Promise.all(pages.map((page) => this.fragment(page)));
    const hits = records.flatMap((list, i) => bestRecords(list, ranked.terms, options.perPage).map((r) => toHit(r, matches, options.snippetWords, `${pages[i]}-${r.position}`)));
    return this.result(hits, ranked.pages.length, options);
  }

  private result(hits: SearchHit[], matchingPages: number, options: QueryOptions): QueryResult {
    return { hits, nbHits: matchingPages, page: options.page, nbPages: Math.ceil(matchingPages / options.hitsPerPage), hitsPerPage: options.hitsPerPage };
  }

  private matchesFacets(filters: string[] | undefined): boolean {
    for (const filter of filters ?? []) {
      const [name, value] = filter.split(':');
      if (name === 'language' && value !== this.manifest.language) return false;
      if (name === 'docusaurus_tag' && value !== this.manifest.tag) return false;
    }
    return true;
  }

  /** Pages that contain every word of the query, best first. */
  private async rank(query: string, facetFilters: string[] | undefined): Promise<Ranked> {
    const words = tokenize(query);
    if (words.length === 0 || !this.matchesFacets(facetFilters)) return { terms: [], pages: [] };
    // A compound the index never saw ("hub-server" where pages write "hub server") stands for its
    // parts, which tokenize gives too; one it did see ("1.6.0") must match as well.
    const terms = (await Promise.all(words.map((word, i) => this.expand(word, i === words.length - 1)))).filter((term) => term.candidates.size > 0 || !isCompound(term.word));
    let found: Map<number, TermMatch[]> | undefined;
    for (const term of terms) {
      const matches = await this.termMatches(term);
      // Every word must match (AND): pages without this one drop out.
      if (found) for (const [page, list] of found) matches.has(page) ? list.push(matches.get(page) as TermMatch) : found.delete(page);
      found ??= new Map([...matches].map(([page, match]) => [page, [match]]));
    }
    const ranked: [number, number][] = [...(found ?? [])].map(([page, list]) => [page, this.pageScore(page, list, terms)]);
    ranked.sort((a, b) => b[1] - a[1] || a[0] - b[0]);
    return { terms, pages: await this.headingsFirst(ranked.map(([page]) => page), terms) };
  }

  /**
   * Among the first pages, those with a heading that is the query (hits.ts) come first: page
   * scores add up where each word is, so pages that use "set" and "property" often outscored the
   * operation named "Set a property".
   */
  private async headingsFirst(pages: number[], terms: readonly QueryTerm[]): Promise<number[]> {
    if (wordsThatMatter(terms).length < 2) return pages; // one word: the page scores already weigh where it is
    const window = pages.slice(0, HEADING_WINDOW);
    const records = await Promise.all(window.map((page) => this.fragment(page)));
    const named = window.filter((_, i) => records[i]?.some((record) => headingIsQuery(record, terms)));
    if (named.length === 0) return pages;
    return [...named, ...window.filter((page) => !named.includes(page)), ...pages.slice(HEADING_WINDOW)];
  }

  /**
   * A page's score: each word scores by the best place it has in the page, plus how many of the
   * page's records contain it. A title counts in proportion to how much of it the query covers, so
   * "green screen" prefers "Green screen virtual studio" and "rundown" does not prefer "Rundown
   * with templates and pages" to the page most about rundowns.
   */
  private pageScore(page: number, matches: readonly TermMatch[], terms: readonly QueryTerm[]): number {
    const titleWords = Math.max(1, Number(this.manifest.titles[page] ?? 1));
    const inTitle = matches.filter((m, i) => m.title > 0 && !STOP_WORDS.has(terms[i]?.word ?? '')).length;
    const title = (FIELD_SCORE[FIELD.title] as number) * (0.4 + 0.6 * Math.min(1, inTitle / titleWords));
    return matches.reduce((sum, m) => sum + Math.max(m.other, m.title * title) + m.frequency, 0);
  }

  /** Page → how one query word matches it (the best of its candidate keys). */
  private async termMatches(term: QueryTerm): Promise<Map<number, TermMatch>> {
    const matches = new Map<number, TermMatch>();
    for (const [key, quality] of term.candidates) {
      for (const [page, code] of await this.postings(key)) {
        const field = code >> 6;
        const match = matches.get(page) ?? { other: 0, title: 0, frequency: 0 };
        if (field === FIELD.title) match.title = Math.max(match.title, quality);
        match.other = Math.max(match.other, quality * (FIELD_SCORE[field === FIELD.title ? FIELD.h2 : field] ?? 1));
        match.frequency = Math.max(match.frequency, quality * FREQUENCY_WEIGHT * Math.log2(1 + (code & 63)));
        matches.set(page, match);
      }
    }
    return matches;
  }

  private async postings(key: string): Promise<[number, number][]> {
    const shard = await this.shard(this.shardOf(key));
    const list = shard.postings[keyIndex(shard, key)] ?? [];
    const out: [number, number][] = [];
    let page = 0;
    for (let j = 0; j + 1 < list.length; j += 2) {
      page += list[j] as number;
      out.push([page, list[j + 1] as number]);
    }
    return out;
  }

  /** The keys one query word may mean: itself, words it begins (while typed), close spellings. */
  private async expand(word: string, last: boolean): Promise<QueryTerm> {
    const key = searchKey(word);
    const typed = americanSpelling(word);
    const candidates = new Map<string, number>();
    const shards = await this.shardsFor(key, last ? typed : undefined);
    for (const shard of shards) if (keyIndex(shard, key) >= 0) candidates.set(key, 1);
    // A complete word ("port") prefers itself to longer words it begins ("portal"); a partial one does not.
    if (last) for (const shard of shards) this.prefixMatches(shard, typed, candidates, candidates.has(key) ? 0.5 : 0.9);
    const maxTypos = word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
    if (!candidates.has(key) && maxTypos > 0) for (const shard of shards) typoMatches(shard, word, key, maxTypos, candidates);
    return { word, candidates, prefix: last };
  }

  /** Words the typed word begins; while it is incomplete, also a stem it runs past ("configura" → "configur"). */
  private prefixMatches(shard: TermShard, typed: string, candidates: Map<string, number>, quality: number): void {
    const found: [string, number][] = [];
    const complete = quality < 0.9;
    shard.keys.forEach((k, i) => {
      const runsPast = !complete && typed.startsWith(k) && k.length >= Math.max(4, typed.length - 3);
      if (k !== typed && (k.startsWith(typed) || runsPast)) found.push([k, shard.postings[i]?.length ?? 0]);
    });
    for (const [form, i] of shard.forms) if (form.startsWith(typed) && shard.keys[i]) found.push([shard.keys[i] as string, shard.postings[i]?.length ?? 0]);
    found.sort((a, b) => b[1] - a[1]);
    // A one- or two-letter start says little: only its most frequent words count.
    for (const [k] of found.slice(0, typed.length <= 2 ? 10 : MAX_PREFIX_KEYS)) if (!candidates.has(k)) candidates.set(k, quality);
  }

  private shardOf(key: string): number {
    const firsts = this.manifest.shards;
    let lo = 0;
    let hi = firsts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((firsts[mid] as string) <= key) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /**
   * The shard of a word's key and, for the word being typed, the shards of the words it begins
   * (at most MAX_SHARDS_PER_TERM) and of a shorter stem it may run past ("configura" → "configur").
   */
  private shardsFor(key: string, typed: string | undefined): Promise<TermShard[]> {
    const wanted = new Set([this.shardOf(key)]);
    if (typed !== undefined) {
      const first = this.shardOf(typed);
      const last = Math.min(this.shardOf(`${typed}\uffff`), first + MAX_SHARDS_PER_TERM - 1);
      for (let i = first; i <= last; i++) wanted.add(i);
      if (typed.length > 4) wanted.add(this.shardOf(typed.slice(0, Math.max(4, typed.length - 3))));
    }
    return Promise.all([...wanted].map((i) => this.shard(i)));
  }

  private shard(i: number): Promise<TermShard> {
    return requestOnce(this.shards, i, () => this.load(this.manifest.shardFiles[i] ?? '') as Promise<TermShard>);
  }

  private fragment(page: number): Promise<FragmentRecord[]> {
    const folder = this.manifest.fragments[Math.floor(page / FRAGMENTS_PER_FOLDER)] ?? '';
    return requestOnce(this.fragments, page, async () => parseFragment((await this.load(`${folder}p${page}.json`)) as PageFragment));
  }
}

/** Index of a key in a shard's sorted keys, or -1. */
function keyIndex(shard: TermShard, key: string): number {
  let lo = 0;
  let hi = shard.keys.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const k = shard.keys[mid] as string;
    if (k === key) return mid;
    if (k < key) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

function typoMatches(shard: TermShard, word: string, key: string, maxTypos: number, candidates: Map<string, number>): void {
  const consider = (candidate: string, target: string) => {
    if (Math.abs(candidate.length - word.length) > maxTypos + 3) return;
    const distance = Math.min(boundedDistance(word, candidate, maxTypos), boundedDistance(key, candidate, maxTypos));
    if (distance <= maxTypos) candidates.set(target, Math.max(candidates.get(target) ?? 0, distance <= 1 ? 0.6 : 0.4));
  };
  for (const k of shard.keys) consider(k, k);
  for (const [form, i] of shard.forms) if (shard.keys[i]) consider(form, shard.keys[i] as string);
}

/**
 * Edit distance with two neighbouring letters swapped counting as one edit (optimal string
 * alignment), as readers mistype most often (`rundwon`, `engnie`); plain Levenshtein counted a swap
 * as two, which a four-to-seven-letter word's one allowed typo could not cover. Gives up early
 * once the distance must exceed `max`.
 */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  let previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] as number) + 1);
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    // A swap reaches back two rows: only when neither row can lead within `max` is it over.
    if (rowMin > max && previousMin + 1 > max) return max + 1;
    beforePrevious = previous;
    previous = current;
    previousMin = rowMin;
  }
  return Math.min(previous[b.length] as number, max + 1);
}
