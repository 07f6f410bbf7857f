import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { mkdtemp, mkdir, writeFile, symlink } from 'node:fs/promises';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { serveBuild } from '../helpers.ts';

let root: string;
let server: Awaited<ReturnType<typeof serveBuild>>;
const SECRET = 'TOP-SECRET-OUTSIDE-ROOT';

interface Response {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Raw requests: fetch() would normalise "../" away before it reaches the server. */
function get(rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> {
  const url = new URL(server.origin);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: rawPath, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const parent = await mkdtemp(path.join(os.tmpdir(), 'docsgen-serve-'));
  root = path.join(parent, 'out');
  await mkdir(path.join(root, 'guide'), { recursive: true });
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(parent, 'secret.txt'), SECRET);
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(path.join(root, 'guide/index.html'), `<!doctype html><title>guide</title>${'x'.repeat(4000)}`);
  for (const name of ['\u20acuro', '\u00fcber', 'a b']) {
    await mkdir(path.join(root, name));
    await writeFile(path.join(root, name, 'index.html'), `<!doctype html><title>${name}</title>`);
  }
  await writeFile(path.join(root, '404.html'), '<!doctype html><title>not found</title>');
  await writeFile(path.join(root, 'assets/app-ABC.js'), `console.log(1);${' '.repeat(3000)}`);
  await mkdir(path.join(root, 'assets/search-index/terms'), { recursive: true });
  await mkdir(path.join(root, 'assets/sidebar'), { recursive: true });
  await writeFile(path.join(root, 'assets/search-index/index.json'), '{"v":5,"shardFiles":["terms/0123456789ab.json"]}');
  await writeFile(path.join(root, 'assets/search-index/terms/0123456789ab.json'), '{}');
  await mkdir(path.join(root, 'assets/search-index/dev'), { recursive: true });
  await writeFile(path.join(root, 'assets/search-index/dev/t0.json'), '{}');
  await writeFile(path.join(root, 'assets/sidebar/abc.json'), '[]');
  await symlink(path.join(parent, 'secret.txt'), path.join(root, 'leak.txt'));
  // What a build keeps in out/ beside the site: its marker, and a running build's staging folder.
  await writeFile(path.join(root, '.docsgen-output'), 'docsgen-output 1');
  await mkdir(path.join(root, '.docsgen-tmp-out-1234/guide'), { recursive: true });
  await writeFile(path.join(root, '.docsgen-tmp-out-1234/guide/index.html'), '<!doctype html><title>half-built</title>');
  server = await serveBuild(root, '/docs/');
});

afterAll(() => server.close());

describe('static server', () => {
  it('serves routes under the base path with the right content type', async () => {
    const res = await get('/docs/guide/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body.toString()).toContain('<title>guide</title>');
  });

  it('strips .html and /index.html when no route matches, and redirects a missing trailing slash', async () => {
    expect((await get('/docs/guide.html')).body.toString()).toContain('<title>guide</title>');
    expect((await get('/docs/guide/index.html')).body.toString()).toContain('<title>guide</title>');
    const redirect = await get('/docs/guide');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/docs/guide/');
  });

  it('redirects a page named with €, ü or a space to its URL with a slash, encoded as it was asked for', async () => {
    for (const [asked, name] of [['/docs/%E2%82%ACuro', '\u20acuro'], ['/docs/%C3%BCber', '\u00fcber'], ['/docs/a%20b', 'a b']] as const) {
      const redirect = await get(asked);
      expect(redirect.status, asked).toBe(301);
      expect(redirect.headers.location).toBe(`${asked}/`);
      const page = await get(`${asked}/`);
      expect(page.body.toString()).toContain(`<title>${name}</title>`);
    }
  });

  it('bound to this machine, answers only requests addressed to it by name (DNS rebinding)', async () => {
    const port = new URL(server.origin).port;
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`, `docs.localhost:${port}`, `127.0.0.2:${port}`, 'localhost']) {
      expect((await get('/docs/guide/', { Host: host })).status, host).toBe(200);
    }
    for (const host of [`attacker.example:${port}`, 'attacker.example', `127.0.0.1.attacker.example:${port}`, `localhost.attacker.example`, `[::2]:${port}`]) {
      const refused = await get('/docs/guide/', { Host: host });
      expect(refused.status, host).toBe(403);
      expect(refused.body.toString()).toContain('answers only requests addressed to this machine');
      expect(refused.body.toString()).not.toContain('guide');
    }
  });

  it('accepts absolute-form targets (RFC 9112), judging their authority as the Host, and keeps them inside the root', async () => {
    const port = new URL(server.origin).port;
    const page = await get(`http://127.0.0.1:${port}/docs/guide/?q=1`);
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>guide</title>');
    expect((await get(`HTTP://localhost:${port}/docs/guide`)).headers.location).toBe('/docs/guide/');
    // The target's authority stands for the Host header, in both directions.
    expect((await get(`http://attacker.example:${port}/docs/guide/`, { Host: `127.0.0.1:${port}` })).status).toBe(403);
    expect((await get(`http://127.0.0.1:${port}/docs/guide/`, { Host: 'attacker.example' })).status).toBe(200);
    const escape = await get(`http://127.0.0.1:${port}/docs/../../secret.txt`);
    expect(escape.status).toBe(404);
    expect(escape.body.toString()).not.toContain(SECRET);
    // The URL parser takes %2e%2e for `..` too, so this one resolves outside the base: not found.
    const encoded = await get(`http://127.0.0.1:${port}/docs/%2e%2e/%2e%2e/secret.txt`);
    expect(encoded.status).toBe(404);
    expect(encoded.body.toString()).not.toContain(SECRET);
  });

  it('bound to every address (--host 0.0.0.0), answers any name', async () => {
    const { StaticSite, listen } = await import('../../src/serve/static-server.ts');
    const open = await listen(new StaticSite({ root, baseUrl: '/docs/' }), '0.0.0.0', 0);
    const port = (open.address() as { port: number }).port;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/docs/guide/', headers: { Host: `docs.lan:${port}` } }, (res) => (res.resume(), resolve(res.statusCode ?? 0)));
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    await new Promise<void>((resolve) => { open.closeAllConnections(); open.close(() => resolve()); });
  });

  it('keeps the query in every redirect: the host root, the base without its slash, a page without its slash', async () => {
    for (const [asked, location] of [
      ['/?utm_source=x', '/docs/?utm_source=x'],
      ['/docs?utm_source=x&b=2', '/docs/?utm_source=x&b=2'],
      ['/docs/guide?q=a', '/docs/guide/?q=a'],
      ['/docs', '/docs/'],
    ]) {
      expect((await get(asked!)).headers.location, asked).toBe(location);
    }
  });

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await get('/docs/nope/');
    expect(res.status).toBe(404);
    expect(res.body.toString()).toContain('not found');
  });

  it.each([
    '/docs/../secret.txt',
    '/docs/%2e%2e/secret.txt',
    '/docs/%2E%2E%2Fsecret.txt',
    '/docs/%252e%252e%252fsecret.txt',
    '/docs/..%5csecret.txt',
    '/docs/guide%00.html',
    '/docs/leak.txt',
    '/docs/./../secret.txt',
  ])('never serves a byte from outside the root: %s', async (attack) => {
    const res = await get(attack);
    expect([403, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain(SECRET);
  });

  it.each(['/docs/.docsgen-output', '/docs/.docsgen-tmp-out-1234/guide/', '/docs/.docsgen-tmp-out-1234/guide/index.html', '/docs/%2Edocsgen-output'])(
    'serves no dot-file or dot-folder of out/, which a build never publishes: %s',
    async (hidden) => {
      const res = await get(hidden);
      expect(res.status).toBe(404);
      expect(res.body.toString()).toContain('not found');
    },
  );

  it('sends ETag and Last-Modified and answers 304 to a revalidation', async () => {
    const first = await get('/docs/guide/');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['last-modified']).toBeTruthy();
    expect((await get('/docs/guide/', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('/docs/guide/', { 'if-modified-since': String(first.headers['last-modified']) })).status).toBe(304);
  });

  it('ignores an If-Modified-Since in the future or not a date: the page is sent', async () => {
    const later = new Date(Date.now() + 3600_000).toUTCString();
    expect((await get('/docs/guide/', { 'if-modified-since': later })).status).toBe(200);
    expect((await get('/docs/guide/', { 'if-modified-since': 'yesterday' })).status).toBe(200);
  });

  it('answers one byte range with 206 (uncompressed), a range past the end with 416, and several with the whole file', async () => {
    const whole = (await get('/docs/guide/')).body;
    expect((await get('/docs/guide/')).headers['accept-ranges']).toBe('bytes');
    const first = await get('/docs/guide/', { range: 'bytes=0-14', 'accept-encoding': 'gzip, br' });
    expect(first.status).toBe(206);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['content-range']).toBe(`bytes 0-14/${whole.length}`);
    expect(first.body.toString()).toBe('<!doctype html>');
    const tail = await get('/docs/guide/', { range: 'bytes=-3' });
    expect(tail.status).toBe(206);
    expect(tail.body.toString()).toBe('xxx');
    const open = await get('/docs/guide/', { range: `bytes=${whole.length - 2}-` });
    expect([open.status, open.body.length]).toEqual([206, 2]);
    const past = await get('/docs/guide/', { range: `bytes=${whole.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${whole.length}`);
    expect((await get('/docs/guide/', { range: 'bytes=0-1,5-6' })).status).toBe(200);
    expect((await get('/docs/guide/', { range: 'bytes=9-2' })).status).toBe(200);
    // If-Range: the range only while the file is the one the client has.
    const lastModified = String(first.headers['last-modified']);
    expect((await get('/docs/guide/', { range: 'bytes=0-1', 'if-range': lastModified })).status).toBe(206);
    expect((await get('/docs/guide/', { range: 'bytes=0-1', 'if-range': 'Mon, 01 Jan 2001 00:00:00 GMT' })).status).toBe(200);
    const head = await get('/docs/guide/', { range: 'bytes=0-1' }, 'HEAD');
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([206, '2', 0]);
  });

  it('compresses with brotli or gzip and answers HEAD without a body', async () => {
    const br = await get('/docs/guide/', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('<title>guide</title>');
    const gz = await get('/docs/guide/', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<title>guide</title>');
    const head = await get('/docs/guide/', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(4000);
  });

  it('caches hashed assets for a year and refuses other methods', async () => {
    const res = await get('/docs/assets/app-ABC.js');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/docs/guide/', {}, 'POST')).status).toBe(405);
  });

  it('has browsers revalidate the assets named by what they are, not by their contents', async () => {
    // The search index's manifest keeps its URL from build to build, and so does a sidebar category's
    // items file; docsgen serve rewrites its index's files in place.
    for (const url of ['/docs/assets/search-index/index.json', '/docs/assets/sidebar/abc.json', '/docs/assets/search-index/dev/t0.json']) {
      expect((await get(url)).headers['cache-control'], url).toBe('public, max-age=0, must-revalidate');
    }
    expect((await get('/docs/assets/search-index/terms/0123456789ab.json')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
