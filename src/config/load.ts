/**
 * Loads config.yaml, validates it against the schema and fills in defaults. Every problem is
 * reported with the key path and the line and column of the offending key in the file.
 */
import { readFile } from 'node:fs/promises';
import { hashText } from '../cache/fingerprint.ts';
import { projectCacheDir, readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import path from 'node:path';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { LineCounter, parseDocument } from 'yaml';
import { locateKey } from '../yaml-position.ts';
import { DocsgenError, DocsgenErrors, type SourcePosition } from '../errors.ts';
import { configJsonSchema, type SiteConfig } from './schema.ts';

export type { KeyPath } from '../yaml-position.ts';
import type { KeyPath } from '../yaml-position.ts';

export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of config.yaml. */
  file: string;
  /** Folder that relative paths in the config (api specs) are resolved against. */
  rootDir: string;
  /** Position of a key in config.yaml, for messages about values that are valid YAML but wrong. */
  locate(keyPath: KeyPath): SourcePosition;
}

// Compiled on first use only: a config that validated before is read back from the cache.
let compiled: ValidateFunction | undefined;
const validateConfig = (data: unknown): ValidateFunction => {
  compiled ??= new Ajv({ allErrors: true, useDefaults: true, strict: false }).compile(configJsonSchema);
  compiled(data);
  return compiled;
};

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
  // skips compiling and running the schema validator. Deleting .docsgen/ is always safe.
  const cacheFile = path.join(projectCacheDir(path.dirname(file)), `config-${hashText(DOCSGEN_VERSION, text)}.json`);
  const validated = await readCachedJson<SiteConfig>(cacheFile);
  const loaded = parseConfig(text, file, validated);
  if (validated === undefined) await writeCachedJson(cacheFile, loaded.config);
  return loaded;
}

/** Parses and validates config.yaml; `validated` is the result of an earlier validation of the same text. */
export function parseConfig(text: string, file: string, validated?: unknown): LoadedConfig {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const positionAt = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  };
  if (doc.errors.length > 0) {
    throw new DocsgenErrors(
      doc.errors.map(
        (e) =>
          new DocsgenError(`invalid YAML: ${firstLine(e.message)}`, {
            position: positionAt(e.pos[0]),
            hint: 'fix the YAML syntax (indentation, quotes, a missing colon) at this position',
          }),
      ),
    );
  }
  const locateIn = (keyPath: KeyPath): SourcePosition => locateKey(doc, keyPath, positionAt, file);
  if (validated !== undefined) return { config: validated as SiteConfig, file, rootDir: path.dirname(file), locate: locateIn };
  let data: unknown;
  try {
    data = doc.toJS() ?? {};
  } catch (error) {
    throw new DocsgenError(`invalid YAML: ${(error as Error).message}`, {
      position: { file, line: 1, column: 1 },
      hint: 'quote values that start with "*", "&" or "!"',
    });
  }
  const validator = validateConfig(data);
  if (validator.errors && validator.errors.length > 0) {
    throw new DocsgenErrors(validator.errors.map((e) => schemaError(e, locateIn)));
  }
  return { config: data as unknown as SiteConfig, file, rootDir: path.dirname(file), locate: locateIn };
}

function firstLine(message: string): string {
  return message.split('\n')[0] ?? message;
}

function schemaError(error: ErrorObject, locate: (p: KeyPath) => SourcePosition): DocsgenError {
  const keyPath = pointerToPath(error.instancePath);
  if (error.keyword === 'additionalProperties') {
    const key = String((error.params as { additionalProperty: string }).additionalProperty);
    const full = [...keyPath, key];
    return new DocsgenError(`unknown key "${dotted(full)}"`, {
      position: locate(full),
      hint: 'remove it or check its spelling; config.yaml keys are listed in the README',
    });
  }
  if (error.keyword === 'required') {
    const key = String((error.params as { missingProperty: string }).missingProperty);
    return new DocsgenError(`missing key "${dotted([...keyPath, key])}"`, {
      position: locate(keyPath),
      hint: `add "${key}" here`,
    });
  }
  const where = keyPath.length > 0 ? `"${dotted(keyPath)}"` : 'the config';
  const allowed =
    error.keyword === 'enum' ? `: use one of ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : '';
  return new DocsgenError(`${where} ${error.message ?? 'is invalid'}${allowed}`, {
    position: locate(keyPath),
    hint: 'see the config.yaml reference in the README',
  });
}

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

export function dotted(keyPath: KeyPath): string {
  return keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

