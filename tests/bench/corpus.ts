/**
 * Deterministic synthetic corpora shaped like the real site: nested sections with
 * `_category_.yaml`, front matter, 3–8 h2/h3 headings, tables, 1–3 code blocks in several
 * languages, lists, images, cross links and anchors. Same seed, same bytes.
 */
import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';

const LANGS = ['bash', 'json', 'yaml', 'xml', 'powershell', 'typescript', 'python', 'ini'];
const WORDS = 'hub render engine launcher playout rundown template graph node property function channel preview broadcast cache project licence database backup restore network port shared storage video input output genlock timeline keyframe interpolation action form builder newsroom story item button operator installer integrator configure install select open save apply restart verify check field value default status'.split(' ');
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="160" viewBox="0 0 320 160"><title>Diagram</title><rect width="320" height="160" fill="#e8f0fe"/><text x="20" y="85" font-size="16" fill="#1b1f24">Diagram</text></svg>';

function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
}

export interface CorpusOptions {
  pages: number;
  dir: string;
  seed?: number;
}

export async function generateCorpus(options: CorpusOptions): Promise<void> {
  const random = rng(options.seed ?? 42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const sentence = (n = int(8, 18)) => {
    const words = Array.from({ length: n }, () => pick(WORDS));
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const paragraph = () => Array.from({ length: int(2, 5) }, () => sentence()).join(' ');

  await rm(options.dir, { recursive: true, force: true });
  const content = path.join(options.dir, 'content');
  await mkdir(content, { recursive: true });

  // Like the real site: about ten top-level sections, then nested folders of ten pages each.
  const perSection = Math.ceil(options.pages / 10);
  const pages: { rel: string; headings: string[] }[] = [];
  for (let i = 0; i < options.pages; i++) {
    const section = Math.floor(i / perSection);
    const within = i % perSection;
    pages.push({ rel: `section-${section}/group-${Math.floor(within / 100)}/part-${Math.floor((within % 100) / 10)}/page-${i}.md`, headings: [] });
  }
  // Headings are decided first so that cross links can point at real anchors.
  for (const page of pages) {
    const count = int(3, 8);
    for (let h = 0; h < count; h++) page.headings.push(`${pick(WORDS)} ${pick(WORDS)} ${h}`);
  }
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

  const folders = new Set<string>();
  for (const [i, page] of pages.entries()) {
    const dir = path.posix.dirname(page.rel);
    if (!folders.has(dir)) {
      folders.add(dir);
      await mkdir(path.join(content, dir, 'img'), { recursive: true });
      const parts = dir.split('/');
      for (let depth = 1; depth <= parts.length; depth++) {
        const name = parts[depth - 1] ?? '';
        const [label, number] = name.split('-');
        await writeFile(path.join(content, ...parts.slice(0, depth), '_category_.yaml'), `label: ${label} ${number}\nposition: ${Number(number)}\ncollapsed: true\n`);
      }
      await writeFile(path.join(content, dir, 'img', 'diagram.svg'), SVG);
    }
    const lines: string[] = ['---', `title: ${sentence(int(2, 5)).replace(/\.$/, '')} ${i}`, `description: ${sentence()}`, `sidebar_position: ${i % 10}`, '---', '', paragraph(), ''];
    page.headings.forEach((heading, h) => {
      lines.push(`${h > 0 && random() < 0.35 ? '###' : '##'} ${heading}`, '', paragraph(), '');
      const block = int(0, 5);
      if (block === 0) lines.push('| Field | Value | Meaning |', '|---|---|---|', ...Array.from({ length: int(2, 5) }, () => `| \`${pick(WORDS)}\` | ${int(1, 9999)} | ${sentence(6)} |`), '');
      if (block === 1) lines.push(...Array.from({ length: int(2, 5) }, (_, n) => `${n + 1}. ${sentence()}`), '');
      if (block === 2) lines.push(...Array.from({ length: int(2, 5) }, () => `- ${sentence()}`), '');
      if (h === 1) lines.push('![Diagram of the flow](./img/diagram.svg)', '');
      if (h < int(1, 3)) lines.push(`\`\`\`${pick(LANGS)}`, ...Array.from({ length: int(3, 10) }, () => `${pick(WORDS)}: ${int(1, 65535)} # ${pick(WORDS)}`), '```', '');
    });
    // Cross links to other pages (with anchors), relative like the real content.
    for (let l = 0; l < 3; l++) {
      const target = pages[int(0, pages.length - 1)] as (typeof pages)[number];
      const relative = path.posix.relative(path.posix.dirname(page.rel), target.rel);
      const anchor = slug(target.headings[int(0, target.headings.length - 1)] ?? '');
      lines.push(`See [${target.rel}](${relative.startsWith('.') ? relative : `./${relative}`}#${anchor}).`, '');
    }
    await writeFile(path.join(content, page.rel), lines.join('\n'));
  }
  await writeFile(path.join(content, 'index.md'), '---\ntitle: Benchmark corpus\nlayout: landing\n---\n\nA synthetic corpus.\n');
  await writeFile(
    path.join(options.dir, 'config.yaml'),
    ['title: Benchmark', 'url: https://bench.example.com', 'baseUrl: /bench/', 'navbar:', '  items:', '    - { type: docSidebar, label: Docs, position: left }', 'footer:', '  copyright: Benchmark', ''].join('\n'),
  );
}
