/**
 * The code samples of the hub's API reference, run as a reader would copy them: curl in a shell,
 * the JavaScript with Node, the Python with python3 and requests (where this machine has them),
 * each against a server on 127.0.0.1 that records what arrives. Every sample of every operation
 * must send the method, path, query and body that the reference documents and that Try it starts
 * from (tryValues), so the three languages also agree with one another. PowerShell is not run:
 * no pwsh here (its samples have tests of their own).
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createServer, type Server } from 'node:http';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ApiOperationView } from '../../theme/api-model.ts';
import { hubOperations } from './hub-operations.ts';

interface Received {
  method: string;
  url: string;
  contentType: string | undefined;
  body: string;
}

const SAMPLE_ORIGIN = 'http://localhost';
const hasPythonRequests = spawnSync('python3', ['-c', 'import requests'], { stdio: 'ignore' }).status === 0;

let operations: ApiOperationView[] = [];
let server: Server;
let origin = '';
let scratch = '';
const received: Received[] = [];

beforeAll(async () => {
  operations = await hubOperations();
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', contentType: request.headers['content-type'], body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  scratch = mkdtempSync(path.join(tmpdir(), 'docsgen-samples-'));
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The request the reference documents: its method, the path with Try it's values, and Try it's body. */
function documented(operation: ApiOperationView): { method: string; url: string; body: unknown } {
  const values = operation.tryValues?.path ?? {};
  const filled = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  return { method: operation.method.toUpperCase(), url: `/api/rest/v1${filled}`, body: operation.tryValues?.body?.value };
}

/** Runs one sample with its host turned into the recording server's; resolves with what arrived. */
async function run(lang: string, code: string): Promise<Received> {
  const local = code.split(SAMPLE_ORIGIN).join(origin);
  const before = received.length;
  const [command, args] = launcher(lang, local);
  const result = await new Promise<{ status: number | null; stderr: string }>((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stderr }));
  });
  expect(result.stderr, `${lang} sample failed`).toBe('');
  expect(result.status).toBe(0);
  expect(received.length, `${lang} sample sent one request`).toBe(before + 1);
  return received[received.length - 1] as Received;
}

function launcher(lang: string, code: string): [string, string[]] {
  if (lang === 'curl') return ['sh', ['-c', `${code} --silent --show-error --fail --output /dev/null`]];
  if (lang === 'python') return ['python3', ['-c', code]];
  const file = path.join(scratch, `sample-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  return [process.execPath, [file]];
}

function expectDocumented(operation: ApiOperationView, got: Received, lang: string): void {
  const want = documented(operation);
  const where = `${lang} ${operation.operationId ?? operation.path}`;
  expect(got.method, where).toBe(want.method);
  expect(decodeURI(got.url), where).toBe(decodeURI(want.url));
  if (want.body === undefined) {
    expect(got.body, where).toBe('');
  } else {
    expect(got.contentType, where).toMatch(/^application\/json/);
    expect(JSON.parse(got.body), where).toEqual(want.body);
  }
}

describe('the hub API reference code samples, run', () => {
  it('has samples for every operation, with no query, header or cookie parameter the hub needs (so a path and a body say it all)', () => {
    expect(operations).toHaveLength(48);
    for (const operation of operations) {
      expect(operation.samples.map((s) => s.lang).sort(), operation.operationId).toEqual(['curl', 'javascript', 'powershell', 'python']);
      expect(Object.keys(operation.tryValues?.query ?? {}), operation.operationId).toEqual([]);
      expect(Object.keys(operation.tryValues?.header ?? {}), operation.operationId).toEqual([]);
    }
  });

  for (const lang of ['curl', 'javascript'] as const) {
    it(`every ${lang} sample sends the documented method, path and body`, async () => {
      for (const operation of operations) {
        const code = operation.samples.find((s) => s.lang === lang)?.code ?? '';
        expectDocumented(operation, await run(lang, code), lang);
      }
    }, 120_000);
  }

  it.skipIf(!hasPythonRequests)('every Python sample sends the documented method, path and body (python3 with requests)', async () => {
    for (const operation of operations) {
      const code = operation.samples.find((s) => s.lang === 'python')?.code ?? '';
      expectDocumented(operation, await run('python', code), 'python');
    }
  }, 120_000);
});
