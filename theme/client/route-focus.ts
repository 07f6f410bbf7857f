/**
 * Focus and announcements after a client navigation, so that a keyboard or screen-reader user
 * meets a new page as if it had been loaded: the next Tab starts at the top (the skip link), or at
 * the heading the link pointed to, and the new page's title is announced. Without this, focus stays
 * on the sidebar link that was clicked, and the next Tab goes on through the sidebar.
 */

let start: HTMLElement | undefined;
let announcer: HTMLElement | undefined;

/** Adds, outside the React root, the point focus returns to and the live region. */
export function installRouteFocus(): void {
  start = document.createElement('div');
  start.tabIndex = -1;
  start.className = 'route-focus-start';
  announcer = document.createElement('p');
  announcer.className = 'visually-hidden';
  announcer.setAttribute('role', 'status');
  announcer.dataset.routeAnnouncer = '';
  document.body.prepend(start);
  document.body.append(announcer);
}

/** Says `text` to screen readers through the page's polite live region. */
export function announce(text: string): void {
  if (!announcer) return;
  // The same text twice in a row is announced again only if the region changes in between.
  announcer.textContent = '';
  requestAnimationFrame(() => {
    if (announcer) announcer.textContent = text;
  });
}

/** Moves the sequential focus starting point to `target` (or the top) without scrolling, and announces `title`. */
export function focusNewRoute(target: HTMLElement | null, title: string): void {
  const element = target ?? start;
  if (element) focusWithoutScrolling(element);
  announce(title);
}

/** Moves the sequential focus starting point to the top of the page (the next Tab reaches the skip link). */
export function focusPageTop(): void {
  start?.focus({ preventScroll: true });
}

function focusWithoutScrolling(element: HTMLElement): void {
  if (element.tabIndex >= 0 || element.hasAttribute('tabindex')) {
    element.focus({ preventScroll: true });
    return;
  }
  // A heading is not focusable: it becomes so for this one focus, then goes back to how it was.
  element.setAttribute('tabindex', '-1');
  element.addEventListener('blur', () => element.removeAttribute('tabindex'), { once: true });
  element.focus({ preventScroll: true });
}
