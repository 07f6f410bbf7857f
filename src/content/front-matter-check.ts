/**
 * A page's front matter parsed and checked against its schema. Loaded only when some front matter
 * is not in the checked-YAML memo: the YAML parser and zod (about a megabyte of code, 90 ms of a
 * build that follows an edit) stay unloaded when every page's front matter is unchanged.
 */
import { parseYamlMapping } from '../schema/yaml.ts';
import { validateYaml, type InputWarning } from '../schema/validate.ts';
import { frontMatterSchema, type FrontMatter } from './front-matter-schema.ts';

export function checkFrontMatter(yaml: string, file: string): { frontMatter: FrontMatter; warnings: InputWarning[] } {
  // The YAML starts on line 2 of the file (after the opening fence).
  const parsed = parseYamlMapping({ text: yaml, file, lineOffset: 1, name: 'front matter', example: '"title: Installing the hub"' });
  const { value: frontMatter, warnings } = validateYaml(frontMatterSchema, parsed, {
    warnUnknownTopLevelKeys: true,
    subject: 'front matter',
    reference: 'front matter keys are listed in the README',
  });
  return { frontMatter, warnings };
}
