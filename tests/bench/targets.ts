/**
 * Issue 19's targets, each judged from the bench's measurements as met, missed or not measured in
 * this run (a target whose site or option was left out of the run).
 */
export interface SiteResult {
  name: string;
  pages: number;
  cold: number;
  warm: number;
  edit: number;
  /** The same edit with `docsgen build --watch` running: save → the page in out/ (measured with the dev server). */
  watchEdit?: number;
  /** …and until every file of the edit and the manifest are written. */
  watchEditDone?: number;
  pagesPerSecond: number;
  peakRssMb: number;
  outMb: number;
  /** Gzip bytes the first search downloads (the worst query of the bench's list) and a query's time. */
  search: { firstSearchMaxGzip: number; queryMs: number };
  markdown?: { msPerPage: number; highlightMsPerPage: number; parseMsPerPage: number };
  docusaurus?: { seconds: number; peakRssMb: number; outMb: number };
}

export interface TargetLine {
  target: string;
  measured: string;
  met: boolean | undefined;
}

const s = (n: number) => `${n.toFixed(2)} s`;

function line(target: string, value: number | undefined, format: (n: number) => string, met: (n: number) => boolean): TargetLine {
  return value === undefined || Number.isNaN(value) ? { target, measured: 'not measured in this run', met: undefined } : { target, measured: format(value), met: met(value) };
}

/** A site's markdown time per page, with parsing's and highlighting's shares of it. */
const markdownShares = (row: SiteResult | undefined) => (n: number) =>
  `${n.toFixed(2)} ms (parsing alone ${row?.markdown?.parseMsPerPage.toFixed(2)} ms, highlighting ${row?.markdown?.highlightMsPerPage.toFixed(2)} ms)`;

export function judgeTargets(rows: readonly SiteResult[]): TargetLine[] {
  const synthetic = (pages: number) => rows.find((r) => r.name === `synthetic ${pages}`);
  const real = rows.find((r) => !r.name.startsWith('synthetic'));
  const [s1000, s10000] = [synthetic(1000), synthetic(10000)];
  const ratio = (r: SiteResult | undefined) => (r?.docusaurus ? r.docusaurus.seconds / r.cold : undefined);
  const flat = s1000 && s10000 ? s10000.pagesPerSecond / s1000.pagesPerSecond : undefined;
  const compared = rows.filter((r) => r.docusaurus);
  const lines: TargetLine[] = [
    line('1. Markdown and highlighting ≤ 3 ms per page per core (synthetic corpus)', s1000?.markdown?.msPerPage, markdownShares(s1000), (n) => n <= 3),
    line('1. … on the real site', real?.markdown?.msPerPage, markdownShares(real), (n) => n <= 3),
    line('2. 1,000 pages cold ≤ 4 s', s1000?.cold, s, (n) => n <= 4),
    line('2. 1,000 pages ≥ 10× faster than Docusaurus 3.10 + faster', ratio(s1000), (n) => `${n.toFixed(1)}× (${s(s1000?.docusaurus?.seconds ?? 0)} against ${s(s1000?.cold ?? 0)})`, (n) => n >= 10),
    line('2. 10,000 pages cold ≤ 20 s', s10000?.cold, s, (n) => n <= 20),
    line('2. Peak memory ≤ 400 MB at 1,000 pages', s1000?.peakRssMb, (n) => `${n.toFixed(0)} MB`, (n) => n <= 400),
    line('2. Peak memory ≤ 1 GB at 10,000 pages', s10000?.peakRssMb, (n) => `${n.toFixed(0)} MB`, (n) => n <= 1024),
    line('2. Pages per second flat from 1,000 to 10,000 (within 15 %)', flat, (n) => `${s1000?.pagesPerSecond.toFixed(0)} → ${s10000?.pagesPerSecond.toFixed(0)} pages/s (${(n * 100).toFixed(0)} %)`, (n) => n >= 0.85),
    line('3. Real site rebuilt with nothing changed ≤ 0.3 s', real?.warm, s, (n) => n <= 0.3),
    line('3. Real site, one page edited, written to out/ ≤ 0.2 s', real?.edit, s, (n) => n <= 0.2),
    line('3. … with `docsgen build --watch` running (save → the page in out/)', real?.watchEdit, (n) => `${s(n)} (every file and the manifest: ${s(real?.watchEditDone ?? NaN)})`, (n) => n <= 0.2),
    line('4. First search ≤ 300 KB gzip at 10,000 pages', s10000?.search.firstSearchMaxGzip, (n) => `${(n / 1024).toFixed(0)} KB (the largest of the bench's queries)`, (n) => n <= 300 * 1024),
    line('4. First search ≤ 100 KB gzip on the real site', real?.search.firstSearchMaxGzip, (n) => `${(n / 1024).toFixed(0)} KB (the largest of the bench's queries)`, (n) => n <= 100 * 1024),
    line('4. Query ≤ 30 ms at 10,000 pages', s10000?.search.queryMs, (n) => `${n.toFixed(1)} ms`, (n) => n <= 30),
  ];
  for (const r of compared) {
    lines.push(line(`5. out/ no larger than Docusaurus's (${r.name})`, r.outMb, (n) => `${n.toFixed(1)} MB against ${r.docusaurus?.outMb.toFixed(1)} MB`, (n) => n <= (r.docusaurus?.outMb ?? 0)));
  }
  if (compared.length === 0) lines.push({ target: "5. out/ no larger than Docusaurus's", measured: 'not measured in this run (--docusaurus)', met: undefined });
  return lines;
}

export function targetsTable(lines: readonly TargetLine[]): string {
  const rows = lines.map((l) => `| ${l.target} | ${l.measured} | ${l.met === undefined ? '–' : l.met ? 'met' : '**missed**'} |`);
  return ['| Target (issue 19) | Measured | Met? |', '|---|---|---|', ...rows].join('\n');
}
