/**
 * The DocSearch modal, loaded on first use. One UI for both search backends: DocSearch's own
 * states (idle, loading, stalled after 300 ms, error), recent searches and favorites, and its
 * "No results" / "Unable to fetch results" screens, with our client plugged in underneath.
 */
import { createRoot, type Root } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { DocSearchModal } from '@docsearch/react';
import type { SearchSettings } from '../data.ts';
import { SEARCH } from '../constants.ts';
import { createSiteSearchClient, rewriteHitUrl, type LiteSearchClient } from './client.ts';
import { highlighted } from './highlight.tsx';
import { repairStoredSearches, safeHit, withSectionAsText } from './hit-text.ts';
import { createFailureState, FailureScreen } from './failure.tsx';
import type { SearchHit } from './types.ts';
import { trapFocus } from '../components/focus-trap.ts';
import { repairDocSearchAria } from './aria-repair.ts';
import { createResultsStatus, ResultsStatusRegion } from './results-status.tsx';

export interface SearchModal {
  /** Opens with a query (and caret) typed before the modal loaded; `opener` gets the focus back on close. */
  open(initial?: string | { value: string; caret: number }, opener?: Element | null): void;
  close(): void;
  isOpen(): boolean;
}

/**
 * A code block's hit: titled with the heading it sits under (or the page), the code only as the
 * snippet below it. DocSearch would title a text hit with the text itself.
 */
function CodeHit({ hit }: { hit: SearchHit }) {
  const h = hit.hierarchy;
  // Escaped text (hit-text.ts), shown as text.
  const heading = highlighted(h.lvl6 ?? h.lvl5 ?? h.lvl4 ?? h.lvl3 ?? h.lvl2 ?? h.lvl1 ?? '');
  return (
    <div className="DocSearch-Hit-Container">
      <div className="DocSearch-Hit-icon">
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M7 6l-4 4 4 4M13 6l4 4-4 4" stroke="currentColor" fill="none" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </div>
      <div className="DocSearch-Hit-content-wrapper">
        <span className="DocSearch-Hit-title">{heading}</span>
        <span className="DocSearch-Hit-path docsearch-code-snippet">
          <code>{highlighted(hit._snippetResult.content?.value ?? hit.content ?? '')}</code>
        </span>
      </div>
      <div className="DocSearch-Hit-action">
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <g stroke="currentColor" fill="none" fillRule="evenodd" strokeLinecap="round" strokeLinejoin="round">
            <path d="M18 3v4c0 2-2 4-4 4H2" />
            <path d="M8 17l-6-6 6-6" />
          </g>
        </svg>
      </div>
    </div>
  );
}

export function createSearchModal(settings: SearchSettings, navigate: (url: string) => void): SearchModal {
  const site = createSiteSearchClient(settings);
  const container = document.createElement('div');
  // On the embedded index the footer does not credit the hosted service (search.css hides its logo).
  container.className = `docsearch-container docsearch-container--${settings.mode}`;
  document.body.appendChild(container);
  ignoreBlankQueries(container);
  const failure = createFailureState(container);
  // Inside the failure's watch: a failed search, answered with no hits, is not said as "No results".
  const status = createResultsStatus();
  const client = failure.watch(status.watch(latestAnswerOnly(dialogHits(site.client))));
  // An emptied query shows the recent searches again: the last count no longer applies.
  container.addEventListener('input', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.value.trim() === '') status.clear();
  });
  let root: Root | null = null;
  let opener: Element | null = null;
  let release: (() => void) | undefined;
  let stopAriaRepair: (() => void) | undefined;

  let openedOn = '';
  // A route shown while the dialog is open (not the same page re-rendered by `docsgen serve`).
  const closeOnNewRoute = () => {
    if (window.location.pathname !== openedOn) close();
  };
  const close = () => {
    stopAriaRepair?.();
    stopAriaRepair = undefined;
    root?.unmount();
    root = null;
    document.body.classList.remove('DocSearch--active');
    window.removeEventListener('popstate', close);
    document.removeEventListener('docsgen:route', closeOnNewRoute);
    // The page behind is no longer inert, and focus goes back to the opener (with preventScroll:
    // else the browser scrolls the page to show the sticky navbar's button below the page's scroll
    // padding, and the reader lost their place each time search closed).
    release?.();
    release = undefined;
  };

  const searchPageUrl = (query: string) => `${settings.searchPagePath}?q=${encodeURIComponent(query)}`;
  const render = (initialQuery: string) => (
    <>
    <DocSearchModal
      appId={settings.appId ?? 'local'}
      apiKey={settings.apiKey ?? 'local'}
      indexName={site.indexName}
      initialScrollY={window.scrollY}
      {...(initialQuery ? { initialQuery } : {})}
      onClose={close}
      maxResultsPerGroup={SEARCH.resultsPerGroup}
      searchParameters={{ hitsPerPage: SEARCH.hitsPerPage, facetFilters: settings.facetFilters }}
      transformSearchClient={() => client as never}
      transformItems={(items) => items.map((item) => rewriteHitUrl(item, settings))}
      navigator={{
        navigate: ({ itemUrl }) => navigate(itemUrl),
        navigateNewTab: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
        navigateNewWindow: ({ itemUrl }) => window.open(itemUrl, '_blank', 'noopener'),
      }}
      hitComponent={({ hit, children }) => (
        <a href={hit.url} onClick={() => close()}>
          {(hit as unknown as SearchHit).code ? <CodeHit hit={hit as unknown as SearchHit} /> : children}
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
    />
    <FailureScreen state={failure} container={container} />
    <ResultsStatusRegion status={status} container={container} />
    </>
  );

  const open: SearchModal['open'] = (initial, from) => {
    if (root) return;
    const given = typeof initial === 'string' ? { value: initial, caret: initial.length } : (initial ?? { value: '', caret: 0 });
    const typed = given.value.trim() === '' ? { value: '', caret: 0 } : given;
    opener = from ?? document.activeElement;
    failure.reset();
    status.clear();
    repairStoredSearches(site.indexName);
    root = createRoot(container);
    const mounting = root;
    // Rendered and focused within this task, so that a keystroke queued meanwhile lands in DocSearch's input.
    flushSync(() => mounting.render(render(typed.value.slice(0, SEARCH.maxQueryLength))));
    stopAriaRepair = repairDocSearchAria(container);
    const input = container.querySelector<HTMLInputElement>('.DocSearch-Input');
    if (input && typed.value) {
      input.focus();
      input.setSelectionRange(typed.caret, typed.caret);
    }
    // A modal dialog: Tab and Shift+Tab cycle through its controls (DocSearch's own trap knows only
    // the controls of its first render, so Tab went on from "See all" to the page behind), and the
    // page behind is inert: no Tab, click or Enter reaches its links while the dialog covers it.
    release = trapFocus(container.querySelector<HTMLElement>('.DocSearch-Modal') ?? container, { inertRoot: container, returnFocus: () => opener });
    // A page that changes underneath (Back, Forward, any client navigation) closes the dialog.
    openedOn = window.location.pathname;
    window.addEventListener('popstate', close);
    document.addEventListener('docsgen:route', closeOnNewRoute);
  };
  return { open, close, isOpen: () => root !== null };
}

/**
 * The hits as the dialog shows them: safe to insert as HTML whatever the backend (already so from
 * both; checked here, where DocSearch takes them), with the section read as text by the group
 * titles. Before DocSearch sees the answer, which it groups by section on arrival.
 */
function dialogHits(client: LiteSearchClient): LiteSearchClient {
  const hitsOf = (result: unknown) => (result as { hits?: unknown } | null)?.hits;
  return {
    ...client,
    async search(request) {
      const answer = await client.search(request);
      const results = answer.results.map((result) => {
        const hits = hitsOf(result);
        return Array.isArray(hits) ? { ...(result as object), hits: hits.map((hit: SearchHit) => withSectionAsText(safeHit(hit))) } : result;
      });
      return { ...answer, results };
    },
  };
}

/**
 * DocSearch searches on every keystroke and keeps the hits of the latest query, but it sets the
 * count behind "See all N results" (`nbHits`) from whichever answer comes last: when the answer for
 * "m" arrived after the one for "mos", the hits were those of "mos" and the footer said "See all 140
 * results", the count of "m". Here an answer for a query that is no longer the latest is dropped:
 * its request waits for the latest one and gets that answer (hits and count) instead.
 */
function latestAnswerOnly(client: LiteSearchClient): LiteSearchClient {
  type Answer = ReturnType<LiteSearchClient['search']>;
  let latest: Answer | undefined;
  const current = (answer: Answer): Answer =>
    answer.then(
      (result) => (answer === latest || !latest ? result : current(latest)),
      (error: unknown) => {
        if (answer === latest || !latest) throw error;
        return current(latest);
      },
    );
  return {
    ...client,
    search(request) {
      const answer = client.search(request);
      latest = answer;
      return current(answer);
    },
  };
}

/**
 * A query of spaces only is no query: DocSearch would search for it and say `No results for " "`.
 * Such an input is emptied before DocSearch sees it (a capturing listener on window runs before
 * React's on the root), so the start screen with recent searches stays.
 */
function ignoreBlankQueries(container: HTMLElement): void {
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  window.addEventListener(
    'input',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !container.contains(input) || !input.classList.contains('DocSearch-Input')) return;
      if (input.value === '' || input.value.trim() !== '') return;
      event.stopImmediatePropagation();
      setValue?.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    },
    true,
  );
}
