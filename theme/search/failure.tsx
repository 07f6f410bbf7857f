/**
 * "Unable to fetch results" for both search backends (or, when the index is of a newer site than
 * this page's code, "This site was updated" with a reload). DocSearch 3.9 sets its error state when the
 * client fails, but autocomplete resets the state to idle right after, so its error screen never
 * stays: the reader saw "No results" instead. Here a failed search answers with no hits, marks the
 * modal as failed (search.css hides DocSearch's own screen), and this screen, with DocSearch's
 * markup and the spec's words, is placed in its dropdown until a search succeeds again.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { LiteSearchClient } from './client.ts';
import { isSiteUpdated, ReloadPageButton, SITE_UPDATED } from './site-updated.tsx';
import { createDialogValue, useDialogElement } from './dialog-parts.ts';

/** Why the last search failed: the index could not be fetched, or it is a newer site's (reload). */
export type Failure = 'unreachable' | 'site-updated';

export interface FailureState {
  failed(): Failure | undefined;
  /** Forgets a failure (the modal opens afresh). */
  reset(): void;
  subscribe(listener: () => void): () => void;
  /** The client, reporting failures here and answering them with no hits. */
  watch(client: LiteSearchClient): LiteSearchClient;
}

export function createFailureState(container: HTMLElement): FailureState {
  const failed = createDialogValue<Failure | undefined>(undefined, (value) => container.classList.toggle('docsearch-container--failed', value !== undefined));
  return {
    failed: failed.get,
    reset: () => failed.set(undefined),
    subscribe: failed.subscribe,
    watch: (client) => ({
      ...client,
      search: (request) =>
        client.search(request).then(
          (answer) => (failed.set(undefined), answer),
          (error: unknown) => {
            failed.set(isSiteUpdated(error) ? 'site-updated' : 'unreachable');
            const requests = Array.isArray(request) ? request : request.requests;
            return { results: requests.map((r) => ({ hits: [], nbHits: 0, page: 0, nbPages: 0, hitsPerPage: 0, query: r.query ?? '', params: '', index: r.indexName })) };
          },
        ),
    }),
  };
}

export function FailureScreen({ state, container }: { state: FailureState; container: HTMLElement }) {
  const failed = useSyncExternalStore(state.subscribe, state.failed);
  const dropdown = useDialogElement(container, '.DocSearch-Dropdown');
  if (!failed || !dropdown) return null;
  return createPortal(
    <div className="DocSearch-ErrorScreen" role="alert">
      <div className="DocSearch-Screen-Icon">
        <svg width="40" height="40" viewBox="0 0 20 20" fill="none" fillRule="evenodd" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          {failed === 'site-updated' ? (
            <path d="M3 10a7 7 0 0112.2-4.7M17 10a7 7 0 01-12.2 4.7M15.5 1.8v3.7h-3.7M4.5 18.2v-3.7h3.7" />
          ) : (
            <path d="M19 4.8a16 16 0 00-2-1.2m-3.3-1.2A16 16 0 001.1 4.7M16.7 8a12 12 0 00-2.8-1.4M10 6a12 12 0 00-6.7 2M12.3 14.7a4 4 0 00-4.5 0M14.5 11.4A8 8 0 0010 10M3 16L18 2M10 18h0" />
          )}
        </svg>
      </div>
      {failed === 'site-updated' ? <SiteUpdatedMessage /> : <UnreachableMessage />}
    </div>,
    dropdown,
  );
}

function UnreachableMessage() {
  return (
    <>
      <p className="DocSearch-Title">Unable to fetch results</p>
      <p className="DocSearch-Help">You might want to check your network connection.</p>
    </>
  );
}

/** Retrying cannot help: this page's code cannot read the new index. */
function SiteUpdatedMessage() {
  return (
    <>
      <p className="DocSearch-Title">{SITE_UPDATED.title}</p>
      <p className="DocSearch-Help">{SITE_UPDATED.help}</p>
      <ReloadPageButton />
    </>
  );
}
