/** Shared test helpers: run the CLI as users do, copy fixtures, serve a build, drive Chromium. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { chromium, type Browser } from 'playwright-core';
import { StaticSite, listen } from '../src/serve/static-server.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const BIN = path.join(ROOT, 'bin/docsgen');

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  /** With `hangAfterMs`: the folder made for the run's diagnostic report, deleted by the time the run ends. */
  reportDir?: string;
}

/**
 * Runs docsgen as a user does. With `hangAfterMs`, a run still going then is taken as hung: Node
 * writes a diagnostic report (its JavaScript stack and what keeps it alive), which is added to
 * stderr, and the process is killed, so the test fails saying where docsgen was instead of timing out.
 */
export function runCli(args: string[], options: { cwd?: string; env?: Record<string, string>; hangAfterMs?: number } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const reports = options.hangAfterMs ? mkdtempSync(path.join(os.tmpdir(), 'docsgen-report-')) : undefined;
    const nodeArgs = reports ? ['--report-on-signal', '--report-signal=SIGUSR2', `--report-directory=${reports}`] : [];
    const child = spawn(process.execPath, [...nodeArgs, BIN, ...args], { cwd: options.cwd ?? ROOT, env: { ...process.env, ...options.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const watchdog = reports
      ? setTimeout(() => {
          child.kill('SIGUSR2');
          setTimeout(() => {
            void hangReport(reports).then((report) => {
              stderr += `\n[test] docsgen ${args.join(' ')} still running after ${options.hangAfterMs} ms; killed. ${report}`;
              child.kill('SIGKILL');
            });
          }, 2000);
        }, options.hangAfterMs)
      : undefined;
    child.on('close', (code) => {
      clearTimeout(watchdog);
      // The folder this run made for its report: what the report said is in stderr by now.
      if (reports) rmSync(reports, { recursive: true, force: true });
      resolve({ code: code ?? -1, stdout, stderr, ...(reports ? { reportDir: reports } : {}) });
    });
  });
}

/** The JavaScript stack and the live handles of the report a hung docsgen wrote. */
async function hangReport(dir: string): Promise<string> {
  try {
    const [name] = await readdir(dir);
    const report = JSON.parse(await readFile(path.join(dir, name!), 'utf8')) as { javascriptStack?: unknown; libuv?: { type: string; is_active: boolean; is_referenced?: boolean }[] };
    const handles = (report.libuv ?? []).filter((h) => h.is_active && h.is_referenced !== false).map((h) => h.type);
    return `Report: stack ${JSON.stringify(report.javascriptStack)}; active handles ${JSON.stringify(handles)}`;
  } catch (error) {
    return `No report (${String(error)}).`;
  }
}

/** A private copy of a fixture site, so tests can break it without affecting others. */
export async function copyFixture(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `docsgen-${name}-`));
  await cp(path.join(ROOT, 'tests/fixtures', name), dir, { recursive: true, filter: (src) => !src.includes(`${path.sep}out`) });
  return dir;
}

export async function serveBuild(outDir: string, baseUrl: string, headers?: Record<string, string>): Promise<{ server: Server; origin: string; close: () => Promise<void> }> {
  const site = new StaticSite({ root: outDir, baseUrl, ...(headers ? { headers } : {}) });
  const server = await listen(site, '127.0.0.1', 0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    server,
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

/** The embedded search index of a build: its folder (with the manifest), the shard files the manifest names, and the folders of the fragments. */
export async function searchIndexDirs(outDir: string): Promise<{ root: string; shards: string[]; fragments: string[] }> {
  const root = path.join(outDir, 'assets', 'search-index');
  const manifest = JSON.parse(await readFile(path.join(root, 'index.json'), 'utf8')) as { shardFiles: string[]; fragments: string[] };
  return { root, shards: manifest.shardFiles.map((file) => path.join(root, file)), fragments: manifest.fragments.map((folder) => path.join(root, folder)) };
}

/** Every fragment file (`p<i>.json`) of a build's search index, as paths. */
export async function searchFragmentFiles(outDir: string): Promise<string[]> {
  const { fragments } = await searchIndexDirs(outDir);
  const lists = await Promise.all(fragments.map(async (dir) => (await readdir(dir)).filter((f) => /^p\d+\.json$/.test(f)).map((f) => path.join(dir, f))));
  return lists.flat();
}

/** Every file of a folder: path → contents. */
export async function contentsOf(dir: string): Promise<Map<string, string>> {
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const entries = await Promise.all(files.map(async (e) => [path.relative(dir, path.join(e.parentPath, e.name)), await readFile(path.join(e.parentPath, e.name), 'utf8')] as const));
  return new Map(entries.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A private copy of a site's sources in a new temporary folder: without its out/ and .docsgen/ (no earlier build). */
export async function copySources(site: string): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-full-'));
  await cp(site, copy, { recursive: true, filter: (src) => !/[\\/](out|\.docsgen)$/.test(src) });
  return copy;
}

/**
 * The real site's sources (config.yaml, content/, openapi/; it uses the theme docsgen ships) in a new
 * temporary folder: a test builds it there, so its cache and its pruning stay out of the repository.
 */
export async function copyRealSite(): Promise<string> {
  const copy = await mkdtemp(path.join(os.tmpdir(), 'docsgen-real-site-'));
  await Promise.all(['config.yaml', 'content', 'openapi'].map((name) => cp(path.join(ROOT, name), path.join(copy, name), { recursive: true })));
  return copy;
}

/** The real site built in a private copy (copyRealSite); its out/ folder. */
export async function buildRealSite(): Promise<string> {
  const site = await copyRealSite();
  const result = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
  if (result.code !== 0) throw new Error(`the real site does not build: ${result.stderr}`);
  return path.join(site, 'out');
}

/** What a one-shot build with an empty cache writes for the same sources (built in a private copy). */
export async function fullBuildContents(site: string): Promise<Map<string, string>> {
  const copy = await copySources(site);
  const result = await runCli(['build', '--config', path.join(copy, 'config.yaml')]);
  if (result.code !== 0) throw new Error(`the full build failed: ${result.stderr}`);
  const files = await contentsOf(path.join(copy, 'out'));
  await rm(copy, { recursive: true, force: true });
  return files;
}
