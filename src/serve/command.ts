/** `docsgen serve`: the dev server (build, watch, reload), or with --out a preview of a finished build. */
import { readFile, stat } from 'node:fs/promises';
import type { Server } from 'node:http';
import path from 'node:path';
import { DocsgenError, formatError } from '../errors.ts';
import { ensureCanListen, listen, StaticSite } from './static-server.ts';
import { startDevServer, type DevServer } from './dev.ts';
import { firstStopSignal } from './stop-signal.ts';

export async function serveCommand(
  opts: { config: string; port: number; host: string; out?: string },
  io: { out: (t: string) => void; err: (t: string) => void },
): Promise<number> {
  // Listening from the start: a Ctrl+C or SIGTERM that arrives while the first build runs still
  // ends the process cleanly once it can.
  const stopRequested = firstStopSignal();
  let dev: DevServer | undefined;
  try {
    let site: StaticSite;
    if (opts.out) {
      site = new StaticSite({ root: path.resolve(opts.out), baseUrl: await baseUrlOfBuild(opts.out) });
    } else {
      // A port in use is said now, not after the first build has run for nothing.
      await ensureCanListen(opts.host, opts.port);
      dev = await startDevServer({ configFile: opts.config, log: io.out, error: io.err });
      site = dev.site;
    }
    const server = await listen(site, opts.host, opts.port);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : opts.port;
    const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
    io.out(`serving http://${host}:${port}${site.baseUrl}${opts.out ? ` (preview of ${opts.out})` : ' (watching for changes)'}`);
    await stopRequested.promise;
    // Everything that keeps the process alive stops: the watcher, the live-reload streams and the
    // open connections, so the process ends by itself.
    await dev?.close();
    await closeServer(server);
    return 0;
  } catch (error) {
    await dev?.close();
    io.err(formatError(error));
    return 1;
  } finally {
    stopRequested.dispose();
  }
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The base path a build was made for, read from its 404 page (set by the bootstrap attributes). */
export async function baseUrlOfBuild(outDir: string): Promise<string> {
  if ((await stat(outDir).catch(() => undefined))?.isFile()) {
    throw new DocsgenError('this is a file, not the folder of a build', { position: { file: outDir }, hint: 'pass the folder docsgen build wrote (out/ beside config.yaml unless --out said otherwise)' });
  }
  const html = await readFile(path.join(outDir, '404.html'), 'utf8').catch(() => {
    throw new DocsgenError('this folder holds no docsgen build (no 404.html)', { position: { file: outDir }, hint: 'run docsgen build first, or pass the right folder to --out' });
  });
  return /data-base="([^"]+)"/.exec(html)?.[1] ?? '/';
}
