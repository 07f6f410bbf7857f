/** `docsgen serve`: the dev server (build, watch, reload), or with --out a preview of a finished build. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError, formatError } from '../errors.ts';
import { listen, StaticSite } from './static-server.ts';
import { startDevServer } from './dev.ts';

export async function serveCommand(
  opts: { config: string; port: number; host: string; out?: string },
  io: { out: (t: string) => void; err: (t: string) => void },
): Promise<number> {
  try {
    let site: StaticSite;
    let base: string;
    if (opts.out) {
      base = await baseUrlOfBuild(opts.out);
      site = new StaticSite({ root: path.resolve(opts.out), baseUrl: base });
    } else {
      const dev = await startDevServer({ configFile: opts.config, log: io.out, error: io.err });
      site = dev.site;
      base = site.baseUrl;
    }
    const server = await listen(site, opts.host, opts.port);
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : opts.port;
    const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
    io.out(`serving http://${host}:${port}${base}${opts.out ? ` (preview of ${opts.out})` : ' (watching for changes)'}`);
    await new Promise<void>((resolve) => {
      const stop = () => server.close(() => resolve());
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
    return 0;
  } catch (error) {
    io.err(formatError(error));
    return 1;
  }
}

/** The base path a build was made for, read from its 404 page (set by the bootstrap attributes). */
export async function baseUrlOfBuild(outDir: string): Promise<string> {
  const html = await readFile(path.join(outDir, '404.html'), 'utf8').catch(() => {
    throw new DocsgenError('this folder holds no docsgen build (no 404.html)', { position: { file: outDir }, hint: 'run docsgen build first, or pass the right folder to --out' });
  });
  return /data-base="([^"]+)"/.exec(html)?.[1] ?? '/';
}
