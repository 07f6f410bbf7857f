/**
 * The markdown stage for a whole build: cached pages are reused, the rest are rendered with one
 * highlighter (created only when some page actually needs rendering).
 */
import type { DocSource } from '../content/scan.ts';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { MarkdownCache, CachedMarkdown } from '../cache/markdown-cache.ts';
import type { MarkdownRenderer, RenderedMarkdown } from './render.ts';
import { describePageError, pageError, type PageErrorInfo } from './page-errors.ts';

/** Below this many pages to render, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 200;

export interface RenderAllInput {
  /** Every doc's route and asset's URL, for workers (which cannot call back into this thread). */
  allDocRoutes?: Record<string, string>;
  allAssetUrls?: Record<string, string>;
  docs: readonly DocSource[];
  cache: MarkdownCache;
  baseUrl: string;
  routeOfDoc(relPath: string): string | undefined;
  urlOfAsset(relPath: string): string | undefined;
  progress(phase: string, done: number, total: number): void;
}

export async function renderAllMarkdown(input: RenderAllInput): Promise<Map<DocSource, RenderedMarkdown>> {
  const rendered = new Map<DocSource, RenderedMarkdown>();
  const keys = new Map(input.docs.map((doc) => [doc, input.cache.keyOf(doc.relPath, doc.markdown)]));
  const resolve = { doc: input.routeOfDoc, asset: input.urlOfAsset };
  for (let i = 0; i < input.docs.length; i += 64) {
    await Promise.all(
      input.docs.slice(i, i + 64).map(async (doc) => {
        const hit = await input.cache.get(keys.get(doc) ?? '', resolve);
        if (hit) rendered.set(doc, hit);
      }),
    );
  }
  const misses = input.docs.filter((doc) => !rendered.has(doc));
  const workers = Math.min(4, availableParallelism());
  if (misses.length >= WORKER_THRESHOLD && workers > 1 && input.allDocRoutes) {
    const results = await renderInWorkers(misses, workers, input);
    misses.forEach((doc, i) => {
      const done = results[i];
      if (!done) return;
      rendered.set(doc, done.result);
      input.cache.set(keys.get(doc) ?? '', done);
    });
  } else if (misses.length > 0) {
    // What each page resolved is recorded, so its cache entry can be checked on reuse.
    let deps = { docs: {} as Record<string, string | null>, assets: {} as Record<string, string | null> };
    // The markdown toolchain and Shiki load only when some page is not in the cache.
    const [{ createCodeHighlighter, languagesIn }, { createMarkdownRenderer }] = await Promise.all([import('./highlight.ts'), import('./render.ts')]);
    const highlighter = await createCodeHighlighter(languagesIn(misses.map((d) => d.markdown)));
    const render: MarkdownRenderer = createMarkdownRenderer({
      highlighter,
      baseUrl: input.baseUrl,
      routeOfDoc: (rel) => {
        const route = input.routeOfDoc(rel);
        deps.docs[rel] = route ?? null;
        return route;
      },
      urlOfAsset: (rel) => {
        const url = input.urlOfAsset(rel);
        deps.assets[rel] = url ?? null;
        return url;
      },
    });
    misses.forEach((doc, i) => {
      deps = { docs: {}, assets: {} };
      let result: RenderedMarkdown;
      try {
        result = render(doc.markdown, doc.relPath);
      } catch (error) {
        throw pageError(describePageError(error), doc);
      }
      rendered.set(doc, result);
      input.cache.set(keys.get(doc) ?? '', { result, ...deps });
      if (i % 50 === 0) input.progress('markdown', i, misses.length);
    });
  }
  input.progress('markdown', input.docs.length, input.docs.length);
  return rendered;
}

interface WorkerAnswer {
  index: number;
  result?: RenderedMarkdown;
  deps?: { docs: Record<string, string | null>; assets: Record<string, string | null> };
  error?: PageErrorInfo;
  ready?: boolean;
}

/** Spreads pages over worker threads (one per core), handing the next page to whichever is free. */
async function renderInWorkers(docs: readonly DocSource[], count: number, input: RenderAllInput): Promise<(CachedMarkdown | undefined)[]> {
  const { languagesIn } = await import('./highlight.ts');
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './worker.ts' : './worker.mjs', import.meta.url);
  const setup = { baseUrl: input.baseUrl, docRoutes: input.allDocRoutes ?? {}, assetUrls: input.allAssetUrls ?? {}, langs: languagesIn(docs.map((d) => d.markdown)) };
  const results: (CachedMarkdown | undefined)[] = new Array(docs.length);
  let next = 0;
  let done = 0;
  const pool = Array.from({ length: count }, () => (fromSource ? sourceWorker(script, setup) : new Worker(script, { workerData: setup })));
  try {
    await Promise.all(
      pool.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const feed = () => {
              if (next >= docs.length) {
                resolve();
                return;
              }
              const index = next++;
              const doc = docs[index] as DocSource;
              worker.postMessage({ index, markdown: doc.markdown, relPath: doc.relPath });
            };
            worker.on('message', (answer: WorkerAnswer) => {
              if (answer.ready) return feed();
              if (answer.error) return reject(pageError(answer.error, docs[answer.index] ?? { file: '?', relPath: '?' }));
              if (answer.result && answer.deps) results[answer.index] = { result: answer.result, docs: answer.deps.docs, assets: answer.deps.assets };
              if (++done % 50 === 0) input.progress('markdown', done, docs.length);
              feed();
            });
            worker.on('error', reject);
          }),
      ),
    );
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
  return results;
}

/** Tests and the benchmark run docsgen from source: see worker-from-source.mjs. */
function sourceWorker(script: URL, workerData: object): Worker {
  return new Worker(new URL('./worker-from-source.mjs', import.meta.url), { workerData: { ...workerData, sourceEntry: script.href } });
}
