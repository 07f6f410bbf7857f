/** The Content-Security-Policy of each page: its script hashes, its connect sources, meta and header forms. */
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT } from '../helpers.ts';
import { apiServerSources, contentSecurityPolicy, customPageScriptHashes, headerPolicy, pagePolicy, searchServiceSources } from '../../src/render/csp.ts';
import { BOOTSTRAP_SCRIPT, BOOTSTRAP_SCRIPT_HASH } from '../../src/render/bootstrap.ts';
import { renderDocument } from '../../src/render/document.ts';
import type { PageData, SiteData } from '../../theme/data.ts';

const site = {
  title: 'T', tagline: '', url: 'https://x.example', baseUrl: '/docs/', locale: 'en', titleDelimiter: '|',
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  navbar: { title: 'T', hideOnScroll: false, items: [] },
  docsVersion: { name: 'current', label: '1', badge: false, banner: 'none' },
  search: { mode: 'local', searchPagePath: '/docs/search/', facetFilters: [] },
  lazyCss: {},
} satisfies SiteData;
const doc: PageData = { kind: 'doc', route: '/a/', title: 'A', description: '', html: '<p>x</p>', toc: [], hideToc: false, doc: { id: 'a', breadcrumbs: [], section: 0, sidebar: [] } };

describe('Content-Security-Policy', () => {
  it('allows the bootstrap script by its hash and no inline script otherwise', () => {
    const policy = pagePolicy(site, doc);
    expect(BOOTSTRAP_SCRIPT_HASH).toBe(`sha256-${createHash('sha256').update(BOOTSTRAP_SCRIPT).digest('base64')}`);
    expect(policy).toContain(`script-src 'self' '${BOOTSTRAP_SCRIPT_HASH}';`);
    expect(/script-src[^;]*unsafe-inline/.test(policy)).toBe(false);
    expect(/script-src[^;]*unsafe-eval/.test(policy)).toBe(false);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'self'");
  });

  it('keeps header-only directives out of the meta policy and puts them in the header', () => {
    const meta = pagePolicy(site, doc);
    expect(meta).not.toMatch(/frame-ancestors|report-uri|sandbox/);
    expect(headerPolicy(meta)).toBe(`${meta}; frame-ancestors 'none'`);
  });

  it('puts the policy first in every page head, before any script', () => {
    const html = renderDocument({ site, page: doc, title: 'A', appHtml: '<main></main>', assets: { css: [], entry: '/docs/assets/entry.js', preload: [] }, canonicalUrl: 'https://x.example/docs/a/' });
    const head = html.slice(0, html.indexOf('</head>'));
    const meta = `<meta http-equiv="Content-Security-Policy" content="${pagePolicy(site, doc)}">`;
    expect(head).toContain(meta);
    expect(head.indexOf(meta)).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf('<meta charset="utf-8">')).toBeLessThan(head.indexOf(meta));
  });

  it('adds the hosted search service: configured hosts, or the service defaults for the app', () => {
    expect(searchServiceSources({ ...site.search, mode: 'hosted', appId: 'ABC123', apiKey: 'k', indexName: 'i' })).toEqual([
      'https://abc123-dsn.algolia.net', 'https://abc123-1.algolianet.com', 'https://abc123-2.algolianet.com', 'https://abc123-3.algolianet.com',
    ]);
    const hosted = { ...site, search: { ...site.search, mode: 'hosted' as const, appId: 'A', apiKey: 'k', indexName: 'i', hosts: [{ url: '127.0.0.1:7700', protocol: 'http' as const }, { url: 'search.example.com' }] } };
    expect(pagePolicy(hosted, doc)).toContain("connect-src 'self' http://127.0.0.1:7700 https://search.example.com;");
    expect(searchServiceSources(site.search)).toEqual([]);
  });

  it('never lets a configured host add a directive', () => {
    const evil = { ...site.search, mode: 'hosted' as const, appId: 'A', apiKey: 'k', indexName: 'i', hosts: [{ url: "x.example; script-src 'unsafe-inline'" }] };
    expect(searchServiceSources(evil).join(' ')).not.toMatch(/[;' ]/);
  });

  it('lets an API page reach its servers: an origin, or any host of the scheme when the host is a variable', () => {
    expect(apiServerSources(['https://api.example.com/v1', 'http://127.0.0.1:8080/api'])).toEqual(['https://api.example.com', 'http://127.0.0.1:8080']);
    expect(apiServerSources(['http://{hubHost}:{port}/api/rest/v1'])).toEqual(['http:']);
    expect(apiServerSources(['{scheme}://hub/api'])).toEqual(['http:', 'https:']);
    expect(apiServerSources(['/api/v1', 'api'])).toEqual([]);
    expect(apiServerSources(['ftp://files.example.com/'])).toEqual([]);
    const api: PageData = { ...doc, kind: 'api', api: { id: 'a', title: 'A', version: '1', openapi: '3.1.0', specUrl: '/docs/api/a.yaml', specFileName: 'a.yaml', servers: ['http://{hubHost}:{port}/api'], rootRoute: '/api/', split: false, nav: [], operationCount: 0, schemas: [] } };
    expect(pagePolicy(site, api)).toContain("connect-src 'self' http:;");
    expect(pagePolicy(site, doc)).toContain("connect-src 'self';");
  });

  it('hashes the inline scripts of a custom React page, not its JSON data blocks or external scripts', () => {
    const html = '<main><script>window.__custom=1</script><script type="application/json">{"a":1}</script><script src="/x.js"></script><script type="module">import "/y.js"</script></main>';
    const hash = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;
    expect(customPageScriptHashes(html)).toEqual([hash('window.__custom=1'), hash('import "/y.js"')]);
    const custom: PageData = { ...doc, kind: 'page', html };
    expect(pagePolicy(site, custom)).toContain(`'${hash('window.__custom=1')}'`);
    // Markdown pages never get hashes: a script that slipped through stays blocked.
    expect(pagePolicy(site, { ...doc, html })).not.toContain(hash('window.__custom=1'));
  });

  it('is the policy the README documents, in its meta and its header form', async () => {
    expect(contentSecurityPolicy()).toBe(pagePolicy(site, doc));
    const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(`\n${contentSecurityPolicy()}\n`);
    expect(readme).toContain(`add_header Content-Security-Policy "${headerPolicy(contentSecurityPolicy())}" always;`);
    expect(readme).toContain(`  Content-Security-Policy: ${headerPolicy(contentSecurityPolicy())}\n`);
  });
});
