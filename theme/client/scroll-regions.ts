/**
 * Wide tables scroll sideways inside the content column (on a phone, most of them). A region that
 * scrolls must be reachable by keyboard (WCAG 2.1.1, axe's scrollable-region-focusable), so a table
 * that overflows joins the tab order, and leaves it again when it fits; tables that fit are no
 * extra tab stops.
 */
let listening = false;
let frame = 0;

export function markScrollableTables(): void {
  for (const table of document.querySelectorAll<HTMLTableElement>('.markdown table')) {
    const scrolls = table.scrollWidth > table.clientWidth + 1;
    if (scrolls && table.tabIndex < 0) table.tabIndex = 0;
    else if (!scrolls && table.hasAttribute('tabindex')) table.removeAttribute('tabindex');
  }
  if (listening) return;
  listening = true;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(markScrollableTables);
  });
}
