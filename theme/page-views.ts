/**
 * The page components that only routes of their kind need, given to the App through a context, so
 * that the browser loads each one only for such a route (as Docusaurus splits its routes): the
 * search page (results, highlights, escaped text: 0.6 KB gzip), the landing page, the not-found
 * page and custom pages, one site has one or a few of each. Together 1 KB gzip of every other
 * page's JavaScript, the API page's included. The modules they share with the entry stay in its
 * chunk (src/bundle/client.ts), so a split costs the other pages nothing; before, esbuild made a
 * chunk of each, and splitting the landing and not-found pages cost more than it saved. Doc and
 * API pages' components stay in the entry. The server renders with all of them (theme/server.tsx);
 * the browser loads the one a route needs before it hydrates or shows it (theme/client/page-views.ts).
 */
import { createContext, type ComponentType } from 'react';
import type { LandingPageData, PageData } from './data.ts';

export interface OnDemandPageViews {
  search: ComponentType;
  landing: ComponentType<{ page: LandingPageData }>;
  notfound: ComponentType;
  page: ComponentType<{ page: PageData }>;
}

export type OnDemandKind = keyof OnDemandPageViews;

export const PageViewsContext = createContext<Partial<OnDemandPageViews>>({});
