/**
 * Loads the component of an on-demand page kind (theme/page-views.ts) before a route of that kind
 * is hydrated or shown, so React never renders a page whose code is still on its way.
 */
import type { OnDemandKind, OnDemandPageViews } from '../page-views.ts';
import type { PageData, PageKind, SiteData } from '../data.ts';
import { loadStylesheet } from './stylesheet.ts';

const loaders: { [K in keyof OnDemandPageViews]: () => Promise<OnDemandPageViews[K]> } = {
  search: () => import('../pages/SearchPage.tsx').then((m) => m.SearchPage),
  landing: () => import('../pages/LandingPage.tsx').then((m) => m.LandingPage),
  notfound: () => import('../pages/NotFoundPage.tsx').then((m) => m.NotFoundPage),
  page: () => import('../pages/CustomPage.tsx').then((m) => m.CustomPage),
};

const loaded: Partial<OnDemandPageViews> = {};

/** The kinds whose component comes on demand: those with a loader. */
const isOnDemand = (kind: string): kind is OnDemandKind => Object.prototype.hasOwnProperty.call(loaders, kind);

/** Resolves once the component for `kind` is loaded (at once for the kinds the main bundle has). */
export async function loadPageView(kind: PageKind): Promise<void> {
  if (!isOnDemand(kind) || loaded[kind]) return;
  const view = await loaders[kind]();
  (loaded as Record<string, unknown>)[kind] = view;
}

/** The components loaded so far: a new object, so a render after a load sees the new one. */
export function loadedPageViews(): Partial<OnDemandPageViews> {
  return { ...loaded };
}

/**
 * What a page needs before it is shown after a client navigation or a dev-server update: its
 * kind's stylesheet (the API reference's), so it is not shown unstyled, and its kind's component.
 */
export async function loadPageCode(site: SiteData, page: PageData): Promise<void> {
  await Promise.all([loadStylesheet(site.pageCss?.[page.kind]), loadPageView(page.kind)]);
}
