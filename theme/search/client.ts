/**
 * The search client behind both the modal and the search page: the embedded index by default,
 * the hosted service when an application id, key and index are configured. Both speak the hosted
 * service's `search({ requests })` shape, so DocSearch cannot tell them apart. On the embedded index
 * a result counts pages (`nbHits`), and each page brings its best records as hits.
 */
import type { SearchSettings } from '../data.ts';
import { SEARCH } from '../constants.ts';
import type { SearchHit } from './types.ts';
import { LocalSearchIndex } from './local-index.ts';
import { IndexFileGone, SEARCH_UPDATED_EVENT, SiteUpdated, fetchJson, forgetFetchedJson } from './fetch-json.ts';
import { plainTextHit, safeHit } from './hit-text.ts';

/** Records of one page in the modal: enough to show its best headings, few enough to show several pages. */
const MODAL_RECORDS_PER_PAGE = 3;

export interface SearchRequest {
  indexName: string;
  query?: string;
  params?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface LiteSearchClient {
  search(request: { requests: SearchRequest[] } | SearchRequest[]): Promise<{ results: unknown[] }>;
  addAlgoliaAgent(segment: string, version?: string): void;
  transporter: { algoliaAgent: { value: string; add(options: { segment: string; version?: string }): unknown } };
}

export interface SiteSearchClient {
  /** DocSearch's client: its hits hold escaped text (see SearchHit), from either backend. */
  client: LiteSearchClient;
  indexName: string;
  /** One page of results for the search page: hits whose `hierarchy` and `content` are plain text (React text). */
  searchPage(query: string, page: number): Promise<{ hits: SearchHit[]; nbHits: number; page: number; nbPages: number }>;
}

let cached: SiteSearchClient | undefined;

/**
 * The client is ready at once: the modal mounts while the index (or the hosted service's client)
 * is still loading, and its first search waits for it, so DocSearch shows its own loading state.
 */
export function createSiteSearchClient(settings: SearchSettings): SiteSearchClient {
  cached ??= settings.mode === 'hosted' ? hostedClient(settings) : localClient(settings);
  return cached;
}

function requestsOf(request: { requests: SearchRequest[] } | SearchRequest[]): SearchRequest[] {
  return Array.isArray(request) ? request : request.requests;
}

function snippetWordsOf(params: Record<string, unknown>): number {
  const attributes = params.attributesToSnippet;
  if (Array.isArray(attributes)) {
    for (const a of attributes) {
      const match = /^content:(\d+)$/.exec(String(a));
      if (match) return Number(match[1]);
    }
  }
  return SEARCH.snippetWords;
}

/** Runs a search against the embedded index, loading its manifest on first use. */
type WithIndex = <T>(search: (index: LocalSearchIndex) => Promise<T>) => Promise<T>;

/**
 * The embedded index, opened on first use; a failure is forgotten so that Retry works. When a file
 * its manifest named is gone (the site was deployed again while this page was open), the search
 * runs once more on the manifest fetched anew, so a tab left open keeps finding pages.
 */
function lazyIndex(settings: SearchSettings): WithIndex {
  let index: Promise<LocalSearchIndex> | undefined;
  let revalidate = false;
  const forget = () => {
    index = undefined;
    forgetFetchedJson();
  };
  // Only docsgen serve sends it: its index is rewritten in place on every edit.
  globalThis.addEventListener?.(SEARCH_UPDATED_EVENT, forget);
  const open = () => {
    if (!settings.indexUrl) return Promise.reject(new Error('this site has no search index'));
    const folder = settings.indexUrl.replace(/[^/]*$/, '');
    const load = (name: string) => fetchJson(folder + name, { revalidate: revalidate && name === 'index.json' });
    index ??= LocalSearchIndex.open(load).catch((error: unknown) => {
      index = undefined;
      throw error;
    });
    return index;
  };
  return async (search) => {
    try {
      return await search(await open());
    } catch (error) {
      if (!(error instanceof IndexFileGone)) throw error;
      forget();
      revalidate = true;
      return search(await open());
    }
  };
}

/**
 * DocSearch shows "Unable to fetch results" only for the hosted client's RetryError (every host
 * failed); an index that cannot be fetched is the same situation for the reader.
 */
function unreachable(error: unknown): never {
  if (error instanceof SiteUpdated) throw error; // not a network problem: failure.tsx asks for a reload
  const retry = new Error(`the search index could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  retry.name = 'RetryError';
  throw retry;
}

const fakeAgent = () => {
  const agent = { value: 'docsgen-local', add: () => agent };
  return agent;
};

/** DocSearch's multi-query request answered from the embedded index. */
async function searchAll(loaded: LocalSearchIndex, request: { requests: SearchRequest[] } | SearchRequest[]) {
  const results = await Promise.all(
    requestsOf(request).map(async (r) => {
      const params = { ...(r.params ?? {}), ...r } as Record<string, unknown>;
      const query = String(params.query ?? '');
      const result = await loaded.search(query, {
        hitsPerPage: Number(params.hitsPerPage ?? SEARCH.hitsPerPage),
        page: Number(params.page ?? 0),
        snippetWords: snippetWordsOf(params),
        perPage: MODAL_RECORDS_PER_PAGE,
        facetFilters: (params.facetFilters as unknown[] | undefined)?.flat().map(String) ?? [],
      });
      return { ...result, query, params: '', processingTimeMS: 1, exhaustiveNbHits: true, index: r.indexName };
    }),
  );
  return { results };
}

function localClient(settings: SearchSettings): SiteSearchClient {
  const withIndex = lazyIndex(settings);
  const client: LiteSearchClient = {
    search: (request) => withIndex((loaded) => searchAll(loaded, request)).catch(unreachable),
    addAlgoliaAgent() {},
    transporter: { algoliaAgent: fakeAgent() },
  };
  return {
    client,
    indexName: 'local',
    async searchPage(query, page) {
      const options = { hitsPerPage: SEARCH.hitsPerPage, page, snippetWords: SEARCH.snippetWords, perPage: SEARCH.resultsPerGroup, facetFilters: settings.facetFilters };
      const result = await withIndex((loaded) => loaded.searchPages(query, options));
      return { ...result, hits: result.hits.map((hit) => plainTextHit(rewriteHitUrl(hit, settings))) };
    },
  };
}

function hostedClient(settings: SearchSettings): SiteSearchClient {
  let loaded: Promise<LiteSearchClient> | undefined;
  const real = () =>
    (loaded ??= import('algoliasearch/lite')
      .then(
        ({ liteClient }) =>
          liteClient(settings.appId ?? '', settings.apiKey ?? '', {
            // The spec's client timeouts (connect 1 s, read 2 s, write 30 s); a host that failed is
            // skipped for 2 minutes by the client's own retry strategy.
            timeouts: { connect: SEARCH.timeouts.connect * 1000, read: SEARCH.timeouts.read * 1000, write: SEARCH.timeouts.write * 1000 },
            ...(settings.hosts ? { hosts: settings.hosts.map((h) => ({ url: h.url, accept: 'readWrite' as const, protocol: h.protocol ?? 'https' })) } : {}),
          }) as unknown as LiteSearchClient,
      )
      .catch((error: unknown) => {
        loaded = undefined;
        throw error;
      }));
  const client: LiteSearchClient = {
    // The service returns records as they were uploaded (docsgen's export: raw text) or crawled
    // (escaped), with <mark> added: made safe either way, escaped ones unchanged.
    search: async (request) => safeResults(await (await real()).search(request)),
    addAlgoliaAgent() {},
    transporter: { algoliaAgent: fakeAgent() },
  };
  return withPaging(client, settings.indexName ?? '', settings);
}

function withPaging(client: LiteSearchClient, indexName: string, settings: SearchSettings): SiteSearchClient {
  return {
    client,
    indexName,
    async searchPage(query, page) {
      const { results } = await client.search({
        requests: [
          {
            indexName,
            query,
            page,
            hitsPerPage: SEARCH.hitsPerPage,
            facetFilters: settings.facetFilters,
            attributesToRetrieve: ['hierarchy.lvl0', 'hierarchy.lvl1', 'hierarchy.lvl2', 'hierarchy.lvl3', 'hierarchy.lvl4', 'hierarchy.lvl5', 'hierarchy.lvl6', 'content', 'type', 'url'],
            attributesToSnippet: [`content:${SEARCH.snippetWords}`],
            snippetEllipsisText: '…',
          },
        ],
      });
      const result = results[0] as { hits: SearchHit[]; nbHits: number; page: number; nbPages: number };
      return { ...result, hits: result.hits.map((hit) => plainTextHit(rewriteHitUrl(hit, settings))) };
    },
  };
}

/** A hosted answer with every result's hits made safe to insert as HTML (hit-text.ts). */
function safeResults(answer: { results: unknown[] }): { results: unknown[] } {
  const results = answer.results.map((result) => {
    const hits = (result as { hits?: unknown } | null)?.hits;
    return Array.isArray(hits) ? { ...(result as object), hits: hits.map((hit: SearchHit) => (hit && typeof hit === 'object' ? safeHit(hit) : hit)) } : result;
  });
  return { ...answer, results };
}

/** Applies `externalUrlRegex` and `replaceSearchResultPathname` to a hit, as the modal does. */
export function rewriteHitUrl<T extends { url: string }>(hit: T, settings: SearchSettings): T {
  let url = hit.url;
  try {
    const parsed = new URL(url, window.location.origin);
    // A hit is a web page: a `javascript:` (or other) URL an index might hold links nowhere.
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return { ...hit, url: '#' };
    const external = settings.externalUrlRegex ? new RegExp(settings.externalUrlRegex).test(parsed.href) : false;
    if (!external) {
      // Results of this site open in place, whatever host the index recorded.
      const path = parsed.pathname + parsed.search + parsed.hash;
      const replace = settings.replaceSearchResultPathname;
      const replaced = replace ? path.replace(new RegExp(replace.from), replace.to) : path;
      // Only a path of this site is used (config.yaml checks `to`, but it joins the path matched,
      // and an older build's settings were not checked): one slash, not `//host` or `/\host`,
      // which browsers read as another host, also once they drop tabs and line breaks (`/\t/host`);
      // otherwise the path as found, otherwise the URL as found. (Not urls.ts's isExternal:
      // importing it here split the URL rules into a chunk of their own, one more request and
      // 200 bytes on every page.)
      const sitePath = (value: string) => /^\/(?![/\\])/.test(value.replace(/[\t\n\r]/g, ''));
      url = sitePath(replaced) ? replaced : sitePath(path) ? path : parsed.href;
    }
  } catch {
    // keep the URL as it was
  }
  return { ...hit, url };
}
