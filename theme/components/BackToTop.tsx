/**
 * "Back to top", as Docusaurus readers know it: a button in the corner that appears once the reader
 * is well down a page and scrolling up (or at its end), scrolls to the top and moves keyboard focus
 * there too, so that the next Tab reaches the skip link.
 */
import { useEffect, useRef, useState } from 'react';
import { focusPageTop } from '../client/route-focus.ts';

const SHOW_BELOW_PX = 300;

export function BackToTop() {
  const shown = useShowOnScrollUp();
  const scrollUp = () => {
    const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    window.scrollTo({ top: 0, behavior: reduced ? 'auto' : 'smooth' });
    focusPageTop();
  };
  return (
    <button type="button" className={`back-to-top${shown ? ' back-to-top--shown' : ''}`} aria-label="Back to top" onClick={scrollUp}>
      <svg viewBox="0 0 16 16" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M8 13V3M3.5 7.5L8 3l4.5 4.5" />
      </svg>
    </button>
  );
}

function useShowOnScrollUp(): boolean {
  const [shown, setShown] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    last.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      const atEnd = window.innerHeight + y >= document.documentElement.scrollHeight - 2;
      if (y < SHOW_BELOW_PX) setShown(false);
      else if (y < last.current || atEnd) setShown(true);
      else if (y > last.current) setShown(false);
      last.current = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  return shown;
}
