/**
 * The stages up to rendering: project, content, markdown (with the API specs and the browser
 * bundle alongside), site data, routes, search. Data in, data out: nothing is written to the output.
 */
import type { RouteEntry } from '../routes.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { MarkdownCache } from '../cache/markdown-cache.ts';
import type { ClientBundle } from '../bundle/client.ts';
import type { ThemeServer } from '../render/theme-loader.ts';
import type { Finding } from '../checks/findings.ts';
import { loadProject, type Project } from './project.ts';
import { readContent, type Content } from './content.ts';
import { createMarkdownCache, renderMarkdown } from './markdown.ts';
import { bundleTheme, loadTheme, themeFingerprint } from './theme.ts';
import { loadApiPages, type ApiPage } from './api.ts';
import { composeSite, type Site } from './site.ts';
import { composeAllRoutes, renderCustomRoutes, type CustomPages } from './routes.ts';
import { indexSearch, type SearchIndex } from './search.ts';
import type { StageRunner } from './stage.ts';
import { readLastUpdateTimes, type LastUpdateTimes } from './git-times.ts';
import type { BuilderOptions } from './builder.ts';

export interface PreparedSite {
  project: Project;
  content: Content;
  markdownCache: MarkdownCache;
  rendered: Map<DocSource, RenderedMarkdown>;
  apiPages: ApiPage[];
  bundle: ClientBundle;
  site: Site;
  customPages: CustomPages;
  routes: RouteEntry[];
  routeFindings: Finding[];
  search: SearchIndex;
  theme: ThemeServer;
  lastUpdated: LastUpdateTimes;
}

export async function prepareSite(stage: StageRunner, options: BuilderOptions): Promise<PreparedSite> {
  const serve = options.mode === 'serve';
  const progress = options.onProgress ?? (() => undefined);
  const project = await stage('project', () => loadProject(options.configFile));
  const content = await stage('content', () => readContent(project, { includeDrafts: serve }));
  const themeHash = await themeFingerprint(project);
  // esbuild bundles the client on its own threads while markdown renders.
  const bundling = bundleTheme(project, { themeHash, minify: !serve });
  bundling.catch(() => undefined); // awaited below; a markdown error must not leave it unhandled
  const markdownCache = createMarkdownCache(project);
  const [apiPages, rendered, lastUpdated] = await Promise.all([
    stage('api', () => loadApiPages(project, themeHash)),
    stage('markdown', () => renderMarkdown(project, content, content.docs, { cache: markdownCache, progress })),
    stage('git times', () => lastUpdateTimes(project, content)),
  ]);
  const bundle = await stage('bundle', () => bundling);
  const site = await stage('site', () => composeSite(project, content, bundle));
  const customPages = await stage('custom pages', () => renderCustomRoutes(project, content));
  const { routes, findings: routeFindings } = await stage('routes', () => composeAllRoutes(project, { content, rendered, site, apiPages, customPages, lastUpdated }));
  const search = await stage('search', () => indexSearch(project, routes, rendered, { keepRecords: options.mode === 'export', stableName: serve }));
  if (site.site.search.mode === 'local') site.site.search.indexUrl = project.config.baseUrl + search.rel;
  // Written before rendering, which releases the very result objects the cache entries are.
  await stage('markdown cache', () => markdownCache.flush());
  const theme = await stage('theme', () => loadTheme(project, themeHash));
  return { project, content, markdownCache, rendered, apiPages, bundle, site, customPages, routes, routeFindings, search, theme, lastUpdated };
}

/** Only asked of git when the config shows "Last updated" dates. */
function lastUpdateTimes(project: Project, content: Content): Promise<LastUpdateTimes> {
  if (!project.config.docs.showLastUpdateTime) return Promise.resolve(new Map());
  return readLastUpdateTimes(project.contentDir, project.projectCache, content.docs.map((d) => d.relPath));
}
