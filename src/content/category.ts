/**
 * `_category_.yaml`: a folder's label, position and collapsed state in the sidebar, validated by
 * its schema. `collapsible` and `description` are Docusaurus keys accepted for compatibility.
 */
import { z } from 'zod';
import { parseYamlMapping } from '../schema/yaml.ts';
import { validateYaml } from '../schema/validate.ts';
import { memoised, type YamlMemo } from '../cache/yaml-memo.ts';

export const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().default(true),
  collapsible: z.boolean().optional(),
  description: z.string().optional(),
});

export interface CategoryMeta {
  dir: string;
  file: string;
  label?: string;
  position?: number;
  collapsed: boolean;
}

/** `memo`: checked YAML of earlier builds (a build reads content/ through it). */
export function parseCategory(text: string, file: string, dir: string, memo?: YamlMemo): CategoryMeta {
  return memoised(memo, 'category', file, text, () => checkCategory(text, file, dir));
}

function checkCategory(text: string, file: string, dir: string): CategoryMeta {
  const parsed = parseYamlMapping({ text, file, example: '"label: Installations" and "position: 2"' });
  const { label, position, collapsed } = validateYaml(categorySchema, parsed, { reference: 'a _category_.yaml holds "label", "position" and "collapsed"' }).value;
  return { dir, file, collapsed, ...(label !== undefined ? { label } : {}), ...(position !== undefined ? { position } : {}) };
}
