import { useEffect, useRef } from 'react';
import { openSearch, preloadSearch } from '../client/search-launcher.ts';

/**
 * Opens the search modal; typing while the button has focus opens it with that text. The modal's
 * code and the index's entry file start loading when the pointer or focus reaches the button. Its
 * accessible name is its visible text ("Search Ctrl K"), so that voice control finds it by what it
 * shows; it is set as a label because small screens hide that text and show only the icon.
 */
export function SearchButton() {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const button = ref.current;
    if (!button) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey && event.key !== ' ') {
        event.preventDefault();
        openSearch(event.key);
      }
    };
    button.addEventListener('keydown', onKey);
    return () => button.removeEventListener('keydown', onKey);
  }, []);
  return (
    <button
      ref={ref}
      type="button"
      className="search-button"
      aria-label="Search Ctrl K"
      aria-keyshortcuts="Control+K Meta+K /"
      onClick={() => openSearch()}
      onPointerEnter={preloadSearch}
      onFocus={preloadSearch}
    >
      <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true">
        <path d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z" stroke="currentColor" fill="none" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className="search-button__placeholder">Search</span>
      {/* A space between the words, or the visible text reads "SearchCtrl K", which the name does not contain (label in name). */}{' '}
      <kbd className="search-button__key">Ctrl K</kbd>
    </button>
  );
}
