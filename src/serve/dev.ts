/**
 * `docsgen serve` in development: the builder's stages (the same as `docsgen build`) run once, then
 * again for every change under content/, theme/, openapi/ or config.yaml: only the edited pages when
 * only their text changed, everything otherwise. A live-reload channel (server-sent events) swaps an
 * edited page in the open tab, reloads it after a full build, or shows the build error until fixed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { createBuilder, type FileChange } from '../build/builder.ts';
import { formatError } from '../errors.ts';
import { loadConfig } from '../config/load.ts';
import { formatFinding } from '../checks/findings.ts';
import { DOCSGEN_ROOT } from '../paths.ts';
import { matchRoute } from '../../theme/urls.ts';
import { StaticSite } from './static-server.ts';
import { watchProject, type ProjectWatcher } from './watch.ts';
import { createBuildQueue } from './build-queue.ts';
import { preloadMarkdownToolchain } from '../markdown/render-all.ts';

const EVENTS_PATH = '/__docsgen/events';
const CLIENT_PATH = '/__docsgen/live-reload.js';

export interface DevServer {
  site: StaticSite;
  close(): Promise<void>;
  /** Resolves after the next build or update settles (tests use it). */
  nextBuild(): Promise<void>;
}

export interface DevServerOptions {
  configFile: string;
  log: (text: string) => void;
  error: (text: string) => void;
}

export async function startDevServer(options: DevServerOptions): Promise<DevServer> {
  const configFile = path.resolve(options.configFile);
  const root = path.dirname(configFile);
  const channel = createEventChannel();
  const client = await bundleLiveReloadClient();
  const site = new StaticSite({
    root: path.join(root, '.docsgen', 'dev'),
    baseUrl: '/',
    transformHtml: (html) => html.replace('</body>', `<script type="module" src="${CLIENT_PATH}"></script></body>`),
    intercept: (req, res) => channel.intercept(req, res, client),
    noBuildPage: () => (channel.lastError() === undefined ? undefined : NO_BUILD_PAGE),
  });
  // Edited pages reach the open tab the moment they are written (see BuilderOptions.onPagesUpdated),
  // and the index and checks that follow wait until a tab has fetched one (see announcePages).
  const builder = createBuilder({ configFile, mode: 'serve', onPagesUpdated: (paths) => channel.announcePages(paths) });
  const run = async (changes: FileChange[] | undefined): Promise<void> => {
    const started = performance.now();
    try {
      const update = changes ? await builder.update(changes) : { kind: 'full' as const, routes: [], result: await builder.full() };
      const { result } = update;
      site.setBaseUrl(result.baseUrl);
      site.setRoot(result.outDir);
      channel.clearError();
      const took = ((performance.now() - started) / 1000).toFixed(2);
      for (const finding of [...result.warnings, ...result.findings]) options.error(formatFinding(finding, root));
      if (update.kind === 'pages') {
        options.log(`updated ${update.routes.join(', ')} in ${took} s`);
        // The index was rewritten after the pages: open tabs drop what they loaded of it.
        channel.send('search-updated', {});
      } else {
        options.log(`built ${result.pages} pages in ${took} s`);
        channel.send('reload', {});
      }
    } catch (error) {
      options.error(channel.setError(formatError(error)));
      // No build yet: serve under the base config.yaml names, when it can be read, so the address
      // printed and the page that waits for the fix are where the site will be.
      if (!changes) await baseUrlOfConfig(configFile).then((base) => base && site.setBaseUrl(base));
    }
  };
  const queue = createBuildQueue(run);
  await queue.push(undefined);
  // The first build took its pages from the cache: load the toolchain an edit needs now, not then.
  preloadMarkdownToolchain().catch(() => undefined);
  const watcher: ProjectWatcher = watchProject(root, configFile, (changes) => void queue.push(changes), (message) => options.error(message));
  return {
    site,
    nextBuild: queue.settled,
    close: async () => {
      await watcher.close();
      channel.close();
    },
  };
}

/**
 * How long the work after an edit waits for an open tab to fetch the edited page. That work (the
 * search index of every page, the checks) holds the server's thread: 300 ms at 1,000 pages, and a
 * tab's request would wait behind it.
 */
const TAB_FETCH_WAIT_MS = 250;

/**
 * What every path shows while the first build has failed and nothing was built: the live-reload
 * script (added as to every page) shows the error over it and reloads the tab once a save fixes it.
 */
const NO_BUILD_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>docsgen: the build failed</title></head><body><main><h1>The build failed</h1><p>docsgen serve shows the error here and in the terminal. Fix the file and save: this page reloads by itself.</p></main></body></html>';

/** The base path config.yaml sets, when it can be read and is valid; undefined otherwise. */
async function baseUrlOfConfig(configFile: string): Promise<string | undefined> {
  try {
    return (await loadConfig(configFile)).config.baseUrl;
  } catch {
    return undefined;
  }
}

/** The live-reload event stream, and the last build error for tabs that connect later. */
function createEventChannel() {
  const clients = new Set<ServerResponse>();
  let lastError: string | undefined;
  let fetched: { paths: ReadonlySet<string>; done: () => void } | undefined;
  const write = (res: ServerResponse, event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  const send = (event: string, data: unknown) => clients.forEach((res) => write(res, event, data));
  return {
    send,
    /** Tells the tabs; resolves once one of them requested one of the pages, or after TAB_FETCH_WAIT_MS. */
    announcePages(paths: string[]): Promise<void> | undefined {
      send('page-updated', { paths });
      if (clients.size === 0) return undefined;
      return new Promise<void>((resolve) => {
        const timer = setTimeout(() => done(), TAB_FETCH_WAIT_MS);
        const done = () => {
          clearTimeout(timer);
          if (fetched?.done === done) fetched = undefined; // not a later edit's
          resolve();
        };
        fetched = { paths: new Set(paths), done };
      });
    },
    setError(message: string): string {
      lastError = message;
      clients.forEach((res) => write(res, 'build-error', { message }));
      return message;
    },
    clearError: () => (lastError = undefined),
    lastError: () => lastError,
    intercept(req: IncomingMessage, res: ServerResponse, client: string): boolean {
      const url = (req.url ?? '').split('?')[0] ?? '';
      if (fetched && matchRoute(url, fetched.paths)) {
        // Done once the page is sent: the work that follows would hold up the rest of the response.
        const { done } = fetched;
        res.once('close', done);
      }
      if ((url === CLIENT_PATH || url === EVENTS_PATH) && req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n');
        return true;
      }
      if (url === CLIENT_PATH) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(client);
        return true;
      }
      if (url !== EVENTS_PATH) return false;
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      if (lastError) write(res, 'build-error', { message: lastError });
      clients.add(res);
      req.on('close', () => clients.delete(res));
      return true;
    },
    close: () => {
      clients.forEach((res) => res.end());
      clients.clear();
    },
  };
}

/** theme/client/live-reload.ts, bundled for the browser (it shares the URL rules with the site). */
async function bundleLiveReloadClient(): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(DOCSGEN_ROOT, 'theme/client/live-reload.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}
