/**
 * Stage "search": DocSearch-shaped records of every page and API operation, and the compact
 * embedded index the browser loads on first search. Full records of a large site are hundreds of
 * megabytes, so they are kept only for `docsgen search export`.
 */
import { pageRecords, apiRecords, compactIndex, compactRow } from '../search/records.ts';
import type { RouteEntry } from '../routes.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { SearchRecord } from '../../theme/search/types.ts';
import { ASSETS_DIR } from '../bundle/client.ts';
import { docsVersionTag } from '../site/site-data.ts';
import { withBase } from '../../theme/urls.ts';
import { shortHash } from './content.ts';
import type { Project } from './project.ts';

export interface SearchIndex {
  rel: string;
  json: string;
  /** Every record, when asked for (export). */
  records: SearchRecord[];
}

export function indexSearch(
  project: Project,
  routes: readonly RouteEntry[],
  rendered: ReadonlyMap<DocSource, RenderedMarkdown>,
  options: { keepRecords: boolean; stableName: boolean; name?: string },
): SearchIndex {
  const { config } = project;
  const meta = { language: config.locale, tag: docsVersionTag(config) };
  const records: SearchRecord[] = [];
  const rows: (string | null)[][] = [];
  for (const route of routes) {
    const url = withBase(config.baseUrl, route.page.route);
    let list: SearchRecord[] = [];
    if (route.page.kind === 'doc' && route.doc) {
      const blocks = rendered.get(route.doc)?.searchBlocks ?? [];
      list = pageRecords({ url, section: route.section ?? config.title, title: route.page.title, description: route.page.description, blocks }, meta);
    } else if (route.page.kind === 'api' && route.page.api) {
      list = apiRecords(route.page.api, url, meta);
    }
    for (const record of list) rows.push(compactRow(record));
    if (options.keepRecords) records.push(...list);
  }
  const json = JSON.stringify(compactIndex(rows, meta));
  // The dev server rewrites the index on every edit: a stable name keeps the pages that point to it valid.
  // A build that renders its pages before the index exists names it by its inputs (`name`).
  const rel = searchIndexRel(options.stableName ? 'dev' : (options.name ?? shortHash(json)));
  return { rel, json, records };
}

/** Where the index named `name` is written, relative to the output folder. */
export function searchIndexRel(name: string): string {
  return `${ASSETS_DIR}/search-index-${name}.json`;
}
