/**
 * Pages are folders (`/guide/second/`), and a host answers the bare path (`/guide/second`) with a
 * redirect, or on some not at all. A site path the config or front matter writes (`to:` of a navbar
 * or footer link, of a landing page's hero action or feature card) gets the trailing slash when it
 * names a page the build knows; files and unknown paths stay as written.
 */
import type { SiteConfig } from '../config/schema.ts';
import { allCategories } from '../content/sidebar.ts';
import { isExternal, resolveSitePath, withoutBase } from '../../theme/urls.ts';
import type { SidebarItem } from '../../theme/data.ts';

/** Every page route known before pages are rendered (without the base): docs, category pages, API pages, search. */
export function knownPageRoutes(config: SiteConfig, docs: readonly { route: string }[], sidebar: readonly SidebarItem[]): Set<string> {
  // A category's route is its index page or the page generated for it.
  const categoryRoutes = allCategories(sidebar).flatMap((category) => (category.route ? [category.route] : []));
  return new Set([...docs.map((d) => d.route), ...categoryRoutes, ...config.api.map((a) => `/${a.route}/`), `/${config.search.searchPagePath}/`]);
}

/** A site path (`to`) as a link: resolved against the base, with a page's trailing slash, keeping a fragment or query; an external URL as written. */
export function sitePathLink(base: string, to: string, pageRoutes: ReadonlySet<string>): string {
  const href = resolveSitePath(base, to);
  if (isExternal(href)) return href;
  const cut = href.search(/[?#]/);
  const pathPart = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? '' : href.slice(cut);
  if (pathPart.endsWith('/')) return href;
  return pageRoutes.has(`${withoutBase(base, pathPart)}/`) ? `${pathPart}/${rest}` : href;
}
