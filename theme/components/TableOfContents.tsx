/**
 * "On this page": h2–h3 links. On wide screens it sits beside the doc and highlights the heading
 * in view; on narrow screens it is a collapsible panel above the content.
 */
import { useEffect, useState } from 'react';
import type { TocItem } from '../data.ts';
import { Collapsible } from './Collapsible.tsx';

function TocList(props: { items: TocItem[]; activeId?: string | undefined; onNavigate?: () => void }) {
  return (
    <ul className="toc__list">
      {props.items.map((item) => (
        <li key={item.id} className={`toc__item toc__item--h${item.level}`}>
          <a
            href={`#${item.id}`}
            className={`toc__link${props.activeId === item.id ? ' toc__link--active' : ''}`}
            {...(props.activeId === item.id ? { 'aria-current': 'location' as const } : {})}
            onClick={props.onNavigate}
          >
            {item.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

export function TocDesktop(props: { items: TocItem[] }) {
  const activeId = useActiveHeading(props.items);
  if (props.items.length === 0) return null;
  return (
    <nav className="toc toc--desktop" aria-label="On this page">
      <p className="toc__title">On this page</p>
      <TocList items={props.items} activeId={activeId} />
    </nav>
  );
}

export function TocMobile(props: { items: TocItem[] }) {
  const [open, setOpen] = useState(false);
  if (props.items.length === 0) return null;
  return (
    <div className="toc toc--mobile">
      <button type="button" className="toc__toggle" aria-expanded={open} aria-controls="toc-mobile-list" onClick={() => setOpen((o) => !o)}>
        On this page
      </button>
      <Collapsible open={open} id="toc-mobile-list" className="toc__collapsible">
        <TocList items={props.items} onNavigate={() => setOpen(false)} />
      </Collapsible>
    </div>
  );
}

/** The last heading whose top has passed just below the navbar. */
function useActiveHeading(items: TocItem[]): string | undefined {
  const [active, setActive] = useState<string | undefined>(undefined);
  useEffect(() => {
    if (items.length === 0) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const offset = (document.querySelector('.navbar')?.getBoundingClientRect().height ?? 60) + 20;
      let current: string | undefined = items[0]?.id;
      for (const item of items) {
        const el = document.getElementById(item.id);
        if (!el) continue;
        if (el.getBoundingClientRect().top <= offset) current = item.id;
        else break;
      }
      // At the bottom of the page the last heading counts as read even if it never reached the top.
      if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) current = items.at(-1)?.id;
      setActive(current);
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
  }, [items]);
  return active;
}
