/**
 * Stage "routes": every route with the PageData the theme renders (docs, the landing page, custom
 * React pages, search, API pages, 404).
 */
import { composeRoutes, createDocRouteComposer, type RouteEntry, type RouteInput } from '../routes.ts';
import { renderCustomPages } from '../pages/custom-pages.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { Finding } from '../checks/findings.ts';
import type { Content } from './content.ts';
import type { Project } from './project.ts';
import type { Site } from './site.ts';
import type { ApiPage } from './api.ts';
import type { LastUpdateTimes } from './git-times.ts';

export type CustomPages = Awaited<ReturnType<typeof renderCustomPages>>;

export function renderCustomRoutes(project: Project, content: Content): Promise<CustomPages> {
  return renderCustomPages(project.contentDir, content.customPages, project.docsgenCache);
}

type RouteParts = {
  content: Content;
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>;
  site: Site;
  apiPages: readonly ApiPage[];
  customPages: CustomPages;
  lastUpdated?: LastUpdateTimes;
};

function routeInput(project: Project, parts: RouteParts): RouteInput {
  return {
    config: project.config,
    docs: parts.content.docs,
    rendered: parts.rendered,
    sidebar: parts.content.sidebar,
    apiPages: parts.apiPages.flatMap((a) => a.pages),
    sidebarItemsUrl: parts.site.sidebarItemsUrl,
    customPages: parts.customPages,
    ...(parts.lastUpdated ? { lastUpdated: parts.lastUpdated } : {}),
  };
}

export function composeAllRoutes(project: Project, parts: RouteParts): { routes: RouteEntry[]; findings: Finding[] } {
  return composeRoutes(routeInput(project, parts));
}

/** One doc's route with its rendered markdown (see createDocRouteComposer). */
export function docRouteComposer(project: Project, parts: Omit<RouteParts, 'rendered'>): (doc: DocSource, md: RenderedMarkdown) => RouteEntry {
  return createDocRouteComposer(routeInput(project, { ...parts, rendered: new Map() }));
}
