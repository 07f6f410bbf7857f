import { useState, type MouseEvent } from 'react';
import { useSite } from '../context.tsx';
import { writeStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../constants.ts';

/**
 * The bar at the very top. Whether it was dismissed is decided before first paint by the bootstrap
 * script (an attribute on <html> hides it with CSS), so a dismissed bar never shifts the layout.
 */
export function AnnouncementBar() {
  const bar = useSite().announcementBar;
  const [closed, setClosed] = useState(false);
  if (!bar || closed) return null;
  const close = (event: MouseEvent<HTMLButtonElement>) => {
    writeStorage(STORAGE_KEYS.announcementDismissed, 'true');
    writeStorage(STORAGE_KEYS.announcementId, bar.id);
    document.documentElement.dataset.announcementDismissed = 'true';
    // The button goes away with the bar; a keyboard reader would be dropped back at the top of the
    // page (the next Tab is the skip link). Focus moves on to what followed the button instead.
    if (document.activeElement === event.currentTarget) focusFirstOf('.navbar a[href], .navbar button');
    setClosed(true);
  };
  return (
    <div className="announcement" role="region" aria-label="Announcement" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable ? (
        <button type="button" className="announcement__close" aria-label="Close announcement" onClick={close}>
          <svg viewBox="0 0 15 15" width="14" height="14" aria-hidden="true">
            <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}

/** Focuses the first of the matching elements that can take focus (hidden ones cannot). */
function focusFirstOf(selector: string): void {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    element.focus();
    if (document.activeElement === element) return;
  }
}
