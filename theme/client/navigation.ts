/**
 * How a route's data is loaded for client navigation. There is no separate data file: the next
 * route's prerendered HTML document is fetched (the same URL a full page load would request, so
 * the browser's HTTP cache serves both), and its page data is read out of it: the data block holds
 * everything but the content HTML and the sidebar, which are read from the prerendered elements
 * (see data-block.ts). Writing every page's HTML twice (the page and a JSON copy) doubled the
 * output; this keeps one copy.
 */
import type { PageData } from '../data.ts';
import { isUnderBase, routeOfPath } from '../urls.ts';
import { PAGE_DATA_ELEMENT_ID, readPageDocument } from '../data-block.ts';
import { requestOnce } from '../request-once.ts';

/** A route as client navigation gets it: its data, and the policy its document would run under. */
export interface FetchedRoute {
  page: PageData;
  /** The document's Content-Security-Policy (its meta tag; '' without one). */
  policy: string;
  /** Its head's description, canonical link and Open Graph tags (as tag names and attributes), and its page kind. */
  head: { tags: HeadTag[]; pageKind: string | undefined };
}

/** A head element as plain data: the cache must not keep each fetched document alive through its elements. */
interface HeadTag {
  name: string;
  attributes: [string, string][];
}

/** The head tags that describe one page (the rest of the head is the same on every page). */
const PAGE_HEAD_TAGS = 'meta[name="description"], link[rel="canonical"], meta[property^="og:"]';

const cache = new Map<string, Promise<FetchedRoute>>();

/** The policy of a document's `<meta http-equiv="Content-Security-Policy">` (docsgen writes one on every page). */
export function documentPolicy(doc: Document): string {
  return doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content') ?? '';
}

async function fetchRoute(url: string, init: RequestInit): Promise<FetchedRoute> {
  const response = await fetch(url, { ...init, headers: { accept: 'text/html' } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  if (!doc.getElementById(PAGE_DATA_ELEMENT_ID)) throw new Error(`${url} is not a docsgen page`);
  const tags = [...doc.head.querySelectorAll(PAGE_HEAD_TAGS)].map((tag) => ({ name: tag.localName, attributes: [...tag.attributes].map((a): [string, string] => [a.name, a.value]) }));
  return { page: readPageDocument(doc).page, policy: documentPolicy(doc), head: { tags, pageKind: doc.documentElement.dataset.pageKind } };
}

/** Makes the head describe the route shown (sharing and bookmarking tools read it from the live page). */
export function showRouteHead(route: FetchedRoute): void {
  document.head.querySelectorAll(PAGE_HEAD_TAGS).forEach((tag) => tag.remove());
  for (const tag of route.head.tags) {
    const element = document.createElement(tag.name);
    for (const [name, value] of tag.attributes) element.setAttribute(name, value);
    document.head.appendChild(element);
  }
  if (route.head.pageKind) document.documentElement.dataset.pageKind = route.head.pageKind;
}

/** The route at `pathname`, fetched once and shared by prefetching and navigation. */
export function loadRoute(pathname: string): Promise<FetchedRoute> {
  const url = routeOfPath(pathname);
  return requestOnce(cache, url, () => fetchRoute(url, {}));
}

/** Drops the fetched copies of routes the dev server re-rendered: the next visit fetches them again. */
export function forgetRoutes(paths: readonly string[]): void {
  for (const path of paths) cache.delete(routeOfPath(path));
}

/** The route's data as it is now on the server (`docsgen serve` announced a re-rendered page). */
export async function reloadPageData(pathname: string): Promise<PageData> {
  const url = routeOfPath(pathname);
  return (await requestOnce(cache, url, () => fetchRoute(url, { cache: 'no-store' }), { fresh: true })).page;
}

/**
 * Whether a route can be shown in this document. A document keeps the policy it was loaded with, so
 * a route whose policy differs (an API page may call its API servers; a custom page's inline scripts
 * are allowed by hash) needs a page load of its own: shown here, the API page's Try it had every
 * request refused under a doc page's `connect-src 'self'`.
 */
export function runsUnderThisPolicy(route: FetchedRoute): boolean {
  return route.policy === documentPolicy(document);
}

/** Prefetching is skipped on 2g connections and when the reader asked to save data. */
export function mayPrefetch(): boolean {
  const connection = (navigator as Navigator & { connection?: { effectiveType?: string; saveData?: boolean } }).connection;
  if (!connection) return true;
  return !connection.saveData && !(connection.effectiveType ?? '').includes('2g');
}

export function prefetchPageData(pathname: string): void {
  if (!mayPrefetch()) return;
  // The page on screen is already here (links to it: the sidebar's active item, breadcrumbs).
  if (routeOfPath(pathname) === routeOfPath(window.location.pathname)) return;
  loadRoute(pathname).catch(() => undefined);
}

/** Internal links are those inside the site's base path that are not files to download. */
export function isRouteUrl(url: URL, baseUrl: string): boolean {
  if (url.origin !== window.location.origin) return false;
  if (!isUnderBase(url.pathname, baseUrl)) return false;
  const last = url.pathname.split('/').pop() ?? '';
  return !last.includes('.') || last.endsWith('.html');
}
