/**
 * React contexts shared by the theme: the site (fixed per build) and the router (the current page
 * and a way to move to another). On the server the router is inert; the client runtime provides
 * the real one.
 */
import { createContext, useContext } from 'react';
import type { PageData, SiteData } from './data.ts';

export const SiteContext = createContext<SiteData | null>(null);

export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() used outside <SiteContext.Provider>');
  return site;
}

export interface Router {
  page: PageData;
  /** Moves to an internal URL without reloading the document. */
  navigate(href: string): void;
  /** Warms the cache for a URL (hover or visibility). */
  prefetch(href: string): void;
  /** Loads the full items of a sidebar section that the page carried only as a shell; `fresh`: a new request even if one is on its way (the reader's Retry). */
  loadSidebarCategory(category: { key: string; itemsUrl?: string }, options?: { fresh?: boolean }): Promise<void>;
}

export const RouterContext = createContext<Router | null>(null);

export function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('useRouter() used outside <RouterContext.Provider>');
  return router;
}
