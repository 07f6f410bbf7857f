/** DocSearch-shaped records and hits, shared by the build (records) and the browser (hits). */
export type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
export type Hierarchy = Record<Level, string | null>;

export interface SearchRecord {
  objectID: string;
  url: string;
  hierarchy: Hierarchy;
  content: string | null;
  type: Level | 'content';
  language: string;
  docusaurus_tag: string;
}

interface HighlightValue {
  value: string;
  matchLevel: 'none' | 'partial' | 'full';
  matchedWords: string[];
}

export interface SearchHit {
  objectID: string;
  url: string;
  url_without_anchor: string;
  hierarchy: Hierarchy;
  content: string | null;
  type: Level | 'content';
  anchor: string | null;
  _highlightResult: { hierarchy: Partial<Record<Level, HighlightValue>>; content?: HighlightValue };
  _snippetResult: { hierarchy?: Partial<Record<Level, HighlightValue>>; content?: HighlightValue };
}

/** The compact on-disk form of the embedded index: one array per record, levels trimmed. */
export interface CompactIndex {
  v: 1;
  language: string;
  tag: string;
  /** [url, type, content, lvl0, lvl1, …] with trailing nulls removed. */
  records: (string | null)[][];
}

export const LEVELS: readonly Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];
