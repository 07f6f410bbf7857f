/**
 * Highlighted code blocks kept across builds, one small JSON file per block under
 * `.docsgen/cache/highlight/`, keyed by the block's code, its language, the two themes and Shiki's
 * version. A page whose prose was edited is rendered again, but its code blocks come from here, so
 * such a build never loads Shiki (its start-up alone is longer than the rest of the rebuild).
 * Reads and writes are synchronous: a markdown renderer is synchronous, and each file is small. A
 * missing, unreadable or unwritable entry only costs speed; the folder is always safe to delete.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { hashText } from './fingerprint.ts';
import { cacheReadsAllowed } from './reads.ts';

/** Where a cache lives and what its entries depend on: all a worker thread needs to open it. */
export interface HighlightCacheLocation {
  cacheRoot: string;
  /** What else the output depends on (Shiki's and its grammars' versions, the themes). */
  salt: string;
}

export class HighlightCache {
  readonly location: HighlightCacheLocation;
  private readonly dir: string;
  private readonly madeDirs = new Set<string>();

  constructor(location: HighlightCacheLocation) {
    this.location = location;
    this.dir = path.join(location.cacheRoot, 'highlight');
  }

  keyOf(lang: string, code: string): string {
    return hashText(this.location.salt, lang, code);
  }

  /** The block's entry as JSON, `{ root }` with `root: null` when it was left plain; undefined when not cached. */
  get(key: string): string | undefined {
    if (!cacheReadsAllowed()) return undefined;
    try {
      return readFileSync(this.fileOf(key), 'utf8');
    } catch {
      return undefined;
    }
  }

  /** Stores `json`, the text of `{ root: Root | null }`. */
  set(key: string, json: string): void {
    const file = this.fileOf(key);
    const dir = path.dirname(file);
    try {
      if (!this.madeDirs.has(dir)) {
        mkdirSync(dir, { recursive: true });
        this.madeDirs.add(dir);
      }
      writeFileSync(file, json);
    } catch {
      // A read-only or full disk: the block is highlighted again next time.
    }
  }

  /** False when no block was ever stored (a cold cache): then every block is highlighted anew. */
  mayHaveEntries(): boolean {
    return cacheReadsAllowed() && existsSync(this.dir);
  }

  private fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }
}
