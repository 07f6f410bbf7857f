/**
 * Loads config.yaml: validated against its schema with its defaults filled in (parse.ts), or, when
 * the same text was validated before, taken from the project cache without loading the schema.
 * Every problem is reported with the key path and the line and column of the offending key.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { hashText } from '../cache/fingerprint.ts';
import { projectCacheDir, readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { utf16WithMark } from '../content/encoding.ts';
import { configReadError } from './read-error.ts';
import { strictUtf8 } from '../schema/strict-utf8.ts';
import { DocsgenError, type SourcePosition } from '../errors.ts';
import { parseYamlMapping, type KeyPath } from '../schema/yaml.ts';
import type { SiteConfig } from './schema.ts';

export type { KeyPath } from '../schema/yaml.ts';

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of config.yaml. */
  file: string;
  /** Folder that relative paths in the config (api specs) are resolved against. */
  rootDir: string;
  /** Position of a key in config.yaml, for messages about values that are valid YAML but wrong. */
  locate(keyPath: KeyPath): SourcePosition;
  /** Where each of `texts` is written inside the string value of a key (see ParsedYaml.locateInValue). */
  locateInValue(keyPath: KeyPath, texts: readonly string[]): SourcePosition[];
}


/** UTF-8 (with or without a byte-order mark), or UTF-16 with its byte-order mark, as pages are read. */
function configText(bytes: Buffer, file: string): string {
  return utf16WithMark(bytes) ?? strictUtf8(bytes, file, 'config.yaml');
}

/** What config.yaml holds, for the hint when the file is not a mapping. */
export const CONFIG_EXAMPLE = '"title: My docs"';

export async function loadConfig(configFile: string): Promise<LoadedConfig> {
  const file = path.resolve(configFile);
  let text: string;
  try {
    text = configText(await readFile(file), file);
  } catch (error) {
    if (error instanceof DocsgenError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw configReadError(file, code);
  }
  // The validated config (with its defaults) is remembered by the file's content, so a warm build
  // skips validation. Deleting .docsgen/ is always safe.
  const cacheFile = path.join(projectCacheDir(path.dirname(file)), `config-${hashText(DOCSGEN_VERSION, 'vars-as-written', text)}.json`);
  const validated = await readCachedJson<SiteConfig>(cacheFile);
  if (validated !== undefined) return fromValidated(text, file, validated);
  // The schema (zod, with the YAML checks: about 90 ms to load) is loaded only to validate.
  const loaded = (await import('./parse.ts')).parseConfig(text, file);
  await writeCachedJson(cacheFile, loaded.config);
  return loaded;
}

/** The same text parsed and validated before: parsed again only if a finding needs a key's position. */
function fromValidated(text: string, file: string, config: SiteConfig): LoadedConfig {
  let parsed: ReturnType<typeof parseYamlMapping> | undefined;
  const parse = () => (parsed ??= parseYamlMapping({ text, file, example: CONFIG_EXAMPLE }));
  const locate = (keyPath: KeyPath) => parse().locate(keyPath);
  const locateInValue = (keyPath: KeyPath, texts: readonly string[]) => parse().locateInValue(keyPath, texts);
  return { config, file, rootDir: path.dirname(file), locate, locateInValue };
}
