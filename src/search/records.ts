/**
 * DocSearch-shaped records for every page (one for the page, one per heading, one per text block)
 * and for every API operation, plus the compact embedded index the browser loads on first use.
 */
import type { SearchBlock } from '../markdown/search-blocks.ts';
import type { ApiPageData } from '../../theme/data.ts';
import { LEVELS, type CompactIndex, type Hierarchy, type Level, type SearchRecord } from '../../theme/search/types.ts';

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

export function pageRecords(page: PageForSearch, meta: { language: string; tag: string }): SearchRecord[] {
  const records: SearchRecord[] = [];
  const hierarchy = emptyHierarchy();
  hierarchy.lvl0 = page.section;
  hierarchy.lvl1 = page.title;
  let anchorUrl = page.url;
  let position = 0;
  const push = (type: Level | 'content', content: string | null) => {
    records.push({ objectID: `${page.url}-${position++}`, url: anchorUrl, hierarchy: { ...hierarchy }, content, type, language: meta.language, docusaurus_tag: meta.tag });
  };
  push('lvl1', page.description || null);
  for (const block of page.blocks) {
    if (block.kind === 'heading') {
      const level = Math.min(6, block.level) as 2 | 3 | 4 | 5 | 6;
      hierarchy[`lvl${level}`] = block.text;
      for (let deeper = level + 1; deeper <= 6; deeper++) hierarchy[`lvl${deeper}` as Level] = null;
      anchorUrl = `${page.url}#${block.anchor}`;
      push(`lvl${level}`, null);
    } else {
      push('content', block.text);
    }
  }
  return records;
}

export function apiRecords(api: ApiPageData, url: string, meta: { language: string; tag: string }): SearchRecord[] {
  const records: SearchRecord[] = [];
  const base = emptyHierarchy();
  base.lvl0 = 'REST API';
  base.lvl1 = `${api.title} ${api.version}`;
  records.push({ objectID: `${url}-api`, url, hierarchy: { ...base }, content: null, type: 'lvl1', language: meta.language, docusaurus_tag: meta.tag });
  for (const tag of api.tags) {
    for (const op of tag.operations) {
      records.push({
        objectID: `${url}-${op.anchor}`,
        url: `${url}#${op.anchor}`,
        hierarchy: { ...base, lvl2: op.summary || `${op.method} ${op.path}`, lvl3: tag.name },
        content: `${op.method} ${op.path}${op.summary ? ` — ${op.summary}` : ''}`,
        type: 'lvl2',
        language: meta.language,
        docusaurus_tag: meta.tag,
      });
    }
  }
  return records;
}

/** One record as a row of the embedded index: url, type, content, then the hierarchy levels. */
export function compactRow(r: SearchRecord): (string | null)[] {
  const row: (string | null)[] = [r.url, r.type, r.content, ...LEVELS.map((l) => r.hierarchy[l])];
  while (row.length > 3 && row[row.length - 1] === null) row.pop();
  return row;
}

/** The embedded index from rows made by compactRow (a build makes them page by page). */
export function compactIndex(rows: (string | null)[][], meta: { language: string; tag: string }): CompactIndex {
  return { v: 1, language: meta.language, tag: meta.tag, records: rows };
}
