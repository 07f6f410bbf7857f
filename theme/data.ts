/**
 * The contract between the generator and the theme. The theme knows nothing about files: it gets
 * SiteData (once per build) and PageData (once per route) and renders the same on the server and
 * in the browser.
 */

export interface SidebarLink {
  type: 'link';
  label: string;
  route: string;
  /** The generator's id of the doc; the browser does not get it (see data-block.ts). */
  docId?: string;
}

export interface SidebarCategory {
  type: 'category';
  /** Folder path: stable key for open/closed state and for fetching a pruned section. */
  key: string;
  label: string;
  route?: string;
  docId?: string;
  collapsed: boolean;
  /** `null` when a page carries only the shell of this category (see pruneSidebar)… */
  items: SidebarItem[] | null;
  /** …and then where the browser fetches the items when the reader opens it. */
  itemsUrl?: string;
}

export type SidebarItem = SidebarLink | SidebarCategory;

export interface TocItem {
  id: string;
  /** Plain text of the heading. */
  text: string;
  level: 2 | 3;
}

export interface NavItem {
  kind: 'link' | 'dropdown' | 'search' | 'error';
  label: string;
  /** A URL path inside the site (with base) or an external URL. */
  href?: string;
  external?: boolean;
  position: 'left' | 'right';
  items?: NavItem[];
  legacy?: boolean;
  logo?: string;
  /** For `error` items: which configured item failed, for the message readers see. */
  problem?: string;
  /** Set on version entries of the product dropdown, remembered as the preferred version. */
  version?: string;
  /** A docSidebar item: shown as active on every doc page, as the section the reader is in. */
  activeOnDocs?: boolean;
}

export interface LogoData {
  alt: string;
  src: string;
  srcDark?: string;
  href: string;
  width?: number;
  height?: number;
}

export interface SearchSettings {
  mode: 'local' | 'hosted';
  /** URL of the embedded index (local mode). */
  indexUrl?: string;
  appId?: string;
  apiKey?: string;
  indexName?: string;
  hosts?: { url: string; protocol?: 'http' | 'https' }[];
  /** Full URL path of the search page. */
  searchPagePath: string;
  facetFilters: string[];
  externalUrlRegex?: string;
  replaceSearchResultPathname?: { from: string; to: string };
  missingResultsUrl?: string;
}

export interface SiteData {
  title: string;
  tagline: string;
  url: string;
  baseUrl: string;
  locale: string;
  titleDelimiter: string;
  colorMode: { defaultMode: 'light' | 'dark'; disableSwitch: boolean; respectPrefersColorScheme: boolean };
  announcementBar?: { id: string; content: string; backgroundColor: string; textColor: string; isCloseable: boolean };
  navbar: { title: string; logo?: LogoData; hideOnScroll: boolean; items: NavItem[] };
  footer?: { style: 'light' | 'dark'; columns: { title: string; items: { label: string; href: string; external: boolean }[] }[]; logo?: LogoData; copyright: string };
  docsVersion: { name: string; label: string; badge: boolean; banner: 'none' | 'unreleased' | 'unmaintained' };
  search: SearchSettings;
  /** URLs of lazily loaded client chunks' stylesheets, keyed by feature. */
  lazyCss: { search?: string; api?: string };
  /** Stylesheets that only pages of one kind link, loaded before a client navigation shows such a page. */
  pageCss?: Partial<Record<PageKind, string>>;
}

export interface DocMeta {
  id: string;
  breadcrumbs: { label: string; route?: string }[];
  previous?: { label: string; route: string };
  next?: { label: string; route: string };
  /** Index of the top-level sidebar section this doc belongs to. */
  section: number;
  sidebar: SidebarItem[];
  /** "Edit this page" (config docs.editUrl). */
  editUrl?: string;
  /** "Last updated on …" (config docs.showLastUpdateTime): the date as an ISO string and as shown. */
  lastUpdated?: { iso: string; text: string };
  /** On a category's page (generated, or an index.md with `layout: category`): its items. */
  cards?: CategoryCard[];
}

export interface CategoryCard {
  label: string;
  route: string;
  /** A page's front matter description, or for a category how many pages it holds. */
  description: string;
  kind: 'page' | 'category';
}

export interface ApiOperation {
  /** Anchor id on the page (see src/openapi/anchors.ts), shared with search and `docsgen check`. */
  anchor: string;
  operationId?: string;
  method: string;
  path: string;
  summary: string;
  deprecated: boolean;
  /**
   * More words the API filter matches it by: tags, description, parameter and property names
   * (src/openapi/filter-words.ts); absent on a split API's overview. Only here, in the page's data:
   * the browser adds them to the page's `data-filter` texts.
   */
  filterWords?: string;
}

/** An operation listed under another of its tags: it is shown under its first, on the page `home`. */
export interface ApiListedOperation extends ApiOperation {
  home: string;
}

export interface ApiNavTag {
  name: string;
  anchor: string;
  /** Route of the page that holds the tag, "/api/" or "/api/pets/" when each tag has its own page. */
  route: string;
  /** The tag's operations when they are on this page; null on the other pages of a split API. */
  operations: ApiOperation[] | null;
  /** With `operations`: the operations shown under another of their tags that also carry this one. */
  also?: ApiListedOperation[];
}

/**
 * The small part of an API page the browser needs as data (title, navigation, spec link). The
 * reference itself is prerendered HTML (the page's `html`), so it is never repeated as data.
 */
export interface ApiPageData {
  id: string;
  title: string;
  version: string;
  openapi: string;
  specUrl: string;
  specFileName: string;
  /** The same spec as JSON, when the file is YAML (src/openapi/spec-json.ts). */
  specJsonUrl?: string;
  specJsonFileName?: string;
  /** URL templates of every server the spec names (Try it may call them: the page's CSP allows them). */
  servers: string[];
  /** The OAuth token and refresh URLs Try it fetches (allowed by the page's CSP too). */
  tokenUrls?: string[];
  /** Route of the API's first page. */
  rootRoute: string;
  /** One page per tag (a large API); `tag` is this page's tag, absent on the overview. */
  split: boolean;
  tag?: string;
  nav: ApiNavTag[];
  operationCount: number;
  /** The named schemas of the page's Schemas section (none: no section), in its order, for the operations column. */
  schemas: { name: string; anchor: string }[];
  /** The headings of the introduction, on the page that shows it (linked from the operations column). */
  introHeadings?: { id: string; text: string }[];
  /** Whether the page shows the Servers section (#servers). */
  hasServers?: boolean;
  /** Whether the page shows the Authentication section (#authentication). */
  hasAuthentication?: boolean;
  /** The API's webhooks, on the page that shows them (its first). */
  webhooks?: { anchor: string; method: string; name: string; summary: string }[];
}

/** What every page carries, whatever its kind. */
export interface PageBase {
  /** Route relative to the base path, "/a/b/". */
  route: string;
  title: string;
  description: string;
  /** Rendered markdown (trusted output of the markdown stage), or an API page's prerendered reference. */
  html: string;
  toc: TocItem[];
  hideToc: boolean;
}

export interface LandingData {
  hero: { title: string; tagline: string; actions: { label: string; href: string; variant: 'primary' | 'secondary' }[] };
  features: { title: string; description: string; href: string }[];
}

/** A markdown page, or a category's page, with its place in the sidebar. */
export interface DocPageData extends PageBase {
  kind: 'doc';
  doc: DocMeta;
}

export interface LandingPageData extends PageBase {
  kind: 'landing';
  landing: LandingData;
}

/** A page of an API reference. */
export interface ApiRoutePageData extends PageBase {
  kind: 'api';
  api: ApiPageData;
}

/** A custom React page, the search page or the not-found page: nothing beyond the base. */
export interface PlainPageData extends PageBase {
  kind: 'page' | 'search' | 'notfound';
}

/**
 * The data of one route, tagged by its kind: a doc page always has its sidebar place, an API page
 * its API data, and no page has another kind's part (the theme picks its layout by `kind` alone).
 */
export type PageData = DocPageData | LandingPageData | ApiRoutePageData | PlainPageData;

export type PageKind = PageData['kind'];

/** The sidebar a page shows: a doc page's own, none on the other kinds. */
export function sidebarOf(page: PageData): SidebarItem[] | undefined {
  return page.kind === 'doc' ? page.doc.sidebar : undefined;
}
