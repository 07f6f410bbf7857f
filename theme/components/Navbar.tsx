/**
 * The top navbar. Above 996 px it shows the items left and right; below, a hamburger opens a
 * panel with the items and, on doc pages, a secondary menu holding the doc sidebar.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { NavItem, SidebarItem } from '../data.ts';
import { useRouter, useSite } from '../context.tsx';
import { DESKTOP_BREAKPOINT_PX } from '../constants.ts';
import { NavbarItem } from './NavbarItems.tsx';
import { ColorModeToggle } from './ColorModeToggle.tsx';
import { SearchButton } from './SearchButton.tsx';
import { DocSidebar } from './DocSidebar.tsx';
import { focusStartControl, useFocusTrap } from './focus-trap.ts';

export function Navbar(props: { sidebar: SidebarItem[] | undefined }) {
  const site = useSite();
  const [mobileOpen, setMobileOpen] = useState(false);
  const hidden = useHideOnScroll(site.navbar.hideOnScroll && !mobileOpen);
  // Sticky columns below (sidebar, TOC) move up into the space a hidden navbar leaves.
  useEffect(() => {
    document.documentElement.toggleAttribute('data-navbar-hidden', hidden);
  }, [hidden]);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const left = site.navbar.items.filter((i) => i.position === 'left' && i.kind !== 'search');
  const right = site.navbar.items.filter((i) => i.position === 'right' && i.kind !== 'search');

  return (
    <nav className={`navbar${hidden ? ' navbar--hidden' : ''}${mobileOpen ? ' navbar--sidebar-open' : ''}`} aria-label="Main">
      <div className="navbar__inner">
        <div className="navbar__items">
          <button
            ref={toggleRef}
            type="button"
            className="navbar__toggle"
            aria-label="Toggle navigation bar"
            aria-expanded={mobileOpen}
            aria-controls="navbar-mobile-panel"
            onClick={() => setMobileOpen((o) => !o)}
          >
            <svg width="30" height="30" viewBox="0 0 30 30" aria-hidden="true">
              <path stroke="currentColor" strokeLinecap="round" strokeWidth="2" d="M4 7h22M4 15h22M4 23h22" />
            </svg>
          </button>
          <Brand />
          <div className="navbar__desktop-items">
            {left.map((item, i) => (
              <NavbarItem key={`l${i}`} item={item} />
            ))}
          </div>
        </div>
        <div className="navbar__items navbar__items--right">
          <div className="navbar__desktop-items">
            {right.map((item, i) => (
              <NavbarItem key={`r${i}`} item={item} />
            ))}
          </div>
          {site.colorMode.disableSwitch ? null : <ColorModeToggle />}
          <SearchButton />
        </div>
      </div>
      <MobilePanel open={mobileOpen} close={() => setMobileOpen(false)} opener={toggleRef} items={[...left, ...right]} sidebar={props.sidebar} />
    </nav>
  );
}

function Brand() {
  const site = useSite();
  const logo = site.navbar.logo;
  return (
    <a className="navbar__brand" href={logo?.href ?? site.baseUrl}>
      {logo ? (
        <>
          <img className={`navbar__logo logo--light${logo.srcDark ? ' logo--has-dark' : ''}`} src={logo.src} alt={logo.alt} width={logo.width} height={logo.height ?? 32} />
          {logo.srcDark ? <img className="navbar__logo logo--dark" src={logo.srcDark} alt={logo.alt} width={logo.width} height={logo.height ?? 32} /> : null}
        </>
      ) : null}
      {site.navbar.title ? <b className="navbar__title">{site.navbar.title}</b> : null}
    </a>
  );
}

/**
 * Below 996 px: a modal panel with the navbar items and, on doc pages, a secondary menu holding the
 * doc sidebar. It locks the page's scroll, keeps focus inside, and closes on Escape, on back
 * navigation and at desktop width.
 */
function MobilePanel(props: { open: boolean; close: () => void; opener: RefObject<HTMLButtonElement | null>; items: NavItem[]; sidebar: SidebarItem[] | undefined }) {
  const site = useSite();
  const { page } = useRouter();
  const { open, close } = props;
  const [showSecondary, setShowSecondary] = useState(true);
  const panelRef = useRef<HTMLDivElement>(null);
  useLockWhileOpen(open, close);
  useFocusTrap(panelRef, open, close, props.opener, pageItem);
  // Each time the panel opens on a doc page it starts with the doc sidebar, as readers expect.
  useEffect(() => setShowSecondary(true), [page.route, open]);
  const switched = useRef(false);
  const showPanel = (secondary: boolean) => {
    switched.current = true;
    setShowSecondary(secondary);
  };
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    // The button pressed left with its menu: focus goes into the new menu (to the page's item in the
    // docs menu, as on opening), not to the page's body.
    const menu = panelRef.current?.querySelector('.navbar-sidebar__secondary, .navbar-sidebar__primary');
    if (menu) focusStartControl(menu, pageItem(menu));
  }, [showSecondary]);
  return (
    <>
      <div className="navbar-sidebar__backdrop" hidden={!open} onClick={close} />
      <div ref={panelRef} id="navbar-mobile-panel" className="navbar-sidebar" hidden={!open} role="dialog" aria-modal="true" aria-label="Navigation">
        {open ? (
          <>
            <div className="navbar-sidebar__brand">
              <a className="navbar__brand" href={site.navbar.logo?.href ?? site.baseUrl} onClick={close}>
                {site.navbar.title ? <b className="navbar__title">{site.navbar.title}</b> : site.title}
              </a>
              <button type="button" className="navbar-sidebar__close" aria-label="Close navigation bar" onClick={close}>
                <svg viewBox="0 0 15 15" width="16" height="16" aria-hidden="true">
                  <path stroke="currentColor" strokeWidth="2" d="M1 1l13 13M14 1L1 14" />
                </svg>
              </button>
            </div>
            {props.sidebar && showSecondary ? (
              <div className="navbar-sidebar__secondary">
                <button type="button" className="navbar-sidebar__back" onClick={() => showPanel(false)}>
                  ← Back to main menu
                </button>
                <DocSidebar items={props.sidebar} activeRoute={page.route} onNavigate={close} />
              </div>
            ) : (
              <ul className="navbar-sidebar__primary menu__list">
                {props.items.map((item, i) => (
                  <li key={i} className="menu__item">
                    <NavbarItem item={item} onNavigate={close} inline />
                  </li>
                ))}
                {props.sidebar ? (
                  <li className="menu__item">
                    <button type="button" className="navbar-sidebar__forward" onClick={() => showPanel(true)}>
                      Docs menu →
                    </button>
                  </li>
                ) : null}
              </ul>
            )}
          </>
        ) : null}
      </div>
    </>
  );
}

/**
 * Where focus starts in a menu of the panel: the page's own link when the docs menu shows it, since
 * the sidebar scrolls the menu to it and the reader is there (a keyboard or screen-reader user then
 * goes on from it, not from the top of a long list). Null in the main menu, whose links to the page
 * (a navbar item marked current) are not where the reader left off, so its first control takes it.
 */
function pageItem(menu: Element): Element | null {
  // Selectors match against the whole document: this also finds it when `menu` is the docs menu itself.
  return menu.querySelector('.navbar-sidebar__secondary .sidebar [aria-current="page"]');
}

/** While the panel is open: the page under it does not scroll; back navigation and desktop width close it. */
function useLockWhileOpen(open: boolean, close: () => void): void {
  useEffect(() => {
    if (!open) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const desktop = window.matchMedia(`(min-width: ${DESKTOP_BREAKPOINT_PX + 1}px)`);
    const onDesktop = (e: MediaQueryListEvent) => e.matches && close();
    window.addEventListener('popstate', close);
    desktop.addEventListener('change', onDesktop);
    return () => {
      document.body.style.overflow = previous;
      window.removeEventListener('popstate', close);
      desktop.removeEventListener('change', onDesktop);
    };
  }, [open]);
}

/** Hides the navbar while scrolling down, shows it on the way up, hides it on anchor jumps. */
function useHideOnScroll(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  const last = useRef(0);
  useEffect(() => {
    if (!enabled) {
      setHidden(false);
      return;
    }
    last.current = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      if (y < 60) setHidden(false);
      else if (y > last.current + 2) setHidden(true);
      else if (y < last.current - 2) setHidden(false);
      last.current = y;
    };
    const onHash = () => setHidden(true);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('hashchange', onHash);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('hashchange', onHash);
    };
  }, [enabled]);
  return hidden;
}
