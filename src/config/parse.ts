/**
 * config.yaml parsed and validated against its schema, with defaults filled in. Loaded by
 * load.ts only when the text is not in the project cache (see there).
 */
import path from 'node:path';
import { parseYamlMapping } from '../schema/yaml.ts';
import { validateYaml } from '../schema/validate.ts';
import { configSchema } from './schema.ts';
import { CONFIG_EXAMPLE, type LoadedConfig } from './load.ts';

const REFERENCE = 'config.yaml keys are listed in the README';

export function parseConfig(text: string, file: string): LoadedConfig {
  const parsed = parseYamlMapping({ text, file, example: CONFIG_EXAMPLE, numbersAsWritten: ['vars'] });
  return { config: validateYaml(configSchema, parsed, { reference: REFERENCE }).value, file, rootDir: path.dirname(file), locate: parsed.locate, locateInValue: parsed.locateInValue };
}
