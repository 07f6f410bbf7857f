/**
 * Routes of docs. A route is relative to the site's base path, starts and ends with "/", and is
 * an exact match: `a/b/c.md` → `/a/b/c/`, `a/b/index.md` → `/a/b/`, `index.md` → `/`.
 */
import path from 'node:path';

export function routeFromRelativePath(relPath: string, slug?: string): string {
  const dir = path.posix.dirname(relPath) === '.' ? '' : path.posix.dirname(relPath);
  const name = path.posix.basename(relPath, '.md');
  if (slug !== undefined) {
    // An absolute slug replaces the whole route; a relative one replaces the file's own segment.
    const joined = slug.startsWith('/') ? slug : `${dir ? `/${dir}` : ''}/${slug}`;
    return normalizeRoute(joined);
  }
  const segments = dir ? dir.split('/') : [];
  if (name !== 'index' && name !== 'README') segments.push(name);
  return normalizeRoute(`/${segments.join('/')}`);
}

/** Collapses duplicate slashes, resolves "." and "..", and adds the leading and trailing slash. */
export function normalizeRoute(route: string): string {
  const parts: string[] = [];
  for (const part of route.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.length === 0 ? '/' : `/${parts.join('/')}/`;
}
