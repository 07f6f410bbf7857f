/**
 * Wide tables and wide diagrams scroll sideways inside the content column (on a phone, most of
 * them). A region that scrolls must be reachable by keyboard (WCAG 2.1.1, axe's
 * scrollable-region-focusable), so one that overflows joins the tab order, and leaves it again
 * when it fits: regions that fit are no extra tab stops. A diagram's box comes from the server in
 * the tab order (it scrolls on a phone even without JavaScript) and leaves it here where it fits.
 */
let listening = false;
let frame = 0;

export function markScrollableRegions(): void {
  for (const region of document.querySelectorAll<HTMLElement>('.markdown table, .markdown .figure-scroll')) {
    const scrolls = region.scrollWidth > region.clientWidth + 1;
    if (scrolls && region.tabIndex < 0) region.tabIndex = 0;
    else if (!scrolls && region.hasAttribute('tabindex')) region.removeAttribute('tabindex');
  }
  if (listening) return;
  listening = true;
  window.addEventListener('resize', () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(markScrollableRegions);
  });
}
