/**
 * The doc sidebar. Categories collapse automatically: opening one closes its siblings, and the
 * category of the page being read opens by itself. The active link is marked and kept in view.
 */
import { useEffect, useRef, useState } from 'react';
import type { SidebarCategory, SidebarItem } from '../data.ts';
import { useRouter, useSite } from '../context.tsx';
import { Collapsible } from './Collapsible.tsx';
import { withBase } from '../urls.ts';
import { SIDEBAR_ATTRIBUTES } from '../data-block.ts';

function containsRoute(item: SidebarItem, route: string): boolean {
  if (item.type === 'link') return item.route === route;
  return item.route === route || (item.items ?? []).some((child) => containsRoute(child, route));
}

export function DocSidebar(props: { items: SidebarItem[]; activeRoute: string; onNavigate?: () => void }) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => (ref.current ? revealWhenSettled(ref.current) : undefined), [props.activeRoute]);
  return (
    <nav ref={ref} className="sidebar" aria-label="Docs sidebar">
      <SidebarList items={props.items} activeRoute={props.activeRoute} level={1} {...(props.onNavigate ? { onNavigate: props.onNavigate } : {})} />
    </nav>
  );
}

/**
 * Reveals the page's item once it is laid out where it stays. After a client navigation to another
 * section its category opens only on the next render (and may still be fetching its items), then
 * animates open while the previous one animates closed: measured at once, the item was hidden (at 0)
 * and the sidebar stayed at the top with the item below the window. So the check repeats each frame
 * until the item shows and nothing in the sidebar animates; it gives up after some 240 frames (a page
 * with no item of its own) or as soon as the reader wheels, touches, clicks or keys in the sidebar,
 * whose own scrolling is theirs. Returns the cancel function (the next route's effect calls it).
 */
function revealWhenSettled(nav: HTMLElement): () => void {
  let frame = 0;
  let frames = 240; // about 4 s
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of READER_INPUT) nav.removeEventListener(type, stop);
  };
  const check = () => {
    const active = nav.querySelector<HTMLElement>('[aria-current="page"]');
    if (active?.getClientRects().length && !nav.getAnimations({ subtree: true }).length) {
      revealInScrollBox(active);
      stop();
    } else if (frames--) frame = requestAnimationFrame(check);
  };
  for (const type of READER_INPUT) nav.addEventListener(type, stop);
  check();
  return stop;
}

const READER_INPUT = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Scrolls the sidebar's own box (not the page) so that the item shows. Element.scrollIntoView also
 * scrolls every scrollable ancestor, the window included: the page jumped by the announcement bar's
 * height on load, and the reader's first Tab no longer started at the top of the page.
 */
function revealInScrollBox(item: HTMLElement): void {
  let box = item.parentElement;
  while (box && box !== document.body && !(box.scrollHeight > box.clientHeight && /auto|scroll/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
  if (!box || box === document.body) return;
  const itemRect = item.getBoundingClientRect();
  const boxRect = box.getBoundingClientRect();
  // The box's visible part: before the page scrolls, an announcement bar above the navbar pushes the
  // sticky box's bottom below the window.
  const bottom = Math.min(boxRect.bottom, window.innerHeight);
  const margin = 24;
  if (itemRect.top < boxRect.top) box.scrollTop += itemRect.top - boxRect.top - margin;
  else if (itemRect.bottom > bottom) box.scrollTop += itemRect.bottom - bottom + margin;
}

function SidebarList(props: { items: SidebarItem[]; activeRoute: string; level: number; onNavigate?: () => void }) {
  const routeHref = useRouteHref();
  const initial = () => {
    const open = new Set<string>();
    for (const item of props.items) {
      if (item.type === 'category' && (containsRoute(item, props.activeRoute) || !item.collapsed)) open.add(item.key);
    }
    // Auto-collapse: at most one open category per level, preferring the active one.
    const active = props.items.find((i) => i.type === 'category' && containsRoute(i, props.activeRoute)) as SidebarCategory | undefined;
    if (active) return new Set([active.key]);
    const firstOpen = [...open][0];
    return new Set(firstOpen ? [firstOpen] : []);
  };
  const [openKeys, setOpenKeys] = useState<Set<string>>(initial);
  useEffect(() => {
    const active = props.items.find((i) => i.type === 'category' && containsRoute(i, props.activeRoute)) as SidebarCategory | undefined;
    if (active) setOpenKeys((keys) => (keys.has(active.key) && keys.size === 1 ? keys : new Set([active.key])));
  }, [props.activeRoute]);

  const toggle = (key: string) => setOpenKeys((keys) => (keys.has(key) ? new Set() : new Set([key])));
  return (
    <ul className={`menu__list menu__list--level-${props.level}`}>
      {props.items.map((item) =>
        item.type === 'link' ? (
          <li key={item.route} className="menu__item">
            <a
              className={`menu__link${item.route === props.activeRoute ? ' menu__link--active' : ''}`}
              href={routeHref(item.route)}
              {...(item.route === props.activeRoute ? { 'aria-current': 'page' as const } : {})}
              onClick={props.onNavigate}
            >
              {item.label}
            </a>
          </li>
        ) : (
          <SidebarCategoryItem
            key={item.key}
            item={item}
            open={openKeys.has(item.key)}
            onToggle={() => toggle(item.key)}
            activeRoute={props.activeRoute}
            level={props.level}
            {...(props.onNavigate ? { onNavigate: props.onNavigate } : {})}
          />
        ),
      )}
    </ul>
  );
}

function SidebarCategoryItem(props: {
  item: SidebarCategory;
  open: boolean;
  onToggle: () => void;
  activeRoute: string;
  level: number;
  onNavigate?: () => void;
}) {
  const { item } = props;
  const router = useRouter();
  // The phone menu's copy (the only one given onNavigate, which closes the menu) is in the page with
  // the desktop sidebar (hidden, not removed): its own ids keep each aria-controls naming one list.
  const listId = `${props.onNavigate ? 'menu-' : ''}sidebar-${item.key.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  const active = containsRoute(item, props.activeRoute);
  const routeHref = useRouteHref();
  const loadState = useShellItems(item, props.open, router);
  return (
    <li
      className={`menu__item menu__category${props.open ? '' : ' menu__category--collapsed'}`}
      {...{ [SIDEBAR_ATTRIBUTES.key]: item.key, [SIDEBAR_ATTRIBUTES.collapsed]: String(item.collapsed) }}
      {...(item.itemsUrl ? { [SIDEBAR_ATTRIBUTES.itemsUrl]: item.itemsUrl } : {})}
    >
      <div className="menu__category-row">
        {item.route ? (
          <a
            className={`menu__link menu__link--category${item.route === props.activeRoute ? ' menu__link--active' : active ? ' menu__link--trail' : ''}`}
            href={routeHref(item.route)}
            {...(item.route === props.activeRoute ? { 'aria-current': 'page' as const } : {})}
            onClick={() => {
              if (!props.open) props.onToggle();
              props.onNavigate?.();
            }}
          >
            {item.label}
          </a>
        ) : (
          <button type="button" className={`menu__link menu__link--category${active ? ' menu__link--trail' : ''}`} aria-expanded={props.open} aria-controls={listId} onClick={props.onToggle}>
            {item.label}
          </button>
        )}
        {item.route ? (
          <button
            type="button"
            className="menu__caret"
            aria-expanded={props.open}
            aria-controls={listId}
            // Named by what it shows, not by what a press does: aria-expanded says the state, and a
            // label of "Expand …" beside it said it twice ("Expand …, collapsed").
            aria-label={`Pages in ${item.label}`}
            onClick={props.onToggle}
          />
        ) : null}
      </div>
      <Collapsible open={props.open} id={listId} className="menu__collapsible">
        {item.items === null ? (
          props.open ? <ShellPlaceholder state={loadState.state} retry={loadState.retry} /> : null
        ) : (
          <SidebarList items={item.items} activeRoute={props.activeRoute} level={props.level + 1} {...(props.onNavigate ? { onNavigate: props.onNavigate } : {})} />
        )}
      </Collapsible>
    </li>
  );
}

/**
 * An open category the page carried only as a shell fetches its items, whatever opened it: the
 * reader, the auto-collapse rule or the state kept from the previous page. A failed fetch says so
 * and offers to try again instead of showing "Loading…" for ever.
 */
function useShellItems(item: SidebarCategory, open: boolean, router: ReturnType<typeof useRouter>): { state: 'loading' | 'failed'; retry: () => void } {
  const [state, setState] = useState<'loading' | 'failed'>('loading');
  const [attempt, setAttempt] = useState(0);
  const isShell = item.items === null;
  useEffect(() => {
    if (!open || !isShell) return;
    let current = true;
    setState('loading');
    // A retry asks anew: a request begun before the click may still be failing.
    router.loadSidebarCategory(item, { fresh: attempt > 0 }).catch(() => current && setState('failed'));
    return () => {
      current = false;
    };
  }, [open, isShell, item.key, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function ShellPlaceholder(props: { state: 'loading' | 'failed'; retry: () => void }) {
  if (props.state === 'loading') return <p className="menu__loading" role="status">Loading…</p>;
  return (
    <p className="menu__loading" role="alert">
      This section could not be loaded.{' '}
      <button type="button" className="menu__retry" onClick={props.retry}>
        Retry
      </button>
    </p>
  );
}

/** Routes are relative to the base path; this turns one into the URL path readers follow. */
export function useRouteHref(): (route: string) => string {
  const base = useSite().baseUrl;
  return (route) => withBase(base, route);
}
