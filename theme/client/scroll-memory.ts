/**
 * The reading position of each history entry, kept in its state (`history.state.scrollY`), so
 * Back, Forward and reload return to where the reader was.
 *
 * The browser's own restoration is off (`history.scrollRestoration = 'manual'`): client navigation
 * swaps a route's content after popstate, when the browser would already have scrolled the old
 * one. With it off, the browser restored nothing at all: Back after a jump to an anchor left the
 * view where it was, a reload opened at the top, and Forward opened at the top or at the anchor.
 * So every entry's position is written into its state as the reader scrolls, and read back here.
 */

interface ScrollState {
  scrollY?: number;
}

/** How long scrolling must pause before the position is written (the browser limits replaceState calls). */
const SAVE_AFTER_MS = 120;
let pending: ReturnType<typeof setTimeout> | undefined;
/** What other code keeps in the entry too (the API page's filter text), written with the position. */
let fields: Record<string, unknown> = {};

function saveSoon(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = setTimeout(saveScrollNow, SAVE_AFTER_MS);
}

/**
 * Keeps `more` in the current entry's state, written with the position (so as often, and on the
 * same occasions), and at once in sessionStorage under the entry's id: a Back within the 120 ms
 * before the state is written would otherwise lose what was just typed (see keptInEntry).
 */
export function keepInEntry(more: Record<string, unknown>): void {
  Object.assign(fields, more);
  try {
    const key = storageKey(currentEntryId());
    sessionStorage.setItem(key, JSON.stringify({ ...storedFields(key), ...more }));
  } catch {
    // Storage off or full: the entry's state still gets the fields when it is written.
  }
  saveSoon();
}

/** A field keepInEntry kept for the current entry: the newest of sessionStorage's copy and the state's. */
export function keptInEntry(name: string): unknown {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  const id = state[ENTRY_ID];
  if (typeof id === 'string') {
    try {
      const stored = storedFields(storageKey(id));
      if (name in stored) return stored[name];
    } catch {
      // Storage off: the state's copy.
    }
  }
  return state[name];
}

/** Where a history entry's id is kept in its state. */
const ENTRY_ID = 'docsgenEntry';

/** The current history entry's id, given to it now if it has none (one replaceState per entry). */
function currentEntryId(): string {
  const state = (window.history.state as Record<string, unknown> | null) ?? {};
  const existing = state[ENTRY_ID];
  if (typeof existing === 'string') return existing;
  const id = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  window.history.replaceState({ ...state, [ENTRY_ID]: id }, '');
  return id;
}

function storageKey(entryId: string): string {
  return `docsgen:entry:${entryId}`;
}

function storedFields(key: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
  return parsed !== null && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
}

/** The position saved with the current history entry, if any. */
export function savedScroll(): number | undefined {
  const y = (window.history.state as ScrollState | null)?.scrollY;
  return typeof y === 'number' ? y : undefined;
}

/**
 * Writes the current position into the current entry now (before it is left). While a restored
 * position waits for the page to grow back to it (the search page loading its results again), the
 * window is short of it: the entry keeps the restored position until the reader moves.
 */
export function saveScrollNow(): void {
  if (pending !== undefined) clearTimeout(pending);
  pending = undefined;
  window.history.replaceState({ ...((window.history.state as object | null) ?? {}), ...fields, scrollY: restored ?? window.scrollY }, '');
  fields = {};
}

/**
 * Starts keeping positions: after scrolling pauses, when a link is clicked (its jump makes a new
 * entry) and when the page is left. A popstate drops a save still waiting (and the fields kept with
 * it): it belongs to the entry the reader just left, and would land on the one they came to.
 */
export function rememberScrollPositions(): void {
  window.history.scrollRestoration = 'manual';
  window.addEventListener(
    'scroll',
    saveSoon,
    { passive: true },
  );
  document.addEventListener('click', (event) => (event.target as Element | null)?.closest?.('a[href]') && saveScrollNow(), true);
  window.addEventListener('pagehide', saveScrollNow);
  window.addEventListener(
    'popstate',
    () => {
      if (pending !== undefined) clearTimeout(pending);
      pending = undefined;
      fields = {};
    },
    true,
  );
}

/** The position restored on load, while the reader has not scrolled, typed or touched since. */
let restored: number | undefined;

/** On a reload, or Back and Forward into this document from another: the position the entry had. */
export function restoreScrollOnLoad(): void {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const y = savedScroll();
  if (y !== undefined && (navigation?.type === 'reload' || navigation?.type === 'back_forward')) restoreScroll(y);
}

/** Whether a position restored on load or Back and Forward still holds (the reader has not moved since). */
export function hasRestoredScroll(): boolean {
  return restored !== undefined;
}

/** A navigation to a target or the top: no earlier restored position applies any more. */
export function forgetRestoredScroll(): void {
  restored = undefined;
}

/** Scrolls to a saved position, and keeps it for restoreScrollAfterLayout until the reader moves. */
export function restoreScroll(y: number): void {
  window.scrollTo(0, y);
  restored = y;
  const moved = () => (restored = undefined);
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown']) window.addEventListener(type, moved, { once: true, passive: true, capture: true });
}

/**
 * The restored position again, after a page changed its layout once its code loaded (the API
 * reference showing one sample language instead of all): the position was saved in that layout.
 * Nothing happens once the reader has moved.
 */
export function restoreScrollAfterLayout(): void {
  if (restored !== undefined) window.scrollTo(0, restored);
}
