/**
 * The search results page (`<base>/search?q=…`): the query lives in the URL, results are grouped by
 * page with highlighted snippets, and more results load as the reader reaches the end.
 */
import { useEffect, useRef, useState } from 'react';
import { useSite } from '../context.tsx';
import { ADDRESS_CHANGED_EVENT, SEARCH } from '../constants.ts';
import { LazyError } from '../components/LazyError.tsx';
import { useIsomorphicLayoutEffect } from '../components/use-isomorphic-layout-effect.ts';
import type { Level, SearchHit } from '../search/types.ts';
import { highlighted } from '../search/highlight.tsx';
import { isSiteUpdated, ReloadPageButton, SITE_UPDATED } from '../search/site-updated.tsx';
import { keepInEntry, keptInEntry, restoreScrollAfterLayout } from '../client/scroll-memory.ts';

/** The history entry's record of how far its results were loaded, so Back and a reload load as many again. */
const LOADED_FIELD = 'searchLoaded';
type Loaded = { query: string; pages: number };

/** How many result pages of `query` this history entry had loaded (1 when it had none of this query). */
function pagesLoadedBefore(query: string): number {
  const kept = keptInEntry(LOADED_FIELD) as Partial<Loaded> | undefined;
  return kept?.query === query && typeof kept.pages === 'number' && kept.pages > 1 ? kept.pages : 1;
}

interface Results {
  query: string;
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  /** Loaded to where the history entry had been: its saved position applies again once shown. */
  restored?: boolean;
}

export function SearchPage() {
  const site = useSite();
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<Results | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const sentinel = useRef<HTMLDivElement>(null);
  // More results (and the loading line before them) go in above the footer: a link the keyboard
  // reached there is kept in view, however the load and the Tab presses interleave.
  useIsomorphicLayoutEffect(() => {
    focusedBelow(sentinel.current)?.scrollIntoView({ block: 'nearest' });
  }, [results, loading]);

  // The address holds the query: read once hydrated (the server rendered none), and again whenever a
  // navigation keeps this page at another address (a link, "See all N results", Back and Forward).
  useEffect(() => {
    const follow = () => setQuery(addressQuery());
    follow();
    window.addEventListener(ADDRESS_CHANGED_EVENT, follow);
    return () => window.removeEventListener(ADDRESS_CHANGED_EVENT, follow);
  }, []);

  // Counts searches: an answer is shown only while no later search (another query, more results
  // of another query) has started, so a slow one can never replace what the reader asked for since.
  const latest = useRef(0);
  const run = async (q: string, page: number) => {
    const id = ++latest.current;
    if (!q) {
      setResults(null);
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      const { createSiteSearchClient } = await import('../search/client.ts');
      const client = createSiteSearchClient(site.search);
      // A first answer loads as many result pages as this entry had (Back, a reload), so the
      // reading position saved with it is on the page again.
      const pages = page === 0 ? pagesLoadedBefore(q) : 1;
      const answers = await Promise.all(Array.from({ length: pages }, (_, i) => client.searchPage(q, page + i)));
      if (id !== latest.current) return;
      const res = answers[answers.length - 1] as (typeof answers)[number];
      const hits = answers.flatMap((answer) => answer.hits);
      setError(null);
      setResults((previous) =>
        page > 0 && previous && previous.query === q ? { ...res, query: q, hits: [...previous.hits, ...hits] } : { ...res, query: q, hits, restored: pages > 1 },
      );
    } catch (e) {
      if (id === latest.current) setError(e instanceof Error ? e : new Error(String(e)));
    } finally {
      if (id === latest.current) setLoading(false);
    }
  };

  useEffect(() => {
    const url = new URL(window.location.href);
    if (query) url.searchParams.set('q', query);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
    latest.current++; // what is still on its way answers the query before this one
    const timer = setTimeout(() => void run(query, 0), 150);
    return () => clearTimeout(timer);
  }, [query, attempt]);

  useEffect(() => {
    if (!results) return;
    keepInEntry({ [LOADED_FIELD]: { query: results.query, pages: results.page + 1 } satisfies Loaded });
    if (results.restored) restoreScrollAfterLayout();
  }, [results]);

  useEffect(() => {
    const el = sentinel.current;
    // More of the results on screen, while they are still those of the query typed.
    if (!el || !results || results.query !== query || results.page + 1 >= results.nbPages) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !loading) void run(results.query, results.page + 1);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [results, loading, query]);

  const groups = groupByPage(results?.hits ?? []);
  return (
    <main id="main-content" tabIndex={-1} className="search-page">
      <h1>{query ? `Search results for "${query}"` : 'Search the documentation'}</h1>
      <form className="search-page__form" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="search-page-input" className="visually-hidden">
          Search query
        </label>
        <input
          id="search-page-input"
          type="search"
          className="search-page__input"
          value={query}
          maxLength={SEARCH.maxQueryLength}
          placeholder="Type your search here"
          autoComplete="off"
          onChange={(e) => setQuery(asQuery(e.target.value))}
        />
      </form>
      {/* Without JavaScript the box would take a query and answer nothing: say why, and what works. */}
      <noscript>
        <p className="search-page__noscript">
          Search needs JavaScript, which is turned off in this browser. The navigation bar above and the documentation's sidebar still lead to every page.
        </p>
      </noscript>
      {isSiteUpdated(error) ? (
        // Retrying cannot help: this page's code cannot read the index of the site as it is now.
        <div className="lazy-error" role="alert">
          <p>
            <strong>{SITE_UPDATED.title}.</strong> {SITE_UPDATED.help}
          </p>
          <ReloadPageButton />
        </div>
      ) : error ? (
        <LazyError what="Search results" error={error} onRetry={() => setAttempt((a) => a + 1)} />
      ) : null}
      <p className="search-page__count" role="status">
        {results ? (results.nbHits === 0 ? `No results for "${results.query}"` : `${results.nbHits} ${results.nbHits === 1 ? 'document' : 'documents'} found`) : ''}
      </p>
      <ol className="search-page__results">
        {groups.map((group) => (
          <li key={group.page} className="search-result">
            <h2 className="search-result__title">
              <a href={group.hits[0]?.url ?? group.page}>{group.title}</a>
            </h2>
            <p className="search-result__path">{group.path}</p>
            <ul>
              {group.hits.slice(0, SEARCH.resultsPerGroup).map((hit) => (
                <li key={hit.objectID}>
                  <a href={hit.url} className="search-result__hit">
                    {hit.type !== 'lvl1' ? <span className="search-result__heading">{highlighted(hit._highlightResult?.hierarchy?.[hit.type as Level]?.value ?? hitHeading(hit))}</span> : null}
                    {hit._snippetResult?.content?.value ? (
                      <span className="search-result__snippet">{hit.code ? <code>{highlighted(hit._snippetResult.content.value)}</code> : highlighted(hit._snippetResult.content.value)}</span>
                    ) : null}
                  </a>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      {loading ? (
        <p role="status" className="search-page__loading">
          <span className="spinner" aria-hidden="true" /> Fetching results…
        </p>
      ) : null}
      <div ref={sentinel} className="search-page__sentinel" />
    </main>
  );
}

/** The focused element when it comes after `marker` in the page (the footer, below the results). */
function focusedBelow(marker: Element | null): Element | undefined {
  const focused = document.activeElement;
  if (!marker || !focused || focused === document.body) return undefined;
  return marker.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING ? focused : undefined;
}

/** The query in the address (`?q=`). */
function addressQuery(): string {
  return asQuery(new URLSearchParams(window.location.search).get('q') ?? '');
}

/** Text as a query: no longer than a query may be, and none at all if only spaces (as in the dialog). */
function asQuery(text: string): string {
  const query = text.slice(0, SEARCH.maxQueryLength);
  return query.trim() ? query : '';
}

/** The heading a hit sits under: its own, or for text and code the nearest one above it. */
function hitHeading(hit: SearchHit): string {
  const levels = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2', 'lvl1'] as const;
  if (hit.type !== 'content') return hit.hierarchy[hit.type] ?? hit.hierarchy.lvl1 ?? '';
  return levels.map((l) => hit.hierarchy[l]).find(Boolean) ?? '';
}

function groupByPage(hits: SearchHit[]): { page: string; title: string; path: string; hits: SearchHit[] }[] {
  const groups = new Map<string, { page: string; title: string; path: string; hits: SearchHit[] }>();
  for (const hit of hits) {
    const page = hit.url.split('#')[0] ?? hit.url;
    let group = groups.get(page);
    if (!group) {
      const h = hit.hierarchy;
      group = { page, title: h.lvl1 ?? h.lvl0 ?? page, path: [h.lvl0].filter(Boolean).join(' › '), hits: [] };
      groups.set(page, group);
    }
    group.hits.push(hit);
  }
  return [...groups.values()];
}
