/**
 * Turns the config into the SiteData the theme renders (links resolved against the base path and
 * the docs), and checks the references the config makes into the content (spec §5): a doc item
 * must name a known doc (unless it is a draft), a sidebar item a known sidebar with a first doc.
 */
import { DocsgenError } from '../errors.ts';
import type { LoadedConfig, KeyPath } from '../config/load.ts';
import type { NavbarItemConfig, SiteConfig, LogoConfig } from '../config/schema.ts';
import type { DocSource } from '../content/scan.ts';
import { flattenSidebar } from '../content/sidebar.ts';
import { isExternal, resolveSitePath, withBase } from '../../theme/urls.ts';
import { knownPageRoutes, sitePathLink } from './page-slash.ts';
import { staticAssetUrl } from './static-asset-url.ts';
import type { LogoData, NavItem, SearchSettings, SidebarItem, SiteData } from '../../theme/data.ts';

export interface SiteDataInput {
  loaded: LoadedConfig;
  docs: readonly DocSource[];
  /** Ids of docs that exist but are drafts (left out of this build). */
  draftIds: ReadonlySet<string>;
  sidebar: readonly SidebarItem[];
  searchIndexUrl: string | undefined;
  lazyCss: SiteData['lazyCss'];
  pageCss?: SiteData['pageCss'];
}

export interface SiteDataResult {
  site: SiteData;
  /**
   * Where in config.yaml a navbar or footer link was configured, by the href readers get. Found
   * only when asked (for a broken link): finding it parses config.yaml, which a build whose config
   * is in the cache otherwise skips.
   */
  linkPositionOf(href: string): ReturnType<LoadedConfig['locate']> | undefined;
  errors: DocsgenError[];
  warnings: { message: string; position: ReturnType<LoadedConfig['locate']> }[];
}

export function buildSiteData(input: SiteDataInput): SiteDataResult {
  const { config } = input.loaded;
  const ctx: NavContext = {
    input,
    base: config.baseUrl,
    docsById: new Map(input.docs.map((d) => [d.id, d])),
    firstDoc: flattenSidebar(input.sidebar)[0],
    errors: [],
    warnings: [],
    linkKeys: new Map(),
    pageRoutes: knownPageRoutes(config, input.docs, input.sidebar),
  };
  const items = config.navbar.items.map((item, i) => resolveNavbarItem(item, ['navbar', 'items', i], ctx)).filter((i): i is NavItem => i !== undefined);
  const site: SiteData = {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: ctx.base,
    locale: config.locale,
    titleDelimiter: config.titleDelimiter,
    colorMode: config.colorMode,
    ...(config.announcementBar ? { announcementBar: config.announcementBar } : {}),
    navbar: {
      title: config.navbar.title,
      ...(config.navbar.logo ? { logo: logoData(ctx.base, config.navbar.logo) } : {}),
      hideOnScroll: config.navbar.hideOnScroll,
      items,
    },
    ...(config.footer ? { footer: footerData(config.footer, ctx) } : {}),
    docsVersion: config.docs.version,
    search: searchSettings(config, input.searchIndexUrl),
    lazyCss: input.lazyCss,
    ...(input.pageCss && Object.keys(input.pageCss).length > 0 ? { pageCss: input.pageCss } : {}),
  };
  const linkPositionOf = (href: string) => {
    const keyPath = ctx.linkKeys.get(href);
    return keyPath && input.loaded.locate(keyPath);
  };
  return { site, errors: ctx.errors, warnings: ctx.warnings, linkPositionOf };
}

interface NavContext {
  input: SiteDataInput;
  base: string;
  docsById: Map<string, DocSource>;
  firstDoc: { route: string } | undefined;
  errors: DocsgenError[];
  warnings: SiteDataResult['warnings'];
  /** The key path in config.yaml of each navbar and footer link (the first, where two give the same href). */
  linkKeys: Map<string, KeyPath>;
  pageRoutes: ReadonlySet<string>;
}

/**
 * A navbar or footer link: `href` is taken as written (an external URL, or a path on the same host
 * outside the base, such as another version's `/suite-5.5/`), `to` is a site path (or an external
 * URL); a `to` naming a page gets its trailing slash (page-slash.ts).
 */
function linkOf(ctx: NavContext, to: string | undefined, href: string | undefined): { href: string; external: boolean } | undefined {
  if (href) return { href, external: isExternal(href) };
  if (to === undefined) return undefined;
  return { href: sitePathLink(ctx.base, to, ctx.pageRoutes), external: isExternal(to) };
}

function resolveNavbarItem(item: NavbarItemConfig, keyPath: KeyPath, ctx: NavContext): NavItem | undefined {
  const type = item.type ?? (item.items ? 'dropdown' : 'link');
  const common = {
    position: item.position ?? 'left',
    ...(item.legacy ? { legacy: true } : {}),
    ...(item.logo ? { logo: staticAssetUrl(ctx.base, item.logo) } : item.image ? { logo: staticAssetUrl(ctx.base, item.image) } : {}),
    ...(item.version ? { version: item.version } : {}),
  } as const;
  const label = item.label ?? '';
  switch (type) {
    case 'search':
      return { kind: 'search', label: label || 'Search', ...common };
    case 'dropdown': {
      const nested = keyPath.length > 3; // ['navbar', 'items', i] is the navbar's own
      const warn = (message: string) => ctx.warnings.push({ message, position: ctx.input.loaded.locate(keyPath) });
      // A menu shows links: a dropdown inside one would show as a link without its own items.
      if (nested) warn(`navbar item "${label}" is a dropdown inside a dropdown: its items are not shown (a menu holds links)`);
      if (!nested && (item.items ?? []).length === 0) warn(`navbar dropdown "${label}" has no items: its menu opens empty`);
      const items = (item.items ?? []).map((child, i) => resolveNavbarItem(child, [...keyPath, 'items', i], ctx)).filter((c): c is NavItem => c !== undefined);
      const target = linkOf(ctx, item.to, item.href);
      return { kind: 'dropdown', label, items, ...(target ? { href: target.href, external: target.external } : {}), ...common };
    }
    case 'doc':
      return docItem(item, keyPath, ctx, common);
    case 'docSidebar':
      return docSidebarItem(item, keyPath, ctx, common);
    default: {
      const target = linkOf(ctx, item.to, item.href);
      if (!target) {
        // Rendered as an error item so the rest of the navbar still works; see NavbarItemBoundary.
        const where = `navbar.items${keyPath.slice(2).map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;
        ctx.warnings.push({ message: `navbar item "${label}" has neither "to" nor "href"`, position: ctx.input.loaded.locate(keyPath) });
        return { kind: 'error', label, problem: where, ...common };
      }
      if (!ctx.linkKeys.has(target.href)) ctx.linkKeys.set(target.href, [...keyPath, item.href ? 'href' : 'to']);
      // A link with neither a label nor a logo (whose alt text names it) has no name to show or read out.
      if (label === '' && !common.logo) ctx.warnings.push({ message: `navbar item linking to ${target.href} has no label: readers see an empty link`, position: ctx.input.loaded.locate(keyPath) });
      return { kind: 'link', label, ...target, ...common };
    }
  }
}

type CommonItem = Pick<NavItem, 'position' | 'legacy' | 'logo' | 'version'>;

/** A doc item names a doc id, which must exist (a draft's item is hidden, not broken). */
function docItem(item: NavbarItemConfig, keyPath: KeyPath, ctx: NavContext, common: CommonItem): NavItem | undefined {
  const label = item.label ?? '';
  const doc = item.docId ? ctx.docsById.get(item.docId) : undefined;
  if (doc) return { kind: 'link', label: label || doc.title, href: withBase(ctx.base, doc.route), external: false, ...common };
  if (item.docId && ctx.input.draftIds.has(item.docId)) return undefined;
  ctx.errors.push(
    new DocsgenError(`navbar item "${label || item.docId}" names the doc id "${item.docId ?? ''}", which does not exist`, {
      position: ctx.input.loaded.locate([...keyPath, item.docId ? 'docId' : 'type']),
      hint: `use an existing doc id (for example "${ctx.input.docs[0]?.id ?? 'index'}") or change the item to a link`,
    }),
  );
  return undefined;
}

/** A docSidebar item links to the first doc of the site's one sidebar. */
function docSidebarItem(item: NavbarItemConfig, keyPath: KeyPath, ctx: NavContext, common: CommonItem): NavItem | undefined {
  const label = item.label ?? '';
  const { sidebarId: own } = ctx.input.loaded.config.docs;
  const sidebarId = item.sidebarId ?? own;
  if (sidebarId !== own) {
    ctx.errors.push(
      new DocsgenError(`navbar item "${label}" names the sidebar "${sidebarId}", which does not exist`, {
        position: ctx.input.loaded.locate([...keyPath, 'sidebarId']),
        hint: `the site has one sidebar, "${own}"`,
      }),
    );
    return undefined;
  }
  if (!ctx.firstDoc) {
    ctx.errors.push(
      new DocsgenError(`navbar item "${label}" links to the sidebar "${sidebarId}", but that sidebar has no doc to link to`, {
        position: ctx.input.loaded.locate(keyPath),
        hint: 'add a doc to content/ or give the item a "to" link instead',
      }),
    );
    return undefined;
  }
  return { kind: 'link', label: label || 'Docs', href: withBase(ctx.base, ctx.firstDoc.route), external: false, activeOnDocs: true, ...common };
}

function footerData(footer: NonNullable<SiteConfig['footer']>, ctx: NavContext): NonNullable<SiteData['footer']> {
  return {
    style: footer.style,
    columns: footer.links.map((column, c) => ({
      title: column.title,
      items: column.items.map((entry, i) => {
        const target = linkOf(ctx, entry.to, entry.href);
        if (!target) {
          ctx.warnings.push({ message: `footer item "${entry.label}" has neither "to" nor "href": it links to the home page`, position: ctx.input.loaded.locate(['footer', 'links', c, 'items', i]) });
          return { label: entry.label, href: ctx.base, external: false };
        }
        if (!ctx.linkKeys.has(target.href)) ctx.linkKeys.set(target.href, ['footer', 'links', c, 'items', i, entry.href ? 'href' : 'to']);
        return { label: entry.label, ...target };
      }),
    })),
    ...(footer.logo ? { logo: logoData(ctx.base, footer.logo) } : {}),
    copyright: footer.copyright,
  };
}


function logoData(base: string, logo: LogoConfig): LogoData {
  return {
    alt: logo.alt,
    src: staticAssetUrl(base, logo.src),
    ...(logo.srcDark ? { srcDark: staticAssetUrl(base, logo.srcDark) } : {}),
    href: logo.href ? resolveSitePath(base, logo.href) : base,
    ...(logo.width ? { width: logo.width } : {}),
    ...(logo.height ? { height: logo.height } : {}),
  };
}

function searchSettings(config: SiteConfig, indexUrl: string | undefined): SearchSettings {
  const s = config.search;
  const hosted = Boolean(s.appId && s.apiKey && s.indexName);
  const tag = `docs-default-${config.docs.version.name}`;
  return {
    mode: hosted ? 'hosted' : 'local',
    ...(hosted ? { appId: s.appId, apiKey: s.apiKey, indexName: s.indexName, ...(s.hosts ? { hosts: s.hosts } : {}) } : {}),
    ...(!hosted && indexUrl ? { indexUrl } : {}),
    searchPagePath: withBase(config.baseUrl, `/${s.searchPagePath}/`),
    facetFilters: s.contextualSearch ? [`language:${config.locale}`, `docusaurus_tag:${tag}`] : [],
    ...(s.externalUrlRegex ? { externalUrlRegex: s.externalUrlRegex } : {}),
    ...(s.replaceSearchResultPathname ? { replaceSearchResultPathname: s.replaceSearchResultPathname } : {}),
    ...(s.missingResultsUrl ? { missingResultsUrl: s.missingResultsUrl } : {}),
  };
}

export function docsVersionTag(config: SiteConfig): string {
  return `docs-default-${config.docs.version.name}`;
}
