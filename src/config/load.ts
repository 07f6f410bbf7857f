/**
 * Loads config.yaml, validates it against its schema and fills in defaults. Every problem is
 * reported with the key path and the line and column of the offending key in the file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashText } from '../cache/fingerprint.ts';
import { projectCacheDir, readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { DocsgenError, type SourcePosition } from '../errors.ts';
import { parseYamlMapping, type KeyPath } from '../schema/yaml.ts';
import { validateYaml } from '../schema/validate.ts';
import { configSchema, type SiteConfig } from './schema.ts';

export type { KeyPath } from '../schema/yaml.ts';

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of config.yaml. */
  file: string;
  /** Folder that relative paths in the config (api specs) are resolved against. */
  rootDir: string;
  /** Position of a key in config.yaml, for messages about values that are valid YAML but wrong. */
  locate(keyPath: KeyPath): SourcePosition;
}

const REFERENCE = 'config.yaml keys are listed in the README';

export async function loadConfig(configFile: string): Promise<LoadedConfig> {
  const file = path.resolve(configFile);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new DocsgenError(`cannot read the config file (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`, {
      position: { file },
      hint: 'pass the right path with --config, or create config.yaml in the project folder',
    });
  }
  // The validated config (with its defaults) is remembered by the file's content, so a warm build
  // skips validation. Deleting .docsgen/ is always safe.
  const cacheFile = path.join(projectCacheDir(path.dirname(file)), `config-${hashText(DOCSGEN_VERSION, text)}.json`);
  const validated = await readCachedJson<SiteConfig>(cacheFile);
  const loaded = parseConfig(text, file, validated);
  if (validated === undefined) await writeCachedJson(cacheFile, loaded.config);
  return loaded;
}

/** Parses and validates config.yaml; `validated` is the result of an earlier validation of the same text. */
export function parseConfig(text: string, file: string, validated?: SiteConfig): LoadedConfig {
  const parse = () => parseYamlMapping({ text, file, example: '"title: My docs"' });
  if (validated !== undefined) {
    // The same text parsed and validated before: parsed again only if a finding needs a key's position.
    let parsed: ReturnType<typeof parse> | undefined;
    return { config: validated, file, rootDir: path.dirname(file), locate: (keyPath) => (parsed ??= parse()).locate(keyPath) };
  }
  const parsed = parse();
  return { config: validateYaml(configSchema, parsed, { reference: REFERENCE }).value, file, rootDir: path.dirname(file), locate: parsed.locate };
}
