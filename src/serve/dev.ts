/**
 * `docsgen serve` in development: the same build pipeline, re-run when content/, theme/,
 * config.yaml or openapi/ change (chokidar), and a live-reload channel (server-sent events) that
 * reloads the open tab or shows the build error in the page until the file is fixed.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { watch } from 'chokidar';
import { build } from '../build.ts';
import { formatError } from '../errors.ts';
import { StaticSite } from './static-server.ts';

const EVENTS_PATH = '/__docsgen/events';
const CLIENT_PATH = '/__docsgen/live-reload.js';

const LIVE_RELOAD_CLIENT = `const source = new EventSource(${JSON.stringify(EVENTS_PATH)});
let overlay;
function showError(text) {
  overlay ??= Object.assign(document.createElement('div'), { id: 'docsgen-error-overlay' });
  overlay.setAttribute('role', 'alert');
  overlay.style.cssText = 'position:fixed;inset:0;z-index:10000;background:rgba(20,20,20,.94);color:#ffb4ab;font:14px/1.5 monospace;padding:2rem;white-space:pre-wrap;overflow:auto';
  overlay.textContent = 'docsgen: the build failed; fix the file and save, this page reloads by itself.\\n\\n' + text;
  document.body.appendChild(overlay);
}
source.addEventListener('reload', () => location.reload());
source.addEventListener('page-updated', (e) => {
  const { path } = JSON.parse(e.data);
  let here = location.pathname;
  if (here.endsWith('/index.html')) here = here.slice(0, -10);
  else if (here.endsWith('.html')) here = here.slice(0, -5) + '/';
  if (!here.endsWith('/')) here += '/';
  if (here !== path) return;
  // The running app swaps the content in place; without it (say, the bundle failed) reload.
  const event = new CustomEvent('docsgen:page-updated', { detail: { path, handled: false } });
  window.dispatchEvent(event);
  if (!event.detail.handled) location.reload();
});
source.addEventListener('build-error', (e) => showError(JSON.parse(e.data).message));
`;

export interface DevServer {
  site: StaticSite;
  close(): Promise<void>;
  /** Resolves after the next build settles (tests use it). */
  nextBuild(): Promise<void>;
}

export async function startDevServer(options: { configFile: string; log: (text: string) => void; error: (text: string) => void }): Promise<DevServer> {
  const configFile = path.resolve(options.configFile);
  const root = path.dirname(configFile);
  const outDir = path.join(root, '.docsgen', 'dev');
  const clients = new Set<ServerResponse>();
  let lastError: string | undefined;

  const broadcast = (event: string, data: unknown) => {
    for (const client of clients) client.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  };

  const site = new StaticSite({
    root: outDir,
    baseUrl: '/',
    transformHtml: (html) => html.replace('</body>', `<script type="module" src="${CLIENT_PATH}"></script></body>`),
    intercept: (req: IncomingMessage, res: ServerResponse) => {
      const url = (req.url ?? '').split('?')[0];
      if (url === CLIENT_PATH) {
        res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' }).end(LIVE_RELOAD_CLIENT);
        return true;
      }
      if (url === EVENTS_PATH) {
        res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
        res.write(': connected\n\n');
        if (lastError) res.write(`event: build-error\ndata: ${JSON.stringify({ message: lastError })}\n\n`);
        clients.add(res);
        req.on('close', () => clients.delete(res));
        return true;
      }
      return false;
    },
  });

  let building: Promise<void> | undefined;
  let updatePage: ((file: string) => Promise<string | undefined>) | undefined;
  let again = false;
  let settled: (() => void)[] = [];
  const runBuild = async (): Promise<void> => {
    const started = performance.now();
    try {
      const result = await build({ configFile, outDir, includeDrafts: true, minify: false });
      site.setBaseUrl(result.baseUrl);
      updatePage = result.updatePage;
      site.invalidate();
      lastError = undefined;
      options.log(`built ${result.pages} pages in ${((performance.now() - started) / 1000).toFixed(2)} s`);
      broadcast('reload', {});
    } catch (error) {
      lastError = formatError(error);
      options.error(lastError);
      broadcast('build-error', { message: lastError });
    }
  };
  const schedule = (): Promise<void> => {
    if (building) {
      again = true;
      return building;
    }
    building = (async () => {
      do {
        again = false;
        await runBuild();
      } while (again);
      building = undefined;
      const waiting = settled;
      settled = [];
      waiting.forEach((fn) => fn());
    })();
    return building;
  };

  await schedule();
  const watcher = watch(
    [path.join(root, 'content'), path.join(root, 'theme'), path.join(root, 'openapi'), configFile],
    { ignoreInitial: true, awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 10 } },
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changed = new Set<string>();
  const onChange = async () => {
    const files = [...changed];
    changed = new Set();
    // One page's body changed and nothing is building: re-render just that page.
    if (files.length === 1 && files[0]?.endsWith('.md') && updatePage && !building && !lastError) {
      try {
        const route = await updatePage(files[0]);
        if (route) {
          site.invalidate();
          broadcast('page-updated', { path: site.baseUrl.replace(/\/$/, '') + route });
          return;
        }
      } catch {
        // fall through to a full rebuild, which reports the problem properly
      }
    }
    await schedule();
  };
  watcher.on('all', (event, file) => {
    changed.add(event === 'change' ? file : `${file}\u0000${event}`);
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void onChange(), 15);
  });
  watcher.on('error', (error) => options.error(`watcher: ${String(error)}`));

  return {
    site,
    nextBuild: () => new Promise((resolve) => settled.push(resolve)),
    close: async () => {
      await watcher.close();
      for (const client of clients) client.end();
    },
  };
}

