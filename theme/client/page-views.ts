/**
 * Loads the component of an on-demand page kind (theme/page-views.ts) before a route of that kind
 * is hydrated or shown, so React never renders a page whose code is still on its way.
 */
import { isOnDemandKind, type OnDemandPageViews } from '../page-views.ts';
import type { PageKind } from '../data.ts';

const loaders: { [K in keyof OnDemandPageViews]: () => Promise<OnDemandPageViews[K]> } = {
  search: () => import('../pages/SearchPage.tsx').then((m) => m.SearchPage),
};

const loaded: Partial<OnDemandPageViews> = {};

/** Resolves once the component for `kind` is loaded (at once for the kinds the main bundle has). */
export async function loadPageView(kind: PageKind): Promise<void> {
  if (!isOnDemandKind(kind) || loaded[kind]) return;
  const view = await loaders[kind]();
  (loaded as Record<string, unknown>)[kind] = view;
}

/** The components loaded so far: a new object, so a render after a load sees the new one. */
export function loadedPageViews(): Partial<OnDemandPageViews> {
  return { ...loaded };
}
