/**
 * A markdown worker: renders pages on another core. It receives the build's link and image
 * targets once, then pages one by one; it writes each page's cache entry (with what the page
 * resolved) and answers with the result alone.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from './highlight.ts';
import { createMarkdownRenderer, type RenderedMarkdown } from './render.ts';
import { writeCacheEntrySync } from '../cache/markdown-cache.ts';
import { HighlightCache, type HighlightCacheLocation } from '../cache/highlight-cache.ts';

export interface WorkerSetup {
  baseUrl: string;
  docRoutes: Record<string, string>;
  assetUrls: Record<string, string>;
  langs: string[];
  highlightCache?: HighlightCacheLocation;
}

export interface WorkerJob {
  index: number;
  markdown: string;
  relPath: string;
  /** Where to write the page's cache entry. */
  cacheFile: string;
}

export interface WorkerAnswer {
  index: number;
  result?: RenderedMarkdown;
  error?: string;
  ready?: boolean;
}

const setup = workerData as WorkerSetup;
const highlighter = await createCodeHighlighter(setup.langs, setup.highlightCache ? { cache: new HighlightCache(setup.highlightCache) } : {});
let deps = { docs: {} as Record<string, string | null>, assets: {} as Record<string, string | null> };
const render = createMarkdownRenderer({
  highlighter,
  baseUrl: setup.baseUrl,
  routeOfDoc: (rel) => {
    const route = setup.docRoutes[rel];
    deps.docs[rel] = route ?? null;
    return route;
  },
  urlOfAsset: (rel) => {
    const url = setup.assetUrls[rel];
    deps.assets[rel] = url ?? null;
    return url;
  },
});
const madeDirs = new Set<string>();

parentPort?.on('message', (job: WorkerJob) => {
  deps = { docs: {}, assets: {} };
  let answer: WorkerAnswer;
  try {
    const result = render(job.markdown, job.relPath);
    writeCacheEntrySync(job.cacheFile, { result, docs: deps.docs, assets: deps.assets }, madeDirs);
    answer = { index: job.index, result };
  } catch (error) {
    answer = { index: job.index, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true } satisfies Omit<WorkerAnswer, 'index'>);
