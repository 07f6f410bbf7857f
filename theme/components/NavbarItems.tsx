/**
 * Navbar items: links, dropdowns (the product dropdown among them) and the per-item error boundary
 * that keeps one misconfigured item from taking the whole navbar down.
 */
import { Component, useEffect, useId, useRef, useState, type ReactNode, type KeyboardEvent, type FocusEvent } from 'react';
import type { NavItem, PageData, SiteData } from '../data.ts';
import { writeStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../constants.ts';
import { useRouter, useSite } from '../context.tsx';
import { routeOfPath, withBase } from '../urls.ts';

export class NavbarItemBoundary extends Component<{ item: NavItem; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    // An item the build already knows is broken renders the message directly (server rendering has
    // no error boundaries); anything that throws while rendering lands here too.
    if (!this.state.failed && this.props.item.kind !== 'error') return this.props.children;
    return <NavbarItemError item={this.props.item} />;
  }
}

function NavbarItemError(props: { item: NavItem }) {
  const where = props.item.problem ?? 'navbar.items';
  return (
    <span className="navbar__item navbar__item--error" role="alert">
      A navbar item failed to render. Please double-check the following navbar item in config.yaml: {where}
      {props.item.label ? ` ("${props.item.label}")` : ''}
    </span>
  );
}

function rememberVersion(item: NavItem): void {
  if (item.version) writeStorage(STORAGE_KEYS.preferredVersion('default'), item.version);
}

/**
 * `page` when the link is the page being read; `true` when it stands for where the reader is: the
 * docs item on any doc page, the version entry of this site in the version dropdown.
 */
export function currentState(item: NavItem, page: PageData, site: SiteData): 'page' | 'true' | undefined {
  if (item.external || !item.href) return undefined;
  if (item.version !== undefined) return 'true'; // a version entry inside this site is this version
  if (routeOfPath(item.href) === withBase(site.baseUrl, page.route)) return 'page';
  if (item.activeOnDocs && page.kind === 'doc') return 'true';
  return undefined;
}

export function NavLink(props: { item: NavItem; className?: string; onNavigate?: () => void }) {
  const { item } = props;
  const site = useSite();
  const { page } = useRouter();
  if (item.kind === 'error') throw new Error(`navbar item "${item.label}" has no link target`);
  const className = props.className ?? 'navbar__link';
  const current = currentState(item, page, site);
  return (
    <a
      className={current ? `${className} ${className}--active` : className}
      href={item.href}
      {...(current ? { 'aria-current': current } : {})}
      {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      onClick={() => {
        rememberVersion(item);
        props.onNavigate?.();
      }}
    >
      {item.logo ? <img className="navbar__item-logo" src={item.logo} alt="" width={20} height={20} /> : null}
      <span className="navbar__label">{item.label}</span>
      {item.legacy ? <span className="badge badge--legacy">Legacy</span> : null}
      {item.external ? <ExternalIcon /> : null}
    </a>
  );
}

function ExternalIcon() {
  return (
    <>
      <svg className="icon-external" width="12" height="12" viewBox="0 0 24 24" aria-hidden="true">
        <path fill="currentColor" d="M21 13v10h-21v-19h12v2h-10v15h17v-8h2zm3-12h-10.988l4.035 4-6.977 7.07 2.828 2.828 6.977-7.07 4.125 4.172v-11z" />
      </svg>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </>
  );
}

/** Opens on click or Enter; closes on outside click, Escape or when focus leaves it. */
export function Dropdown(props: { item: NavItem; onNavigate?: () => void; inline?: boolean }) {
  const { item } = props;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: Event) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('touchstart', onPointer);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('touchstart', onPointer);
    };
  }, [open]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && rootRef.current) {
      const links = [...rootRef.current.querySelectorAll<HTMLAnchorElement>('.dropdown__menu a')];
      if (links.length === 0) return;
      event.preventDefault();
      const index = links.indexOf(document.activeElement as HTMLAnchorElement);
      const next = event.key === 'ArrowDown' ? (index + 1) % links.length : (index - 1 + links.length) % links.length;
      if (open) links[next]?.focus();
      else {
        setOpen(true);
        requestAnimationFrame(() => links[next]?.focus()); // the menu shows on the next frame
      }
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  return (
    <div ref={rootRef} className={`dropdown${open ? ' dropdown--open' : ''}${props.inline ? ' dropdown--inline' : ''}`} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="navbar__link dropdown__toggle"
        // A disclosure of links (the APG's disclosure navigation pattern): no aria-haspopup, which
        // says "menu" and would promise menu roles and keys the list does not have.
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
      >
        {item.label}
      </button>
      <ul id={menuId} className="dropdown__menu" hidden={!open}>
        {(item.items ?? []).map((child, i) => (
          <li key={`${child.label}-${i}`}>
            <NavbarItemBoundary item={child}>
              <NavLink
                item={child}
                className="dropdown__link"
                onNavigate={() => {
                  setOpen(false);
                  props.onNavigate?.();
                }}
              />
            </NavbarItemBoundary>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NavbarItem(props: { item: NavItem; onNavigate?: () => void; inline?: boolean }) {
  const { item } = props;
  return (
    <NavbarItemBoundary item={item}>
      {item.kind === 'dropdown' ? (
        <Dropdown item={item} {...(props.onNavigate ? { onNavigate: props.onNavigate } : {})} {...(props.inline ? { inline: true } : {})} />
      ) : (
        <NavLink item={item} {...(props.onNavigate ? { onNavigate: props.onNavigate } : {})} />
      )}
    </NavbarItemBoundary>
  );
}
