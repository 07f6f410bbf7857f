/**
 * Persistent cache of rendered markdown, one JSON file per page under `.docsgen/cache/`, keyed by
 * the page's source, the docsgen version and the build settings. Each entry records the link and
 * image targets it resolved, and is reused only while those still resolve the same way. Deleting
 * the folder is always safe.
 *
 * An entry also keeps the hash of the page's HTML, made with the entry (createRecordingRenderer,
 * on a worker thread in a large build): an incremental build keys every page by its HTML
 * (incremental.ts), and hashing each page's HTML again there was a tenth of a one-page edit's
 * build at 10,000 pages.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { RenderedMarkdown } from '../markdown/render.ts';
import { hashText } from './fingerprint.ts';
import { cacheReadsAllowed } from './reads.ts';

export interface CachedMarkdown {
  result: RenderedMarkdown;
  /** Doc links and assets the page resolved while rendering, with what they resolved to. */
  docs: Record<string, string | null>;
  assets: Record<string, string | null>;
}

/** The hash of a page's HTML, as an entry keeps it and a page's key uses it. */
export function htmlHashOf(html: string): string {
  return hashText(html);
}

export class MarkdownCache {
  private readonly dir: string;
  private readonly salt: string;
  private readonly pending: { file: string; entry: CachedMarkdown }[] = [];
  private readonly madeDirs = new Set<string>();

  constructor(cacheRoot: string, salt: string) {
    this.dir = path.join(cacheRoot, 'markdown');
    this.salt = salt;
  }

  keyOf(relPath: string, markdown: string): string {
    return hashText(this.salt, relPath, markdown);
  }

  /** False when the cache holds no entry at all (a cold build): no page needs looking up. */
  mayHaveEntries(): boolean {
    return cacheReadsAllowed() && existsSync(this.dir);
  }

  /** The entry's file: a worker thread that renders the page writes it there (writeCacheEntrySync). */
  fileOf(key: string): string {
    return path.join(this.dir, key.slice(0, 2), `${key}.json`);
  }

  /** The cached result, if its dependencies still resolve as they did. */
  async get(
    key: string,
    resolve: { doc(rel: string): string | undefined; asset(rel: string): string | undefined },
  ): Promise<RenderedMarkdown | undefined> {
    if (!cacheReadsAllowed()) return undefined;
    let entry: CachedMarkdown;
    try {
      // Read synchronously: for a small file fs.promises.readFile costs several times the CPU
      // (a file handle, then open, stat, read and close each a round trip to the thread pool):
      // 10,000 entries took 1.6-2.1 s of CPU that way and 0.3-0.4 s read at once.
      entry = JSON.parse(readFileSync(this.fileOf(key), 'utf8')) as CachedMarkdown;
    } catch {
      return undefined;
    }
    for (const [rel, route] of Object.entries(entry.docs)) if ((resolve.doc(rel) ?? null) !== route) return undefined;
    for (const [rel, url] of Object.entries(entry.assets)) if ((resolve.asset(rel) ?? null) !== url) return undefined;
    return entry.result;
  }

  set(key: string, entry: CachedMarkdown): void {
    // The entry object is the build's own result (no copy); it is serialised only when written, so
    // a large build does not hold a second, JSON copy of every page.
    this.pending.push({ file: this.fileOf(key), entry });
  }

  /**
   * Writes the new entries. The build calls it between the markdown stage and rendering: writing
   * them while pages are written made both wait on the same I/O threads, and rendering releases
   * the result objects the entries are. A cache that cannot be written only costs speed.
   */
  async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, 64);
      await Promise.all(
        batch.map(async ({ file, entry }) => {
          const dir = path.dirname(file);
          try {
            if (!this.madeDirs.has(dir)) {
              await mkdir(dir, { recursive: true });
              this.madeDirs.add(dir);
            }
            await writeFile(file, JSON.stringify(entry));
          } catch {
            // A read-only or full disk: the page is rendered again next time.
          }
        }),
      );
    }
  }
}

/**
 * Writes one entry (already serialised) at once, from a markdown worker thread: the page's result is
 * serialised where it was made, and the main thread never holds it for the cache. A write that
 * fails only costs speed.
 */
export function writeCacheEntrySync(file: string, json: string, madeDirs: Set<string>): void {
  const dir = path.dirname(file);
  try {
    if (!madeDirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      madeDirs.add(dir);
    }
    writeFileSync(file, json);
  } catch {
    // A read-only or full disk: the page is rendered again next time.
  }
}
