/**
 * Browser entry: hydrates the prerendered page and takes over navigation. Internal links fetch the
 * next route's prerendered document and swap in its data (see navigation.ts) instead of loading a
 * new document; a progress bar appears only when that takes longer than 200 ms; after the change
 * the page scrolls to the hash target or to the top.
 */
import { StrictMode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { flushSync } from 'react-dom';
import { sidebarOf, type PageData, type SiteData } from '../data.ts';
import { RouterContext, SiteContext, type Router } from '../context.tsx';
import { App, documentTitle } from '../App.tsx';
import { ADDRESS_CHANGED_EVENT, ROUTE_PROGRESS_DELAY_MS, ROUTES_CHANGED_EVENT } from '../constants.ts';
import { finishRouteProgress, startRouteProgress } from './route-progress.ts';
import { forgetRoutes, isRouteUrl, loadRoute, prefetchPageData, mayPrefetch, reloadPageData, runsUnderThisPolicy, showRouteHead, type FetchedRoute } from './navigation.ts';
import { forgetRestoredScroll, rememberScrollPositions, restoreScroll, restoreScrollOnLoad, savedScroll, saveScrollNow } from './scroll-memory.ts';
import { readPageDocument } from '../data-block.ts';
import { idOfHash, routeOfPath } from '../urls.ts';
import { watchSystemColorMode } from './color-mode.ts';
import { configureSearch, installSearchShortcuts } from './search-launcher.ts';
import { scheduleZoom } from './zoom.ts';
import { focusNewRoute, installRouteFocus } from './route-focus.ts';
import { addCopyButtons, installCodeCopy } from './code-copy.ts';
import { installTabs, restoreTabs } from './tabs.ts';
import { markScrollableRegions } from './scroll-regions.ts';
import { fetchCategoryItems, fillKnownCategories, rememberCategories, type KnownCategories } from './sidebar-items.ts';
import { loadPageCode, loadPageView, loadedPageViews } from './page-views.ts';
import { PageViewsContext } from '../page-views.ts';
import '../styles/main.css';

interface BootData {
  site: SiteData;
  page: PageData;
}

function readBootData(): BootData {
  return readPageDocument(document);
}

let navigateImpl: (href: string, options?: { push?: boolean }) => Promise<void> = async (href) => {
  window.location.assign(href);
};

/** Scrolls to the saved position (back/forward), the hash target or the top; returns the hash target. */
function scrollAfterNavigation(hash: string, savedY: number | undefined): HTMLElement | null {
  const id = idOfHash(hash);
  const target = id ? document.getElementById(id) : null;
  if (savedY !== undefined) {
    restoreScroll(savedY);
    return target;
  }
  forgetRestoredScroll();
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  return target;
}

/**
 * The route on screen stays, at an address that may differ in its query: no render follows, so the
 * page reads the address itself (the search page its `?q=`) when told.
 */
const addressChanged = () => window.dispatchEvent(new Event(ADDRESS_CHANGED_EVENT));

/** What the next render of a route does with the scroll: go to a position or a hash target, or (a dev-server update of the page) keep it. */
type PendingScroll = { hash: string; savedY: number | undefined } | 'keep';

/** Counts navigations: one that a later navigation (a click, Back) overtook is dropped when it arrives. */
let latestNavigation = 0;

/** A full page load of the route; back and forward have already moved the history to it. */
function loadDocument(target: URL, push: boolean): void {
  if (push) window.location.assign(target.href);
  else window.location.replace(target.href);
}

/** The page on screen and its sidebar, with every category's items the browser has seen filled in. */
function useShownPage(initial: PageData) {
  const [page, setPage] = useState<PageData>(initial);
  const [known, setKnown] = useState<KnownCategories>(() => rememberCategories(new Map(), sidebarOf(initial)));
  const show = useCallback((next: PageData) => {
    setKnown((previous) => rememberCategories(previous, sidebarOf(next)));
    setPage(next);
  }, []);
  const loadSidebarCategory = useCallback(async (category: { key: string; itemsUrl?: string }, options: { fresh?: boolean } = {}) => {
    if (!category.itemsUrl) return;
    const items = await fetchCategoryItems(category.itemsUrl, options);
    setKnown((previous) => new Map(previous).set(category.key, items));
  }, []);
  const sidebar = useMemo(() => fillKnownCategories(sidebarOf(page), known), [page, known]);
  return { page, sidebar, show, loadSidebarCategory };
}

function Root(props: BootData) {
  const { site } = props;
  const { page, sidebar, show, loadSidebarCategory } = useShownPage(props.page);
  const pendingScroll = useRef<PendingScroll | null>(null);
  const shownRoute = useRef(page.route);
  shownRoute.current = page.route;
  // The address the page on screen was shown at. Not its route: the not-found page is shown at
  // every missing address, and a jump to one of its anchors must stay an in-page jump.
  const shownPath = useRef(routeOfPath(window.location.pathname));

  const navigate = useCallback(async (href: string, options: { push?: boolean } = {}) => {
    const target = new URL(href, window.location.href);
    const push = options.push ?? true;
    const id = ++latestNavigation;
    const timer = setTimeout(startRouteProgress, ROUTE_PROGRESS_DELAY_MS);
    let route: FetchedRoute | undefined;
    try {
      route = await loadRoute(target.pathname);
      await loadPageCode(site, route.page);
    } catch {
      // A route (or its stylesheet) that fails to load gets a full page load, unless the reader has moved on.
      route = undefined;
    }
    clearTimeout(timer);
    if (id !== latestNavigation) return; // overtaken: the later navigation shows its own route
    if (!route || !runsUnderThisPolicy(route)) {
      loadDocument(target, push);
      return;
    }
    const canonical = new URL(target.href);
    canonical.pathname = routeOfPath(canonical.pathname);
    // A link to the address on screen adds no history entry, as a browser's own navigation does not.
    if (push && canonical.href !== window.location.href) {
      saveScrollNow();
      window.history.pushState({}, '', canonical.href);
    }
    shownPath.current = canonical.pathname;
    if (route.page.route === shownRoute.current) {
      // The page on screen: nothing to render again, so no render scrolls; a link to it goes to its target or the top.
      scrollAfterNavigation(target.hash, push ? undefined : savedScroll());
      addressChanged();
      finishRouteProgress();
      return;
    }
    pendingScroll.current = { hash: target.hash, savedY: push ? undefined : savedScroll() };
    const next = route.page;
    flushSync(() => show(next));
    showRouteHead(route);
    finishRouteProgress();
  }, []);

  usePopState(shownPath, navigate);
  useAfterRouteChange(site, page, pendingScroll);
  useDevPageUpdates(site, show, pendingScroll);

  const router: Router = useMemo(
    () => ({
      page,
      navigate: (href) => void navigate(href),
      prefetch: (href) => prefetchPageData(new URL(href, window.location.href).pathname),
      loadSidebarCategory,
    }),
    [page, navigate, loadSidebarCategory],
  );
  return (
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <PageViewsContext.Provider value={loadedPageViews()}>
          <App page={page} sidebar={sidebar} />
        </PageViewsContext.Provider>
      </RouterContext.Provider>
    </SiteContext.Provider>
  );
}

/** Back and forward between routes load their route; within the route on screen, the page follows its address. */
function usePopState(shownPath: { current: string }, navigate: (href: string, options?: { push?: boolean }) => Promise<void>): void {
  useEffect(() => {
    navigateImpl = navigate;
    const onPop = () => {
      const url = new URL(window.location.href);
      if (routeOfPath(url.pathname) !== shownPath.current) return void navigate(url.href, { push: false });
      // The same route (an in-page jump, another search): back to where this entry was read, else its target.
      latestNavigation++; // a route still loading is no longer where the reader is
      finishRouteProgress();
      scrollAfterNavigation(url.hash, savedScroll());
      addressChanged();
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [navigate]);
}

/** After a route change: title, the content's enhancements, scroll, focus and announcement. */
function useAfterRouteChange(site: SiteData, page: PageData, pendingScroll: { current: PendingScroll | null }): void {
  const first = useRef(true);
  useEffect(() => {
    if (!document.documentElement.dataset.crashed) document.title = documentTitle(site, page);
    scheduleZoom();
    addCopyButtons();
    restoreTabs();
    markScrollableRegions();
    observeLinks(site.baseUrl);
    if (first.current) {
      first.current = false;
      return;
    }
    const scroll = pendingScroll.current;
    pendingScroll.current = null;
    // A dev-server update re-renders the page the reader is on: the view and focus stay.
    if (scroll !== 'keep') focusNewRoute(scrollAfterNavigation(scroll?.hash ?? '', scroll?.savedY), document.title);
    document.dispatchEvent(new CustomEvent('docsgen:route', { detail: { route: page.route } }));
  }, [page]);
}

/** `docsgen serve` announces a re-rendered page: swap its content in place, keeping the scroll. */
function useDevPageUpdates(site: SiteData, show: (next: PageData) => void, pendingScroll: { current: PendingScroll | null }): void {
  useEffect(() => {
    const onUpdated = (event: Event) => {
      const detail = (event as CustomEvent<{ path: string; handled: boolean }>).detail;
      detail.handled = true;
      void reloadPageData(detail.path)
        .then(async (next) => {
          await loadPageCode(site, next);
          pendingScroll.current = 'keep';
          show({ ...next });
        })
        .catch(() => window.location.reload());
    };
    const onChanged = (event: Event) => forgetRoutes((event as CustomEvent<{ paths: string[] }>).detail.paths);
    window.addEventListener('docsgen:page-updated', onUpdated);
    window.addEventListener(ROUTES_CHANGED_EVENT, onChanged);
    return () => {
      window.removeEventListener('docsgen:page-updated', onUpdated);
      window.removeEventListener(ROUTES_CHANGED_EVENT, onChanged);
    };
  }, []);
}

/** Follows clicks on internal links without reloading the document. */
function interceptLinks(baseUrl: string): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor || !anchor.href || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href);
    if (!isRouteUrl(url, baseUrl)) return;
    const here = new URL(window.location.href);
    if (routeOfPath(url.pathname) === routeOfPath(here.pathname) && url.search === here.search && url.hash) return; // same-page anchor
    event.preventDefault();
    void navigateImpl(url.href);
  });
  document.addEventListener('mouseover', (event) => {
    const anchor = (event.target as Element | null)?.closest?.('a');
    if (!anchor?.href) return;
    const url = new URL(anchor.href);
    if (isRouteUrl(url, baseUrl)) prefetchPageData(url.pathname);
  });
}

let observer: IntersectionObserver | undefined;
/** Prefetches the data of internal links as they scroll into view. */
function observeLinks(baseUrl: string): void {
  if (!('IntersectionObserver' in window) || !mayPrefetch()) return;
  observer?.disconnect();
  observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      observer?.unobserve(entry.target);
      const url = new URL((entry.target as HTMLAnchorElement).href);
      if (isRouteUrl(url, baseUrl)) prefetchPageData(url.pathname);
    }
  });
  const idle = (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ?? ((cb: () => void) => setTimeout(cb, 200));
  idle(() => document.querySelectorAll<HTMLAnchorElement>('main a[href]').forEach((a) => observer?.observe(a)));
}

async function start(): Promise<void> {
  const boot = readBootData();
  watchSystemColorMode(boot.site.colorMode);
  configureSearch({ settings: boot.site.search, ...(boot.site.lazyCss.search ? { stylesheet: boot.site.lazyCss.search } : {}), navigate: (url) => void navigateImpl(url) });
  installSearchShortcuts();
  interceptLinks(boot.site.baseUrl);
  installRouteFocus();
  installCodeCopy();
  installTabs();
  rememberScrollPositions();
  const container = document.getElementById('__docsgen');
  if (!container) return;
  // The page's component first, if its kind's code comes on demand: hydration must render what the
  // server did. Without it the page stays as served: readable, its links load documents.
  try {
    await loadPageView(boot.page.kind);
  } catch (error) {
    console.error(`docsgen: the code of this ${boot.page.kind} page did not load, so it stays as served`, error);
    return;
  }
  hydrateRoot(
    container,
    <StrictMode>
      <Root site={boot.site} page={boot.page} />
    </StrictMode>,
    {
      onRecoverableError: (error) => console.error('docsgen: hydration problem', error),
    },
  );
  document.documentElement.dataset.hydrated = 'true';
  restoreScrollOnLoad();
}

void start();
