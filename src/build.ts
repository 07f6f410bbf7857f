/**
 * `docsgen build`: the pipeline as a short script of named steps. Each step lives in its own
 * module; this file only passes data from one to the next.
 */
import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { DOCSGEN_ROOT, DOCSGEN_VERSION } from './paths.ts';
import { loadConfig } from './config/load.ts';
import { scanContent, type DocSource } from './content/scan.ts';
import { collectVariables, expandAllDocVariables } from './content/variables.ts';
import { allCategories, buildSidebar, shellOf } from './content/sidebar.ts';
import type { RenderedMarkdown } from './markdown/render.ts';
import { renderAllMarkdown } from './markdown/render-all.ts';
import { MarkdownCache } from './cache/markdown-cache.ts';
import { hashDirectory, hashText } from './cache/fingerprint.ts';
import { projectCacheDir } from './cache/json-cache.ts';
import { loadApiSpec, type LoadedApiSpec } from './openapi/load.ts';
import { cachedApiPageData } from './openapi/page-data-cache.ts';
import { bundleClient, ASSETS_DIR } from './bundle/client.ts';
import { loadThemeServer } from './render/theme-loader.ts';
import { renderDocument } from './render/document.ts';
import { buildSiteData, docsVersionTag } from './site/site-data.ts';
import { composeRoutes, type RouteEntry } from './routes.ts';
import { renderCustomPages } from './pages/custom-pages.ts';
import { createPageUpdater } from './serve/page-updater.ts';
import { pageRecords, apiRecords, compactIndex, compactRow } from './search/records.ts';
import { checkLinks, collectHrefs, collectIds, createStringPool, type RenderedRoute } from './checks/links.ts';
import { applySeverities, type Finding } from './checks/findings.ts';
import { OutputWriter } from './emit/output.ts';
import { sitemapXml, robotsTxt } from './emit/seo.ts';
import { DocsgenError, DocsgenErrors } from './errors.ts';
import { withBase } from '../theme/urls.ts';
import type { SearchRecord } from '../theme/search/types.ts';
import type { PageData } from '../theme/data.ts';

export { DOCSGEN_ROOT };

export interface BuildOptions {
  configFile: string;
  outDir?: string;
  /** Write nothing; only run the checks (`docsgen check`). */
  checkOnly?: boolean;
  strict?: boolean;
  includeDrafts?: boolean;
  minify?: boolean;
  /** Return every DocSearch record (`docsgen search export`); a build keeps only the compact index. */
  keepSearchRecords?: boolean;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export interface BuildResult {
  pages: number;
  findings: Finding[];
  warnings: Finding[];
  outDir: string;
  baseUrl: string;
  seconds: number;
  records: SearchRecord[];
  /**
   * Dev server only: re-renders one page whose body changed (same front matter) and rewrites its
   * files in place, returning its route; undefined when a full rebuild is needed.
   */
  updatePage?: (file: string) => Promise<string | undefined>;
}

export async function build(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  // DOCSGEN_TIMINGS=1 prints how long each phase took (the benchmark and profiling use it).
  let lap = started;
  const mark = (phase: string) => {
    if (!process.env.DOCSGEN_TIMINGS) return;
    const now = performance.now();
    // Under `node --expose-gc` the heap figure is what the build still holds, not garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const { rss, heapUsed } = process.memoryUsage();
    const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
    process.stderr.write(`timing ${phase}: ${(now - lap).toFixed(0)} ms (rss ${mb(rss)} MB, heap ${mb(heapUsed)} MB)\n`);
    lap = now;
  };
  const loaded = await loadConfig(options.configFile);
  const { config } = loaded;
  const rootDir = loaded.rootDir;
  const contentDir = path.join(rootDir, 'content');
  const outDir = path.resolve(options.outDir ?? path.join(rootDir, 'out'));
  const themeDir = await themeDirectory(rootDir);
  const progress = options.onProgress ?? (() => undefined);

  // 1. Content and API specs.
  // Drafts are scanned too (a navbar item may name one), then left out unless asked for.
  const scanned = await scanContent(contentDir, { includeDrafts: true });
  const vars = collectVariables(config.vars, loaded);
  const fullScan = { ...scanned, docs: expandAllDocVariables(scanned.docs, vars) };
  const scan = options.includeDrafts ? fullScan : { ...fullScan, docs: fullScan.docs.filter((d) => !d.frontMatter.draft) };
  const draftIds = new Set(fullScan.docs.filter((d) => d.frontMatter.draft && !options.includeDrafts).map((d) => d.id));
  if (scan.docs.length === 0) {
    throw new DocsgenError('content/ holds no markdown pages other than drafts', { position: { file: contentDir }, hint: 'remove "draft: true" from a page or add one' });
  }
  const { docs, duplicateFindings } = resolveDuplicates(scan.docs);
  const sidebar = buildSidebar(docs, scan.categories);
  const projectCache = projectCacheDir(rootDir);
  const specs: LoadedApiSpec[] = await Promise.all(config.api.map((entry) => loadApiSpec(entry, rootDir, projectCache)));
  mark('scan');

  // 2. Markdown → HTML (one highlighter for the build) while esbuild bundles the client.
  const docsgenCache = path.join(DOCSGEN_ROOT, 'node_modules/.cache/docsgen');
  const themeHash = hashText(await hashDirectory(themeDir), DOCSGEN_VERSION);
  const lockfile = await readFile(path.join(DOCSGEN_ROOT, 'package-lock.json'), 'utf8').catch(() => '');
  const minify = options.minify ?? true;
  const bundlePromise = bundleClient({
    themeDir,
    baseUrl: config.baseUrl,
    minify,
    cacheDir: docsgenCache,
    fingerprint: hashText(themeHash, lockfile, config.baseUrl, String(minify)),
  });
  const assets = await hashAssets(contentDir, scan.assets, config.baseUrl);
  // Every scanned doc, including the loser of a duplicate route: its route exists (served by the winner).
  const docsByRelPath = new Map(scan.docs.map((d) => [d.relPath, d]));
  const markdownCache = new MarkdownCache(projectCache, hashText(DOCSGEN_VERSION, config.baseUrl, 'markdown-v1'));
  const rendered = await renderAllMarkdown({
    docs,
    cache: markdownCache,
    routeOfDoc: (relPath) => {
      const doc = docsByRelPath.get(relPath);
      return doc ? withBase(config.baseUrl, doc.route) : undefined;
    },
    urlOfAsset: (relPath) => assets.get(relPath)?.url,
    allDocRoutes: Object.fromEntries(scan.docs.map((d) => [d.relPath, withBase(config.baseUrl, d.route)])),
    allAssetUrls: Object.fromEntries([...assets].map(([rel, a]) => [rel, a.url])),
    baseUrl: config.baseUrl,
    progress,
  });
  progress('markdown', docs.length, docs.length);
  mark('markdown');

  // 3. Site data, routes and page data.
  const bundle = await bundlePromise;
  mark('bundle (waited)');
  // One small file per category: its items, sub-categories as shells (fetched when opened).
  const itemsFileOf = (key: string) => `${ASSETS_DIR}/sidebar/${hashOf(key)}.json`;
  const sidebarItemsUrl = (key: string) => config.baseUrl + itemsFileOf(key);
  const categoryFiles = allCategories(sidebar).map((category) => ({
    rel: itemsFileOf(category.key),
    json: JSON.stringify((category.items ?? []).map((item) => (item.type === 'category' ? shellOf(item, sidebarItemsUrl) : item))),
  }));
  const searchMeta = { language: config.locale, tag: docsVersionTag(config) };
  const { site, errors: configErrors, warnings: configWarnings, linkPositions } = buildSiteData({
    loaded,
    docs,
    draftIds,
    sidebar,
    searchIndexUrl: undefined,
    lazyCss: bundle.lazyCss,
  });
  if (configErrors.length > 0) throw new DocsgenErrors(configErrors);

  const apiPages = await Promise.all(
    specs.map(async (spec) => ({
      spec,
      data: await cachedApiPageData(spec, `${withBase(config.baseUrl, `/${spec.route}/`)}${spec.fileName}`, projectCache),
    })),
  );
  const { routes, findings: routeFindings } = composeRoutes({
    config,
    docs,
    rendered,
    sidebar,
    apiPages: apiPages.map((a) => ({ route: a.spec.route, data: a.data })),
    sidebarItemsUrl,
    customPages: await renderCustomPages(contentDir, scan.customPages, docsgenCache),
  });

  // 4. Search records and the embedded index, page by page: the full records of a large site are
  // hundreds of megabytes, so they are kept only when asked for.
  const records: SearchRecord[] = [];
  const rows: (string | null)[][] = [];
  const addRecords = (list: SearchRecord[]) => {
    for (const record of list) rows.push(compactRow(record));
    if (options.keepSearchRecords) records.push(...list);
  };
  for (const route of routes) {
    if (route.page.kind === 'doc' && route.doc) {
      const md = rendered.get(route.doc);
      addRecords(
        pageRecords(
          { url: withBase(config.baseUrl, route.page.route), section: route.section ?? config.title, title: route.page.title, description: route.page.description, blocks: md?.searchBlocks ?? [] },
          searchMeta,
        ),
      );
    } else if (route.page.kind === 'api' && route.page.api) {
      addRecords(apiRecords(route.page.api, withBase(config.baseUrl, route.page.route), searchMeta));
    }
  }
  const indexJson = JSON.stringify(compactIndex(rows, searchMeta));
  rows.length = 0;
  const indexRel = `${ASSETS_DIR}/search-index-${hashOf(indexJson)}.json`;
  if (site.search.mode === 'local') site.search.indexUrl = config.baseUrl + indexRel;
  mark('routes+search');

  // The cache holds the very result objects that rendering releases: write it first.
  await markdownCache.flush();

  // 5. Render every route and write it (streamed into the temporary output).
  const theme = await loadThemeServer(themeDir, docsgenCache, themeHash);
  const writer = options.checkOnly ? undefined : await OutputWriter.create(outDir);
  const renderedRoutes: RenderedRoute[] = [];
  const keep = createStringPool();
  const virtualFiles = new Set<string>();
  const write = async (rel: string, contents: string | Uint8Array) => {
    virtualFiles.add(rel);
    if (writer) await writer.write(rel, contents);
  };
  try {
    for (const [rel, contents] of bundle.files) await write(rel, contents);
    for (const file of categoryFiles) await write(file.rel, file.json);
    await write(indexRel, indexJson);
    const usedAssets = new Set([...rendered.values()].flatMap((md) => md.findings.assets));
    for (const rel of usedAssets) {
      const asset = assets.get(rel);
      if (asset) await write(asset.outPath, await readFile(asset.file));
    }
    for (const { spec } of apiPages) await write(`${spec.route}/${spec.fileName}`, spec.raw);
    for (const rel of scan.assets.filter((a) => a.startsWith('_static/'))) {
      await write(rel.slice('_static/'.length), await readFile(path.join(contentDir, rel)));
    }

    const favicon = config.favicon ? config.baseUrl + config.favicon : undefined;
    let done = 0;
    const documentAssets = { css: bundle.css, entry: bundle.entry, preload: bundle.preload, ...(favicon ? { favicon } : {}) };
    const renderRouteHtml = (page: PageData): string =>
      renderDocument({
        site,
        page,
        title: theme.documentTitle(site, page),
        appHtml: theme.renderRoute(site, page),
        assets: documentAssets,
        canonicalUrl: config.url + (page.kind === 'notfound' ? config.baseUrl : withBase(config.baseUrl, page.route)),
      });
    for (const route of routes) {
      const html = renderRouteHtml(route.page);
      if (route.page.kind === 'notfound') {
        await write('404.html', html);
      } else {
        const dir = route.page.route.slice(1);
        await write(`${dir}index.html`, html);
        await write(`${dir}__data.json`, JSON.stringify(route.page satisfies PageData));
        renderedRoutes.push({
          path: withBase(config.baseUrl, route.page.route),
          ids: collectIds(html, keep),
          // A broken .md link is reported once, as a broken markdown link, not again as a broken link.
          hrefs: withoutBrokenMarkdownLinks(collectHrefs(html, keep), route.doc ? rendered.get(route.doc) : undefined),
          ...(route.doc ? { source: { file: route.doc.file, links: rendered.get(route.doc)?.findings.links ?? [] } } : {}),
        });
      }
      // A written page's HTML and data are not needed again (the dev server keeps them to
      // re-render one page on save): letting them go bounds a large build's memory.
      if (!options.includeDrafts) releasePage(route, rendered);
      if (++done % 50 === 0) progress('render', done, routes.length);
    }
    progress('render', routes.length, routes.length);
    mark('render+write');

    if (config.url) {
      await write('sitemap.xml', sitemapXml(config.url, routes.filter((r) => r.page.kind !== 'notfound').map((r) => withBase(config.baseUrl, r.page.route))));
      await write('robots.txt', robotsTxt(config.url, config.baseUrl));
    }

    // 6. Checks on what readers get.
    const findings = applySeverities(
      [
        ...duplicateFindings,
        ...routeFindings,
        ...markdownFindings(docs, rendered),
        ...checkLinks({ baseUrl: config.baseUrl, routes: renderedRoutes, files: virtualFiles, configFile: loaded.file, configPositionOf: (href) => linkPositions.get(href) }),
      ],
      config.checks,
      options.strict ?? false,
    );
    const warnings: Finding[] = [
      ...scan.warnings.map((w) => ({ kind: 'unknown-front-matter' as const, message: w.message, position: w.position, severity: 'warn' as const })),
      ...configWarnings.map((w) => ({ kind: 'config' as const, message: w.message, position: w.position, severity: 'warn' as const })),
    ];
    const errors = findings.filter((f) => f.severity === 'error');
    if (errors.length > 0 && !options.checkOnly) {
      throw new DocsgenErrors(errors.map((f) => new DocsgenError(f.message, { position: f.position, ...(f.hint ? { hint: f.hint } : {}) })));
    }
    mark('checks');
    await writer?.commit();
    mark('commit');
    const pageUpdater = options.includeDrafts ? createPageUpdater({ routes, outDir, renderRouteHtml, baseUrl: config.baseUrl, routeOfDoc: (rel) => { const d = docsByRelPath.get(rel); return d ? withBase(config.baseUrl, d.route) : undefined; }, urlOfAsset: (rel) => assets.get(rel)?.url, vars }) : undefined;
    return {
      ...(pageUpdater ? { updatePage: pageUpdater } : {}),
      pages: routes.length,
      findings,
      warnings,
      outDir,
      baseUrl: config.baseUrl,
      seconds: (performance.now() - started) / 1000,
      records,
    };
  } catch (error) {
    await writer?.abort();
    throw error;
  }
}

/** Keeps what the steps after rendering use (the route for the sitemap and the link findings). */
function releasePage(route: RouteEntry, rendered: Map<DocSource, RenderedMarkdown>): void {
  const md = route.doc ? rendered.get(route.doc) : undefined;
  if (md) rendered.set(route.doc as DocSource, { ...md, html: '', toc: [], searchBlocks: [] });
  const { kind, route: path, title } = route.page;
  route.page = { kind, route: path, title, description: '', html: '', toc: [], hideToc: true };
}

function withoutBrokenMarkdownLinks(hrefs: string[], md: RenderedMarkdown | undefined): string[] {
  if (!md || md.findings.brokenMarkdownLinks.length === 0) return hrefs;
  const broken = new Set(md.findings.brokenMarkdownLinks.map((l) => l.href));
  return hrefs.filter((href) => !broken.has(href));
}

function hashOf(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 10);
}

/** The project's own theme/ when it has one, otherwise the theme that ships with docsgen. */
async function themeDirectory(rootDir: string): Promise<string> {
  const own = path.join(rootDir, 'theme');
  try {
    await readFile(path.join(own, 'server.tsx'));
    return own;
  } catch {
    return path.join(DOCSGEN_ROOT, 'theme');
  }
}

/** Two docs on one route: the first by path wins (a deterministic rule), both are named. Duplicate ids are errors. */
function resolveDuplicates(all: readonly DocSource[]): { docs: DocSource[]; duplicateFindings: Finding[] } {
  const byRoute = new Map<string, DocSource>();
  const findings: Finding[] = [];
  const docs: DocSource[] = [];
  for (const doc of all) {
    const winner = byRoute.get(doc.route);
    if (winner) {
      findings.push({
        kind: 'duplicate-route',
        message: `duplicate route ${doc.route}: ${doc.relPath} and ${winner.relPath} both produce it; ${winner.relPath} is used`,
        position: { file: doc.file, line: 1, column: 1 },
        hint: 'rename one of the files or give it a different "slug" in its front matter',
      });
      continue;
    }
    byRoute.set(doc.route, doc);
    docs.push(doc);
  }
  const byId = new Map<string, DocSource>();
  const errors: DocsgenError[] = [];
  for (const doc of docs) {
    const other = byId.get(doc.id);
    if (other) {
      errors.push(
        new DocsgenError(`duplicate doc id "${doc.id}" (also used by ${other.relPath})`, {
          position: { file: doc.file, line: 1, column: 1 },
          hint: 'doc ids must be unique: change the "id" in the front matter of one of them',
        }),
      );
    }
    byId.set(doc.id, doc);
  }
  if (errors.length > 0) throw new DocsgenErrors(errors);
  return { docs, duplicateFindings: findings };
}

function markdownFindings(docs: readonly DocSource[], rendered: ReadonlyMap<DocSource, RenderedMarkdown>): Finding[] {
  const findings: Finding[] = [];
  for (const doc of docs) {
    const md = rendered.get(doc);
    if (!md) continue;
    for (const link of md.findings.brokenMarkdownLinks) {
      findings.push({
        kind: 'broken-markdown-link',
        link: link.source,
        message: `broken markdown link "${link.source}": no such file in content/`,
        position: { file: doc.file, line: link.line, column: link.column },
        hint: 'link to an existing .md file, relative to this file',
      });
    }
    for (const image of md.findings.missingImages) {
      findings.push({
        kind: 'missing-image',
        link: image.source,
        message: `missing image "${image.source}"`,
        position: { file: doc.file, line: image.line, column: image.column },
        hint: 'add the image file or fix its path (relative to this file)',
      });
    }
  }
  return findings;
}

interface HashedAsset {
  file: string;
  url: string;
  outPath: string;
}

/** Content images get content-hashed names; only those a page uses are copied. */
async function hashAssets(contentDir: string, relPaths: readonly string[], baseUrl: string): Promise<Map<string, HashedAsset>> {
  const out = new Map<string, HashedAsset>();
  await Promise.all(
    relPaths
      .filter((rel) => !rel.startsWith('_static/'))
      .map(async (rel) => {
        const file = path.join(contentDir, rel);
        const bytes = await readFile(file);
        const ext = path.posix.extname(rel);
        const name = path.posix.basename(rel, ext).replace(/[^A-Za-z0-9_-]+/g, '-');
        const outPath = `${ASSETS_DIR}/img/${name}-${hashOf(bytes)}${ext.toLowerCase()}`;
        out.set(rel, { file, url: baseUrl + outPath, outPath });
      }),
  );
  return out;
}

