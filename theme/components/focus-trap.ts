/**
 * Keeps keyboard focus inside an open modal panel (the mobile navigation drawer), as the WAI-ARIA
 * dialog pattern asks: focus moves into the panel when it opens, Tab and Shift+Tab cycle through its
 * controls, Escape closes it, and focus goes back to the button that opened it — unless the panel
 * closed because the reader followed a link, when the new page takes focus instead.
 */
import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(panel: HTMLElement): HTMLElement[] {
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

export function useFocusTrap(panel: RefObject<HTMLElement | null>, open: boolean, close: () => void, opener: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const root = panel.current;
    if (!open || !root) return;
    focusables(root)[0]?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close();
        return;
      }
      if (event.key !== 'Tab') return;
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
    return () => {
      document.removeEventListener('keydown', onKey);
      // Focus that was in the panel goes back to the opener; focus a new page took stays there.
      if (!document.activeElement || document.activeElement === document.body || root.contains(document.activeElement)) opener.current?.focus({ preventScroll: true });
    };
  }, [open]);
}
