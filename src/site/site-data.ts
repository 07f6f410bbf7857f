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
import type { LogoData, NavItem, SearchSettings, SidebarItem, SiteData } from '../../theme/data.ts';

export interface SiteDataInput {
  loaded: LoadedConfig;
  docs: readonly DocSource[];
  /** Ids of docs that exist but are drafts (left out of this build). */
  draftIds: ReadonlySet<string>;
  sidebar: readonly SidebarItem[];
  searchIndexUrl: string | undefined;
  lazyCss: SiteData['lazyCss'];
}

export interface SiteDataResult {
  site: SiteData;
  /** Where in config.yaml each navbar and footer link was configured, by the href readers get. */
  linkPositions: Map<string, ReturnType<LoadedConfig['locate']>>;
  errors: DocsgenError[];
  warnings: { message: string; position: ReturnType<LoadedConfig['locate']> }[];
}

export function buildSiteData(input: SiteDataInput): SiteDataResult {
  const { config } = input.loaded;
  const errors: DocsgenError[] = [];
  const warnings: SiteDataResult['warnings'] = [];
  const linkPositions: SiteDataResult['linkPositions'] = new Map();
  const base = config.baseUrl;
  const docsById = new Map(input.docs.map((d) => [d.id, d]));
  const firstDoc = flattenSidebar(input.sidebar)[0];

  const link = (to: string | undefined, href: string | undefined): { href: string; external: boolean } | undefined => {
    if (href) return { href, external: isExternal(href) };
    if (to === undefined) return undefined;
    return { href: isExternal(to) ? to : resolveSitePath(base, to), external: isExternal(to) };
  };

  const resolveItem = (item: NavbarItemConfig, keyPath: KeyPath): NavItem | undefined => {
    const position = item.position ?? 'left';
    const label = item.label ?? '';
    const type = item.type ?? (item.items ? 'dropdown' : 'link');
    const common = {
      position,
      ...(item.legacy ? { legacy: true } : {}),
      ...(item.logo ? { logo: asset(base, item.logo) } : item.image ? { logo: asset(base, item.image) } : {}),
      ...(item.version ? { version: item.version } : {}),
    };
    switch (type) {
      case 'search':
        return { kind: 'search', label: label || 'Search', ...common };
      case 'dropdown': {
        const items = (item.items ?? [])
          .map((child, i) => resolveItem(child, [...keyPath, 'items', i]))
          .filter((c): c is NavItem => c !== undefined);
        const target = link(item.to, item.href);
        return { kind: 'dropdown', label, items, ...(target ? { href: target.href, external: target.external } : {}), ...common };
      }
      case 'doc': {
        const doc = item.docId ? docsById.get(item.docId) : undefined;
        if (!doc) {
          if (item.docId && input.draftIds.has(item.docId)) return undefined; // drafts are hidden, not broken
          errors.push(
            new DocsgenError(`navbar item "${label || item.docId}" names the doc id "${item.docId ?? ''}", which does not exist`, {
              position: input.loaded.locate([...keyPath, item.docId ? 'docId' : 'type']),
              hint: `use an existing doc id (for example "${input.docs[0]?.id ?? 'index'}") or change the item to a link`,
            }),
          );
          return undefined;
        }
        return { kind: 'link', label: label || doc.title, href: withBase(base, doc.route), external: false, ...common };
      }
      case 'docSidebar': {
        const sidebarId = item.sidebarId ?? config.docs.sidebarId;
        if (sidebarId !== config.docs.sidebarId) {
          errors.push(
            new DocsgenError(`navbar item "${label}" names the sidebar "${sidebarId}", which does not exist`, {
              position: input.loaded.locate([...keyPath, 'sidebarId']),
              hint: `the site has one sidebar, "${config.docs.sidebarId}"`,
            }),
          );
          return undefined;
        }
        if (!firstDoc) {
          errors.push(
            new DocsgenError(`navbar item "${label}" links to the sidebar "${sidebarId}", but that sidebar has no doc to link to`, {
              position: input.loaded.locate(keyPath),
              hint: 'add a doc to content/ or give the item a "to" link instead',
            }),
          );
          return undefined;
        }
        return { kind: 'link', label: label || 'Docs', href: withBase(base, firstDoc.route), external: false, ...common };
      }
      default: {
        const target = link(item.to, item.href);
        if (!target) {
          // Rendered as an error item so the rest of the navbar still works; see NavbarItemBoundary.
          const where = `navbar.items${keyPath.slice(2).map((k) => (typeof k === 'number' ? `[${k}]` : `.${k}`)).join('')}`;
          warnings.push({ message: `navbar item "${label}" has neither "to" nor "href"`, position: input.loaded.locate(keyPath) });
          return { kind: 'error', label, problem: where, ...common };
        }
        if (!linkPositions.has(target.href)) linkPositions.set(target.href, input.loaded.locate([...keyPath, item.href ? 'href' : 'to']));
        return { kind: 'link', label, ...target, ...common };
      }
    }
  };

  const items = config.navbar.items
    .map((item, i) => resolveItem(item, ['navbar', 'items', i]))
    .filter((i): i is NavItem => i !== undefined);

  const site: SiteData = {
    title: config.title,
    tagline: config.tagline,
    url: config.url,
    baseUrl: base,
    locale: config.locale,
    titleDelimiter: config.titleDelimiter,
    colorMode: config.colorMode,
    ...(config.announcementBar ? { announcementBar: config.announcementBar } : {}),
    navbar: {
      title: config.navbar.title,
      ...(config.navbar.logo ? { logo: logoData(base, config.navbar.logo) } : {}),
      hideOnScroll: config.navbar.hideOnScroll,
      items,
    },
    ...(config.footer
      ? {
          footer: {
            style: config.footer.style,
            columns: config.footer.links.map((column, c) => ({
              title: column.title,
              items: column.items.map((entry, i) => {
                const target = link(entry.to, entry.href) ?? { href: base, external: false };
                if (!linkPositions.has(target.href)) linkPositions.set(target.href, input.loaded.locate(['footer', 'links', c, 'items', i, entry.href ? 'href' : 'to']));
                return { label: entry.label, ...target };
              }),
            })),
            ...(config.footer.logo ? { logo: logoData(base, config.footer.logo) } : {}),
            copyright: config.footer.copyright,
          },
        }
      : {}),
    docsVersion: config.docs.version,
    search: searchSettings(config, input.searchIndexUrl),
    lazyCss: input.lazyCss,
  };
  return { site, errors, warnings, linkPositions };
}

function asset(base: string, src: string): string {
  return isExternal(src) || src.startsWith('/') ? src : base + src;
}

function logoData(base: string, logo: LogoConfig): LogoData {
  return {
    alt: logo.alt,
    src: asset(base, logo.src),
    ...(logo.srcDark ? { srcDark: asset(base, logo.srcDark) } : {}),
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
