/**
 * The DocSearch modal, loaded on first use. One UI for both search backends: DocSearch's own
 * states (idle, loading, stalled after 300 ms, error), recent searches and favorites, and its
 * "No results" / "Unable to fetch results" screens, with our client plugged in underneath.
 */
import { createRoot, type Root } from 'react-dom/client';
import { DocSearchModal } from '@docsearch/react';
import type { SearchSettings } from '../data.ts';
import { SEARCH } from '../constants.ts';
import { createSiteSearchClient, rewriteHitUrl, type SiteSearchClient } from './client.ts';

export interface SearchModal {
  open(initialQuery?: string): void;
  close(): void;
  isOpen(): boolean;
}

export async function createSearchModal(settings: SearchSettings, navigate: (url: string) => void): Promise<SearchModal> {
  const site: SiteSearchClient = await createSiteSearchClient(settings);
  const container = document.createElement('div');
  container.className = 'docsearch-container';
  document.body.appendChild(container);
  let root: Root | null = null;
  let opener: Element | null = null;

  const close = () => {
    root?.unmount();
    root = null;
    document.body.classList.remove('DocSearch--active');
    if (opener instanceof HTMLElement) opener.focus();
  };

  const open = (initialQuery?: string) => {
    if (root) return;
    opener = document.activeElement;
    root = createRoot(container);
    const searchPageUrl = (query: string) => `${settings.searchPagePath}?q=${encodeURIComponent(query)}`;
    root.render(
      <DocSearchModal
        appId={settings.appId ?? 'local'}
        apiKey={settings.apiKey ?? 'local'}
        indexName={site.indexName}
        initialScrollY={window.scrollY}
        {...(initialQuery ? { initialQuery } : {})}
        onClose={close}
        maxResultsPerGroup={SEARCH.resultsPerGroup}
        searchParameters={{ hitsPerPage: SEARCH.hitsPerPage, facetFilters: settings.facetFilters }}
        transformSearchClient={() => site.client as never}
        transformItems={(items) => items.map((item) => rewriteHitUrl(item, settings))}
        navigator={{
          navigate: ({ itemUrl }) => navigate(itemUrl),
          navigateNewTab: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
          navigateNewWindow: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
        }}
        hitComponent={({ hit, children }) => (
          <a href={hit.url} onClick={() => close()}>
            {children}
          </a>
        )}
        resultsFooterComponent={({ state }) => {
          const count = (state.context as { nbHits?: number }).nbHits ?? 0;
          return (
            <a className="docsearch-see-all" href={searchPageUrl(state.query)} onClick={() => close()}>
              {`See all ${count} results`}
            </a>
          );
        }}
        {...(settings.missingResultsUrl
          ? { getMissingResultsUrl: ({ query }: { query: string }) => (settings.missingResultsUrl as string).replace('{query}', encodeURIComponent(query)) }
          : {})}
      />,
    );
  };
  return { open, close, isOpen: () => root !== null };
}
