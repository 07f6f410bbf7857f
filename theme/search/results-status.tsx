/**
 * What the dialog found, said to a screen reader. DocSearch shows the hits and "No results for …"
 * but announces neither: a reader typing a query heard nothing until they arrowed into the list
 * (WCAG 4.1.3, status messages). A polite status inside the dialog says "12 results for “mos”" or
 * "No results for “xyz”" once the answers stop coming for a moment, so that typing a word is one
 * announcement, not one a keystroke. A failed search says nothing here: its screen is an alert.
 */
import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import type { LiteSearchClient } from './client.ts';
import { createDialogValue, useDialogElement } from './dialog-parts.ts';

/** How long the answers must pause before the count is said (a typed word is one announcement). */
export const STATUS_DELAY_MS = 500;

export interface ResultsStatus {
  text(): string;
  subscribe(listener: () => void): () => void;
  /** Says nothing until the next answer (the query was emptied, the dialog opens afresh). */
  clear(): void;
  /** The client, reporting each answer's count here. */
  watch(client: LiteSearchClient): LiteSearchClient;
}

export function createResultsStatus(delayMs = STATUS_DELAY_MS): ResultsStatus {
  const said = createDialogValue('');
  let timer: ReturnType<typeof setTimeout> | undefined;
  let requests = 0;
  const clear = () => {
    clearTimeout(timer);
    said.set('');
  };
  const report = (query: string, count: number) => {
    clearTimeout(timer);
    said.set(''); // a new query's count is said again even when it is the same text
    timer = setTimeout(() => said.set(resultsMessage(query, count)), delayMs);
  };
  return {
    text: said.get,
    subscribe: said.subscribe,
    clear,
    watch: (client) => ({
      ...client,
      search(request) {
        // Only the latest query's answer is said: an earlier request may be answered with a later
        // query's results (see latestAnswerOnly in modal.tsx), which its own query does not name.
        const mine = ++requests;
        const query = (Array.isArray(request) ? request : request.requests)[0]?.query?.trim() ?? '';
        return client.search(request).then(
          (answer) => {
            const count = (answer.results[0] as { nbHits?: number } | undefined)?.nbHits ?? 0;
            if (mine === requests && query) report(query, count);
            return answer;
          },
          (error: unknown) => {
            if (mine === requests) clear();
            throw error;
          },
        );
      },
    }),
  };
}

/** The words the status says for a query's answer. */
export function resultsMessage(query: string, count: number): string {
  if (count === 0) return `No results for “${query}”`;
  return `${count} ${count === 1 ? 'result' : 'results'} for “${query}”`;
}

/** The status itself, inside the dialog (outside it, `aria-modal` hides it from a screen reader). */
export function ResultsStatusRegion({ status, container }: { status: ResultsStatus; container: HTMLElement }) {
  const text = useSyncExternalStore(status.subscribe, status.text);
  const dialog = useDialogElement(container, '.DocSearch-Modal');
  if (!dialog) return null;
  return createPortal(
    <p className="visually-hidden docsearch-status" role="status">
      {text}
    </p>,
    dialog,
  );
}
