/**
 * The site's URL rules, in one place for the generator (links, checks), the servers and the
 * browser (client navigation, live reload), so that all of them agree on what a link means.
 *
 * A route is relative to the base path, starts and ends with "/" and is an exact match. A URL path
 * that matches no route is tried again with a trailing ".html" or "/index.html" stripped
 * (`/a.html` and `/a/index.html` both mean `/a/`), as static hosts resolve it.
 */

/**
 * A scheme (`https:`, `mailto:`) or a protocol-relative `//host`, as a browser reads the href: it
 * drops leading spaces and control characters and takes a backslash for a slash, so `/\host` and
 * ` //host` leave the site too.
 */
const SCHEME = /^[\u0000-\u0020]*(?:[a-zA-Z][a-zA-Z0-9+.-]*:|[/\\]{2})/;

/** True for links that leave the site (or at least its path space): anything with a scheme or `//`. */
export function isExternal(href: string): boolean {
  return SCHEME.test(href);
}

/** Joins the base path ("/suite/") and a route ("/a/b/") into a URL path ("/suite/a/b/"). */
export function withBase(baseUrl: string, route: string): string {
  return baseUrl.replace(/\/$/, '') + route;
}

/** The route a URL path made by withBase names: the path without the base path ("/suite/a/b/" → "/a/b/"). */
export function withoutBase(baseUrl: string, pathname: string): string {
  const base = baseUrl.replace(/\/$/, '');
  return pathname.startsWith(base) ? pathname.slice(base.length) : pathname;
}

/** A site path as config.yaml writes it ("/installations/", "rhubapi", or already with the base) → a URL path; external URLs pass through. */
export function resolveSitePath(baseUrl: string, to: string): string {
  if (isExternal(to)) return to;
  if (to.startsWith(baseUrl)) return to;
  return baseUrl + to.replace(/^\/+/, '');
}

/** True when a URL path lies under the base path (the base without its slash counts too). */
export function isUnderBase(pathname: string, baseUrl: string): boolean {
  return pathname.startsWith(baseUrl) || `${pathname}/` === baseUrl;
}

/** The route path a URL path means: ".html" and "/index.html" stripped, a trailing slash added. */
export function routeOfPath(pathname: string): string {
  let path = pathname;
  if (path.endsWith('/index.html')) path = path.slice(0, -'index.html'.length);
  else if (path.endsWith('.html')) path = path.slice(0, -'.html'.length);
  return path.endsWith('/') ? path : `${path}/`;
}

/** The route a URL path lands on among `routes`: the exact path first, then by the stripping rule. */
export function matchRoute(pathname: string, routes: ReadonlySet<string>): string | undefined {
  if (routes.has(pathname)) return pathname;
  const route = routeOfPath(pathname);
  return routes.has(route) ? route : undefined;
}

/** Files (relative to the output folder) that may answer a relative URL path, in order: the file itself, then its route's page. */
export function fileCandidates(relPath: string): string[] {
  const page = `${routeOfPath(`/${relPath}`).slice(1)}index.html`;
  return relPath === '' || relPath.endsWith('/') || relPath === page ? [page] : [relPath, page];
}

/**
 * The element id a URL fragment names (`#setup%20steps` → `setup steps`), as the browser finds it;
 * a fragment that is not valid percent-encoding (`#%E0%A4%A`) names the id as written, where
 * decodeURIComponent would throw and stop the page's script.
 */
export function idOfHash(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** A decoded path encoded again, each segment whole (`docs/über/` → `docs/%C3%BCber/`): for a header or a link. */
export function encodePathSegments(pathname: string): string {
  return pathname.split('/').map(encodeURIComponent).join('/');
}
