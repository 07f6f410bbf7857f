/**
 * Checked YAML from earlier builds (pages' front matter, `_category_.yaml`), kept in one file of
 * the project cache (`checked-yaml.json`). Parsing YAML and checking it against its schema costs
 * about a third of a millisecond a file even when warm, the biggest part of reading content/ when a
 * build follows an edit; with this memo only the files whose YAML changed are parsed again.
 *
 * An entry is keyed by docsgen's version, what the YAML is (its schema), the file and the exact
 * YAML text, and holds what checking returned (warnings and their positions included), so a hit is
 * what a parse would give. YAML that fails is never stored: its error is raised afresh. Each save
 * keeps only the entries this build looked up, so the file does not grow with old text.
 */
import path from 'node:path';
import { DOCSGEN_VERSION } from '../paths.ts';
import { hashText } from './fingerprint.ts';
import { readCachedJson, replaceCachedText } from './json-cache.ts';
import { buildMemo } from './build-memo.ts';

/** What a YAML text is checked as; each has its own schema and result. */
export type YamlKind = 'front matter' | 'category';

export interface YamlMemo {
  /** The result stored for this text of this file, checked as `kind`. */
  get<T>(kind: YamlKind, file: string, yaml: string): T | undefined;
  set(kind: YamlKind, file: string, yaml: string, checked: unknown): void;
  /** Writes the entries of this build when any was missing or is no longer used; a failed write only costs speed. */
  save(): Promise<void>;
}

const FILE = 'checked-yaml.json';

/**
 * Checks `yaml` with `check` unless the memo holds the result for the same kind, file and text.
 * `check` may load its parser and schema first (front-matter-check.ts, category-check.ts): a
 * build whose YAML is all in the memo never loads them.
 */
export async function memoised<T>(memo: YamlMemo | undefined, kind: YamlKind, file: string, yaml: string, check: () => T | Promise<T>): Promise<T> {
  const known = memo?.get<T>(kind, file, yaml);
  if (known !== undefined) return known;
  const checked = await check();
  memo?.set(kind, file, yaml, checked);
  return checked;
}

export async function loadYamlMemo(cacheRoot: string): Promise<YamlMemo> {
  const file = path.join(cacheRoot, FILE);
  const stored = (await readCachedJson<Record<string, unknown>>(file)) ?? {};
  const memo = buildMemo(new Map(Object.entries(stored)), (entries) => replaceCachedText(file, JSON.stringify(Object.fromEntries(entries))));
  const keyOf = (kind: YamlKind, page: string, yaml: string) => hashText(DOCSGEN_VERSION, kind, page, yaml);
  return {
    get: <T>(kind: YamlKind, page: string, yaml: string) => memo.get(keyOf(kind, page, yaml)) as T | undefined,
    set: (kind, page, yaml, checked) => memo.set(keyOf(kind, page, yaml), checked),
    save: () => memo.save(),
  };
}
