/**
 * Which of a page's anchors the reader is at, for the navigation beside it ("On this page" of a
 * doc, the operations column of an API page): the last anchor whose top has passed just below the
 * navbar, or the last one once the page is scrolled to its bottom (it may never reach the top).
 */
import { useEffect, useState } from 'react';

/** `ids` in document order; anchors missing from the page are skipped. */
export function useActiveAnchor(ids: readonly string[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  // One string, so a new array with the same ids (each render builds one) keeps the listeners.
  const key = ids.join('\n');
  useEffect(() => {
    const list = key === '' ? [] : key.split('\n');
    if (list.length === 0) return undefined;
    let frame = 0;
    const update = () => {
      frame = 0;
      setActive(anchorInView(list));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return active;
}

function anchorInView(ids: readonly string[]): string | undefined {
  const offset = (document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60) + 20;
  let current: string | undefined = ids[0];
  for (const id of ids) {
    const el = document.getElementById(id);
    if (!el) continue;
    if (el.getBoundingClientRect().top <= offset) current = id;
    else break;
  }
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  return atBottom ? ids.at(-1) : current;
}
