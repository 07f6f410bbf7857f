/**
 * The API page's filter text, kept in the history entry's state (`history.state.apiFilter`) with the
 * scroll position (scroll-memory.ts writes both, when scrolling or typing pauses, a link is clicked
 * or the page is hidden; the text also at once in sessionStorage, for a Back before that): Back,
 * Forward and reload bring the reader to the list they had narrowed, at the place they were reading
 * in it, instead of every operation again.
 */
import { keepInEntry, keptInEntry } from '../scroll-memory.ts';

/** The filter text saved with the current history entry; undefined for an entry the API page has not shown yet. */
export function savedFilter(): string | undefined {
  const query = keptInEntry('apiFilter');
  return typeof query === 'string' ? query : undefined;
}

/** Keeps `query` as the current entry's filter text. */
export function rememberFilter(query: string): void {
  keepInEntry({ apiFilter: query });
}
