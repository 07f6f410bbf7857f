import { describe, it, expect, afterAll } from 'vitest';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { bundleClient, ASSETS_DIR } from '../../src/bundle/client.ts';
import { DocsgenError } from '../../src/errors.ts';
import { ROOT } from '../helpers.ts';

const created: string[] = [];
afterAll(() => Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true }))));
const tempDir = async (prefix: string) => {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
};

describe('the browser bundle', () => {
  it('has a hashed entry, its stylesheet and preloads, and the search modal and Swagger UI as lazy chunks with their own styles', async () => {
    const bundle = await bundleClient({ themeDir: path.join(ROOT, 'theme'), baseUrl: '/docs/', minify: true });
    expect(bundle.entry).toMatch(new RegExp(`^/docs/${ASSETS_DIR}/main-[A-Z0-9]+\\.js$`));
    expect(bundle.css).toEqual([expect.stringMatching(/^\/docs\/assets\/main-[A-Z0-9]+\.css$/)]);
    expect(bundle.lazyCss.search).toMatch(/search-styles-[A-Z0-9]+\.css$/);
    expect(bundle.lazyCss.api).toMatch(/api-styles-[A-Z0-9]+\.css$/);
    for (const url of [bundle.entry, ...bundle.css, ...bundle.preload]) expect(bundle.files.has(url.slice('/docs/'.length)), url).toBe(true);
    // Nothing lazy is preloaded: the search modal and Swagger UI load on demand.
    const entryCode = Buffer.from(bundle.files.get(bundle.entry.slice('/docs/'.length)) ?? new Uint8Array()).toString();
    expect(entryCode).not.toContain('swagger-ui');
    const preloaded = [bundle.entry, ...bundle.preload].map((url) => bundle.files.get(url.slice('/docs/'.length)) ?? new Uint8Array());
    const gzipKb = preloaded.reduce((sum, bytes) => sum + gzipSync(bytes, { level: 9 }).length, 0) / 1024;
    expect(gzipKb).toBeLessThan(70);
    // What only Swagger UI loads is known, so a site without an API page can leave it out.
    const rel = (url: string) => url.slice('/docs/'.length);
    expect(bundle.apiOnlyFiles).toContain(rel(bundle.lazyCss.api ?? ''));
    expect(bundle.apiOnlyFiles.some((file) => /^assets\/api-[A-Z0-9]+\.js$/.test(file))).toBe(true);
    for (const needed of [bundle.entry, ...bundle.css, ...bundle.preload, bundle.lazyCss.search ?? '']) expect(bundle.apiOnlyFiles).not.toContain(rel(needed));
    const searchChunk = [...bundle.files.keys()].find((file) => /^assets\/search-[A-Z0-9]+\.js$/.test(file));
    expect(searchChunk && bundle.apiOnlyFiles.includes(searchChunk)).toBe(false);
    for (const file of bundle.apiOnlyFiles) expect(bundle.files.has(file), file).toBe(true);
    // The API reference's styles are a stylesheet of their own, which only API pages link (and
    // only a site with an API publishes): the main stylesheet, on every page, leaves them out.
    expect(bundle.pageCss.api).toMatch(/^\/docs\/assets\/api-page-styles-[A-Z0-9]+\.css$/);
    const text = (url: string) => Buffer.from(bundle.files.get(rel(url)) ?? new Uint8Array()).toString();
    expect(text(bundle.pageCss.api ?? '')).toContain('.api-layout{');
    expect(text(bundle.css[0] ?? '')).not.toContain('.api-layout');
    expect(bundle.apiOnlyFiles).toContain(rel(bundle.pageCss.api ?? ''));
  }, 120_000);

  it('puts every module the entry always loads in one chunk, which the lazily loaded parts import rather than chunks of their own', async () => {
    const bundle = await bundleClient({ themeDir: path.join(ROOT, 'theme'), baseUrl: '/docs/', minify: true });
    const rel = (url: string) => url.slice('/docs/'.length);
    const text = (file: string) => Buffer.from(bundle.files.get(file) ?? new Uint8Array()).toString();
    // Static imports only (`import"…"`, `from"…"`), not `import("…")`.
    const staticImports = (file: string) => [...text(file).matchAll(/(?:\bfrom|\bimport)\s*"\/docs\/(assets\/[^"]+\.js)"/g)].map((m) => m[1] ?? '');
    const closure = (file: string, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const imported of staticImports(file)) closure(imported, seen);
      return seen;
    };
    const entry = rel(bundle.entry);
    const reading = closure(entry);
    // The entry and one chunk: React, React DOM, the shell and the page components together. Before,
    // every module a lazy part shares with the entry (storage, urls, scroll memory, constants, the
    // focus trap, the site context, esbuild's helpers…) was a chunk of its own that every page loaded.
    expect(reading.size).toBe(2);
    expect(bundle.preload.map(rel).sort()).toEqual([...reading].filter((file) => file !== entry).sort());
    const core = [...reading].find((file) => file !== entry) ?? '';
    expect(text(core)).toContain('used outside <SiteContext.Provider>');
    expect(text(core)).toContain('docsgen: browser storage is unavailable');
    // Each module is in one file only: the lazy parts import the entry's chunk for what they share with it.
    const jsFiles = [...bundle.files.keys()].filter((file) => file.endsWith('.js'));
    expect(jsFiles.filter((file) => text(file).includes('used outside <SiteContext.Provider>'))).toEqual([core]);
    // The API page's reading scripts: the entry's two, its controls' chunk and the remembered
    // server's part, which Swagger UI shares; none of those brings back a module of the entry's.
    const controls = jsFiles.filter((file) => text(file).includes('dataset.apiReady="true"'));
    expect(controls).toHaveLength(1);
    const apiExtra = [...closure(controls[0] ?? '')].filter((file) => !reading.has(file));
    expect(apiExtra.length).toBeLessThanOrEqual(2);
    for (const file of apiExtra) expect(text(file)).not.toMatch(/browser storage is unavailable|SiteContext/);
    // The search page's component and Swagger UI import the same chunk.
    const searchPage = (bundle.pagePreload.search ?? []).map(rel);
    expect(searchPage.length).toBeGreaterThan(0);
    expect(searchPage.every((file) => !reading.has(file))).toBe(true);
    const swagger = jsFiles.find((file) => /^assets\/api-[A-Z0-9]+\.js$/.test(file)) ?? '';
    expect(staticImports(swagger)).toContain(core);
  }, 120_000);

  it("leaves the search, landing, not-found and custom pages' components out of the entry's scripts, and names what each kind preloads", async () => {
    const bundle = await bundleClient({ themeDir: path.join(ROOT, 'theme'), baseUrl: '/docs/', minify: true });
    const rel = (url: string) => url.slice('/docs/'.length);
    const text = (url: string) => Buffer.from(bundle.files.get(rel(url)) ?? new Uint8Array()).toString();
    const everyPage = [bundle.entry, ...bundle.preload];
    // A class only the kind's component renders.
    const marks = { search: 'search-page__count', landing: 'hero__tagline', notfound: 'not-found', page: 'custom-page' } as const;
    for (const [kind, mark] of Object.entries(marks) as [keyof typeof marks, string][]) {
      expect(everyPage.filter((url) => text(url).includes(`"${mark}"`)), kind).toEqual([]);
      const own = bundle.pagePreload[kind] ?? [];
      expect(own.filter((url) => text(url).includes(`"${mark}"`)), kind).toHaveLength(1);
      for (const url of own) expect(bundle.files.has(rel(url)), url).toBe(true);
      expect(own.some((url) => everyPage.includes(url)), kind).toBe(false);
    }
    // The doc and API pages' components stay in the entry's scripts.
    expect(everyPage.some((url) => text(url).includes('"doc-layout"'))).toBe(true);
    expect(everyPage.some((url) => text(url).includes('"api-layout"'))).toBe(true);
  }, 120_000);

  it('is written for the browsers it targets (Chrome 100, Firefox 100, Safari 15), not lowered further', async () => {
    const bundle = await bundleClient({ themeDir: path.join(ROOT, 'theme'), baseUrl: '/docs/', minify: true });
    const scripts = [...bundle.files].filter(([file]) => file.endsWith('.js')).map(([file, bytes]) => [file, Buffer.from(bytes).toString()] as const);
    // esbuild's helpers for class fields and private members, which all three browsers run as written.
    for (const [file, code] of scripts) expect(code, file).not.toMatch(/read from private field|Cannot add the same private member/);
    expect(scripts.some(([, code]) => code.includes('??='))).toBe(true);
  }, 120_000);

  it('is reused from its cache folder while the fingerprint is the same', async () => {
    const cacheDir = await tempDir('docsgen-bundle-cache-');
    const options = { themeDir: path.join(ROOT, 'theme'), baseUrl: '/docs/', minify: true, cacheDir, fingerprint: 'same' };
    const first = await bundleClient(options);
    const manifest = path.join(cacheDir, 'client-same', 'manifest.json');
    // A changed manifest proves the second call reads the cache instead of compiling again.
    const marked = { ...JSON.parse(await readFile(manifest, 'utf8')), entry: '/docs/assets/from-cache.js' };
    await writeFile(manifest, JSON.stringify(marked));
    const second = await bundleClient(options);
    expect(second.entry).toBe('/docs/assets/from-cache.js');
    expect([...second.files.keys()].sort()).toEqual([...first.files.keys()].sort());
    expect(await readdir(cacheDir)).toEqual(['client-same']);
  }, 120_000);

  it('names the file, line and column of a syntax error in the theme', async () => {
    const themeDir = await tempDir('docsgen-bundle-theme-');
    await cp(path.join(ROOT, 'theme'), themeDir, { recursive: true });
    const file = path.join(themeDir, 'components/Footer.tsx');
    await writeFile(file, (await readFile(file, 'utf8')).replace('export function Footer() {', 'export function Footer() {{'));
    const error = await bundleClient({ themeDir, baseUrl: '/docs/', minify: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).position).toMatchObject({ file, line: expect.any(Number), column: expect.any(Number) });
  }, 120_000);
});
