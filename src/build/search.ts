/**
 * Stage "search": DocSearch-shaped records of every page and API operation, and the embedded
 * index the browser loads piece by piece on first search (src/search/shards.ts). Full records of a
 * large site are hundreds of megabytes, so they are kept only for `docsgen search export`.
 */
import { createHash } from 'node:crypto';
import { pageIndexRecords, apiRecords, type IndexedRecord } from '../search/records.ts';
import { buildEmbeddedIndex, indexFiles, type IndexPage } from '../search/shards.ts';
import { loadPageKeysMemo, type PageKeysMemo } from '../search/keys-memo.ts';
import type { RouteEntry } from '../routes.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { SearchRecord } from '../../theme/search/types.ts';
import { DEV_SEARCH_FILES, SEARCH_INDEX_REL } from './output-paths.ts';
import { docsVersionTag } from '../site/site-data.ts';
import { withBase } from '../../theme/urls.ts';
import type { Project } from './project.ts';

export interface SearchIndex {
  /** The index's entry file (its manifest), relative to out/: always SEARCH_INDEX_REL. */
  rel: string;
  /** Every file of the index, relative to out/. */
  files: { rel: string; contents: string }[];
  /** Every record, when asked for (export). */
  records: SearchRecord[];
}

function routeRecords(project: Project, route: RouteEntry, rendered: ReadonlyMap<DocSource, RenderedMarkdown>, meta: { language: string; tag: string }): IndexedRecord[] {
  const { config } = project;
  const url = withBase(config.baseUrl, route.page.route);
  if (route.page.kind === 'doc' && route.doc) {
    const blocks = rendered.get(route.doc)?.searchBlocks ?? [];
    return pageIndexRecords({ url, section: route.section ?? config.title, title: route.page.title, description: route.page.description, blocks }, meta);
  }
  if (route.page.kind === 'api' && route.page.api) return apiRecords(route.page.api, url, meta);
  return [];
}

export function indexSearch(
  project: Project,
  routes: readonly RouteEntry[],
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>,
  options: { keepRecords: boolean; stableName: boolean; memo?: PageKeysMemo },
): SearchIndex {
  const meta = { language: project.config.locale, tag: docsVersionTag(project.config) };
  const records: SearchRecord[] = [];
  const pages: IndexPage[] = [];
  for (const route of routes) {
    const list = routeRecords(project, route, rendered, meta);
    if (list.length === 0) continue;
    pages.push({ url: withBase(project.config.baseUrl, route.page.route), records: list });
    if (options.keepRecords) records.push(...list.map(({ code: _code, ...record }) => record));
  }
  // Pages are rendered before the index exists, and an edit to one page changes the index: so pages
  // name only the manifest, whose URL never changes, and the manifest names the folders of the
  // shards and of the fragments by their bytes (a browser never mixes two builds' files; an edit
  // leaves every other page's HTML, and the other pages' fragment folders, as they were). The dev
  // server rewrites only changed files of one folder.
  const files = indexFiles(buildEmbeddedIndex(pages, meta, options.memo ? { memo: options.memo } : {}), (contents) => (options.stableName ? DEV_SEARCH_FILES : contentsName(contents)));
  const folder = SEARCH_INDEX_REL.slice(0, SEARCH_INDEX_REL.lastIndexOf('/'));
  return { rel: SEARCH_INDEX_REL, files: [...files].map(([file, contents]) => ({ rel: `${folder}/${file}`, contents })), records };
}

function contentsName(contents: ReadonlyMap<string, string>): string {
  const hash = createHash('sha256');
  for (const [file, text] of contents) hash.update(file).update('\u0000').update(text).update('\u0000');
  return hash.digest('hex').slice(0, 10);
}

/**
 * The index of a site's pages as they are now, each unchanged page's search keys taken from the
 * memo of earlier builds (a full build and an edit alike). The dev server's index keeps one name
 * (it rewrites its files in place); a build's is named by its bytes.
 */
export async function searchStage(site: { project: Project; routes: readonly RouteEntry[]; rendered: ReadonlyMap<DocSource, RenderedMarkdown>; serve: boolean }, options: { keepRecords: boolean }): Promise<SearchIndex> {
  const memo = await loadPageKeysMemo(site.project.projectCache);
  const index = indexSearch(site.project, site.routes, site.rendered, { keepRecords: options.keepRecords, stableName: site.serve, memo });
  await memo.save();
  return index;
}

/** The files of `before` that `after` no longer has (a build names the index's folders by their bytes). */
export function removedSearchFiles(before: SearchIndex, after: SearchIndex): string[] {
  const kept = new Set(after.files.map((f) => f.rel));
  return before.files.map((f) => f.rel).filter((rel) => !kept.has(rel));
}

/** The files of `after` that differ from `before` (an edit rewrites only those). */
export function changedSearchFiles(before: SearchIndex | undefined, after: SearchIndex): SearchIndex['files'] {
  const previous = new Map(before?.files.map((f) => [f.rel, f.contents]));
  return after.files.filter((f) => previous.get(f.rel) !== f.contents);
}


