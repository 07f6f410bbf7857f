/**
 * `npm run bench`: builds synthetic corpora (150, 1,000 and 10,000 pages) and the real 5.4 SP1
 * site, and prints a markdown table of medians: cold, warm (nothing changed) and one-page-edit
 * build time, CPU time, pages per second, peak memory of all processes, output size, page weight,
 * check time, search (index size, first-search download, query time; see search.ts), markdown
 * cost per page, save-to-browser time under `docsgen serve`, and requests per second of the
 * preview server; then issue 19's targets, each met or missed. With --docusaurus, the same corpora
 * are built by Docusaurus 3.10 with @docusaurus/faster in the same run (installed into a temporary
 * folder, never a dependency).
 *
 * Options: --sizes 150,1000,10000   --runs 3   --large-runs 1   --skip-serve   --skip-real
 *          --lighthouse   --docusaurus   --docusaurus-sizes 150,1000   --github-spec
 *          --out results.md   --svg plot.svg
 *          --big-page-mb 5 (one page of that many megabytes, built cold: time and peak RSS; 0 skips it)
 * The API table measures the real site's API page, and with --github-spec GitHub's REST API too.
 * "Cold" means no out/ and no page cache (.docsgen/cache); docsgen's own compiled CLI, theme and
 * client bundle stay cached, as they are after the first run on a machine ("first run" column).
 */
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createServer } from 'node:net';
import { readFile, readdir, rm, stat, writeFile, mkdtemp, cp } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateCorpus } from './corpus.ts';
import { searchStats } from './search.ts';
import { bigPageMarkdown } from './big-page.ts';
import { measureCommand, type Measured } from './measure.ts';
import { markdownCost, type MarkdownCost } from './markdown.ts';
import { buildDocusaurus, convertCorpus, installDocusaurus } from './docusaurus.ts';
import { judgeTargets, targetsTable } from './targets.ts';
import { scalingSvg } from './plot.ts';
import { BIN, ROOT, launchChromium, serveBuild } from '../helpers.ts';
import { apiTable, githubSite, measureApiPages, type ApiRow } from './api-pages.ts';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? fallback) : fallback;
};
const sizes = option('sizes', '150,1000,10000').split(',').map(Number).filter((n) => n > 0);
const defaultRuns = Number(option('runs', '3'));
/** Corpora of 5,000 pages and more take minutes per build: measured once unless asked otherwise. */
const largeRuns = Number(option('large-runs', '1'));
let runs = defaultRuns;
const skipServe = args.includes('--skip-serve');

/** Runs the CLI, measuring wall and CPU time and the peak memory of all its processes (see measure.ts). */
async function timedCli(cliArgs: string[], env: Record<string, string> = {}): Promise<Measured> {
  return measureCommand(process.execPath, [BIN, ...cliArgs], { env: { ...process.env, NODE_ENV: 'production', ...env } });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/** JS and CSS a doc page loads before interaction: its stylesheets, module preloads and entry. */
async function pageWeight(outDir: string, base: string, docRel: string) {
  const html = await readFile(path.join(outDir, docRel), 'utf8');
  const urls = [...html.matchAll(/<(?:link rel="(?:stylesheet|modulepreload)"|script type="module") (?:href|src)="([^"]+)"/g)].map((m) => m[1] ?? '');
  const weight = { htmlBytes: Buffer.byteLength(html), jsRaw: 0, jsGzip: 0, cssRaw: 0, cssGzip: 0 };
  for (const url of new Set(urls)) {
    const body = await readFile(path.join(outDir, url.slice(base.length)));
    const gz = gzipSync(body, { level: 9 }).length;
    if (url.endsWith('.css')) {
      weight.cssRaw += body.length;
      weight.cssGzip += gz;
    } else {
      weight.jsRaw += body.length;
      weight.jsGzip += gz;
    }
  }
  return weight;
}

/**
 * Time from saving a page to the open browser showing its new content, under `docsgen serve` run
 * as its own process (in this process, its work would also hold up Playwright's events). The page
 * records when the new heading appears (Date.now on both sides: one machine, one clock).
 */
async function saveToBrowser(siteDir: string, docRel: string, base: string): Promise<number> {
  const port = await freePort();
  const serve = spawn(process.execPath, [BIN, 'serve', '--config', path.join(siteDir, 'config.yaml'), '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    serve.stdout.on('data', (d: Buffer) => ((out += d.toString()), out.includes('serving http') && resolve()));
    serve.once('exit', (code) => reject(new Error(`docsgen serve exited with ${code}`)));
  });
  const browser = await launchChromium();
  const times: number[] = [];
  try {
    const page = await (await browser.newContext()).newPage();
    const route = docRel.replace(/index\.html$/, '');
    const source = path.join(siteDir, 'content', `${route.replace(/\/$/, '')}.md`);
    for (let i = 0; i < 5; i++) {
      await page.goto(`http://127.0.0.1:${port}${base}${route}`);
      await page.waitForSelector('html[data-hydrated="true"]');
      await page.waitForSelector('html[data-live-reload="connected"]');
      const marker = `bench-marker-${i}-${Date.now()}`;
      await page.evaluate((id) => {
        new MutationObserver((_, observer) => {
          if (!document.getElementById(id)) return;
          (window as unknown as { __shownAt: number }).__shownAt = Date.now();
          observer.disconnect();
        }).observe(document.body, { childList: true, subtree: true });
      }, marker);
      const text = await readFile(source, 'utf8');
      const saved = Date.now();
      await writeFile(source, `${text}\n\n## ${marker}\n`);
      await page.waitForSelector(`#${marker}`, { timeout: 30_000 });
      times.push((await page.evaluate(() => (window as unknown as { __shownAt: number }).__shownAt)) - saved);
    }
  } finally {
    await browser.close();
    serve.kill('SIGTERM');
  }
  return median(times);
}

/**
 * Time from saving a page to out/ holding it, under `docsgen build --watch` run as its own process
 * (median of five edits): out/ is swapped in whole, so the moment its folder changes is the moment
 * the edit is in out/. Each edit waits for the build's summary line before the next one.
 */
/**
 * Save → the edited page in out/, with `docsgen build --watch` running (median of five saves). An
 * edit of a page's text is written over out/ in place: the page first, then the search index's
 * changed files and the manifest, which the summary line follows; the second number is that.
 */
async function watchedEdit(siteDir: string, docRel: string): Promise<{ page: number; done: number }> {
  const config = path.join(siteDir, 'config.yaml');
  const page = path.join(siteDir, 'out', docRel);
  const source = path.join(siteDir, 'content', `${docRel.replace(/\/index\.html$/, '')}.md`);
  const original = await readFile(source, 'utf8');
  const watch = spawn(process.execPath, [BIN, 'build', '--watch', '--config', config], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'production' } });
  let out = '';
  const lines = (prefix: string) => out.split('\n').filter((l) => l.startsWith(prefix)).length;
  const waitForLines = (prefix: string, count: number) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (lines(prefix) >= count ? resolve() : watch.exitCode !== null ? reject(new Error(`docsgen build --watch exited: ${out}`)) : setTimeout(check, 2));
      check();
    });
  watch.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const pageTimes: number[] = [];
  const doneTimes: number[] = [];
  try {
    await waitForLines('watching', 1);
    for (let i = 0; i < 5; i++) {
      const built = lines('built ');
      const before = statSync(page).ino;
      const marker = `bench-watch-${i}-${Date.now()}`;
      const saved = Date.now();
      await writeFile(source, `${original}\n\n${marker}\n`);
      // Written beside, then renamed over the page: a new file is the whole new page.
      while (statSync(page, { throwIfNoEntry: false })?.ino === before) await new Promise((resolve) => setTimeout(resolve, 2));
      pageTimes.push(Date.now() - saved);
      if (!(await readFile(page, 'utf8')).includes(marker)) throw new Error('the page changed without the edit');
      await waitForLines('built ', built + 1);
      doneTimes.push(Date.now() - saved);
    }
  } finally {
    watch.kill('SIGTERM');
    await writeFile(source, original);
  }
  await timedCli(['build', '--config', config]);
  return { page: median(pageTimes) / 1000, done: median(doneTimes) / 1000 };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function requestsPerSecond(outDir: string, base: string, docRel: string): Promise<number> {
  const server = await serveBuild(outDir, base);
  const result = await autocannon({ url: `${server.origin}${base}${docRel.replace(/index\.html$/, '')}`, connections: 100, duration: 5 });
  await server.close();
  return result.requests.average;
}

/**
 * Lighthouse (mobile, the default profile) on a doc page of the served build. Lighthouse is not a
 * project dependency: it is installed into a temporary folder the first time (--lighthouse).
 */
async function lighthouseScores(outDir: string, base: string, docRel: string): Promise<Record<string, number>> {
  const prefix = path.join(os.tmpdir(), 'docsgen-lighthouse');
  const bin = path.join(prefix, 'node_modules/lighthouse/cli/index.js');
  const exec = (cmd: string, cmdArgs: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = spawn(cmd, cmdArgs, { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}`))));
    });
  try {
    await stat(bin);
  } catch {
    await exec('npm', ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', 'lighthouse@12']);
  }
  const server = await serveBuild(outDir, base);
  try {
    const json = await exec(process.execPath, [
      bin,
      `${server.origin}${base}${docRel.replace(/index\.html$/, '')}`,
      '--output=json',
      '--quiet',
      '--chrome-path=/usr/bin/chromium',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run',
    ]);
    const report = JSON.parse(json) as { categories: Record<string, { score: number }> };
    return Object.fromEntries(Object.entries(report.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
  } finally {
    await server.close();
  }
}

interface Row {
  name: string;
  pages: number;
  firstRun?: number;
  cold: number;
  coldCpu: number;
  warm: number;
  /** One page's text edited, then built. */
  edit: number;
  pagesPerSecond: number;
  peakRssMb: number;
  outMb: number;
  weight: Awaited<ReturnType<typeof pageWeight>>;
  check: number;
  search: Awaited<ReturnType<typeof searchStats>>;
  markdown?: MarkdownCost;
  docusaurus?: { seconds: number; cpuSeconds: number; peakRssMb: number; outMb: number };
  saveMs?: number;
  /** One page's text edited with `docsgen build --watch` running: seconds until out/ holds it. */
  watchEdit?: number;
  /** …until the summary line (every file and the manifest written). */
  watchEditDone?: number;
  rps?: number;
  lighthouse?: Record<string, number>;
}

/** Appends a paragraph to one page, builds, and puts the page back (built again, so out/ is as before). */
async function editedBuild(config: string, source: string): Promise<Measured> {
  const text = await readFile(source, 'utf8');
  await writeFile(source, `${text}\nThis paragraph was added by the bench at ${Date.now()}.\n`);
  const edited = await timedCli(['build', '--config', config]);
  await writeFile(source, text);
  await timedCli(['build', '--config', config]);
  return edited;
}

async function measureBuilds(name: string, siteDir: string, editSource: string, firstRunWanted: boolean) {
  const config = path.join(siteDir, 'config.yaml');
  const outDir = path.join(siteDir, 'out');
  let firstRun: number | undefined;
  if (firstRunWanted) {
    await rm(path.join(ROOT, 'node_modules/.cache/docsgen'), { recursive: true, force: true });
    await rm(path.join(siteDir, '.docsgen'), { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    firstRun = (await timedCli(['build', '--config', config])).seconds;
  }
  const cold: Measured[] = [];
  const warm: Measured[] = [];
  const edit: Measured[] = [];
  for (let i = 0; i < runs; i++) {
    await rm(path.join(siteDir, '.docsgen'), { recursive: true, force: true });
    await rm(outDir, { recursive: true, force: true });
    const c = await timedCli(['build', '--config', config]);
    if (c.code !== 0) throw new Error(`build of ${name} failed: ${c.stderr}`);
    cold.push(c);
    warm.push(await timedCli(['build', '--config', config]));
    edit.push(await editedBuild(config, editSource));
  }
  return { firstRun, cold, warm, edit };
}

async function measureSite(name: string, siteDir: string, docRel: string, options: { firstRun?: boolean; serve: boolean; lighthouse?: boolean; docusaurus?: boolean }): Promise<Row> {
  const config = path.join(siteDir, 'config.yaml');
  const base = /^baseUrl: (.+)$/m.exec(await readFile(config, 'utf8'))?.[1]?.trim() ?? '/';
  const outDir = path.join(siteDir, 'out');
  const editSource = path.join(siteDir, 'content', `${docRel.replace(/\/index\.html$/, '')}.md`);
  const { firstRun, cold, warm, edit } = await measureBuilds(name, siteDir, editSource, options.firstRun ?? false);
  const checks: number[] = [];
  for (let i = 0; i < Math.min(runs, 2); i++) checks.push((await timedCli(['check', '--config', config])).seconds);
  const pages = (await readdir(outDir, { recursive: true })).filter((f) => f.endsWith('index.html')).length;
  const coldSeconds = median(cold.map((r) => r.seconds));
  return {
    name,
    pages,
    ...(firstRun !== undefined ? { firstRun } : {}),
    cold: coldSeconds,
    coldCpu: median(cold.map((r) => r.cpuSeconds)),
    warm: median(warm.map((r) => r.seconds)),
    edit: median(edit.map((r) => r.seconds)),
    pagesPerSecond: pages / coldSeconds,
    peakRssMb: median(cold.map((r) => r.peakRssMb)),
    outMb: (await dirSize(outDir)) / 1024 / 1024,
    weight: await pageWeight(outDir, base, docRel),
    check: median(checks),
    search: await searchStats(outDir),
    markdown: await markdownCost(path.join(siteDir, 'content')),
    ...(options.docusaurus ? { docusaurus: await measureDocusaurus(siteDir) } : {}),
    ...(options.serve ? { saveMs: await saveToBrowser(siteDir, docRel, base), ...(await watchedEdit(siteDir, docRel).then(({ page, done }) => ({ watchEdit: page, watchEditDone: done }))), rps: await requestsPerSecond(outDir, base, docRel) } : {}),
    ...(options.lighthouse ? { lighthouse: await lighthouseScores(outDir, base, docRel) } : {}),
  };
}

/** Docusaurus 3.10 with @docusaurus/faster on the same corpus, cold, in the same run. */
async function measureDocusaurus(corpusDir: string): Promise<NonNullable<Row['docusaurus']>> {
  const bin = await installDocusaurus();
  const siteDir = `${corpusDir}-docusaurus`;
  await convertCorpus(corpusDir, siteDir);
  const results: Measured[] = [];
  for (let i = 0; i < Number(option('docusaurus-runs', '1')); i++) results.push(await buildDocusaurus(bin, siteDir));
  const outMb = (await dirSize(path.join(siteDir, 'build'))) / 1024 / 1024;
  await rm(siteDir, { recursive: true, force: true });
  return { seconds: median(results.map((r) => r.seconds)), cpuSeconds: median(results.map((r) => r.cpuSeconds)), peakRssMb: median(results.map((r) => r.peakRssMb)), outMb };
}

function table(rows: Row[]): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)}`;
  const header = '| Site | Pages | First run (s) | Cold (s) | Cold CPU (s) | Warm (s) | One edit (s) | One edit, --watch: page / all (s) | Pages/s | Peak memory (MB) | out/ (MB) | Doc HTML (KB) | JS raw/gzip (KB) | CSS raw/gzip (KB) | Check (s) | Search index files / gzip (KB) | First search max / median (KB gzip) | Search modal code (KB gzip) | Query (ms) | Markdown (ms/page) | Save→browser (ms) | Preview req/s |';
  const sep = `|${header.split('|').slice(1, -1).map(() => '---').join('|')}|`;
  const lines = rows.map((r) =>
    [
      r.name,
      r.pages,
      r.firstRun?.toFixed(2) ?? '–',
      r.cold.toFixed(2),
      r.coldCpu.toFixed(2),
      r.warm.toFixed(2),
      r.edit.toFixed(2),
      r.watchEdit === undefined ? '–' : `${r.watchEdit.toFixed(2)} / ${r.watchEditDone?.toFixed(2) ?? '–'}`,
      r.pagesPerSecond.toFixed(0),
      r.peakRssMb.toFixed(0),
      r.outMb.toFixed(1),
      kb(r.weight.htmlBytes),
      `${kb(r.weight.jsRaw)} / ${kb(r.weight.jsGzip)}`,
      `${kb(r.weight.cssRaw)} / ${kb(r.weight.cssGzip)}`,
      r.check.toFixed(2),
      `${r.search.files} / ${kb(r.search.totalGzip)}`,
      `${kb(r.search.firstSearchMaxGzip)} / ${kb(r.search.firstSearchMedianGzip)}`,
      kb(r.search.modalCodeGzip),
      r.search.queryMs.toFixed(2),
      r.markdown ? `${r.markdown.msPerPage.toFixed(2)} (parse ${r.markdown.parseMsPerPage.toFixed(2)}, Shiki ${r.markdown.highlightMsPerPage.toFixed(2)})` : '–',
      r.saveMs?.toFixed(0) ?? '–',
      r.rps?.toFixed(0) ?? '–',
    ].join(' | '),
  );
  return [header, sep, ...lines.map((l) => `| ${l} |`)].join('\n');
}

/** One large page in the fixture site, built cold: markdown must stay linear in a page's size. */
async function measureBigPage(work: string, megabytes: number): Promise<string> {
  const site = path.join(work, 'big-page');
  await cp(path.join(ROOT, 'tests/fixtures/basic'), site, { recursive: true });
  const markdown = bigPageMarkdown(megabytes * 1024 * 1024);
  await writeFile(path.join(site, 'content/guide/big.md'), markdown);
  const result = await timedCli(['build', '--config', path.join(site, 'config.yaml')]);
  if (result.code !== 0) throw new Error(`build of the big page failed: ${result.stderr}`);
  return `One big page (${(markdown.length / 1024 / 1024).toFixed(1)} MB of markdown: headings, lists, quotes, footnotes, tables, code, admonitions) in the fixture site, cold: ${result.seconds.toFixed(2)} s, peak RSS ${result.peakRssMb.toFixed(0)} MB.`;
}

/** docsgen beside Docusaurus on the corpora built by both. */
function peerTable(rows: Row[]): string {
  const compared = rows.filter((r) => r.docusaurus);
  if (compared.length === 0) return '';
  const lines = compared.map((r) => {
    const d = r.docusaurus as NonNullable<Row['docusaurus']>;
    return `| ${r.name} | ${r.cold.toFixed(2)} / ${d.seconds.toFixed(2)} | ${(d.seconds / r.cold).toFixed(1)}× | ${r.coldCpu.toFixed(1)} / ${d.cpuSeconds.toFixed(1)} | ${r.peakRssMb.toFixed(0)} / ${d.peakRssMb.toFixed(0)} | ${r.outMb.toFixed(1)} / ${d.outMb.toFixed(1)} |`;
  });
  return ['| Corpus | Cold build (s): docsgen / Docusaurus | Faster by | CPU (s) | Peak memory, all processes (MB) | Output (MB) |', '|---|---|---|---|---|---|', ...lines].join('\n');
}

function plot(rows: Row[]): string {
  const synthetic = rows.filter((r) => r.name.startsWith('synthetic'));
  const series = [{ name: 'docsgen', colour: '#2e7d32', points: synthetic.map((r) => ({ pages: r.pages, seconds: r.cold, peakMb: r.peakRssMb })) }];
  const peer = synthetic.filter((r) => r.docusaurus);
  if (peer.length > 0) series.push({ name: 'Docusaurus 3.10 + faster', colour: '#1565c0', points: peer.map((r) => ({ pages: r.pages, seconds: r.docusaurus?.seconds ?? 0, peakMb: r.docusaurus?.peakRssMb ?? 0 })) });
  return scalingSvg(series, `npm run bench, ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores, Node ${process.version}`);
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const work = await mkdtemp(path.join(os.tmpdir(), 'docsgen-bench-'));
  const docusaurusSizes = new Set(option('docusaurus-sizes', '150,1000').split(',').map(Number));
  const withDocusaurus = args.includes('--docusaurus');
  // The real site first, including a first run on an empty docsgen cache.
  const real = path.join(work, 'real');
  await cp(ROOT, real, { recursive: true, filter: (src) => !/node_modules|\/out(\/|$)|\.docsgen|\.git(\/|$)|\/tests(\/|$)|\.scratch/.test(src.slice(ROOT.length)) });
  const firstDoc = (await readdir(path.join(ROOT, 'content'), { recursive: true })).filter((f) => f.endsWith('.md') && f !== 'index.md' && !f.endsWith('/index.md')).sort()[0] ?? 'index.md';
  process.stderr.write('bench: real site\n');
  const apiRows: ApiRow[] = [];
  if (!args.includes('--skip-real')) {
    rows.push(await measureSite('5.4 SP1 site', real, `${firstDoc.replace(/\.md$/, '')}/index.html`, { firstRun: true, serve: !skipServe, lighthouse: args.includes('--lighthouse') }));
    apiRows.push(await measureApiPages('hub REST API 1.6.0 (real site)', path.join(real, 'out'), '/suite-5.4.sp1/', 'rhubapi'));
  }
  if (args.includes('--github-spec')) {
    process.stderr.write('bench: GitHub REST API\n');
    const github = await githubSite(work);
    const build = await timedCli(['build', '--config', path.join(github, 'config.yaml')]);
    if (build.code !== 0) throw new Error(`build with GitHub's spec failed: ${build.stderr}`);
    apiRows.push(await measureApiPages("GitHub REST API (@octokit/openapi)", path.join(github, 'out'), '/docs/', 'github', { buildSeconds: build.seconds, peakRssMb: build.peakRssMb }));
  }
  for (const size of sizes) {
    process.stderr.write(`bench: ${size} pages\n`);
    runs = size >= 5000 ? largeRuns : defaultRuns;
    const dir = path.join(work, `corpus-${size}`);
    await generateCorpus({ pages: size, dir });
    rows.push(await measureSite(`synthetic ${size}`, dir, 'section-0/group-0/part-0/page-0/index.html', { serve: !skipServe && size <= 1000, docusaurus: withDocusaurus && docusaurusSizes.has(size) }));
  }
  const bigPageMb = Number(option('big-page-mb', '5'));
  let bigPage = '';
  if (bigPageMb > 0) {
    process.stderr.write(`bench: one ${bigPageMb} MB page\n`);
    bigPage = await measureBigPage(work, bigPageMb);
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const text = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}; medians of ${defaultRuns} runs (${largeRuns} for 5,000 pages and more); load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}.`,
    '',
    table(rows),
    '',
    ...(apiRows.length > 0 ? ['API reference pages (the largest page of each API):', '', apiTable(apiRows), ''] : []),
    peerTable(rows),
    '',
    targetsTable(judgeTargets(rows)),
    '',
    ...rows
      .filter((r) => r.lighthouse)
      .map((r) => `Lighthouse (mobile) on a doc page of ${r.name}: ${Object.entries(r.lighthouse ?? {}).map(([k, v]) => `${k} ${v}`).join(', ')}.`),
    ...(bigPage ? [bigPage] : []),
    '',
  ].join('\n');
  process.stdout.write(`${text}\n`);
  const out = option('out', '');
  if (out) await writeFile(out, text);
  const svg = option('svg', '');
  if (svg) await writeFile(svg, plot(rows));
  await rm(work, { recursive: true, force: true });
}

await main();
