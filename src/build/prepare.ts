/**
 * The stages up to rendering: project, content, the API specs (with the browser bundle alongside),
 * site data, routes and the theme. Data in, data out: nothing is written to the output. Markdown is
 * rendered with the pages (stage "pages", see pages.ts), and the search index is made from them.
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
import { createMarkdownCache } from './markdown.ts';
import { bundleTheme, loadTheme, themeFingerprint } from './theme.ts';
import { loadApiPages, type ApiPage } from './api.ts';
import { composeSite, type Site } from './site.ts';
import { composeAllRoutes, renderCustomRoutes, type CustomPages } from './routes.ts';
import { SEARCH_INDEX_REL } from './output-paths.ts';
import { prestartMarkdownWorkers } from '../markdown/render-all.ts';
import { readdirSync } from 'node:fs';
import type { StageRunner } from './stage.ts';
import { readLastUpdateTimes, type LastUpdateTimes } from './git-times.ts';
import type { BuilderOptions } from './builder.ts';

export interface PreparedSite {
  project: Project;
  content: Content;
  markdownCache: MarkdownCache;
  /** Each doc's rendered markdown: empty until the pages stage (emit.ts) fills it. */
  rendered: Map<DocSource, RenderedMarkdown>;
  apiPages: ApiPage[];
  bundle: ClientBundle;
  site: Site;
  customPages: CustomPages;
  routes: RouteEntry[];
  routeFindings: Finding[];
  /** Prepared for `docsgen serve`, which rewrites the search index in place on every edit. */
  serve: boolean;
  theme: ThemeServer;
  lastUpdated: LastUpdateTimes;
  /** Changes with any file of the theme or docsgen itself. */
  themeHash: string;
}

export async function prepareSite(stage: StageRunner, options: BuilderOptions): Promise<PreparedSite> {
  const serve = options.mode === 'serve';
  const project = await stage('project', () => loadProject(options.configFile));
  if (!serve) prestartMarkdownWorkers(countMarkdownFiles(project.contentDir));
  const content = await stage('content', () => readContent(project, { includeDrafts: serve }));
  const themeHash = themeFingerprint(project);
  // esbuild bundles the client on its own threads meanwhile.
  const bundling = bundleTheme(project, { themeHash, minify: !serve });
  bundling.catch(() => undefined); // awaited below; an API error must not leave it unhandled
  const markdownCache = createMarkdownCache(project);
  const [apiPages, lastUpdated] = await Promise.all([
    stage('api', () => loadApiPages(project, themeHash)),
    stage('git times', () => lastUpdateTimes(project, content)),
  ]);
  const bundle = await stage('bundle', () => bundling);
  const site = await stage('site', () => composeSite(project, content, bundle, apiPages.length > 0));
  const customPages = await stage('custom pages', () => renderCustomRoutes(project, content));
  const rendered = new Map<DocSource, RenderedMarkdown>();
  // Each doc's route is composed again with its markdown when that is rendered (pages.ts).
  const { routes, findings: routeFindings } = await stage('routes', () => composeAllRoutes(project, { content, rendered, site, apiPages, customPages, lastUpdated }));
  if (site.site.search.mode === 'local') site.site.search.indexUrl = project.config.baseUrl + SEARCH_INDEX_REL;
  const theme = await stage('theme', () => loadTheme(project, themeHash));
  return { project, content, markdownCache, rendered, apiPages, bundle, site, customPages, routes, routeFindings, serve, theme, themeHash, lastUpdated };
}

/** Only asked of git when the config shows "Last updated" dates. */
function lastUpdateTimes(project: Project, content: Content): Promise<LastUpdateTimes> {
  if (!project.config.docs.showLastUpdateTime) return Promise.resolve(new Map());
  return readLastUpdateTimes(project.contentDir, project.projectCache, content.docs.map((d) => d.relPath));
}

/** How many markdown files content/ holds, counted before they are read (to start workers early). */
function countMarkdownFiles(contentDir: string): number {
  try {
    return readdirSync(contentDir, { recursive: true }).filter((name) => String(name).endsWith('.md')).length;
  } catch {
    return 0; // the content stage reports a missing content/
  }
}
