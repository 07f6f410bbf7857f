/**
 * A markdown worker: renders pages on another core. It receives the build's link and image
 * targets once, then pages one by one, and answers with the result and what each page resolved.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCodeHighlighter } from './highlight.ts';
import { createMarkdownRenderer } from './render.ts';
import { describePageError } from './page-errors.ts';

export interface WorkerSetup {
  baseUrl: string;
  docRoutes: Record<string, string>;
  assetUrls: Record<string, string>;
  langs: string[];
}

export interface WorkerJob {
  index: number;
  markdown: string;
  relPath: string;
}

const setup = workerData as WorkerSetup;
const highlighter = await createCodeHighlighter(setup.langs);
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

parentPort?.on('message', (job: WorkerJob) => {
  deps = { docs: {}, assets: {} };
  try {
    const result = render(job.markdown, job.relPath);
    parentPort?.postMessage({ index: job.index, result, deps });
  } catch (error) {
    parentPort?.postMessage({ index: job.index, error: describePageError(error) });
  }
});
parentPort?.postMessage({ ready: true });
