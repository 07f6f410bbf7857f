/**
 * "On this page": h2–h3 links. On wide screens it sits beside the doc and highlights the heading
 * in view; on narrow screens it is a collapsible panel above the content.
 */
import { useState } from 'react';
import type { TocItem } from '../data.ts';
import { Collapsible } from './Collapsible.tsx';
import { useActiveAnchor } from './use-active-anchor.ts';

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
  const activeId = useActiveAnchor(props.items.map((item) => item.id));
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
