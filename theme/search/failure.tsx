/**
 * "Unable to fetch results" for both search backends. DocSearch 3.9 sets its error state when the
 * client fails, but autocomplete resets the state to idle right after, so its error screen never
 * stays: the reader saw "No results" instead. Here a failed search answers with no hits, marks the
 * modal as failed (search.css hides DocSearch's own screen), and this screen, with DocSearch's
 * markup and the spec's words, is placed in its dropdown until a search succeeds again.
 */
import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { LiteSearchClient } from './client.ts';

export interface FailureState {
  failed(): boolean;
  /** Forgets a failure (the modal opens afresh). */
  reset(): void;
  subscribe(listener: () => void): () => void;
  /** The client, reporting failures here and answering them with no hits. */
  watch(client: LiteSearchClient): LiteSearchClient;
}

export function createFailureState(container: HTMLElement): FailureState {
  let failed = false;
  const listeners = new Set<() => void>();
  const set = (value: boolean) => {
    if (value === failed) return;
    failed = value;
    container.classList.toggle('docsearch-container--failed', value);
    for (const listener of listeners) listener();
  };
  return {
    failed: () => failed,
    reset: () => set(false),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    watch: (client) => ({
      ...client,
      search: (request) =>
        client.search(request).then(
          (answer) => (set(false), answer),
          () => {
            set(true);
            const requests = Array.isArray(request) ? request : request.requests;
            return { results: requests.map((r) => ({ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, query: r.query ?? '', params: '', index: r.indexName })) };
          },
        ),
    }),
  };
}

export function FailureScreen({ state, container }: { state: FailureState; container: HTMLElement }) {
  const failed = useSyncExternalStore(state.subscribe, state.failed);
  const [dropdown, setDropdown] = useState<Element | null>(null);
  useLayoutEffect(() => setDropdown(container.querySelector('.DocSearch-Dropdown')), [container]);
  if (!failed || !dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg width="40" height="40" viewBox="0 0 20 20" fill="none" fillRule="evenodd" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
        </svg>
      </div>
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </div>,
    dropdown,
  );
}
