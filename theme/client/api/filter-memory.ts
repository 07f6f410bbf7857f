/**
 * The API page's filter text, kept in the history entry's state (`history.state.apiFilter`) as the
 * scroll position is (scroll-memory.ts): Back, Forward and reload bring the reader to the list they
 * had narrowed, at the place they were reading in it, instead of every operation again.
 */

interface FilterState {
  apiFilter?: string;
}

/** How long typing must pause before the text is written (the browser limits replaceState calls). */
const SAVE_AFTER_MS = 250;
let pending: { timer: ReturnType<typeof setTimeout>; query: string } | undefined;

/** The filter text saved with the current history entry; undefined for an entry the API page has not shown yet. */
export function savedFilter(): string | undefined {
  const query = (window.history.state as FilterState | null)?.apiFilter;
  return typeof query === 'string' ? query : undefined;
}

/** Writes `query` into the current entry once typing pauses (at once when the entry is left: see keepFilterText). */
export function rememberFilter(query: string): void {
  if (pending) clearTimeout(pending.timer);
  if (query === savedFilter()) return void (pending = undefined);
  pending = { timer: setTimeout(saveNow, SAVE_AFTER_MS), query };
}

function saveNow(): void {
  if (!pending) return;
  clearTimeout(pending.timer);
  const { query } = pending;
  pending = undefined;
  window.history.replaceState({ ...((window.history.state as object | null) ?? {}), apiFilter: query }, '');
}

/**
 * Saves text still waiting when the entry is left (a link clicked, the page hidden); a popstate
 * drops it, as it belongs to the entry the reader just left. Returns the clean-up.
 */
export function keepFilterText(): () => void {
  const onClick = (event: Event) => (event.target as Element | null)?.closest?.('a[href]') && saveNow();
  const onPopState = () => {
    if (pending) clearTimeout(pending.timer);
    pending = undefined;
  };
  document.addEventListener('click', onClick, true);
  window.addEventListener('pagehide', saveNow);
  window.addEventListener('popstate', onPopState, true);
  return () => {
    document.removeEventListener('click', onClick, true);
    window.removeEventListener('pagehide', saveNow);
    window.removeEventListener('popstate', onPopState, true);
  };
}
