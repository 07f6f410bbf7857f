/**
 * A fake of the hosted search service on 127.0.0.1 (no test reaches the network): it answers the
 * multi-index queries DocSearch's client POSTs, with CORS as the real service sends it, and records
 * each request for the tests that check it.
 */
import { createServer, type IncomingMessage } from 'node:http';

export interface FakeSearchRequest {
  method: string;
  path: string;
  body: { requests: { indexName: string; query: string }[] };
  headers: IncomingMessage['headers'];
}

export interface FakeSearchService {
  port: number;
  /** Every request but the CORS preflights, in order. */
  seen: FakeSearchRequest[];
  close(): Promise<void>;
}

const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*', 'Access-Control-Allow-Methods': 'POST, GET, OPTIONS' };

/** Starts the fake; `hitsFor` gives the hits of one query of a request. */
export async function startFakeSearchService(hitsFor: (query: string) => unknown[]): Promise<FakeSearchService> {
  const seen: FakeSearchRequest[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const parsed = body ? (JSON.parse(body) as FakeSearchRequest['body']) : { requests: [] };
      seen.push({ method: req.method ?? '', path: req.url ?? '', body: parsed, headers: req.headers });
      const results = parsed.requests.map((r) => {
        const hits = hitsFor(r.query);
        return { hits, nbHits: hits.length, page: 0, nbPages: 1, hitsPerPage: 20, query: r.query, params: '', index: r.indexName, processingTimeMS: 1, exhaustiveNbHits: true };
      });
      res.writeHead(200, { ...CORS, 'Content-Type': 'application/json' }).end(JSON.stringify({ results }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    seen,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
