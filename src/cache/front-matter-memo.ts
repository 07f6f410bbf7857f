/**
 * Checked front matter from earlier builds, kept in one file of the project cache
 * (`front-matter.json`). Parsing YAML and checking it against the schema costs about a third of a
 * millisecond a page even when warm, the biggest part of reading content/ when a build follows an
 * edit; with this memo only the pages whose front matter changed are parsed again.
 *
 * An entry is keyed by docsgen's version, the page's file and the exact YAML text, and holds what
 * parsing returned (the front matter and its warnings, positions included), so a hit is what a
 * parse would give. Front matter that fails to parse is never stored: its error is raised afresh.
 * Each save keeps only the entries this build looked up, so the file does not grow with old text.
 */
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { FrontMatter, Warning } from '../content/frontmatter.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { hashText } from './fingerprint.ts';
import { readCachedJson, writeCachedJson } from './json-cache.ts';

export interface CheckedFrontMatter {
  frontMatter: FrontMatter;
  warnings: Warning[];
}

export interface FrontMatterMemo {
  get(file: string, yaml: string): CheckedFrontMatter | undefined;
  set(file: string, yaml: string, checked: CheckedFrontMatter): void;
  /** Writes the entries of this build when any was missing or is no longer used; a failed write only costs speed. */
  save(): Promise<void>;
}

const FILE = 'front-matter.json';

export async function loadFrontMatterMemo(cacheRoot: string): Promise<FrontMatterMemo> {
  const file = path.join(cacheRoot, FILE);
  const stored = (await readCachedJson<Record<string, CheckedFrontMatter>>(file)) ?? {};
  const earlier = new Map(Object.entries(stored));
  const used = new Map<string, CheckedFrontMatter>();
  let missed = false;
  const keyOf = (page: string, yaml: string) => hashText(DOCSGEN_VERSION, page, yaml);
  return {
    get(page, yaml) {
      const key = keyOf(page, yaml);
      const hit = earlier.get(key);
      if (hit) used.set(key, hit);
      else missed = true;
      return hit;
    },
    set(page, yaml, checked) {
      used.set(keyOf(page, yaml), checked);
    },
    async save() {
      if (!missed && used.size === earlier.size) return;
      // Written beside and renamed: a build reading the file at the same moment sees one whole version.
      const temp = `${file}.${process.pid}.tmp`;
      await writeCachedJson(temp, Object.fromEntries(used));
      await rename(temp, file).catch(() => undefined);
    },
  };
}
