/**
 * Runs `change` (which may change the height of what is above `element`) and scrolls by as much as
 * `element` moved, so that what the reader pressed stays under their pointer or eyes. The browser's
 * scroll anchoring may pick a node whose distance to it changes too.
 */
export function keepInPlace(element: Element, change: () => void): void {
  const top = element.getBoundingClientRect().top;
  change();
  const moved = element.getBoundingClientRect().top - top;
  if (Math.abs(moved) >= 1) window.scrollBy({ top: moved, behavior: 'instant' });
}
