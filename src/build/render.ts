/**
 * Stage "render": each route rendered with the theme into its HTML document (client navigation
 * fetches the same document and reads the page's data out of it; see theme/client/navigation.ts),
 * plus what the checks need from the rendered page: its ids and its links. Content images, static
 * files, the search index, sitemap and robots.txt are the site's other files.
 */
import { themeRenderError } from '../render/theme-error.ts';
import type { RouteEntry } from '../routes.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { ClientBundle } from '../bundle/client.ts';
import type { ThemeServer } from '../render/theme-loader.ts';
import { renderDocument } from '../render/document.ts';
import type { RenderedRoute } from '../checks/links.ts';
import { collectLinkTargets, markdownPageParts, rawPart } from '../checks/link-targets.ts';
import { sitemapXml, robotsTxt } from '../emit/seo.ts';
import type { PageData, SiteData } from '../../theme/data.ts';
import { encodePathSegments, withBase } from '../../theme/urls.ts';
import { staticAssetUrl } from '../site/static-asset-url.ts';
import { contentFileFinding, type Content } from './content.ts';
import { readForOutput } from '../content/assets.ts';
import type { ContentWarning } from '../content/files.ts';
import type { Project } from './project.ts';
import type { OutputFile } from './output.ts';
import type { ApiPage } from './api.ts';
import { needsRedirectPage, redirectPageFiles } from '../openapi/oauth.ts';
import { specJsonFileName, specJsonText } from '../openapi/spec-json.ts';
import type { SearchIndex } from './search.ts';
import { settleOutputPaths, type ClaimedPath, type OutputOwner } from './output-claims.ts';
import type { Finding } from '../checks/findings.ts';
import path from 'node:path';

export interface RenderedPage {
  files: OutputFile[];
  /** The page as the link and anchor checks see it (not for the 404 page). */
  checked?: RenderedRoute;
}

export type PageRenderer = ((route: RouteEntry) => RenderedPage) & {
  /** The route with an HTML document made before (an incremental build's reused page): the same files and checks, nothing rendered. */
  withDocument(route: RouteEntry, html: string): RenderedPage;
  /** What the checks see of a reused page whose ids and hrefs were kept by the build that made it (see page-targets.ts); no files. */
  checkedFrom(route: RouteEntry, targets: { ids: ReadonlySet<string>; hrefs: readonly string[] }): RenderedRoute | undefined;
  /**
   * Everything a document is made from besides its route's data: the site data, the assets, the
   * canonical origin. Part of an incremental build's page key.
   */
  readonly context: string;
};

/** The file of a route's document, relative to the output folder. */
export function pageFileOf(route: RouteEntry): string {
  return route.page.kind === 'notfound' ? '404.html' : `${route.page.route.slice(1)}index.html`;
}

export function createPageRenderer(input: {
  project: Project;
  site: SiteData;
  bundle: ClientBundle;
  theme: ThemeServer;
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>;
  /** Keeps one flat copy of each id and href (see createStringPool). */
  keep?: (value: string) => string;
}): PageRenderer {
  const { config } = input.project;
  const favicon = config.favicon ? staticAssetUrl(config.baseUrl, config.favicon) : undefined;
  const assets = { css: input.bundle.css, entry: input.bundle.entry, preload: input.bundle.preload, ...(favicon ? { favicon } : {}) };
  // A route whose kind's component comes on demand (search, landing, not-found, custom page) also
  // preloads it: the entry imports it before hydrating the page.
  const pagePreload: Partial<Record<string, string[]>> = input.bundle.pagePreload;
  const kindAssets = new Map(Object.entries(pagePreload).map(([kind, scripts]) => [kind, { ...assets, preload: [...assets.preload, ...(scripts ?? [])] }]));
  const documentOf = (page: PageData): string => {
    let appHtml: string;
    let title: string;
    try {
      title = input.theme.documentTitle(input.site, page);
      appHtml = input.theme.renderRoute(input.site, page);
    } catch (error) {
      throw themeRenderError(error, input.project.themeDir, page.kind === 'notfound' ? '404.html' : withBase(config.baseUrl, page.route));
    }
    return renderDocument({
      site: input.site,
      page,
      title,
      appHtml,
      assets: kindAssets.get(page.kind) ?? assets,
      // Percent-encoded, as a URL in a link element must be (a route is a decoded path: `my page/`).
      canonicalUrl: config.url + encodePathSegments(page.kind === 'notfound' ? config.baseUrl : withBase(config.baseUrl, page.route)),
    });
  };
  const announcement = rawPart(input.site.announcementBar?.content);
  const markdownOf = (route: RouteEntry) => (route.doc ? input.rendered.get(route.doc) : undefined);
  const checkedFrom = (route: RouteEntry, targets: { ids: ReadonlySet<string>; hrefs: readonly string[] }): RenderedRoute | undefined => {
    if (route.page.kind === 'notfound') return undefined;
    const md = markdownOf(route);
    return {
      path: withBase(config.baseUrl, route.page.route),
      ids: targets.ids,
      // A broken .md link is reported once, as a broken markdown link, not again as a broken link.
      hrefs: withoutBrokenMarkdownLinks(targets.hrefs, md),
      ...(route.doc ? { source: { file: route.doc.file, links: md?.findings.links ?? [] } } : {}),
    };
  };
  const withDocument = (route: RouteEntry, html: string): RenderedPage => {
    const files = [{ rel: pageFileOf(route), contents: html }];
    if (route.page.kind === 'notfound') return { files };
    const checked = checkedFrom(route, collectLinkTargets(html, input.keep, markdownPageParts(markdownOf(route), announcement)));
    return checked ? { files, checked } : { files };
  };
  const context = JSON.stringify([input.site, assets, [...kindAssets].map(([kind, { preload }]) => [kind, preload]), config.url]);
  return Object.assign((route: RouteEntry) => withDocument(route, documentOf(route.page)), { withDocument, checkedFrom, context });
}

function withoutBrokenMarkdownLinks(hrefs: readonly string[], md: RenderedMarkdown | undefined): readonly string[] {
  if (!md || md.findings.brokenMarkdownLinks.length === 0) return hrefs;
  const broken = new Set(md.findings.brokenMarkdownLinks.map((l) => l.href));
  return hrefs.filter((href) => !broken.has(href));
}

/**
 * Every file of the site that is not a page: bundle, sidebar categories, search index, images,
 * specs, static files, sitemap; each path kept by one owner (see output-claims.ts), with a finding
 * for each file that lost its path.
 */
export function siteFiles(input: {
  project: Project;
  content: Content;
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>;
  bundle: ClientBundle;
  categoryFiles: readonly OutputFile[];
  search: SearchIndex;
  apiPages: readonly ApiPage[];
  routes: readonly RouteEntry[];
}): { files: OutputFile[]; findings: Finding[] } {
  const { project, content } = input;
  const usedAssets = new Set([...input.rendered.values()].flatMap((md) => md.findings.assets));
  // A file that disappears before it is copied is a warning of the content stage.
  const onWarning = (warning: ContentWarning) => content.warnings.push(contentFileFinding(warning));
  const apiOnly = new Set(input.apiPages.length > 0 ? [] : input.bundle.apiOnlyFiles);
  const docsgen: OutputOwner = { kind: 'docsgen' };
  const files: (OutputFile & ClaimedPath)[] = [
    ...[...input.bundle.files].filter(([rel]) => !apiOnly.has(rel)).map(([rel, contents]) => ({ rel, contents, owner: docsgen })),
    ...[...input.categoryFiles, ...input.search.files].map((file) => ({ ...file, owner: docsgen })),
    ...[...usedAssets].flatMap((rel) => {
      const asset = content.assets.get(rel);
      return asset ? [{ rel: asset.outPath, contents: readForOutput(content.files, rel, onWarning), owner: docsgen }] : [];
    }),
    ...input.apiPages.flatMap(({ spec }) => apiSpecFiles(spec)).map((file) => ({ ...file, owner: docsgen })),
    ...content.staticFiles.map((rel) => ({
      rel: rel.slice('_static/'.length),
      contents: readForOutput(content.files, rel, onWarning),
      owner: { kind: 'static' as const, source: path.join(project.contentDir, rel) },
    })),
  ];
  const { url, baseUrl } = project.config;
  if (url) {
    const pages = input.routes.filter((r) => r.page.kind !== 'notfound').map((r) => withBase(baseUrl, r.page.route));
    const generated: OutputOwner = { kind: 'generated' };
    files.push({ rel: 'sitemap.xml', contents: sitemapXml(url, pages), owner: generated }, { rel: 'robots.txt', contents: robotsTxt(url, baseUrl), owner: generated });
  }
  // Pages docsgen makes (search, not-found, API, category pages) first: a page that loses is then one with a file to fix.
  const pages: ClaimedPath[] = [...input.routes.filter((route) => !route.doc), ...input.routes.filter((route) => route.doc)].map((route) => ({
    rel: pageFileOf(route),
    owner: { kind: 'page', route: withBase(baseUrl, route.page.route), ...withMovedBy(movedBy(route)), ...(route.doc ? { source: route.doc.file } : {}) },
  }));
  const { kept, findings } = settleOutputPaths([...pages, ...files], project.loaded.file);
  return { files: files.filter((file) => kept.has(file)).map(({ rel, contents }) => ({ rel, contents })), findings };
}

const withMovedBy = (text: string | undefined) => (text === undefined ? {} : { movedBy: text });

/** What sets a page's path, for the hint when two pages want one. */
function movedBy(route: RouteEntry): string | undefined {
  if (route.page.kind === 'notfound') return undefined; // always 404.html
  if (route.doc) return `the slug in ${path.basename(route.doc.file)}'s front matter (or its file name)`;
  switch (route.page.kind) {
    case 'api':
      return 'its api[].route in config.yaml';
    case 'search':
      return 'search.searchPagePath in config.yaml';
    case 'page':
      return 'the name of its .page.tsx file';
    default:
      return 'its place in content/';
  }
}

/** An API's spec as written, as JSON too when it is YAML, and the OAuth redirect page Try it needs. */
function apiSpecFiles(spec: ApiPage['spec']): OutputFile[] {
  const json = specJsonFileName(spec.fileName);
  return [
    { rel: `${spec.route}/${spec.fileName}`, contents: spec.raw },
    ...(json ? [{ rel: `${spec.route}/${json}`, contents: spec.json ?? specJsonText(spec.raw) }] : []),
    ...(needsRedirectPage(spec.document) ? redirectPageFiles(spec.route) : []),
  ];
}
