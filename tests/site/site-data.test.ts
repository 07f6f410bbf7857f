import { describe, it, expect, beforeAll } from 'vitest';
import path from 'node:path';
import { scanContent, type DocSource } from '../../src/content/scan.ts';
import { buildSidebar } from '../../src/content/sidebar.ts';
import { parseConfig } from '../../src/config/parse.ts';
import { buildSiteData } from '../../src/site/site-data.ts';
import type { SidebarItem } from '../../theme/data.ts';

let docs: DocSource[];
let sidebar: SidebarItem[];
beforeAll(async () => {
  docs = (await scanContent(path.resolve('tests/fixtures/basic/content'), { includeDrafts: false })).docs;
  sidebar = buildSidebar(docs, new Map());
});

const BASE = 'title: T\nurl: https://x.example\nbaseUrl: /docs/\n';

function siteOf(yaml: string, options: { draftIds?: string[] } = {}) {
  const loaded = parseConfig(BASE + yaml, '/site/config.yaml');
  return buildSiteData({ loaded, docs, draftIds: new Set(options.draftIds ?? []), sidebar, searchIndexUrl: '/docs/assets/index.json', lazyCss: {} });
}

describe('site data for the theme', () => {
  it('resolves navbar items: doc ids, the sidebar, site paths, external links, dropdowns and search', () => {
    const { site, errors } = siteOf(`navbar:
  items:
    - { type: doc, docId: guide/second }
    - { type: docSidebar, label: Docs }
    - { label: API, to: api }
    - { label: Home page, href: "https://example.com/" }
    - { type: search, position: right }
    - type: dropdown
      label: Versions
      items:
        - { label: Old, href: "https://example.com/old/", legacy: true, version: old }
`);
    expect(errors).toEqual([]);
    expect(site.navbar.items.map((i) => [i.kind, i.label, i.href, i.external])).toEqual([
      ['link', 'Second page', '/docs/guide/second/', false],
      ['link', 'Docs', '/docs/guide/', false],
      ['link', 'API', '/docs/api', false],
      ['link', 'Home page', 'https://example.com/', true],
      ['search', 'Search', undefined, undefined],
      ['dropdown', 'Versions', undefined, undefined],
    ]);
    expect(site.navbar.items[5]?.items?.[0]).toMatchObject({ label: 'Old', legacy: true, version: 'old', external: true });
  });

  it('gives a `to` naming a page its trailing slash, keeping a fragment or query, and leaves files and unknown paths as written', () => {
    const { site } = siteOf(`api:
  - { id: hub, route: rhubapi, spec: openapi/hub.yaml }
navbar:
  items:
    - { label: API, to: rhubapi }
    - { label: Setup, to: "/guide/second#details" }
    - { label: Search, to: "search?q=hub" }
    - { label: Spec, to: files/hub.yaml }
    - { label: Elsewhere, to: not-a-page }
    - { label: Already, to: /guide/ }
`);
    expect(site.navbar.items.map((i) => i.href)).toEqual(['/docs/rhubapi/', '/docs/guide/second/#details', '/docs/search/?q=hub', '/docs/files/hub.yaml', '/docs/not-a-page', '/docs/guide/']);
  });

  it('names an unknown doc id or sidebar at its line, hides an item that names a draft, and keeps a broken item visible as an error item', () => {
    const unknown = siteOf('navbar:\n  items:\n    - { type: doc, docId: nope }\n    - { type: docSidebar, sidebarId: other }\n');
    expect(unknown.errors.map((e) => [e.message, e.position?.line])).toEqual([
      ['navbar item "nope" names the doc id "nope", which does not exist', 6],
      ['navbar item "" names the sidebar "other", which does not exist', 7],
    ]);
    expect(siteOf('navbar:\n  items:\n    - { type: doc, docId: drafty }\n', { draftIds: ['drafty'] }).site.navbar.items).toEqual([]);
    const broken = siteOf('navbar:\n  items:\n    - { label: Nowhere }\n');
    expect(broken.site.navbar.items[0]).toMatchObject({ kind: 'error', label: 'Nowhere', problem: 'navbar.items[0]' });
    expect(broken.warnings[0]?.message).toBe('navbar item "Nowhere" has neither "to" nor "href"');
  });

  it('takes an href as written (an external URL, or a path on the host outside the base), and says so of a footer item with neither to nor href', () => {
    const { site, warnings } = siteOf(`navbar:
  items:
    - { label: Other version, href: /suite-5.5/ }
    - { label: Out, href: "https://example.com/x" }
footer:
  links:
    - title: Docs
      items:
        - { label: Mail, href: "mailto:docs@example.com" }
        - { label: Nothing }
  copyright: C
`);
    expect(site.navbar.items.map((i) => i.href)).toEqual(['/suite-5.5/', 'https://example.com/x']);
    expect(site.footer?.columns[0]?.items).toEqual([
      { label: 'Mail', href: 'mailto:docs@example.com', external: true },
      { label: 'Nothing', href: '/docs/', external: false },
    ]);
    expect(warnings.map((w) => [w.message, w.position?.line])).toEqual([['footer item "Nothing" has neither "to" nor "href": it links to the home page', 13]]);
  });

  it('warns, at the item, of a dropdown inside a dropdown, a dropdown without items and a link with neither label nor logo', () => {
    const { warnings } = siteOf(`navbar:
  items:
    - type: dropdown
      label: Outer
      items:
        - { type: dropdown, label: Inner, items: [{ label: X, to: /guide/ }] }
    - { type: dropdown, label: Empty }
    - { to: /guide/ }
    - { to: /guide/, logo: img/logo.svg }
`);
    expect(warnings.map((w) => [w.message, w.position?.line])).toEqual([
      ['navbar item "Inner" is a dropdown inside a dropdown: its items are not shown (a menu holds links)', 9],
      ['navbar dropdown "Empty" has no items: its menu opens empty', 10],
      ['navbar item linking to /docs/guide/ has no label: readers see an empty link', 11],
    ]);
  });

  it('builds footer columns and remembers where each configured link is, for findings', () => {
    const { site, linkPositionOf } = siteOf('footer:\n  links:\n    - title: Docs\n      items:\n        - { label: Start, to: /guide/ }\n  copyright: C\n');
    expect(site.footer?.columns).toEqual([{ title: 'Docs', items: [{ label: 'Start', href: '/docs/guide/', external: false }] }]);
    expect(linkPositionOf('/docs/guide/')?.line).toBe(8);
  });

  it('finds where a link was configured only when asked: a build with its config cached does not parse config.yaml for it', () => {
    const parsed = parseConfig(`${BASE}navbar:\n  items:\n    - { label: Guide, to: /guide/ }\n    - { label: Home, href: "https://example.com/" }\n`, '/site/config.yaml');
    const asked: unknown[] = [];
    const loaded = { ...parsed, locate: (keyPath: readonly (string | number)[]) => (asked.push(keyPath), parsed.locate(keyPath)) };
    const { errors, linkPositionOf } = buildSiteData({ loaded, docs, draftIds: new Set(), sidebar, searchIndexUrl: undefined, lazyCss: {} });
    expect(errors).toEqual([]);
    expect(asked).toEqual([]);
    expect(linkPositionOf('https://example.com/')).toEqual({ file: '/site/config.yaml', line: 7, column: 22 });
    expect(asked).toEqual([['navbar', 'items', 1, 'href']]);
    expect(linkPositionOf('/elsewhere/')).toBeUndefined();
  });

  it('uses the embedded index unless all three hosted search settings are given, with contextual facets', () => {
    const local = siteOf('').site.search;
    expect(local).toMatchObject({ mode: 'local', indexUrl: '/docs/assets/index.json', searchPagePath: '/docs/search/', facetFilters: ['language:en', 'docusaurus_tag:docs-default-current'] });
    const hosted = siteOf('search:\n  appId: A\n  apiKey: K\n  indexName: I\n  contextualSearch: false\n').site.search;
    expect(hosted).toMatchObject({ mode: 'hosted', appId: 'A', apiKey: 'K', indexName: 'I', facetFilters: [] });
    expect(hosted.indexUrl).toBeUndefined();
  });
});
