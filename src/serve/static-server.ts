/**
 * Serves a built site: exact routes under the base path, the `.html` / `/index.html` stripping
 * rule, the 404 page with status 404, ETag/Last-Modified with 304, gzip and brotli, HEAD, and
 * immutable caching of hashed assets. Nothing outside the root is ever read: encoded dots,
 * backslashes, NUL bytes and symlinks that leave the root are refused. Every file is sent with the
 * site's Content-Security-Policy as a header: a page's own meta policy (plus what only a header
 * can say), and for other files (an SVG opened directly runs its scripts) the 404 page's policy.
 * Names that begin with a dot are not served: a build publishes none (content/'s dot-files are
 * skipped), so in out/ they are docsgen's own marker and a running build's staging folder.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { addressedToThisMachine, bindsLoopback, WRONG_HOST_TEXT } from './host-check.ts';
import { requestTarget } from './request-target.ts';
import { byteRange, ifRangeHolds } from './byte-range.ts';
import { readFile, realpath, stat } from 'node:fs/promises';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import path from 'node:path';
import { lookup } from 'mrmime';
import { encodePathSegments, fileCandidates, isUnderBase } from '../../theme/urls.ts';
import { contentSecurityPolicy, headerPolicy } from '../render/csp.ts';
import { isImmutable } from '../build/output-paths.ts';
import { listenError } from './listen-error.ts';

export interface StaticServerOptions {
  root: string;
  baseUrl: string;
  /** Extra headers on every response (e.g. a Content-Security-Policy). */
  headers?: Record<string, string>;
  /** Lets the dev server add its live-reload script to HTML pages. */
  transformHtml?: (html: string) => string;
  /** Extra routes handled before files (the dev server's event stream). */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean;
  /**
   * The page for a path with no file while the root holds no 404 page either: the dev server's
   * page that waits for a first build that failed (its live-reload script shows the error).
   */
  noBuildPage?: () => string | undefined;
}

interface CachedFile {
  body: Buffer;
  size: number;
  etag: string;
  mtime: Date;
  gzip?: Buffer;
  brotli?: Buffer;
  /** The Content-Security-Policy of an HTML page's meta tag. */
  policy?: string;
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|yaml|x-yaml|manifest\+json)|image\/svg\+xml)/;

export class StaticSite {
  private readonly options: StaticServerOptions;
  private readonly cache = new Map<string, CachedFile>();
  private rootReal: { root: string; real: Promise<string> } | undefined;
  private sitePolicy: string | undefined;

  constructor(options: StaticServerOptions) {
    this.options = options;
  }

  get baseUrl(): string {
    return this.options.baseUrl;
  }

  setBaseUrl(baseUrl: string): void {
    this.options.baseUrl = baseUrl;
  }

  /** Serves another folder from now on (the dev server's next complete build). */
  setRoot(root: string): void {
    if (root === this.options.root) return;
    this.options.root = root;
    this.invalidate();
  }

  /** Forget cached files (after a rebuild swapped the output). */
  invalidate(): void {
    this.cache.clear();
    this.rootReal = undefined;
    this.sitePolicy = undefined;
  }

  private realRoot(root: string): Promise<string> {
    if (this.rootReal?.root !== root) this.rootReal = { root, real: realpath(root) };
    return this.rootReal.real;
  }

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (this.options.intercept?.(req, res)) return;
    for (const [name, value] of Object.entries(this.options.headers ?? {})) res.setHeader(name, value);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method Not Allowed\n');
      return;
    }
    const rawPath = (req.url ?? '/').split('?')[0] ?? '/';
    const pathname = safeDecode(rawPath);
    if (pathname === undefined || pathname.includes('\0') || pathname.includes('\\') || pathname.split('/').some((s) => s === '..' || s === '.')) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Forbidden\n');
      return;
    }
    const base = this.options.baseUrl;
    // Every redirect keeps the query (campaign parameters, a search page's ?q=), as hosts do.
    const query = (req.url ?? '').includes('?') ? `?${(req.url ?? '').split('?').slice(1).join('?')}` : '';
    if (pathname === '/' && base !== '/') {
      res.writeHead(302, { Location: `${base}${query}` }).end();
      return;
    }
    if (!isUnderBase(pathname, base) || isHiddenPath(pathname.slice(base.length))) {
      await this.notFound(req, res);
      return;
    }
    if (`${pathname}/` === base) {
      res.writeHead(301, { Location: `${base}${query}` }).end();
      return;
    }
    const rel = pathname.slice(base.length);
    this.sitePolicy ??= (await this.load('404.html'))?.policy ?? contentSecurityPolicy();
    for (const candidate of fileCandidates(rel)) {
      const file = await this.load(candidate);
      if (file) {
        if (candidate.endsWith('index.html') && !rel.endsWith('/') && !rel.endsWith('.html') && rel !== '') {
          // `/a/b` → `/a/b/`, so relative links in the page resolve as they do on a static host.
          // The path as a URL again: a name with `€`, `ü` or a space cannot go into a header as it is.
          res.writeHead(301, { Location: `${encodePathSegments(base + rel)}/${query}` }).end();
          return;
        }
        this.send(req, res, candidate, file, 200);
        return;
      }
    }
    await this.notFound(req, res);
  }

  private async notFound(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.sitePolicy ??= (await this.load('404.html'))?.policy ?? contentSecurityPolicy();
    const page = await this.load('404.html');
    if (page) return this.send(req, res, '404.html', page, 404);
    const waiting = this.options.noBuildPage?.();
    if (waiting === undefined) return void res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
    const html = this.options.transformHtml ? this.options.transformHtml(waiting) : waiting;
    res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', 'Content-Security-Policy': headerPolicy(this.sitePolicy) }).end(html);
  }

  private async load(rel: string): Promise<CachedFile | undefined> {
    // The root is read once per request: the dev server may switch it while this one is under way.
    const root = path.resolve(this.options.root);
    const full = path.resolve(root, rel);
    if (full !== root && !full.startsWith(root + path.sep)) return undefined;
    try {
      const rootReal = await this.realRoot(root);
      const real = await realpath(full);
      if (!real.startsWith(rootReal + path.sep)) return undefined; // a symlink that leaves the root
      const info = await stat(real);
      if (!info.isFile()) return undefined;
      // Cached bodies (and their compressed forms) stay valid while the file is unchanged.
      const cached = this.cache.get(rel);
      if (cached && cached.mtime.getTime() === info.mtime.getTime() && cached.size === info.size) return cached;
      let body = await readFile(real);
      if (rel.endsWith('.html') && this.options.transformHtml) body = Buffer.from(this.options.transformHtml(body.toString('utf8')));
      const file: CachedFile = { body, size: info.size, etag: `W/"${info.size.toString(16)}-${info.mtimeMs.toString(16)}"`, mtime: info.mtime };
      if (rel.endsWith('.html')) {
        const policy = metaPolicyOf(body);
        if (policy) file.policy = policy;
      }
      if (this.cache.size > 5000) this.cache.clear();
      this.cache.set(rel, file);
      return file;
    } catch {
      return undefined;
    }
  }

  private send(req: IncomingMessage, res: ServerResponse, rel: string, file: CachedFile, status: number): void {
    const type = lookup(rel) ?? 'application/octet-stream';
    const contentType = /^(text\/|application\/(json|javascript|xml))|image\/svg/.test(type) ? `${type}; charset=utf-8` : type;
    res.setHeader('Content-Type', contentType);
    res.setHeader('Vary', 'Accept-Encoding');
    const policy = file.policy ?? this.sitePolicy;
    if (policy && !res.hasHeader('Content-Security-Policy')) res.setHeader('Content-Security-Policy', headerPolicy(policy));
    if (status === 200) {
      res.setHeader('ETag', file.etag);
      res.setHeader('Last-Modified', file.mtime.toUTCString());
      res.setHeader('Cache-Control', isImmutable(rel) ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      const noneMatch = req.headers['if-none-match'];
      const modifiedSince = req.headers['if-modified-since'];
      if ((noneMatch && noneMatch.split(/\s*,\s*/).includes(file.etag)) || (!noneMatch && notModifiedSince(modifiedSince, file.mtime))) {
        res.writeHead(304).end();
        return;
      }
      if (sendRangeOf(req, res, file)) return;
    }
    let body = file.body;
    const accept = String(req.headers['accept-encoding'] ?? '');
    if (COMPRESSIBLE.test(type) && body.length > 1024) {
      if (/\bbr\b/.test(accept)) {
        file.brotli ??= brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
        body = file.brotli;
        res.setHeader('Content-Encoding', 'br');
      } else if (/\bgzip\b/.test(accept)) {
        file.gzip ??= gzipSync(body, { level: 6 });
        body = file.gzip;
        res.setHeader('Content-Encoding', 'gzip');
      }
    }
    res.setHeader('Content-Length', body.length);
    res.writeHead(status);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

/**
 * Answers a Range request with 206 and the bytes asked for (uncompressed: a range counts the
 * file's own bytes), or 416 when they are past its end; false when the whole file is to be sent.
 */
function sendRangeOf(req: IncomingMessage, res: ServerResponse, file: CachedFile): boolean {
  res.setHeader('Accept-Ranges', 'bytes');
  const size = file.body.length;
  const range = ifRangeHolds(req.headers['if-range'], file.mtime.toUTCString()) ? byteRange(req.headers.range, size) : undefined;
  if (range === undefined) return false;
  if (range === 'unsatisfiable') {
    res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Length': 0 }).end();
    return true;
  }
  const body = file.body.subarray(range.start, range.end + 1);
  res.writeHead(206, { 'Content-Range': `bytes ${range.start}-${range.end}/${size}`, 'Content-Length': body.length });
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}

/**
 * If-Modified-Since holds for a file changed at `mtime` (HTTP dates have whole seconds). A date that
 * is not one, or lies in the future, is ignored (RFC 9110 §13.1.3): a client clock ahead of this
 * machine's would otherwise keep an edited page from ever being sent again.
 */
function notModifiedSince(header: string | string[] | undefined, mtime: Date): boolean {
  const since = typeof header === 'string' ? Date.parse(header) : NaN;
  if (Number.isNaN(since) || since > Date.now()) return false;
  return since >= Math.floor(mtime.getTime() / 1000) * 1000;
}

/** The policy of the page's `<meta http-equiv="Content-Security-Policy">` (written by document.ts). */
function metaPolicyOf(html: Buffer): string | undefined {
  const head = html.subarray(0, 4096).toString('utf8');
  const content = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/i.exec(head)?.[1];
  return content?.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

/** A site path with a segment such as `.docsgen-output` or `.docsgen-tmp-…` (`.` and `..` are refused before). */
function isHiddenPath(sitePath: string): boolean {
  return sitePath.split('/').some((segment) => segment.startsWith('.'));
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * Rejects, as listen() would, when host:port cannot be listened on; listens for a moment with a
 * server that answers nothing, then lets the port go.
 */
export function ensureCanListen(host: string, port: number): Promise<void> {
  const probe = createNetServer();
  return new Promise((resolve, reject) => {
    probe.once('error', (error) => reject(listenError(error, host, port)));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/** Serves `site` on host:port; a port in use or a host that is not this machine's rejects with a DocsgenError. */
export function listen(site: StaticSite, host: string, port: number): Promise<Server> {
  const onlyThisMachine = bindsLoopback(host);
  const server = createServer((req, res) => {
    const target = requestTarget(req.url);
    req.url = target.url;
    if (onlyThisMachine && !addressedToThisMachine(target.authority ?? req.headers.host)) {
      res.writeHead(403, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }).end(WRONG_HOST_TEXT);
      return;
    }
    site.handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('Internal Server Error\n');
    });
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(listenError(error, host, port));
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server);
    });
  });
}
