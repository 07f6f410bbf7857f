/**
 * DocSearch-shaped records for every page (one for the page, one per heading, one per text block)
 * and for every API operation: uploaded as they are to the hosted service, and the input of the
 * embedded index (src/search/shards.ts).
 */
import type { SearchBlock } from '../markdown/search-blocks.ts';
import type { ApiPageData } from '../../theme/data.ts';
import type { Hierarchy, Level, SearchRecord } from '../../theme/search/types.ts';

export interface PageForSearch {
  url: string;
  /** Section label (lvl0), e.g. "Installations". */
  section: string;
  title: string;
  description: string;
  blocks: SearchBlock[];
}

function emptyHierarchy(): Hierarchy {
  return { lvl0: null, lvl1: null, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null };
}

/** A record as the embedded index keeps it: `code` marks a code block (shown as a snippet, never as a title). */
export type IndexedRecord = SearchRecord & { code?: true };

/** The DocSearch records of a page, as uploaded to the hosted service. */
export function pageRecords(page: PageForSearch, meta: { language: string; tag: string }): SearchRecord[] {
  return pageIndexRecords(page, meta).map(({ code: _code, ...record }) => record);
}

export function pageIndexRecords(page: PageForSearch, meta: { language: string; tag: string }): IndexedRecord[] {
  const records: IndexedRecord[] = [];
  let position = 0;
  forEachPageRecord(page, (type, content, code, url, hierarchy) => {
    const record: IndexedRecord = { objectID: `${page.url}-${position++}`, url, hierarchy: { ...hierarchy }, content, type, language: meta.language, docusaurus_tag: meta.tag };
    records.push(code ? { ...record, code: true } : record);
  });
  return records;
}

/**
 * What each record of a page is, in order: the page's own, then one per heading and text block,
 * with the URL of the heading it is under. `hierarchy` is the walk's own, changed by the headings
 * that follow: a caller that keeps it copies it (the search index's fragments read it as they go).
 */
export function forEachPageRecord(page: PageForSearch, visit: (type: Level | 'content', content: string | null, code: boolean, url: string, hierarchy: Readonly<Hierarchy>) => void): void {
  const hierarchy = emptyHierarchy();
  hierarchy.lvl0 = page.section;
  hierarchy.lvl1 = page.title;
  let anchorUrl = page.url;
  visit('lvl1', page.description || null, false, anchorUrl, hierarchy);
  for (const block of page.blocks) {
    if (block.kind === 'heading') {
      const level = Math.min(6, block.level) as 2 | 3 | 4 | 5 | 6;
      hierarchy[`lvl${level}`] = block.text;
      for (let deeper = level + 1; deeper <= 6; deeper++) hierarchy[`lvl${deeper}` as Level] = null;
      anchorUrl = `${page.url}#${block.anchor}`;
      visit(`lvl${level}`, null, false, anchorUrl, hierarchy);
    } else {
      visit('content', block.text, block.code === true, anchorUrl, hierarchy);
    }
  }
}

/**
 * One record for an API page and one per operation on it. lvl0 is the API (the group a search box
 * shows hits under), lvl1 the tag and lvl2 the operation (its summary, or method and path), as a
 * doc page's section, page and heading; the content holds method, path, summary and operationId,
 * so any of them finds it. Each URL carries the operation's anchor.
 */
export function apiRecords(api: ApiPageData, url: string, meta: { language: string; tag: string }): SearchRecord[] {
  const name = `${api.title}${api.version ? ` ${api.version}` : ''}`;
  const record = (id: string, recordUrl: string, hierarchy: Partial<Hierarchy>, content: string | null, type: Level): SearchRecord => ({
    objectID: id,
    url: recordUrl,
    hierarchy: { ...emptyHierarchy(), lvl0: name, ...hierarchy },
    content,
    type,
    language: meta.language,
    docusaurus_tag: meta.tag,
  });
  const records: SearchRecord[] = [record(`${url}-api`, url, { lvl1: api.tag ?? name }, null, 'lvl1')];
  // On the overview of a split API the navigation lists every operation, but each is on its tag's page.
  for (const tag of api.nav.filter((t) => url.endsWith(t.route))) {
    for (const op of tag.operations ?? []) {
      const content = `${op.method} ${op.path}${op.summary ? ` — ${op.summary}` : ''}${op.operationId ? ` (${op.operationId})` : ''}`;
      records.push(record(`${url}-${op.anchor}`, `${url}#${op.anchor}`, { lvl1: tag.name, lvl2: op.summary || `${op.method} ${op.path}` }, content, 'lvl2'));
    }
  }
  return records;
}
