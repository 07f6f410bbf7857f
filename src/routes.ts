/**
 * The route table: one exact route per doc (the landing page at the base root), the search page,
 * one page per API spec and the not-found page, each with the PageData the theme renders.
 */
import type { SiteConfig } from './config/schema.ts';
import type { DocSource } from './content/scan.ts';
import { allCategories, pruneSidebar, readingOrder, sectionOf, trailsByRoute } from './content/sidebar.ts';
import { categoryCards, hasGeneratedIndex } from './build/category-pages.ts';
import type { RenderedMarkdown } from './markdown/render.ts';
import { knownPageRoutes, sitePathLink } from './site/page-slash.ts';
import type { Finding } from './checks/findings.ts';
import type { ApiPageData, PageBase, PageData, SidebarCategory, SidebarItem } from '../theme/data.ts';
import { encodePathSegments } from '../theme/urls.ts';

export interface RouteEntry {
  page: PageData;
  doc?: DocSource;
  /**
   * Search lvl0: the label of the nearest category holding the page, as DocSearch's Docusaurus
   * crawler takes it (the last active sidebar category), so "system requirements render engine"
   * finds the render engine page of the System requirements category.
   */
  section?: string;
}

export interface RouteInput {
  config: SiteConfig;
  docs: readonly DocSource[];
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>;
  sidebar: SidebarItem[];
  /** API reference pages: their data and prerendered HTML (see src/openapi/pages.ts). */
  apiPages: { route: string; data: ApiPageData; html: string }[];
  /** URL of the JSON file holding a category's items (see pruneSidebar). */
  sidebarItemsUrl(key: string): string;
  /** Seconds since the epoch of each page's last commit, by path relative to content/ (docs.showLastUpdateTime). */
  lastUpdated?: ReadonlyMap<string, number>;
  customPages: { file: string; route: string; title: string; description: string; html: string }[];
}

export const NOT_FOUND_ROUTE = '/404/';

export function composeRoutes(input: RouteInput): { routes: RouteEntry[]; findings: Finding[] } {
  const { config } = input;
  const special = new Map<string, string>([[`/${config.search.searchPagePath}/`, 'the search page'], [NOT_FOUND_ROUTE, 'the not-found page']]);
  for (const api of input.apiPages) special.set(`/${api.route}/`, `the API page "${api.data.id}"`);
  const findings: Finding[] = [];
  const routes = docRoutes(input, special, findings);
  routes.push(...categoryIndexRoutes(input));
  routes.push(...customRoutes(input, special, new Set(routes.map((r) => r.page.route)), findings), ...specialRoutes(input));
  return { routes, findings };
}

/** One route per doc: the landing page, or a doc page with its place in the sidebar. */
function docRoutes(input: RouteInput, special: ReadonlyMap<string, string>, findings: Finding[]): RouteEntry[] {
  const docRoute = createDocRouteComposer(input);
  const routes: RouteEntry[] = [];
  for (const doc of input.docs) {
    const owner = special.get(doc.route);
    if (owner) {
      findings.push({
        kind: 'duplicate-route',
        message: `duplicate route ${doc.route}: ${doc.relPath} and ${owner} both produce it; ${owner} is used`,
        position: { file: doc.file, line: 1, column: 1 },
        hint: 'rename the file or give it another "slug"',
      });
      continue;
    }
    routes.push(docRoute(doc, input.rendered.get(doc)));
  }
  return routes;
}

/**
 * The route of one doc with its rendered markdown, so a build can compose each page when its
 * markdown arrives instead of holding every page's data at once. The sidebar's reading order and
 * trails are computed once; the pruned sidebar is shared by the pages of one folder (same trail),
 * which at 10,000 pages was 300 MB of identical copies.
 */
export function createDocRouteComposer(input: Omit<RouteInput, 'rendered'>): (doc: DocSource, md: RenderedMarkdown | undefined) => RouteEntry {
  const pruned = new Map<string, SidebarItem[]>();
  const place: SidebarPlace = {
    pager: createPager(input.sidebar),
    trails: trailsByRoute(input.sidebar),
    describe: descriptions(input),
    pruned: (trail) => {
      const key = trail.map((c) => c.key).join('\u0000');
      let sidebar = pruned.get(key);
      if (!sidebar) pruned.set(key, (sidebar = pruneSidebar(input.sidebar, trail, input.sidebarItemsUrl)));
      return sidebar;
    },
  };
  return (doc, md) => {
    const base: PageBase = {
      route: doc.route,
      title: doc.frontMatter.title ?? md?.h1 ?? doc.title,
      description: doc.frontMatter.description ?? '',
      html: md?.html ?? '',
      toc: md?.toc ?? [],
      hideToc: doc.frontMatter.hide_table_of_contents ?? false,
    };
    const isLanding = doc.frontMatter.layout === 'landing' || (doc.route === '/' && doc.dir === '');
    return isLanding ? landingRoute(input, doc, base) : docPageRoute(input, doc, base, place);
  };
}

function landingRoute(input: Pick<RouteInput, 'config' | 'docs' | 'sidebar'>, doc: DocSource, base: PageBase): RouteEntry {
  const { config } = input;
  const fm = doc.frontMatter;
  // Site paths of the hero and the cards get a page's trailing slash, as the navbar's do.
  const pageRoutes = knownPageRoutes(config, input.docs, input.sidebar);
  const link = (to: string) => sitePathLink(config.baseUrl, to, pageRoutes);
  return {
    doc,
    section: config.title,
    page: {
      ...base,
      kind: 'landing',
      title: fm.title ?? config.title,
      landing: {
        hero: {
          title: fm.hero?.title ?? base.title,
          tagline: fm.hero?.tagline ?? config.tagline,
          actions: (fm.hero?.actions ?? []).map((a) => ({ label: a.label, href: link(a.to), variant: a.variant ?? 'primary' })),
        },
        features: (fm.features ?? []).map((f) => ({ title: f.title, description: f.description ?? '', href: link(f.to) })),
      },
    },
  };
}

interface SidebarPlace {
  pager: Pager;
  trails: Map<string, SidebarCategory[]>;
  /** A page's description by route (the cards of a category's page). */
  describe: (route: string) => string;
  /** The sidebar as a page with this trail carries it (shared, never modified). */
  pruned(trail: readonly SidebarCategory[]): SidebarItem[];
}

function docPageRoute(input: Omit<RouteInput, 'rendered'>, doc: DocSource, base: PageBase, place: SidebarPlace): RouteEntry {
  const { sidebar } = input;
  const trail = place.trails.get(doc.route) ?? [];
  const section = sectionOf(sidebar, doc.route, trail);
  const top = section >= 0 ? sidebar[section] : undefined;
  const own = trail.at(-1);
  return {
    doc,
    section: trail.at(-1)?.label ?? (top?.type === 'category' ? top.label : base.title),
    page: {
      ...base,
      kind: 'doc',
      doc: {
        ...pageFooter(input, doc),
        ...(doc.frontMatter.layout === 'category' && own?.route === doc.route ? { cards: categoryCards(own, place.describe) } : {}),
        id: doc.id,
        breadcrumbs: [
          ...trail.filter((c) => c.route !== doc.route).map((c) => ({ label: c.label, ...(c.route ? { route: c.route } : {}) })),
          { label: doc.frontMatter.sidebar_label ?? base.title },
        ],
        ...place.pager(doc.route),
        section,
        sidebar: place.pruned(trail),
      },
    },
  };
}

type PageLink = { label: string; route: string };
/** A page's previous and next links, in the sidebar's reading order. */
type Pager = (route: string) => { previous?: PageLink; next?: PageLink };

function createPager(sidebar: readonly SidebarItem[]): Pager {
  const order = readingOrder(sidebar);
  const index = new Map(order.map((entry, i) => [entry.route, i]));
  return (route) => {
    const i = index.get(route);
    if (i === undefined) return {};
    const previous = i > 0 ? order[i - 1] : undefined;
    const next = order[i + 1];
    return { ...(previous ? { previous } : {}), ...(next ? { next } : {}) };
  };
}

/** "Edit this page" and "Last updated on …", when the config asks for them. */
function pageFooter(input: Pick<RouteInput, 'config' | 'lastUpdated'>, doc: DocSource): { editUrl?: string; lastUpdated?: { iso: string; text: string } } {
  const { editUrl, showLastUpdateTime } = input.config.docs;
  const seconds = showLastUpdateTime ? input.lastUpdated?.get(doc.relPath) : undefined;
  const date = seconds ? new Date(seconds * 1000) : undefined;
  return {
    ...(editUrl ? { editUrl: editUrl.replace(/\/?$/, '/') + encodePathSegments(doc.relPath) } : {}),
    ...(date ? { lastUpdated: { iso: date.toISOString(), text: new Intl.DateTimeFormat(input.config.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(date) } } : {}),
  };
}

/** A page's description by route, for the cards of its category's page. */
function descriptions(input: Pick<RouteInput, 'docs'>): (route: string) => string {
  const byRoute = new Map(input.docs.map((d) => [d.route, d.frontMatter.description ?? '']));
  return (route) => byRoute.get(route) ?? '';
}

/** The generated page of each category without an index.md: its place in the sidebar and its items as cards. */
function categoryIndexRoutes(input: RouteInput): RouteEntry[] {
  const trails = trailsByRoute(input.sidebar);
  const describe = descriptions(input);
  const pager = createPager(input.sidebar);
  return allCategories(input.sidebar)
    .filter(hasGeneratedIndex)
    .map((category) => {
      const trail = trails.get(category.route) ?? [category];
      return {
        section: category.label,
        page: {
          kind: 'doc' as const,
          route: category.route,
          title: category.label,
          description: `${category.label}: the pages of this section of the ${input.config.title}.`,
          html: '',
          toc: [],
          hideToc: true,
          doc: {
            id: `${category.key}/`,
            breadcrumbs: [...trail.slice(0, -1).map((c) => ({ label: c.label, ...(c.route ? { route: c.route } : {}) })), { label: category.label }],
            ...pager(category.route),
            section: sectionOf(input.sidebar, category.route, trail),
            sidebar: pruneSidebar(input.sidebar, trail, input.sidebarItemsUrl),
            cards: categoryCards(category, describe),
          },
        },
      };
    });
}

function customRoutes(input: RouteInput, special: ReadonlyMap<string, string>, taken: ReadonlySet<string>, findings: Finding[]): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const custom of input.customPages) {
    if (taken.has(custom.route) || special.has(custom.route)) {
      findings.push({
        kind: 'duplicate-route',
        message: `duplicate route ${custom.route}: ${custom.file} and another page both produce it; the other page is used`,
        position: { file: custom.file, line: 1, column: 1 },
        hint: 'rename the page file',
      });
      continue;
    }
    routes.push({ section: custom.title, page: { kind: 'page', route: custom.route, title: custom.title, description: custom.description, html: custom.html, toc: [], hideToc: true } });
  }
  return routes;
}

/** The search page, one page per API spec and the not-found page. */
function specialRoutes(input: RouteInput): RouteEntry[] {
  const { config } = input;
  return [
    {
      section: 'Search',
      page: { kind: 'search', route: `/${config.search.searchPagePath}/`, title: 'Search the documentation', description: `Search the ${config.title}.`, html: '', toc: [], hideToc: true },
    },
    ...input.apiPages.map(apiRoute),
    { page: { kind: 'notfound', route: NOT_FOUND_ROUTE, title: 'Page Not Found', description: '', html: '', toc: [], hideToc: true } },
  ];
}

/** An API reference page: an API's only page, its overview, or the page of one tag. */
function apiRoute(api: RouteInput['apiPages'][number]): RouteEntry {
  const name = `${api.data.title}${api.data.version ? ` ${api.data.version}` : ''}`;
  return {
    section: 'REST API',
    page: {
      kind: 'api',
      route: `/${api.route}/`,
      title: api.data.tag ? `${api.data.tag} – ${name}` : name,
      description: `Reference of the ${name}${api.data.tag ? `, ${api.data.tag} operations` : ''}: every operation, its parameters, bodies, responses and schemas.`,
      html: api.html,
      toc: [],
      hideToc: true,
      api: api.data,
    },
  };
}
