/**
 * `_category_.yaml`: a folder's label, position and collapsed state in the sidebar, validated by
 * its schema (category-check.ts, loaded only when the file is not in the checked-YAML memo).
 */
import { memoised, type YamlMemo } from '../cache/yaml-memo.ts';

export interface CategoryMeta {
  dir: string;
  file: string;
  label?: string;
  position?: number;
  collapsed: boolean;
}

/** `memo`: checked YAML of earlier builds (a build reads content/ through it). */
export function parseCategory(text: string, file: string, dir: string, memo?: YamlMemo): Promise<CategoryMeta> {
  return memoised(memo, 'category', file, text, async () => (await import('./category-check.ts')).checkCategory(text, file, dir));
}
