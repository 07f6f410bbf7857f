/**
 * The markdown stage for a whole build: cached pages are reused, the rest are rendered with one
 * highlighter (created only when some page actually needs rendering), on worker threads when there
 * are enough of them. Pages are handed on one by one as they are ready (`streamMarkdown`), so a
 * large build never holds every page's rendered markdown at once.
 */
import type { DocSource } from '../content/scan.ts';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import type { MarkdownCache } from '../cache/markdown-cache.ts';
import type { HighlightCache } from '../cache/highlight-cache.ts';
import type { MarkdownRenderer, RenderedMarkdown } from './render.ts';
import type { WorkerAnswer, WorkerJob, WorkerSetup } from './worker.ts';

/** Below this many pages to render, starting workers costs more than it saves. */
const WORKER_THRESHOLD = 200;
/** Pages rendered but not yet taken by the consumer: beyond this, workers wait (bounded memory). */
const MAX_WAITING = 32;

export interface RenderAllInput {
  /** Every doc's route and asset's URL, for workers (which cannot call back into this thread). */
  allDocRoutes?: Record<string, string>;
  allAssetUrls?: Record<string, string>;
  docs: readonly DocSource[];
  cache: MarkdownCache;
  /** Highlighted code blocks kept across builds. */
  highlightCache?: HighlightCache;
  baseUrl: string;
  routeOfDoc(relPath: string): string | undefined;
  urlOfAsset(relPath: string): string | undefined;
  progress(phase: string, done: number, total: number): void;
}

export type PageConsumer = (doc: DocSource, md: RenderedMarkdown) => Promise<void> | void;

/** Every page's rendered markdown, by doc (the dev server and small builds keep them all). */
export async function renderAllMarkdown(input: RenderAllInput): Promise<Map<DocSource, RenderedMarkdown>> {
  const rendered = new Map<DocSource, RenderedMarkdown>();
  await streamMarkdown(input, (doc, md) => void rendered.set(doc, md));
  return new Map(input.docs.flatMap((doc) => (rendered.has(doc) ? [[doc, rendered.get(doc) as RenderedMarkdown]] : [])));
}

/** Hands each page's rendered markdown to `consume` as soon as it is ready (not in order). */
export async function streamMarkdown(input: RenderAllInput, consume: PageConsumer): Promise<void> {
  const keys = new Map(input.docs.map((doc) => [doc, input.cache.keyOf(doc.relPath, doc.markdown)]));
  const misses = await consumeCached(input, keys, consume);
  const workers = Math.min(4, availableParallelism());
  if (misses.length >= WORKER_THRESHOLD && workers > 1 && input.allDocRoutes) {
    await renderInWorkers(misses, workers, input, keys, consume);
  } else if (misses.length > 0) {
    await renderHere(misses, input, keys, consume);
  }
  input.progress('markdown', input.docs.length, input.docs.length);
}

/** Pages whose cache entry still holds, handed on; returns the others. */
async function consumeCached(input: RenderAllInput, keys: ReadonlyMap<DocSource, string>, consume: PageConsumer): Promise<DocSource[]> {
  const resolve = { doc: input.routeOfDoc, asset: input.urlOfAsset };
  const misses: DocSource[] = [];
  for (let i = 0; i < input.docs.length; i += 64) {
    const batch = input.docs.slice(i, i + 64);
    const hits = await Promise.all(batch.map((doc) => input.cache.get(keys.get(doc) ?? '', resolve)));
    for (const [j, doc] of batch.entries()) {
      const hit = hits[j];
      if (hit) await consume(doc, hit);
      else misses.push(doc);
    }
  }
  return misses;
}

/**
 * Renders on this thread, recording what each page resolved so its cache entry can be checked on
 * reuse. Shiki loads only when a code block is in neither the memo nor the highlight cache: the
 * page that needs it first is rendered again once it is loaded.
 */
async function renderHere(docs: readonly DocSource[], input: RenderAllInput, keys: ReadonlyMap<DocSource, string>, consume: PageConsumer): Promise<void> {
  let deps = { docs: {} as Record<string, string | null>, assets: {} as Record<string, string | null> };
  // The markdown toolchain loads only when some page is not in the cache.
  const [{ createCodeHighlighter, languagesIn, ShikiNotLoaded }, { createMarkdownRenderer }] = await Promise.all([import('./highlight.ts'), import('./render.ts')]);
  const highlighter = await createCodeHighlighter(languagesIn(docs.map((d) => d.markdown)), { lazy: true, ...(input.highlightCache ? { cache: input.highlightCache } : {}) });
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
  const renderPage = async (doc: DocSource): Promise<RenderedMarkdown> => {
    deps = { docs: {}, assets: {} };
    try {
      return render(doc.markdown, doc.relPath);
    } catch (error) {
      if (!(error instanceof ShikiNotLoaded)) throw error;
      await highlighter.load();
      deps = { docs: {}, assets: {} };
      return render(doc.markdown, doc.relPath);
    }
  };
  for (const [i, doc] of docs.entries()) {
    const result = await renderPage(doc);
    input.cache.set(keys.get(doc) ?? '', { result, ...deps });
    await consume(doc, result);
    if (i % 50 === 0) input.progress('markdown', i, docs.length);
  }
}

/**
 * Spreads pages over worker threads (one per core), each with two pages queued so it never waits
 * for the next. A worker writes each page's cache entry itself and sends back only the result, as
 * strings and small arrays (never a syntax tree). Results are consumed one at a time, in the order
 * they arrive; when the consumer falls behind, workers are fed again only as it catches up.
 */
async function renderInWorkers(docs: readonly DocSource[], count: number, input: RenderAllInput, keys: ReadonlyMap<DocSource, string>, consume: PageConsumer): Promise<void> {
  const { languagesIn } = await import('./highlight.ts');
  const setup: WorkerSetup = {
    baseUrl: input.baseUrl,
    docRoutes: input.allDocRoutes ?? {},
    assetUrls: input.allAssetUrls ?? {},
    langs: languagesIn(docs.map((d) => d.markdown)),
    ...(input.highlightCache ? { highlightCache: input.highlightCache.location } : {}),
  };
  const pool = Array.from({ length: count }, () => startWorker(setup));
  let next = 0;
  let done = 0;
  let waiting = 0;
  let consumed: Promise<void> = Promise.resolve();
  const stalled: Worker[] = [];
  const feed = (worker: Worker) => {
    if (next >= docs.length) return;
    if (waiting >= MAX_WAITING) return void stalled.push(worker);
    const index = next++;
    const doc = docs[index] as DocSource;
    const job: WorkerJob = { index, markdown: doc.markdown, relPath: doc.relPath, cacheFile: input.cache.fileOf(keys.get(doc) ?? '') };
    worker.postMessage(job);
  };
  try {
    await new Promise<void>((resolve, reject) => {
      for (const worker of pool) {
        worker.on('error', reject);
        worker.on('message', (answer: WorkerAnswer) => {
          if (answer.ready) return void (feed(worker), feed(worker));
          if (answer.error !== undefined || !answer.result) return reject(new Error(`${docs[answer.index]?.relPath ?? '?'}: ${answer.error ?? 'no result'}`));
          const doc = docs[answer.index] as DocSource;
          const result = answer.result;
          waiting++;
          consumed = consumed.then(async () => {
            await consume(doc, result);
            waiting--;
            while (stalled.length > 0 && waiting < MAX_WAITING) feed(stalled.shift() as Worker);
            if (++done % 50 === 0) input.progress('markdown', done, docs.length);
            if (done === docs.length) resolve();
          });
          consumed.catch(reject);
          feed(worker);
        });
      }
    });
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

function startWorker(setup: WorkerSetup): Worker {
  // Tests and the benchmark run docsgen from source: see worker-from-source.mjs.
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './worker.ts' : './worker.mjs', import.meta.url);
  if (!fromSource) return new Worker(script, { workerData: setup });
  return new Worker(new URL('./worker-from-source.mjs', import.meta.url), { workerData: { ...setup, sourceEntry: script.href } });
}
