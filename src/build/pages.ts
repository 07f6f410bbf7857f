/**
 * Stage "pages": every page's markdown rendered (on worker threads for a large site, from the cache
 * where it still holds), and each doc's route composed and rendered with the theme the moment its
 * markdown arrives, then written. A large build so holds a handful of pages at a time instead of
 * every page's HTML and data: what stays is what the search index and the checks need (the page's
 * search blocks, links found in its markdown, its ids and hrefs).
 */
import type { RouteEntry } from '../routes.ts';
import { streamMarkdown } from '../markdown/render-all.ts';
import type { RenderedRoute } from '../checks/links.ts';
import { createStringPool } from '../checks/link-targets.ts';
import { createPageRenderer, pageFileOf } from './render.ts';
import { pageReuse, type IncrementalBuild } from './incremental.ts';
import { docRouteComposer } from './routes.ts';
import { createHighlightCache, markdownInput } from './markdown.ts';
import type { OutputTarget } from './output.ts';
import type { PreparedSite } from './prepare.ts';
import type { PageTargets } from './page-targets.ts';

export interface WrittenPages {
  /** What the checks saw of each page, by URL path, in route order. */
  pages: Map<string, RenderedRoute>;
  /** Each page's key, by file (`docsgen build`: for the next build's manifest). */
  keys: ReadonlyMap<string, string>;
  /** What the checks read of each page, by file (`docsgen build`: kept for the next build, see page-targets.ts). */
  targets: ReadonlyMap<string, PageTargets>;
}

export interface WritePagesOptions {
  release: boolean;
  /** `docsgen build`: the previous build into the same out/, whose unchanged pages are reused. */
  incremental?: IncrementalBuild;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export async function writePages(output: OutputTarget, prepared: PreparedSite, options: WritePagesOptions): Promise<WrittenPages> {
  // Each doc's rendered markdown goes into the prepared site's map (without its HTML when `release`
  // is set): the search index, the site's files and the checks read it from there.
  const { project, content, routes, rendered } = prepared;
  const render = createPageRenderer({ ...prepared, rendered, site: prepared.site.site, keep: createStringPool() });
  const composeDoc = docRouteComposer(project, prepared);
  const routeIndex = new Map(routes.flatMap((route, i) => (route.doc ? [[route.doc, i] as const] : [])));
  const checked: (RenderedRoute | undefined)[] = new Array(routes.length);
  let done = 0;
  // Reusing a page means linking its file from the previous out/.
  const reuse = options.incremental && output.linkFrom ? pageReuse(options.incremental, render.context, prepared.themeHash) : undefined;
  // `htmlHash`: the hash of the page's markdown HTML, when the markdown stage has it (see RenderedMarkdown).
  const emit = async (i: number, route: RouteEntry, htmlHash?: string) => {
    const rel = pageFileOf(route);
    const before = reuse ? await reuse.previous(rel, reuse.keyOf(route.page, htmlHash)) : undefined;
    if (before && output.linkFrom) {
      await output.linkFrom(rel, before);
      checked[i] = 'targets' in before ? render.checkedFrom(route, before.targets) : render.withDocument(route, before.html).checked;
    } else {
      const page = render(route);
      for (const file of page.files) await output.write(file.rel, file.contents as string);
      checked[i] = page.checked;
    }
    reuse?.targets.set(rel, checked[i] ?? NO_TARGETS);
    routes[i] = options.release ? releasedRoute(route) : route;
    if (++done % 50 === 0) options.onProgress?.('render', done, routes.length);
  };
  await streamMarkdown(
    markdownInput(project, content, content.docs, {
      cache: prepared.markdownCache,
      highlightCache: createHighlightCache(project),
      progress: options.onProgress ?? (() => undefined),
    }),
    async (doc, md) => {
      rendered.set(doc, md);
      const i = routeIndex.get(doc);
      if (i !== undefined) await emit(i, composeDoc(doc, md), md.htmlHash);
      // The search index still needs the page's search blocks; its ids and hrefs were collected.
      if (options.release) rendered.set(doc, { ...md, html: '', toc: [], linkTargets: { ids: [], hrefs: [] } });
    },
  );
  for (const [i, route] of routes.entries()) if (!route.doc) await emit(i, route);
  options.onProgress?.('render', routes.length, routes.length);
  return {
    pages: new Map(checked.flatMap((page) => (page ? [[page.path, page] as const] : []))),
    keys: reuse?.keys ?? new Map(),
    targets: reuse?.targets ?? new Map(),
  };
}

/** The 404 page: nothing the checks read, and nothing to read again when it is reused. */
const NO_TARGETS: PageTargets = { ids: [], hrefs: [] };

/** What the stages after rendering read of a route: the search index, the sitemap, the checks. */
function releasedRoute(route: RouteEntry): RouteEntry {
  // The page's kind-specific part stays: it is small, and a doc's sidebar is shared with its folder.
  return { ...route, page: { ...route.page, html: '', toc: [] } };
}
