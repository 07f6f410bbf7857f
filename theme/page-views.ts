/**
 * The page components that only routes of their kind need, given to the App through a context, so
 * that the browser loads each one only for such a route (as Docusaurus splits its routes). Only the
 * search page is one: its code (results, highlights, escaped text) is 0.6 KB gzip of every other
 * page's JavaScript. The landing and not-found pages are not: esbuild splits the modules they share
 * with the bundle into chunks of a few hundred bytes each, which cost more than they saved
 * (measured: the API page's reading JavaScript grew). The server renders with all of them
 * (theme/server.tsx); the browser loads the one a route needs before it hydrates or shows it
 * (theme/client/page-views.ts).
 */
import { createContext, type ComponentType } from 'react';

export interface OnDemandPageViews {
  search: ComponentType;
}

export type OnDemandKind = keyof OnDemandPageViews;

export const PageViewsContext = createContext<Partial<OnDemandPageViews>>({});
