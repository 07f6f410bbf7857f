/**
 * The bench's search columns: what the first search downloads and how long a query takes, on a
 * built site's embedded index, as the browser would use it (the same engine, files read from out/).
 *
 * - First search: for each query of a fixed list, a fresh index (as a reader's first search on the
 *   page) records the files it loads; their gzip sizes are added up. The index's own code (the
 *   modal chunk) is reported apart, because the launcher preloads it on hover.
 * - Query time: the median over five rounds of the same list, each query run on an index that has
 *   already loaded its files (network is not the engine's time). CPU time of this process, so a
 *   busy shared machine inflates it less than wall-clock time would.
 */
import { readdir, readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';

/** What readers type first: whole words, two words, a typo, and the first letters of a word. */
export const BENCH_QUERIES = ['hub', 'render engine', 'licence backup', 'configure network port', 'interpolation', 'rundwn', 'r', 'ru', 'run', 'playout rundown'];

export interface SearchStats {
  /** All index files together, raw and gzip. */
  totalBytes: number;
  totalGzip: number;
  files: number;
  /** Gzip bytes the first search loads: the worst and the median query of the list. */
  firstSearchMaxGzip: number;
  firstSearchMedianGzip: number;
  /** Median CPU milliseconds of a query with its files loaded. */
  queryMs: number;
  /** The modal's own code (JS and CSS chunks), gzip. */
  modalCodeGzip: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};


async function modalCode(outDir: string): Promise<number> {
  const assets = await readdir(path.join(outDir, 'assets'));
  let total = 0;
  for (const f of assets.filter((a) => /^search-(styles-)?[A-Z0-9]+\.(js|css)$/.test(a))) total += gzipSync(await readFile(path.join(outDir, 'assets', f)), { level: 9 }).length;
  return total;
}

export async function searchStats(outDir: string, queries: readonly string[] = BENCH_QUERIES): Promise<SearchStats> {
  const dir = path.join(outDir, 'assets', 'search-index');
  const sizes = new Map<string, { raw: number; gzip: number; json: unknown }>();
  // The manifest, its shards and its fragments.
  for (const name of (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.json'))) {
    const raw = await readFile(path.join(dir, name));
    sizes.set(name, { raw: raw.length, gzip: gzipSync(raw, { level: 9 }).length, json: JSON.parse(raw.toString()) as unknown });
  }
  const open = async (loaded: string[]) =>
    LocalSearchIndex.open(async (name) => {
      loaded.push(name);
      return structuredClone(sizes.get(name)?.json);
    });
  const options = { hitsPerPage: 20, page: 0, snippetWords: 10, perPage: 3 };
  const firstSearch: number[] = [];
  const warm: LocalSearchIndex[] = [];
  for (const query of queries) {
    const loaded: string[] = [];
    const index = await open(loaded);
    await index.search(query, options);
    firstSearch.push(loaded.reduce((sum, name) => sum + (sizes.get(name)?.gzip ?? 0), 0));
    warm.push(index);
  }
  const times: number[] = [];
  for (let round = 0; round < 5; round++) {
    for (const [i, query] of queries.entries()) {
      const start = cpuMs();
      await warm[i]?.search(query, options);
      times.push(cpuMs() - start);
    }
  }
  const all = [...sizes.values()];
  return {
    totalBytes: all.reduce((s, f) => s + f.raw, 0),
    totalGzip: all.reduce((s, f) => s + f.gzip, 0),
    files: all.length,
    firstSearchMaxGzip: Math.max(...firstSearch),
    firstSearchMedianGzip: median(firstSearch),
    queryMs: median(times),
    modalCodeGzip: await modalCode(outDir),
  };
}
