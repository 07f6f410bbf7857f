/**
 * A markdown worker: renders pages on another core. It receives the build's link and image
 * targets once (as workerData, or as its first message when it was started early, while the
 * build was still reading content/), then pages one by one; it writes each page's cache entry
 * (with what the page resolved) and answers with that same JSON text: one flat string crosses to
 * the main thread instead of a tree of objects to clone (which cost the workers 7 % of their time).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from './highlight.ts';
import { createRecordingRenderer } from './render.ts';
import { describePageError, type PageErrorInfo } from './page-errors.ts';
import { writeCacheEntrySync } from '../cache/markdown-cache.ts';
import type { ImageFacts } from '../content/image-size.ts';

export interface WorkerSetup {
  baseUrl: string;
  docRoutes: Record<string, string>;
  assetUrls: Record<string, string>;
  assetSizes: Record<string, ImageFacts>;
  langs: string[];
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
  /** The page's cache entry as JSON: `{ result, docs, assets }` (see CachedMarkdown). */
  entry?: string;
  error?: PageErrorInfo;
  ready?: boolean;
}

const setup = ((workerData as { setup?: WorkerSetup } | undefined)?.setup ?? (await new Promise((resolve) => parentPort?.once('message', resolve)))) as WorkerSetup;
const highlighter = await createCodeHighlighter(setup.langs);
const render = createRecordingRenderer({
  highlighter,
  baseUrl: setup.baseUrl,
  routeOfDoc: (rel) => setup.docRoutes[rel],
  urlOfAsset: (rel) => setup.assetUrls[rel],
  sizeOfAsset: (rel) => setup.assetSizes[rel],
});
const madeDirs = new Set<string>();

parentPort?.on('message', (job: WorkerJob) => {
  let answer: WorkerAnswer;
  try {
    const entry = JSON.stringify(render(job.markdown, job.relPath));
    writeCacheEntrySync(job.cacheFile, entry, madeDirs);
    answer = { index: job.index, entry };
  } catch (error) {
    answer = { index: job.index, error: describePageError(error) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true } satisfies Omit<WorkerAnswer, 'index'>);
