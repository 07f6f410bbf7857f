/**
 * The side column of the API page: the filter box, then every tag with its operations (on a split
 * API, the other tags link to their own pages). On a phone it folds behind one button; without
 * JavaScript it is simply open.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { ApiNavTag, ApiOperation, ApiPageData } from '../../data.ts';
import { useSite } from '../../context.tsx';
import { withBase } from '../../urls.ts';
import { filterWords, matchesFilter, operationFilterText } from '../../client/api/filter.ts';
import { MethodBadge } from './common.tsx';
import { useActiveAnchor } from '../use-active-anchor.ts';

export function ApiNav(props: { api: ApiPageData; route: string; query: string; onQuery: (query: string) => void }) {
  const { api } = props;
  const baseUrl = useSite().baseUrl;
  const [open, setOpen] = useState(false);
  const words = filterWords(props.query);
  const hrefTo = (route: string, anchor: string) => (route === props.route ? `#${anchor}` : `${withBase(baseUrl, route)}#${anchor}`);
  const hrefOf = (tag: ApiNavTag, anchor: string) => hrefTo(tag.route, anchor);
  const matches = (op: ApiOperation) => matchesFilter(operationFilterText(op, op.filterWords), words);
  const tags = api.nav
    .map((tag) => ({
      tag,
      operations: tag.operations?.filter(matches) ?? null,
      // Listed under this tag, shown under another: a link to where it is shown, never marked here.
      also: (tag.also ?? []).filter(matches),
    }))
    .filter(({ tag, operations, also }) => words.length === 0 || also.length > 0 || (operations ? operations.length > 0 : matchesFilter(tag.name, words)));
  // The tags and operations on this page (a split API lists the others too), in page order.
  const anchorsHere = tags.filter(({ tag }) => tag.route === props.route).flatMap(({ tag, operations }) => [tag.anchor, ...(operations ?? []).map((op) => op.anchor)]);
  // The introduction's headings, the servers and authentication, on the page that shows them (not while filtering).
  const intro =
    words.length > 0
      ? []
      : [...(api.introHeadings ?? []), ...(api.hasServers ? [{ id: 'servers', text: 'Servers' }] : []), ...(api.hasAuthentication ? [{ id: 'authentication', text: 'Authentication' }] : [])];
  // The overview of a split API holds no operation: nothing there to mark, not even its
  // introduction or schemas (the column is its table of contents only where operations are read).
  // Each named schema is listed too, and the filter narrows them by name.
  const hasSchemas = api.schemas.length > 0;
  const schemas = api.schemas.filter((schema) => matchesFilter(schema.name, words));
  const showSchemas = hasSchemas && (words.length === 0 || schemas.length > 0);
  const webhooks = words.length > 0 ? [] : (api.webhooks ?? []);
  const active = useActiveAnchor(
    anchorsHere.length === 0 ? [] : [...intro.map((heading) => heading.id), ...anchorsHere, ...webhooks.map((w) => w.anchor), ...(hasSchemas ? ['schemas', ...schemas.map((schema) => schema.anchor)] : [])],
  );
  const navRef = useRef<HTMLElement>(null);
  useEffect(() => keepInView(navRef.current, active), [active, open]);
  useFoldOnLeave(open, navRef, setOpen);
  const current = (anchor: string) => (active === anchor ? { 'aria-current': 'location' as const } : {});
  return (
    <nav ref={navRef} className="api-nav" aria-label={`${api.title} operations`}>
      {/* What the filter leaves, said to a screen reader as the reader types (the list changes silently). */}
      <p className="visually-hidden" role="status">
        {filterStatus(words.length > 0, countOperations(tags), schemas.length)}
      </p>
      <button type="button" className="api-nav__toggle" aria-expanded={open} aria-controls="api-nav-body" onClick={() => setOpen(!open)}>
        Operations and schemas
      </button>
      {/* On a phone the column folds away after any of its links is followed (tag, operation, Schemas). */}
      <div id="api-nav-body" className={`api-nav__body${open ? ' api-nav__body--open' : ''}`} onClick={(event) => (event.target as Element).closest('a') && setOpen(false)}>
        <div className="api-filter">
          <label htmlFor="api-filter-input">Filter operations</label>
          <input
            id="api-filter-input"
            type="search"
            value={props.query}
            placeholder={api.split && api.tag ? `In ${api.tag}: method, path, name…` : 'Method, path, name…'}
            autoComplete="off"
            onChange={(event) => props.onQuery(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Escape' || props.query === '') return;
              props.onQuery('');
              // This Escape only empties the box: the next one folds the column on a phone.
              event.stopPropagation();
            }}
          />
        </div>
        {intro.length > 0 ? <SamePageLinks className="api-nav__intro" links={intro} current={current} /> : null}
        <ul className="api-nav__tags">
          {tags.map(({ tag, operations, also }) => (
            <li key={tag.anchor}>
              <a className="api-nav__tag" href={hrefOf(tag, tag.anchor)} {...current(tag.anchor)}>
                {tag.name}
              </a>
              {(operations && operations.length > 0) || also.length > 0 ? (
                <ul className="api-nav__ops">
                  {(operations ?? []).map((op) => (
                    <OperationLink key={op.anchor} method={op.method} label={op.summary || op.path} deprecated={op.deprecated} href={hrefOf(tag, op.anchor)} marked={current(op.anchor)} />
                  ))}
                  {also.map((op) => (
                    <OperationLink key={op.anchor} method={op.method} label={op.summary || op.path} deprecated={op.deprecated} href={hrefTo(op.home, op.anchor)} marked={{}} />
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
        {tags.length === 0 && schemas.length === 0 ? <p className="api-nav__none">No operation or schema matches.</p> : null}
        {webhooks.length > 0 ? (
          <div className="api-nav__webhooks">
            <a className="api-nav__tag" href="#webhooks">
              Webhooks
            </a>
            <ul className="api-nav__ops">
              {webhooks.map((webhook) => (
                <OperationLink key={webhook.anchor} method={webhook.method} label={webhook.summary || webhook.name} href={`#${webhook.anchor}`} marked={current(webhook.anchor)} />
              ))}
            </ul>
          </div>
        ) : null}
        {showSchemas ? (
          <div className="api-nav__schemas">
            <a href="#schemas" {...current('schemas')}>
              Schemas
            </a>
            {schemas.length > 0 ? <SamePageLinks className="api-nav__schema-list" links={schemas.map((schema) => ({ id: schema.anchor, text: schema.name }))} current={current} /> : null}
          </div>
        ) : null}
      </div>
    </nav>
  );
}

/** One request in the column (an operation, or a webhook): its method and its name. */
function OperationLink(props: { method: string; label: string; deprecated?: boolean; href: string; marked: { 'aria-current'?: 'location' } }) {
  return (
    <li>
      <a className={`api-nav__op${props.deprecated ? ' api-nav__op--deprecated' : ''}`} href={props.href} {...props.marked}>
        <MethodBadge method={props.method} />
        <span className="api-nav__op-label">{props.label}</span>
      </a>
    </li>
  );
}

/** A list of links to parts of this page, the one being read marked. */
function SamePageLinks(props: { className: string; links: { id: string; text: string }[]; current: (anchor: string) => { 'aria-current'?: 'location' } }) {
  return (
    <ul className={props.className}>
      {props.links.map((link) => (
        <li key={link.id}>
          <a href={`#${link.id}`} {...props.current(link.id)}>
            {link.text}
          </a>
        </li>
      ))}
    </ul>
  );
}

/**
 * Scrolls the column (beside the reference, or its opened list on a phone) so the link of the part
 * being read stays visible, a third down; never the window.
 */
function keepInView(nav: HTMLElement | null, active: string | undefined): void {
  const link = active ? nav?.querySelector<HTMLElement>('[aria-current="location"]') : null;
  // Beside the reference the column scrolls; on a phone, its opened list does.
  const scroller = [nav, nav?.querySelector<HTMLElement>('.api-nav__body')].find((el): el is HTMLElement => !!el && el.scrollHeight > el.clientHeight);
  if (!link || !scroller) return;
  const box = scroller.getBoundingClientRect();
  const linkBox = link.getBoundingClientRect();
  if (linkBox.top < box.top || linkBox.bottom > box.bottom) scroller.scrollTop += linkBox.top - box.top - scroller.clientHeight / 3;
}

/** The operations the column lists (one listed under two tags counts once). */
function countOperations(tags: { operations: ApiOperation[] | null; also: ApiOperation[] }[]): number {
  return new Set(tags.flatMap(({ operations, also }) => [...(operations ?? []), ...also].map((op) => op.anchor))).size;
}

function filterStatus(filtering: boolean, operations: number, schemas: number): string {
  if (!filtering) return '';
  if (operations === 0 && schemas === 0) return 'No operation or schema matches.';
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [operations > 0 ? plural(operations, 'operation') : '', schemas > 0 ? plural(schemas, 'schema') : ''].filter(Boolean);
  return `${parts.join(' and ')} ${operations + schemas === 1 ? 'matches' : 'match'}.`;
}

/**
 * On a phone the open column lies over the page (its bar stays below the navbar), so a tap outside
 * it folds it, as does focus leaving it and Escape (in the filter box, once the box is empty), focus
 * going back to its button.
 */
function useFoldOnLeave(open: boolean, navRef: RefObject<HTMLElement>, setOpen: (open: boolean) => void): void {
  useEffect(() => {
    if (!open) return undefined;
    const fold = () => setOpen(false);
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) fold();
    };
    // An Escape that empties the filter box stops there (its own handler), so every Escape that
    // arrives here folds the column.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !navRef.current?.contains(event.target as Node)) return;
      fold();
      navRef.current.querySelector<HTMLElement>('.api-nav__toggle')?.focus({ preventScroll: true });
    };
    // Tab past its last link goes on to the page, which the open column covers: it folds.
    const onFocusIn = (event: FocusEvent) => {
      if (!navRef.current?.contains(event.target as Node)) fold();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, [open, navRef, setOpen]);
}
