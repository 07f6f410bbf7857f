/**
 * Keeps keyboard focus inside an open modal panel (the mobile navigation drawer, the search dialog),
 * as the WAI-ARIA dialog pattern asks: Tab and Shift+Tab cycle through its controls, Escape closes
 * it, and focus goes back to the button that opened it — unless the panel closed because the reader
 * followed a link, when the new page takes focus instead. A dialog that is the whole screen's also
 * makes the rest of the page `inert` while open, so that nothing behind it takes focus or clicks.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(panel: Element): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * Moves focus to `start` if it is one of the controls shown in `panel`, else to the first one, and
 * without scrolling: the doc sidebar inside has just scrolled the panel to the page's item, and
 * focus on the control at its top scrolled it back. Focus on that item itself (the `start` the
 * phone menu gives) also keeps the reader's first Tab from jumping back to the top of the list.
 */
export function focusStartControl(panel: Element, start?: Element | null): void {
  const controls = focusables(panel);
  (controls.find((control) => control === start) ?? controls[0])?.focus({ preventScroll: true });
}

export interface FocusTrapOptions {
  /** Called on Escape (leave it out when the dialog handles Escape itself). */
  onEscape?: () => void;
  /** Where focus goes when the trap is released, if it was in the panel (or nowhere). */
  returnFocus?: () => Element | null | undefined;
  /** Makes every child of <body> that does not hold `inertRoot` inert until release. */
  inertRoot?: HTMLElement;
}

/**
 * Traps Tab and Shift+Tab in `root` (its controls are looked up on each key, so controls it gains
 * later count) until the returned function is called. Moves no focus itself on the way in.
 */
export function trapFocus(root: HTMLElement, options: FocusTrapOptions = {}): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && options.onEscape) {
      options.onEscape();
      return;
    }
    if (event.key !== 'Tab' || event.defaultPrevented) return;
    const items = focusables(root);
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    const inside = root.contains(document.activeElement);
    if (event.shiftKey && (document.activeElement === first || !inside)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };
  document.addEventListener('keydown', onKey);
  const madeInert = options.inertRoot ? makeRestInert(options.inertRoot) : [];
  return () => {
    document.removeEventListener('keydown', onKey);
    for (const element of madeInert) element.inert = false;
    // Focus that was in the panel goes back to the opener; focus a new page took stays there.
    const active = document.activeElement;
    const opener = options.returnFocus?.();
    if ((!active || active === document.body || root.contains(active)) && opener instanceof HTMLElement && opener.isConnected) {
      opener.focus({ preventScroll: true });
    }
  };
}

/** Sets `inert` on the children of <body> other than the one holding `keep`; returns those it set. */
function makeRestInert(keep: HTMLElement): HTMLElement[] {
  const set: HTMLElement[] = [];
  for (const child of document.body.children) {
    if (!(child instanceof HTMLElement) || child.contains(keep) || child.inert) continue;
    child.inert = true;
    set.push(child);
  }
  return set;
}

/**
 * The drawer's trap: focus moves to the control `start` finds in the panel when it opens, or to
 * its first control.
 */
export function useFocusTrap(
  panel: RefObject<HTMLElement | null>,
  open: boolean,
  close: () => void,
  opener: RefObject<HTMLElement | null>,
  start?: (root: HTMLElement) => Element | null,
): void {
  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    focusStartControl(root, start?.(root));
    return trapFocus(root, { onEscape: close, returnFocus: () => opener.current });
  }, [open]);
}
