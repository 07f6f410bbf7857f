import { describe, it, expect, afterAll } from 'vitest';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadThemeServer } from '../../src/render/theme-loader.ts';
import { DocsgenError } from '../../src/errors.ts';
import { familyOf } from '../../src/cache/prune.ts';
import { ROOT } from '../helpers.ts';
import type { PageData, SiteData } from '../../theme/data.ts';

const site = {
  title: 'Site', tagline: '', url: 'https://x.example', baseUrl: '/docs/', locale: 'en', titleDelimiter: '|',
  colorMode: { defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false },
  navbar: { title: 'Site', hideOnScroll: false, items: [] },
  docsVersion: { name: 'current', label: '1.0', badge: true, banner: 'none' },
  search: { mode: 'local', searchPagePath: '/docs/search/', facetFilters: [] },
  lazyCss: {},
} satisfies SiteData;
const created: string[] = [];
const tempDir = async (parent: string, prefix: string) => {
  const dir = await mkdtemp(path.join(parent, prefix));
  created.push(dir);
  return dir;
};
afterAll(() => Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true }))));

const page: PageData = { kind: 'notfound', route: '/404/', title: 'Page Not Found', description: '', html: '', toc: [], hideToc: true };

describe('the theme server entry', () => {
  it('is compiled once per theme fingerprint and renders a route and its document title', async () => {
    // The compiled theme imports react from docsgen's own node_modules, so it is cached inside it.
    const cache = await tempDir(path.join(ROOT, 'node_modules/.cache'), 'docsgen-test-theme-');
    const theme = await loadThemeServer(path.join(ROOT, 'theme'), cache, 'fingerprint-a');
    expect(theme.renderRoute(site, page)).toContain('Page Not Found');
    expect(theme.documentTitle(site, page)).toBe('Page Not Found | Site');
    const compiled = (await readdir(cache)).filter((f) => f.endsWith('.mjs'));
    expect(compiled).toEqual(['theme-server-fingerprint-a.mjs']);
    // Its source map, read only when a component throws (theme-error.ts), is a cache entry the pruning knows.
    expect(await readdir(cache)).toContain('theme-server-fingerprint-a.map');
    expect(familyOf('theme-server-0123456789abcdef.map')).toBe('theme-server.map');
    await loadThemeServer(path.join(ROOT, 'theme'), cache, 'fingerprint-a');
    expect((await readdir(cache)).filter((f) => f.endsWith('.mjs'))).toEqual(compiled);
  });

  it('leaves the browser-only parts out: the server never loads Swagger UI, the search modal or react-dom/client', async () => {
    const cache = await tempDir(path.join(ROOT, 'node_modules/.cache'), 'docsgen-test-theme-');
    await loadThemeServer(path.join(ROOT, 'theme'), cache, 'browser-only');
    const code = await readFile(path.join(cache, 'theme-server-browser-only.mjs'), 'utf8');
    // Packages load by import, or (React, see react-through-require.ts) by require().
    const imported = [...code.matchAll(/from\s*"([^"]+)"|(?:import|require)\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1] ?? m[2]);
    expect(imported).toContain('react-dom/server');
    expect(imported).not.toContain('swagger-ui-react');
    expect(imported).not.toContain('react-dom/client');
  });

  it('loads React through require() and other packages through import', async () => {
    // Importing React (CommonJS) from an ES module makes Node lex its files for named exports.
    const cache = await tempDir(path.join(ROOT, 'node_modules/.cache'), 'docsgen-test-theme-');
    await loadThemeServer(path.join(ROOT, 'theme'), cache, 'react-require');
    const code = await readFile(path.join(cache, 'theme-server-react-require.mjs'), 'utf8');
    const required = [...code.matchAll(/require\(\s*"([^"]+)"\s*\)/g)].map((m) => m[1]);
    const importedFrom = [...code.matchAll(/from\s*"([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(required)).toEqual(new Set(['react', 'react/jsx-runtime', 'react-dom/server']));
    expect(importedFrom.filter((name) => name?.startsWith('react'))).toEqual([]);
    expect(importedFrom).toContain('stemmer'); // an ES module only: require() of it needs Node 22.12
  });

  it('reports a syntax error in the theme at its file, line and column', async () => {
    const dir = await tempDir(os.tmpdir(), 'docsgen-theme-');
    await cp(path.join(ROOT, 'theme'), dir, { recursive: true });
    const footer = path.join(dir, 'components/Footer.tsx');
    await writeFile(footer, (await readFile(footer, 'utf8')).replace('export function Footer() {', 'export function Footer() {{'));
    const error = await loadThemeServer(dir, await tempDir(path.join(ROOT, 'node_modules/.cache'), 'docsgen-test-theme-'), 'broken').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).message).toMatch(/^the theme does not compile/);
    expect((error as DocsgenError).position).toMatchObject({ file: footer, line: expect.any(Number), column: expect.any(Number) });
  });
});
