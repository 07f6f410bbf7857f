/**
 * The route table: one exact route per doc (the landing page at the base root), the search page,
 * one page per API spec and the not-found page, each with the PageData the theme renders.
 */
import type { SiteConfig } from './config/schema.ts';
import type { DocSource } from './content/scan.ts';
import { flattenSidebar, pruneSidebar, sectionOf, trailsByRoute } from './content/sidebar.ts';
import type { RenderedMarkdown } from './markdown/render.ts';
import { resolveSitePath } from '../theme/urls.ts';
import type { Finding } from './checks/findings.ts';
import type { ApiPageData, PageData, SidebarCategory, SidebarItem } from '../theme/data.ts';

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
  apiPages: { route: string; data: ApiPageData }[];
  /** URL of the JSON file holding a category's items (see pruneSidebar). */
  sidebarItemsUrl(key: string): string;
  customPages: { file: string; route: string; title: string; description: string; html: string }[];
}

export const NOT_FOUND_ROUTE = '/404/';

export function composeRoutes(input: RouteInput): { routes: RouteEntry[]; findings: Finding[] } {
  const { config } = input;
  const special = new Map<string, string>([[`/${config.search.searchPagePath}/`, 'the search page'], [NOT_FOUND_ROUTE, 'the not-found page']]);
  for (const api of input.apiPages) special.set(`/${api.route}/`, `the API page "${api.data.id}"`);
  const findings: Finding[] = [];
  const routes = docRoutes(input, special, findings);
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
export function createDocRouteComposer(input: Omit<RouteInput, 'docs' | 'rendered'>): (doc: DocSource, md: RenderedMarkdown | undefined) => RouteEntry {
  const order = flattenSidebar(input.sidebar);
  const pruned = new Map<string, SidebarItem[]>();
  const place: SidebarPlace = {
    order,
    index: new Map(order.map((entry, i) => [entry.route, i])),
    trails: trailsByRoute(input.sidebar),
    pruned: (trail) => {
      const key = trail.map((c) => c.key).join('\u0000');
      let sidebar = pruned.get(key);
      if (!sidebar) pruned.set(key, (sidebar = pruneSidebar(input.sidebar, trail, input.sidebarItemsUrl)));
      return sidebar;
    },
  };
  return (doc, md) => {
    const base: PageData = {
      kind: 'doc',
      route: doc.route,
      title: doc.frontMatter.title ?? md?.h1 ?? doc.title,
      description: doc.frontMatter.description ?? '',
      html: md?.html ?? '',
      toc: md?.toc ?? [],
      hideToc: doc.frontMatter.hide_table_of_contents ?? false,
    };
    const isLanding = doc.frontMatter.layout === 'landing' || (doc.route === '/' && doc.dir === '');
    return isLanding ? landingRoute(input.config, doc, base) : docPageRoute(input, doc, base, place);
  };
}

function landingRoute(config: SiteConfig, doc: DocSource, base: PageData): RouteEntry {
  const fm = doc.frontMatter;
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
          actions: (fm.hero?.actions ?? []).map((a) => ({ label: a.label, href: resolveSitePath(config.baseUrl, a.to), variant: a.variant ?? 'primary' })),
        },
        features: (fm.features ?? []).map((f) => ({ title: f.title, description: f.description ?? '', href: resolveSitePath(config.baseUrl, f.to) })),
      },
    },
  };
}

interface SidebarPlace {
  order: { route: string; label: string }[];
  index: Map<string, number>;
  trails: Map<string, SidebarCategory[]>;
  /** The sidebar as a page with this trail carries it (shared, never modified). */
  pruned(trail: readonly SidebarCategory[]): SidebarItem[];
}

function docPageRoute(input: Omit<RouteInput, 'docs' | 'rendered'>, doc: DocSource, base: PageData, place: SidebarPlace): RouteEntry {
  const { sidebar } = input;
  const trail = place.trails.get(doc.route) ?? [];
  const section = sectionOf(sidebar, doc.route, trail);
  const index = place.index.get(doc.route);
  const previous = index !== undefined && index > 0 ? place.order[index - 1] : undefined;
  const next = index !== undefined ? place.order[index + 1] : undefined;
  const top = section >= 0 ? sidebar[section] : undefined;
  return {
    doc,
    section: trail.at(-1)?.label ?? (top?.type === 'category' ? top.label : base.title),
    page: {
      ...base,
      doc: {
        id: doc.id,
        breadcrumbs: [
          ...trail.filter((c) => c.route !== doc.route).map((c) => ({ label: c.label, ...(c.route ? { route: c.route } : {}) })),
          { label: doc.frontMatter.sidebar_label ?? base.title },
        ],
        ...(previous ? { previous: { label: previous.label, route: previous.route } } : {}),
        ...(next ? { next: { label: next.label, route: next.route } } : {}),
        section,
        sidebar: place.pruned(trail),
      },
    },
  };
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
    ...input.apiPages.map((api) => ({
      section: 'REST API',
      page: {
        kind: 'api' as const,
        route: `/${api.route}/`,
        title: `${api.data.title} ${api.data.version}`,
        description: `Reference of the ${api.data.title} ${api.data.version}: every operation, its parameters, bodies and errors.`,
        html: '',
        toc: [],
        hideToc: true,
        api: api.data,
      },
    })),
    { page: { kind: 'notfound', route: NOT_FOUND_ROUTE, title: 'Page Not Found', description: '', html: '', toc: [], hideToc: true } },
  ];
}
