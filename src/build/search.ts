/**
 * Stage "search": DocSearch-shaped records of every page and API operation, and the embedded
 * index the browser loads piece by piece on first search (src/search/shards.ts). Full records of a
 * large site are hundreds of megabytes, so they are kept only for `docsgen search export`.
 */
import { createHash } from 'node:crypto';
import { pageIndexRecords, apiRecords, type IndexedRecord } from '../search/records.ts';
import { fixedNames, indexFiles, pageEntry, pageEntryFromBlocks, PageIndex, type IndexFileNames, type PageEntry } from '../search/shards.ts';
import { loadPageKeysMemo, type PageKeysMemo } from '../search/keys-memo.ts';
import { hashText } from '../cache/fingerprint.ts';
import type { RouteEntry } from '../routes.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { SearchRecord } from '../../theme/search/types.ts';
import { DEV_SEARCH_FILES, SEARCH_INDEX_REL } from './output-paths.ts';
import { docsVersionTag } from '../site/site-data.ts';
import { withBase } from '../../theme/urls.ts';
import type { Project } from './project.ts';

export interface SearchIndex {
  /** The index's entry file (its manifest), relative to out/: always SEARCH_INDEX_REL. */
  rel: string;
  /** Every file of the index, relative to out/. */
  files: { rel: string; contents: string }[];
  /** Every record, when asked for (export). */
  records: SearchRecord[];
  /** The pages' index as it was built, for the next edit to update in place (serve, build --watch). */
  kept?: KeptIndex;
}

/** What an edit needs of the previous index to update it by page. */
interface KeptIndex {
  index: PageIndex;
  /** The URLs of the routes that can be searched, in order (a page with no records has no entry). */
  urls: string[];
  /** Each page in the index by URL: its id, and what its entry was made from. */
  pages: Map<string, { id: number; source: object; shown: string }>;
  /** The name of each folder of fragments, by its first file, with the contents it was named from. */
  folders: Map<string, { texts: string[]; name: string }>;
  /** The name of each shard by its text, for the shards of the last index written. */
  shardNames: Map<string, string>;
  /** Each route as the index last saw it: an edit keeps every other route's object, and its entry here. */
  searchable: WeakMap<RouteEntry, SearchableRoute>;
}

/** A route that can be searched: what its records are made from, and the records or its index entry when needed. */
interface SearchableRoute {
  url: string;
  /** The page's rendered markdown or its API description: a new object when the page changed. */
  source: object;
  /** What else of the route its records show (section, title, description). */
  shown: string;
  records: () => IndexedRecord[];
  /** Its entry in the index, undefined when it has no records; its keys from `memo` where it holds them. */
  entry: (memo?: PageKeysMemo) => PageEntry | undefined;
}

type IndexMeta = { language: string; tag: string };

/**
 * The routes that can be searched. `known`: those of the index an edit updates, taken as they were
 * for a route that is the same object with the same rendered markdown (at 10,000 pages making them
 * all again was 40 ms of every edit); an edit of a page's text changes no other page's route.
 */
function searchableRoutes(project: Project, routes: readonly RouteEntry[], rendered: ReadonlyMap<DocSource, RenderedMarkdown>, meta: IndexMeta, known?: WeakMap<RouteEntry, SearchableRoute>): [RouteEntry, SearchableRoute][] {
  const searchable: [RouteEntry, SearchableRoute][] = [];
  for (const route of routes) {
    const before = known?.get(route);
    const entry = before && before.source === searchSource(route, rendered) ? before : searchableRoute(project.config, route, rendered, meta);
    if (entry) searchable.push([route, entry]);
  }
  return searchable;
}

/** What a route's records are made from: a doc's rendered markdown (the doc itself before it is rendered), an API page's data. */
function searchSource(route: RouteEntry, rendered: ReadonlyMap<DocSource, RenderedMarkdown>): object | undefined {
  if (route.page.kind === 'doc' && route.doc) return rendered.get(route.doc) ?? route.doc;
  return route.page.kind === 'api' ? route.page.api : undefined;
}

function searchableRoute(config: Project['config'], route: RouteEntry, rendered: ReadonlyMap<DocSource, RenderedMarkdown>, meta: IndexMeta): SearchableRoute | undefined {
  // The source kept with the entry is what searchableRoutes compares: the same function makes both.
  const source = searchSource(route, rendered);
  if (!source) return undefined;
  const url = withBase(config.baseUrl, route.page.route);
  if (route.page.kind === 'api' && route.page.api) {
    const api = route.page.api;
    const records = () => apiRecords(api, url, meta);
    return { url, source, shown: '', records, entry: (memo) => entryOfRecords(url, records(), memo) };
  }
  const md = route.doc ? rendered.get(route.doc) : undefined;
  const page = { url, section: route.section ?? config.title, title: route.page.title, description: route.page.description, blocks: md?.searchBlocks ?? [] };
  const records = () => pageIndexRecords(page, meta);
  const blocksHash = md?.searchBlocksHash;
  // A doc always has its page's record.
  const entry = (memo?: PageKeysMemo) => (memo && blocksHash ? pageEntryFromBlocks(page, blocksHash, meta, memo) : entryOfRecords(url, records(), memo));
  return { url, source, shown: JSON.stringify([page.section, page.title, page.description]), records, entry };
}

function entryOfRecords(url: string, records: IndexedRecord[], memo: PageKeysMemo | undefined): PageEntry | undefined {
  return records.length > 0 ? pageEntry({ url, records }, memo) : undefined;
}

/** The index of every searchable route, made afresh (unchanged pages' keys from the memo). */
function indexAll(routes: readonly SearchableRoute[], meta: IndexMeta, options: { keepRecords: boolean; memo: PageKeysMemo }): { kept: KeptIndex; records: SearchRecord[] } {
  const records: SearchRecord[] = [];
  const entries: PageEntry[] = [];
  const pages: KeptIndex['pages'] = new Map();
  for (const route of routes) {
    const entry = route.entry(options.memo);
    if (!entry) continue;
    pages.set(route.url, { id: entries.length, source: route.source, shown: route.shown });
    entries.push(entry);
    if (options.keepRecords) records.push(...route.records().map(({ code: _code, ...record }) => record));
  }
  return { kept: { index: new PageIndex(entries, meta), urls: routes.map((r) => r.url), pages, folders: new Map(), shardNames: new Map(), searchable: new WeakMap() }, records };
}

/**
 * The previous index with the entries of the routes whose source changed made again; undefined when
 * the routes are not the same pages in the same order, or a page gained or lost its only records.
 */
function indexEdited(kept: KeptIndex, routes: readonly SearchableRoute[]): KeptIndex | undefined {
  if (routes.length !== kept.urls.length || routes.some((route, i) => route.url !== kept.urls[i])) return undefined;
  const changed: [number, PageEntry, SearchableRoute][] = [];
  for (const route of routes) {
    const page = kept.pages.get(route.url);
    if (page && page.source === route.source && page.shown === route.shown) continue;
    const records = route.records();
    if (!page) {
      if (records.length > 0) return undefined;
      continue;
    }
    if (records.length === 0) return undefined;
    changed.push([page.id, pageEntry({ url: route.url, records }), route]);
  }
  for (const [id, entry, route] of changed) {
    kept.index.replace(id, entry);
    kept.pages.set(route.url, { id, source: route.source, shown: route.shown });
  }
  return kept;
}

/**
 * Writes the index as files: each shard named by its bytes (`terms/<hash>.json`), each folder of
 * fragments by its files. The dev server's files keep fixed names instead (`dev/`): it rewrites
 * the changed ones in place.
 */
function indexAsFiles(kept: KeptIndex, stableName: boolean): SearchIndex['files'] {
  const files = indexFiles(kept.index.index(), stableName ? fixedNames(DEV_SEARCH_FILES) : namesByBytes(kept));
  const folder = SEARCH_INDEX_REL.slice(0, SEARCH_INDEX_REL.lastIndexOf('/'));
  return [...files].map(([file, contents]) => ({ rel: `${folder}/${file}`, contents }));
}

/** The folder, inside the index's, of the shards of a build. */
const SHARD_FOLDER = 'terms';

/** Names by bytes; a shard or folder that is the same text as in the last index keeps its name without being hashed again. */
function namesByBytes(kept: KeptIndex): IndexFileNames {
  const previousShards = kept.shardNames;
  // Only this index's shards are remembered: a large site's edits would otherwise pile them up.
  kept.shardNames = new Map();
  return {
    shard(text) {
      const name = previousShards.get(text) ?? `${SHARD_FOLDER}/${hashText(text).slice(0, 12)}.json`;
      kept.shardNames.set(text, name);
      return name;
    },
    folder(contents) {
      const texts = [...contents.values()];
      const first = contents.keys().next().value ?? '';
      const known = kept.folders.get(first);
      if (known && known.texts.length === texts.length && known.texts.every((text, i) => text === texts[i])) return known.name;
      const name = contentsName(contents);
      kept.folders.set(first, { texts, name });
      return name;
    },
  };
}

function contentsName(contents: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [file, text] of contents) hash.update(file).update('\u0000').update(text).update('\u0000');
  return hash.digest('hex').slice(0, 10);
}

/**
 * The index of a site's pages as they are now. An edit (`previous` given) updates the previous index
 * for the pages whose source changed; a full build makes it afresh, each unchanged page's search keys
 * taken from the memo of earlier builds. Pages are rendered before the index exists, and an edit
 * to one page changes the index: so pages name only the manifest, whose URL never changes, and the
 * manifest names the shards and the folders of the fragments, each by its bytes (a browser never
 * mixes two builds' files; an edit leaves every other page's HTML, the other pages' fragment
 * folders and the shards of words it did not change as they were). The dev server's index keeps
 * fixed names: it rewrites changed files in place.
 */
export async function searchStage(
  site: { project: Project; routes: readonly RouteEntry[]; rendered: ReadonlyMap<DocSource, RenderedMarkdown>; serve: boolean },
  options: { keepRecords: boolean; previous?: SearchIndex; keepForEdits: boolean },
): Promise<SearchIndex> {
  const meta = { language: site.project.config.locale, tag: docsVersionTag(site.project.config) };
  const updatable = options.keepRecords ? undefined : options.previous?.kept;
  const pairs = searchableRoutes(site.project, site.routes, site.rendered, meta, updatable?.searchable);
  const routes = pairs.map(([, route]) => route);
  const edited = updatable ? indexEdited(updatable, routes) : undefined;
  if (edited) {
    edited.searchable = new WeakMap(pairs);
    return { rel: SEARCH_INDEX_REL, files: indexAsFiles(edited, site.serve), records: [], kept: edited };
  }
  const memo = await loadPageKeysMemo(site.project.projectCache);
  const { kept, records } = indexAll(routes, meta, { keepRecords: options.keepRecords, memo });
  kept.searchable = new WeakMap(pairs);
  await memo.save();
  // A one-shot build lets the postings go with the stage (tens of megabytes at 10,000 pages).
  return { rel: SEARCH_INDEX_REL, files: indexAsFiles(kept, site.serve), records, ...(options.keepForEdits ? { kept } : {}) };
}

/** The files of `before` that `after` no longer has (a build names the index's files by their bytes). */
export function removedSearchFiles(before: SearchIndex, after: SearchIndex): string[] {
  const kept = new Set(after.files.map((f) => f.rel));
  return before.files.map((f) => f.rel).filter((rel) => !kept.has(rel));
}

/** The files of `after` that differ from `before` (an edit rewrites only those). */
export function changedSearchFiles(before: SearchIndex | undefined, after: SearchIndex): SearchIndex['files'] {
  const previous = new Map(before?.files.map((f) => [f.rel, f.contents]));
  return after.files.filter((f) => previous.get(f.rel) !== f.contents);
}


