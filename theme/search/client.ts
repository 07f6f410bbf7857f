/**
 * The search client behind both the modal and the search page: the embedded index by default,
 * the hosted service when an application id, key and index are configured. Both speak the hosted
 * service's `search({ requests })` shape, so DocSearch cannot tell them apart.
 */
import type { SearchSettings } from '../data.ts';
import { SEARCH } from '../constants.ts';
import type { CompactIndex, SearchHit } from './types.ts';
import { LocalSearchIndex } from './local-index.ts';

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
  client: LiteSearchClient;
  indexName: string;
  /** One page of results for the search page. */
  searchPage(query: string, page: number): Promise<{ hits: SearchHit[]; nbHits: number; page: number; nbPages: number }>;
}

let cached: Promise<SiteSearchClient> | undefined;

export function createSiteSearchClient(settings: SearchSettings): Promise<SiteSearchClient> {
  cached ??= (settings.mode === 'hosted' ? hostedClient(settings) : localClient(settings)).catch((error: unknown) => {
    cached = undefined; // let a later attempt (the Retry button) try again
    throw error;
  });
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

async function localClient(settings: SearchSettings): Promise<SiteSearchClient> {
  if (!settings.indexUrl) throw new Error('this site has no search index');
  const response = await fetch(settings.indexUrl);
  if (!response.ok) throw new Error(`the search index answered ${response.status}`);
  const index = new LocalSearchIndex((await response.json()) as CompactIndex);
  const agent = { value: 'docsgen-local', add: () => agent };
  const client: LiteSearchClient = {
    async search(request) {
      return {
        results: requestsOf(request).map((r) => {
          const params = { ...(r.params ?? {}), ...r } as Record<string, unknown>;
          const query = String(params.query ?? '');
          const result = index.search(query, {
            hitsPerPage: Number(params.hitsPerPage ?? SEARCH.hitsPerPage),
            page: Number(params.page ?? 0),
            snippetWords: snippetWordsOf(params),
            facetFilters: (params.facetFilters as unknown[] | undefined)?.flat().map(String) ?? [],
          });
          return { ...result, query, params: '', processingTimeMS: 1, exhaustiveNbHits: true, index: r.indexName };
        }),
      };
    },
    addAlgoliaAgent() {},
    transporter: { algoliaAgent: agent },
  };
  return withPaging(client, 'local', settings);
}

async function hostedClient(settings: SearchSettings): Promise<SiteSearchClient> {
  const { liteClient } = await import('algoliasearch/lite');
  const client = liteClient(settings.appId ?? '', settings.apiKey ?? '', {
    // The spec's client timeouts (connect 1 s, read 2 s, write 30 s); a host that failed is
    // skipped for 2 minutes by the client's own retry strategy.
    timeouts: { connect: SEARCH.timeouts.connect * 1000, read: SEARCH.timeouts.read * 1000, write: SEARCH.timeouts.write * 1000 },
    ...(settings.hosts
      ? { hosts: settings.hosts.map((h) => ({ url: h.url, accept: 'readWrite' as const, protocol: h.protocol ?? 'https' })) }
      : {}),
  });
  return withPaging(client as unknown as LiteSearchClient, settings.indexName ?? '', settings);
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
      return { ...result, hits: result.hits.map((hit) => rewriteHitUrl(hit, settings)) };
    },
  };
}

/** Applies `externalUrlRegex` and `replaceSearchResultPathname` to a hit, as the modal does. */
export function rewriteHitUrl<T extends { url: string }>(hit: T, settings: SearchSettings): T {
  let url = hit.url;
  try {
    const parsed = new URL(url, window.location.origin);
    const external = settings.externalUrlRegex ? new RegExp(settings.externalUrlRegex).test(parsed.href) : false;
    if (!external) {
      // Results of this site open in place, whatever host the index recorded.
      url = parsed.pathname + parsed.search + parsed.hash;
      const replace = settings.replaceSearchResultPathname;
      if (replace) url = url.replace(new RegExp(replace.from), replace.to);
    }
  } catch {
    // keep the URL as it was
  }
  return { ...hit, url };
}
