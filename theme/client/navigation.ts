/**
 * Where a route's data lives and how it is fetched. A route's data file sits beside its HTML
 * (`/a/b/__data.json` for `/a/b/`), so no route table is needed in the bundle.
 */
import type { PageData } from '../data.ts';
import { isUnderBase, routeOfPath } from '../urls.ts';

export const PAGE_DATA_FILE = '__data.json';

export function pageDataUrl(pathname: string): string {
  return routeOfPath(pathname) + PAGE_DATA_FILE;
}

const cache = new Map<string, Promise<PageData>>();

export function loadPageData(pathname: string): Promise<PageData> {
  const url = pageDataUrl(pathname);
  let pending = cache.get(url);
  if (!pending) {
    pending = fetch(url, { headers: { accept: 'application/json' } }).then(async (response) => {
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      return (await response.json()) as PageData;
    });
    pending.catch(() => cache.delete(url));
    cache.set(url, pending);
  }
  return pending;
}

/** Prefetching is skipped on 2g connections and when the reader asked to save data. */
export function mayPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

export function prefetchPageData(pathname: string): void {
  if (!mayPrefetch()) return;
  loadPageData(pathname).catch(() => undefined);
}

/** Internal links are those inside the site's base path that are not files to download. */
export function isRouteUrl(url: URL, baseUrl: string): boolean {
  if (url.origin !== window.location.origin) return false;
  if (!isUnderBase(url.pathname, baseUrl)) return false;
  const last = url.pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}
