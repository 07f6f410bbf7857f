/**
 * The markdown stage for a whole build: cached pages are reused, the rest are rendered with one
 * highlighter per thread (created only when some page actually needs rendering). When there are
 * enough of them, pages are spread over this thread and worker threads, one thread per core.
 * Pages are handed on one by one as they are ready (`streamMarkdown`), so a large build never
 * holds every page's rendered markdown at once.
 */
import type { DocSource } from '../content/scan.ts';
import { Worker } from 'node:worker_threads';
import { availableParallelism } from 'node:os';
import { writeCacheEntrySync, type CachedMarkdown, type MarkdownCache } from '../cache/markdown-cache.ts';
import type { HighlightCache } from '../cache/highlight-cache.ts';
import type { RenderedMarkdown } from './page-renderer.ts';
import { describePageError, pageError, type PageErrorInfo } from './page-errors.ts';
import type { WorkerAnswer, WorkerJob, WorkerSetup } from './worker.ts';
import type { ImageFacts } from '../content/image-size.ts';

/** Below this many pages to render, starting a worker costs more than it saves. */
const WORKER_THRESHOLD = 200;
/** Pages sent to a worker ahead of its answers. */
const QUEUED_PER_WORKER = 4;
/** Pages rendered but not yet taken by the consumer: beyond this, rendering waits (bounded memory). */
const MAX_WAITING = 32;
/**
 * Young generation of each markdown thread (V8 gives a third to each semi-space): parsing
 * allocates many short-lived objects, and 32 MB semi-spaces collect them as fast as 64 MB did
 * (9.2 against 9.8 ms a page) while 16 MB cost a fifth more time. Workers only: this thread's
 * heap is sized when the process starts (see bin/docsgen).
 */
const YOUNG_GENERATION_MB = 96;

export interface RenderAllInput {
  /** Every doc's route and asset's URL, for workers (which cannot call back into this thread). */
  allDocRoutes?: Record<string, string>;
  allAssetUrls?: Record<string, string>;
  allAssetSizes?: Record<string, ImageFacts>;
  docs: readonly DocSource[];
  cache: MarkdownCache;
  /** Highlighted code blocks kept across builds. */
  highlightCache?: HighlightCache;
  baseUrl: string;
  routeOfDoc(relPath: string): string | undefined;
  urlOfAsset(relPath: string): string | undefined;
  sizeOfAsset?(relPath: string): ImageFacts | undefined;
  progress(phase: string, done: number, total: number): void;
}

export type PageConsumer = (doc: DocSource, md: RenderedMarkdown) => Promise<void> | void;

/**
 * Loads what rendering a page needs (the parser and its plugins, the raw-HTML step; Shiki stays
 * lazy) before a page needs it. The long-running commands call it once their first build is done,
 * which took it from the cache: the first edit after the start then does not wait for it.
 */
export async function preloadMarkdownToolchain(): Promise<void> {
  await Promise.all([import('./highlight.ts'), import('./page-renderer.ts'), import('./raw-html.ts')]);
}

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
  const lanes = Math.min(4, availableParallelism());
  if (misses.length >= WORKER_THRESHOLD && lanes > 1 && input.allDocRoutes) {
    await renderInParallel(misses, lanes, input, keys, consume);
  } else if (misses.length > 0) {
    await withLocalRenderer(misses, input, async (render) => {
      for (const [i, doc] of misses.entries()) {
        const entry = await render(doc);
        input.cache.set(keys.get(doc) ?? '', entry);
        await consume(doc, entry.result);
        if (i % 50 === 0) input.progress('markdown', i, misses.length);
      }
    });
  }
  input.progress('markdown', input.docs.length, input.docs.length);
}

/** Pages whose cache entry still holds, handed on; returns the others. */
async function consumeCached(input: RenderAllInput, keys: ReadonlyMap<DocSource, string>, consume: PageConsumer): Promise<DocSource[]> {
  if (!input.cache.mayHaveEntries()) return [...input.docs];
  const resolve = { doc: input.routeOfDoc, asset: input.urlOfAsset };
  const misses: DocSource[] = [];
  for (let i = 0; i < input.docs.length; i += 64) {
    const batch = input.docs.slice(i, i + 64);
    const hits = await Promise.all(batch.map((doc) => input.cache.get(keys.get(doc) ?? '', resolve)));
    // Handed on together: what the consumer does with a page (compare, link or write its file) is
    // mostly waiting on the file system, one page after another 0.3 s of a one-page edit's build.
    await Promise.all(
      batch.map((doc, j) => {
        const hit = hits[j];
        if (hit) return consume(doc, hit);
        misses.push(doc);
        return undefined;
      }),
    );
  }
  return misses;
}

/**
 * Runs `use` with a function that renders pages on this thread, each with its cache entry (see
 * createRecordingRenderer), and lets the highlighter go when `use` is done. Shiki loads only when
 * a code block is in neither the memo nor the highlight cache: the page that needs it first is
 * rendered again once it is loaded.
 */
async function withLocalRenderer(docs: readonly DocSource[], input: RenderAllInput, use: (render: (doc: DocSource) => Promise<CachedMarkdown>) => Promise<void>): Promise<void> {
  // The markdown toolchain loads only when some page is not in the cache, and its raw-HTML step
  // (the HTML parser and the sanitizer) only when one of those pages may hold raw HTML.
  const [{ createCodeHighlighter, languagesIn, ShikiNotLoaded }, { createRecordingRenderer, mayHoldRawHtml }] = await Promise.all([import('./highlight.ts'), import('./page-renderer.ts')]);
  const rawHtml = docs.some((doc) => mayHoldRawHtml(doc.markdown)) ? (await import('./raw-html.ts')).rehypeRawWhenNeeded : undefined;
  // Lazy only where blocks may come from the cache: a block Shiki must highlight throws once the
  // page is parsed, and the page is parsed again (for one 5 MB page, twice 13 s), so a cold cache
  // loads Shiki at once.
  const lazy = input.highlightCache?.mayHaveEntries() ?? false;
  const highlighter = await createCodeHighlighter(languagesIn(docs.map((d) => d.markdown)), { lazy, ...(input.highlightCache ? { cache: input.highlightCache } : {}) });
  const { baseUrl, routeOfDoc, urlOfAsset, sizeOfAsset } = input;
  const render = createRecordingRenderer({ highlighter, baseUrl, routeOfDoc, urlOfAsset, ...(sizeOfAsset ? { sizeOfAsset } : {}) }, rawHtml);
  const renderDoc = async (doc: DocSource): Promise<CachedMarkdown> => {
    const attempt = () => render(doc.markdown, doc.relPath);
    try {
      try {
        return attempt();
      } catch (error) {
        if (!(error instanceof ShikiNotLoaded)) throw error;
        await highlighter.load();
        return attempt();
      }
    } catch (error) {
      throw pageError(describePageError(error), doc);
    }
  };
  try {
    await use(renderDoc);
  } finally {
    // The thread's Shiki instance may be disposed once no build holds it (see shiki-instance.ts).
    highlighter.release();
  }
}

/**
 * Spreads pages over this thread and `lanes - 1` worker threads. Each worker has four pages queued
 * so it never waits for the next (this thread answers only between two pages of its own, and a
 * worker with two queued ran dry a tenth of the time); it writes each page's cache entry itself and sends back that
 * JSON text (one flat string, never a syntax tree). This thread renders a page whenever it is not
 * busy composing and writing pages: a worker would cost another heap (about 170 MB), while this
 * thread was idle three quarters of the time. Results are consumed one at a time, in the order they
 * arrive; when the consumer falls behind, rendering waits for it to catch up.
 *
 * A render this large is a cold build: the highlight cache (one small file per code block, for
 * later rebuilds of single pages) is neither read nor written. On this machine's file system
 * opening a file costs about 150 µs: its misses and writes were a tenth of a page's time.
 */
async function renderInParallel(docs: readonly DocSource[], lanes: number, input: RenderAllInput, keys: ReadonlyMap<DocSource, string>, consume: PageConsumer): Promise<void> {
  const { languagesIn } = await import('./highlight.ts');
  const setup: WorkerSetup = {
    baseUrl: input.baseUrl,
    docRoutes: input.allDocRoutes ?? {},
    assetUrls: input.allAssetUrls ?? {},
    assetSizes: input.allAssetSizes ?? {},
    langs: languagesIn(docs.map((d) => d.markdown)),
  };
  const pool = Array.from({ length: lanes - 1 }, () => takePrestarted(setup) ?? startWorker(setup));
  const queue = createQueue(docs, input, consume);
  const feed = (worker: Worker) => {
    const index = queue.take(() => feed(worker));
    if (index === undefined) return;
    const doc = docs[index] as DocSource;
    worker.postMessage({ index, markdown: doc.markdown, relPath: doc.relPath, cacheFile: input.cache.fileOf(keys.get(doc) ?? '') } satisfies WorkerJob);
  };
  try {
    const workersDone = new Promise<void>((_, reject) => {
      for (const worker of pool) {
        worker.on('error', reject);
        worker.on('exit', (code) => reject(new Error(`a markdown worker stopped (exit code ${code})`)));
        worker.on('message', (answer: WorkerAnswer) => {
          if (answer.ready) return void Array.from({ length: QUEUED_PER_WORKER }, () => feed(worker));
          const page = docs[answer.index] ?? { file: '?', relPath: '?' };
          if (answer.error !== undefined) return reject(pageError(answer.error, page));
          if (!answer.entry) return reject(new Error(`${page.relPath}: a markdown worker sent no result`));
          queue.deliver(answer.index, (JSON.parse(answer.entry) as CachedMarkdown).result);
          feed(worker);
        });
      }
    });
    await Promise.race([workersDone, renderLocally(docs, input, keys, queue).then(() => queue.finished)]);
  } finally {
    await Promise.all(pool.map((w) => w.terminate()));
  }
}

/** This thread's share: the next page whenever rendering is not held back, yielding between pages so worker results are taken. */
async function renderLocally(docs: readonly DocSource[], input: RenderAllInput, keys: ReadonlyMap<DocSource, string>, queue: RenderQueue): Promise<void> {
  // No highlight cache in a bulk render (see renderInParallel).
  const madeDirs = new Set<string>();
  await withLocalRenderer(docs, { ...input, highlightCache: undefined }, async (render) => {
    for (;;) {
      // -1: held back until the consumer catches up; undefined: every page is taken.
      const index = await new Promise<number | undefined>((resolve) => {
        const next = queue.take(() => resolve(-1));
        if (next !== undefined || queue.exhausted()) resolve(next);
      });
      if (index === undefined) return;
      if (index === -1) continue;
      const doc = docs[index] as DocSource;
      const entry = await render(doc);
      writeCacheEntrySync(input.cache.fileOf(keys.get(doc) ?? ''), JSON.stringify(entry), madeDirs);
      queue.deliver(index, entry.result);
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
}

interface RenderQueue {
  /** The next page to render, or undefined (then `whenFree` is called once rendering may go on). */
  take(whenFree: () => void): number | undefined;
  exhausted(): boolean;
  deliver(index: number, result: RenderedMarkdown): void;
  /** Settles when every page was consumed (rejects when consuming one failed). */
  finished: Promise<void>;
}

function createQueue(docs: readonly DocSource[], input: RenderAllInput, consume: PageConsumer): RenderQueue {
  let next = 0;
  let done = 0;
  let waiting = 0;
  let consumed: Promise<void> = Promise.resolve();
  const stalled: (() => void)[] = [];
  let finish: { resolve: () => void; reject: (error: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
  const finished = new Promise<void>((resolve, reject) => (finish = { resolve, reject }));
  return {
    finished,
    exhausted: () => next >= docs.length,
    take(whenFree) {
      if (next >= docs.length) return undefined;
      if (waiting >= MAX_WAITING) return void stalled.push(whenFree);
      return next++;
    },
    deliver(index, result) {
      const doc = docs[index] as DocSource;
      waiting++;
      consumed = consumed.then(async () => {
        await consume(doc, result);
        waiting--;
        while (stalled.length > 0 && waiting < MAX_WAITING) (stalled.shift() as () => void)();
        if (++done % 50 === 0) input.progress('markdown', done, docs.length);
        if (done === docs.length) finish.resolve();
      });
      consumed.catch(finish.reject);
    },
  };
}

/** Starts a worker; without `setup` it loads the toolchain and waits for the setup as its first message. */
function startWorker(setup: WorkerSetup | undefined): Worker {
  const options = { resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } };
  // Tests and the benchmark run docsgen from source: see worker-from-source.mjs.
  const fromSource = import.meta.url.endsWith('.ts');
  const script = new URL(fromSource ? './worker.ts' : './worker.mjs', import.meta.url);
  if (!fromSource) return new Worker(script, { ...options, workerData: { setup } });
  return new Worker(new URL('./worker-from-source.mjs', import.meta.url), { ...options, workerData: { setup, sourceEntry: script.href } });
}

const prestarted: Worker[] = [];

/**
 * Starts the markdown workers of a build early, while it still reads content/ on this thread (the
 * other cores are idle then): each loads the toolchain meanwhile. Only when content/ holds enough
 * pages for workers; a worker the build does not use does not keep the process alive.
 */
export function prestartMarkdownWorkers(markdownFiles: number): void {
  const lanes = Math.min(4, availableParallelism());
  if (markdownFiles < WORKER_THRESHOLD || lanes < 2 || prestarted.length > 0) return;
  for (let i = 1; i < lanes; i++) {
    const worker = startWorker(undefined);
    worker.unref();
    // A worker that failed to start only means a new one later.
    const drop = () => prestarted.splice(prestarted.indexOf(worker) >>> 0, 1);
    worker.once('error', drop).once('exit', drop);
    prestarted.push(worker);
  }
}

function takePrestarted(setup: WorkerSetup): Worker | undefined {
  const worker = prestarted.shift();
  if (!worker) return undefined;
  worker.removeAllListeners('error').removeAllListeners('exit');
  worker.ref();
  worker.postMessage(setup);
  return worker;
}
