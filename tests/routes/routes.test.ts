import { describe, it, expect, beforeAll } from 'vitest';
import path from 'node:path';
import { scanContent, type DocSource } from '../../src/content/scan.ts';
import { buildSidebar } from '../../src/content/sidebar.ts';
import { parseConfig } from '../../src/config/parse.ts';
import { composeRoutes, NOT_FOUND_ROUTE } from '../../src/routes.ts';
import { withGeneratedIndexes } from '../../src/build/category-pages.ts';
import type { RenderedMarkdown } from '../../src/markdown/render.ts';
import type { ApiPageData } from '../../theme/data.ts';

const config = parseConfig('title: T\ntagline: Tag\nurl: https://x.example\nbaseUrl: /docs/\n', '/site/config.yaml').config;
let docs: DocSource[];
let rendered: Map<DocSource, RenderedMarkdown>;

beforeAll(async () => {
  docs = (await scanContent(path.resolve('tests/fixtures/basic/content'), { includeDrafts: false })).docs;
  rendered = new Map(docs.map((d) => [d, { html: `<p>${d.relPath}</p>`, toc: [], findings: { links: [], brokenMarkdownLinks: [], missingImages: [], assets: [] }, searchBlocks: [] }]));
});

function compose(extra: { docs?: DocSource[]; customPages?: { file: string; route: string; title: string; description: string; html: string }[]; api?: boolean } = {}) {
  const list = extra.docs ?? docs;
  const api: ApiPageData = { id: 'mini', title: 'Mini API', version: '1.0.0', openapi: '3.0.3', specUrl: '/docs/api/mini.yaml', specFileName: 'mini.yaml', servers: [], rootRoute: '/api/', split: false, nav: [], operationCount: 0, schemas: [] };
  return composeRoutes({
    config,
    docs: list,
    rendered,
    sidebar: buildSidebar(list, new Map()),
    apiPages: extra.api ? [{ route: 'api', data: api, html: '<div class="api-ref"></div>' }] : [],
    sidebarItemsUrl: (key) => `/docs/items/${key}.json`,
    customPages: extra.customPages ?? [],
  });
}

describe('the route table', () => {
  it('gives every doc one exact route, the landing page at the root, then search, API pages and 404', () => {
    const { routes, findings } = compose({ api: true });
    expect(findings).toEqual([]);
    expect(routes.map((r) => `${r.page.kind} ${r.page.route}`)).toEqual([
      'doc /guide/first/',
      'doc /guide/',
      'doc /guide/second/',
      'landing /',
      'doc /reference/deep/long/',
      'doc /reference/glossary/',
      'search /search/',
      'api /api/',
      `notfound ${NOT_FOUND_ROUTE}`,
    ]);
  });

  it('takes the landing hero and cards from front matter, resolving their links against the base path', () => {
    const landing = compose().routes.find((r) => r.page.kind === 'landing')?.page;
    if (landing?.kind !== 'landing') throw new Error('no landing page');
    expect(landing.landing.hero).toEqual({ title: 'Fixture home', tagline: 'Tag', actions: [{ label: 'Start', href: '/docs/guide/', variant: 'primary' }] });
    expect(landing.landing.features).toEqual([{ title: 'Guide', description: 'The guide', href: '/docs/guide/' }]);
  });

  it("gives a hero action or card naming a page its trailing slash, as the navbar's links get it", () => {
    const home = docs.find((d) => d.route === '/') as DocSource;
    const edited: DocSource = {
      ...home,
      frontMatter: {
        ...home.frontMatter,
        hero: { actions: [{ label: 'Setup', to: '/guide/second#details' }, { label: 'Search', to: 'search?q=hub' }] },
        features: [
          { title: 'First', description: '', to: 'guide/first' },
          { title: 'File', description: '', to: '/img/diagram.svg' },
          { title: 'Elsewhere', description: '', to: '/not-a-page' },
        ],
      },
    };
    const landing = compose({ docs: docs.map((d) => (d === home ? edited : d)) }).routes.find((r) => r.page.kind === 'landing')?.page;
    if (landing?.kind !== 'landing') throw new Error('no landing page');
    expect(landing.landing.hero.actions.map((a) => a.href)).toEqual(['/docs/guide/second/#details', '/docs/search/?q=hub']);
    expect(landing.landing.features.map((f) => f.href)).toEqual(['/docs/guide/first/', '/docs/img/diagram.svg', '/docs/not-a-page']);
  });

  it('gives a doc page its breadcrumbs, previous and next pages, section and a sidebar pruned to its trail', () => {
    const first = compose().routes.find((r) => r.page.route === '/guide/first/');
    expect(first?.section).toBe('Guide');
    if (first?.page.kind !== 'doc') throw new Error('/guide/first/ is not a doc page');
    expect(first.page.doc.breadcrumbs).toEqual([{ label: 'Guide', route: '/guide/' }, { label: 'First page' }]);
    expect(first.page.doc.previous).toEqual({ label: 'Guide', route: '/guide/' });
    expect(first.page.doc.next).toEqual({ label: 'Second page', route: '/guide/second/' });
    const reference = first.page.doc.sidebar.find((i) => i.type === 'category' && i.label !== 'Guide');
    expect(reference?.type === 'category' && reference.items).toBeNull();
    expect(first.page.html).toBe('<p>guide/first.md</p>');
  });

  it('reports a doc on a special route or a custom page on a taken route as a duplicate, and keeps the first owner', () => {
    const intruder = { ...docs[0], relPath: 'search.md', file: '/site/content/search.md', route: '/search/' } as DocSource;
    rendered.set(intruder, rendered.get(docs[0] as DocSource) as RenderedMarkdown);
    const { routes, findings } = compose({
      docs: [...docs, intruder],
      customPages: [{ file: '/site/content/guide.page.tsx', route: '/guide/', title: 'Custom', description: '', html: '<p>custom</p>' }],
    });
    expect(findings.map((f) => f.message)).toEqual([
      'duplicate route /search/: search.md and the search page both produce it; the search page is used',
      'duplicate route /guide/: /site/content/guide.page.tsx and another page both produce it; the other page is used',
    ]);
    expect(routes.filter((r) => r.page.route === '/search/').map((r) => r.page.kind)).toEqual(['search']);
    expect(routes.filter((r) => r.page.route === '/guide/').map((r) => r.page.kind)).toEqual(['doc']);
  });
});

describe('previous and next links', () => {
  it('run through every doc and every generated category page once, in sidebar order, each the inverse of the other', () => {
    const sidebar = withGeneratedIndexes(buildSidebar(docs, new Map()), new Set(docs.map((d) => d.route)));
    const { routes } = composeRoutes({ config, docs, rendered, sidebar, apiPages: [], sidebarItemsUrl: (key) => `/docs/items/${key}.json`, customPages: [] });
    const pages = new Map(routes.flatMap((r) => (r.page.kind === 'doc' ? [[r.page.route, r.page.doc] as const] : [])));
    const chain: string[] = [];
    for (let route: string | undefined = '/guide/'; route !== undefined; route = pages.get(route)?.next?.route) chain.push(route);
    expect(chain).toEqual(['/guide/', '/guide/first/', '/guide/second/', '/reference/', '/reference/glossary/', '/reference/deep/', '/reference/deep/long/']);
    expect(pages.get('/reference/')?.previous).toEqual({ label: 'Second page', route: '/guide/second/' });
    expect(pages.get('/reference/')?.next?.route).toBe('/reference/glossary/');
    for (const [i, route] of chain.entries()) expect(pages.get(route)?.previous?.route, route).toBe(chain[i - 1]);
    expect([...pages.keys()].sort()).toEqual([...chain].sort());
  });
});
