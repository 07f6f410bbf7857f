/**
 * The bench's plot: cold build time and peak memory against page count (logarithmic), docsgen
 * beside Docusaurus where it was measured, with the targets drawn in. Plain SVG, no library.
 */
export interface ScalingPoint {
  pages: number;
  seconds: number;
  peakMb: number;
}

export interface ScalingSeries {
  name: string;
  colour: string;
  points: ScalingPoint[];
}

interface Panel {
  title: string;
  unit: string;
  value(point: ScalingPoint): number;
  targets: { pages: number; value: number; label: string }[];
}

const WIDTH = 360;
const HEIGHT = 260;
const MARGIN = { left: 52, right: 16, top: 30, bottom: 40 };

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function niceMax(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= value) ?? value;
}

function panel(series: readonly ScalingSeries[], spec: Panel, offsetX: number): string {
  const all = series.flatMap((s) => s.points);
  const pages = [...new Set(all.map((p) => p.pages))].sort((a, b) => a - b);
  const [minPages, maxPages] = [pages[0] ?? 1, pages.at(-1) ?? 10];
  const maxValue = niceMax(Math.max(...all.map(spec.value), ...spec.targets.map((t) => t.value)) * 1.05);
  const plotW = WIDTH - MARGIN.left - MARGIN.right;
  const plotH = HEIGHT - MARGIN.top - MARGIN.bottom;
  const span = Math.log10(maxPages / minPages) || 1;
  const x = (n: number) => offsetX + MARGIN.left + (Math.log10(n / minPages) / span) * plotW;
  const y = (v: number) => MARGIN.top + plotH - (v / maxValue) * plotH;
  const parts: string[] = [`<text x="${offsetX + WIDTH / 2}" y="18" text-anchor="middle" font-weight="600">${escape(spec.title)}</text>`];
  for (let i = 0; i <= 4; i++) {
    const v = (maxValue * i) / 4;
    parts.push(`<line x1="${x(minPages)}" x2="${x(maxPages)}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`, `<text x="${x(minPages) - 6}" y="${y(v) + 4}" text-anchor="end">${v >= 100 ? v.toFixed(0) : v.toPrecision(2)}</text>`);
  }
  for (const n of pages) parts.push(`<text x="${x(n)}" y="${HEIGHT - MARGIN.bottom + 16}" text-anchor="middle">${n.toLocaleString('en')}</text>`);
  parts.push(`<text x="${offsetX + MARGIN.left + plotW / 2}" y="${HEIGHT - 6}" text-anchor="middle">pages (log scale)</text>`);
  parts.push(`<text transform="translate(${offsetX + 14} ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escape(spec.unit)}</text>`);
  for (const target of spec.targets) {
    parts.push(`<circle cx="${x(target.pages)}" cy="${y(target.value)}" r="5" fill="none" stroke="#c00" stroke-dasharray="2 2"/>`, `<text x="${x(target.pages) - 8}" y="${y(target.value) - 8}" text-anchor="end" fill="#c00">${escape(target.label)}</text>`);
  }
  for (const s of series) {
    const points = [...s.points].sort((a, b) => a.pages - b.pages);
    parts.push(`<polyline fill="none" stroke="${s.colour}" stroke-width="2" points="${points.map((p) => `${x(p.pages).toFixed(1)},${y(spec.value(p)).toFixed(1)}`).join(' ')}"/>`);
    for (const p of points) parts.push(`<circle cx="${x(p.pages)}" cy="${y(spec.value(p))}" r="3" fill="${s.colour}"><title>${escape(`${s.name}: ${p.pages} pages, ${spec.value(p).toFixed(1)} ${spec.unit}`)}</title></circle>`);
  }
  return parts.join('\n');
}

export function scalingSvg(series: readonly ScalingSeries[], caption: string): string {
  const panels: Panel[] = [
    { title: 'Cold build time', unit: 'seconds', value: (p) => p.seconds, targets: [{ pages: 1000, value: 4, label: '4 s' }, { pages: 10000, value: 20, label: '20 s' }] },
    { title: 'Peak memory (all processes)', unit: 'MB', value: (p) => p.peakMb, targets: [{ pages: 1000, value: 400, label: '400 MB' }, { pages: 10000, value: 1024, label: '1 GB' }] },
  ];
  const legend = series.map((s, i) => `<rect x="${20 + i * 150}" y="${HEIGHT + 8}" width="12" height="12" fill="${s.colour}"/><text x="${38 + i * 150}" y="${HEIGHT + 18}">${escape(s.name)}</text>`);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * 2}" height="${HEIGHT + 50}" viewBox="0 0 ${WIDTH * 2} ${HEIGHT + 50}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...panels.map((spec, i) => panel(series, spec, i * WIDTH)),
    ...legend,
    `<text x="${WIDTH * 2 - 10}" y="${HEIGHT + 42}" text-anchor="end" fill="#555">${escape(caption)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
