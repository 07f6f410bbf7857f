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
    // Measured on the next frame: a change of `ids` (the API filter cleared) comes with a change of
    // the page that other effects are still making.
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    // The page can change height under a position that stays: the API reference showing one sample
    // language instead of all, then restoring the reader's position, which may be the window's
    // already (no scroll event). Its anchors moved all the same.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(onScroll) : undefined;
    resized?.observe(document.body);
    return () => {
      resized?.disconnect();
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [key]);
  return active;
}

function anchorInView(ids: readonly string[]): string | undefined {
  const offset = reachedLine();
  // A hidden anchor (a section the API filter hides) is never the one being read.
  const shown = ids.filter((id) => (document.getElementById(id)?.getClientRects().length ?? 0) > 0);
  let current: string | undefined = shown[0] ?? ids[0];
  for (const id of shown) {
    if ((document.getElementById(id) as HTMLElement).getBoundingClientRect().top <= offset) current = id;
    else break;
  }
  const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  return atBottom && shown.length > 0 ? shown.at(-1) : current;
}

/**
 * How far down the viewport a heading counts as reached: a little below where a jump to it puts it,
 * which is the page's scroll padding (below the navbar, and on a phone's API page below the
 * column's bar too).
 */
function reachedLine(): number {
  const padding = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop);
  const navbar = document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60;
  return (Number.isFinite(padding) && padding > 0 ? padding : navbar + 12) + 8;
}
