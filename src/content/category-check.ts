/**
 * A `_category_.yaml` parsed and checked against its schema. Loaded only when some category file
 * is not in the checked-YAML memo (see front-matter-check.ts for why). `collapsible` and
 * `description` are Docusaurus keys accepted for compatibility.
 */
import { z } from 'zod';
import { parseYamlMapping } from '../schema/yaml.ts';
import { validateYaml } from '../schema/validate.ts';
import type { CategoryMeta } from './category.ts';

export const categorySchema = z.strictObject({
  label: z.string().optional(),
  position: z.number().optional(),
  collapsed: z.boolean().default(true),
  collapsible: z.boolean().optional(),
  description: z.string().optional(),
});

export function checkCategory(text: string, file: string, dir: string): CategoryMeta {
  const parsed = parseYamlMapping({ text, file, example: '"label: Installations" and "position: 2"' });
  const { label, position, collapsed } = validateYaml(categorySchema, parsed, { reference: 'a _category_.yaml holds "label", "position" and "collapsed"' }).value;
  return { dir, file, collapsed, ...(label !== undefined ? { label } : {}), ...(position !== undefined ? { position } : {}) };
}
