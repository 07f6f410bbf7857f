/**
 * Deterministic synthetic corpora shaped like real product documentation, as heavy as the real
 * site's pages: nested sections with `_category_.yaml`, front matter, about 5 KB of markdown a
 * page with 3–8 h2/h3 headings, inline emphasis and code, a table, 1–3 code blocks in several
 * languages, nested, ordered and task lists, an image, sometimes an admonition, and about ten
 * cross links to other pages' anchors. Same seed, same bytes.
 */
import { mkdir, writeFile, rm } from 'node:fs/promises';
import path from 'node:path';

const LANGS = ['bash', 'json', 'yaml', 'xml', 'powershell', 'typescript', 'python', 'ini'];
const WORDS = 'hub render engine launcher playout rundown template graph node property function channel preview broadcast cache project licence database backup restore network port shared storage video input output genlock timeline keyframe interpolation action form builder newsroom story item button operator installer integrator configure install select open save apply restart verify check field value default status'.split(' ');
const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger'];
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

interface CorpusPage {
  rel: string;
  title: string;
  headings: string[];
}

/** The random text of one corpus: sentences, paragraphs with inline markup and links, blocks. */
function writer(random: () => number, pages: readonly CorpusPage[]) {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');
  const sentence = (n = int(7, 14)) => {
    const words = Array.from({ length: n }, () => pick(WORDS));
    // Inline markup as real prose has it: bold UI names, code for values.
    if (n > 6 && random() < 0.3) words[2] = `**${words[2]}**`;
    if (n > 8 && random() < 0.3) words[5] = `\`${words[5]}\``;
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  /** A link to another page's heading, relative like the real content. */
  const link = (from: CorpusPage) => {
    const target = pick(pages);
    const relative = path.posix.relative(path.posix.dirname(from.rel), target.rel);
    const anchor = slug(pick(target.headings));
    return `[${target.title.toLowerCase()}](${relative.startsWith('.') ? relative : `./${relative}`}#${anchor})`;
  };
  const paragraph = (from: CorpusPage, links: number) => {
    const sentences = Array.from({ length: int(2, 4) }, () => sentence());
    for (let l = 0; l < links; l++) sentences.splice(int(0, sentences.length), 0, `See ${link(from)} for the details.`);
    return sentences.join(' ');
  };
  const table = () => ['| Field | Default | Meaning |', '|---|---|---|', ...Array.from({ length: int(3, 6) }, () => `| \`${pick(WORDS)}\` | ${int(1, 9999)} | ${sentence(int(5, 9))} |`), ''];
  const code = () => [`\`\`\`${pick(LANGS)}`, ...Array.from({ length: int(3, 10) }, () => `${pick(WORDS)}: ${int(1, 65535)} # ${pick(WORDS)} ${pick(WORDS)}`), '```', ''];
  const nestedList = () =>
    Array.from({ length: int(2, 4) }, () => [`- ${sentence(int(5, 10))}`, ...Array.from({ length: int(0, 3) }, () => `  - ${sentence(int(4, 8))}`)]).flat().concat('');
  const taskList = () => [...Array.from({ length: int(2, 5) }, () => `- [${random() < 0.5 ? 'x' : ' '}] ${sentence(int(4, 9))}`), ''];
  const orderedList = () => [...Array.from({ length: int(2, 5) }, (_, n) => `${n + 1}. ${sentence()}`), ''];
  const admonition = () => [`:::${pick(ADMONITIONS)}`, sentence(), ':::', ''];
  return { pick, int, sentence, link, paragraph, table, code, nestedList, taskList, orderedList, admonition };
}

function pageMarkdown(page: CorpusPage, i: number, w: ReturnType<typeof writer>): string {
  const lines: string[] = ['---', `title: ${page.title}`, `description: ${w.sentence().replace(/[*`]/g, '')}`, `sidebar_position: ${i % 10}`, '---', '', w.paragraph(page, 1), ''];
  const sections = page.headings.length;
  // Which section holds which block: one table, 1–3 code blocks, the lists, the image.
  const tableAt = w.int(0, sections - 1);
  const codeAt = new Set(Array.from({ length: w.int(1, 3) }, () => w.int(0, sections - 1)));
  const listsAt = w.int(0, sections - 1);
  page.headings.forEach((heading, h) => {
    lines.push(`${h > 0 && w.int(0, 2) === 0 ? '###' : '##'} ${heading}`, '', w.paragraph(page, w.int(0, 1)), '');
    if (h === tableAt) lines.push(...w.table());
    if (h === listsAt) lines.push(...w.nestedList(), w.paragraph(page, 0), '', ...w.taskList());
    if (h === (listsAt + 1) % sections) lines.push(...w.orderedList());
    if (codeAt.has(h)) lines.push(w.sentence(6).replace(/\.$/, ':'), '', ...w.code());
    if (h === 1) lines.push('![Diagram of the flow](./img/diagram.svg)', '');
    if (h === sections - 1 && i % 3 === 0) lines.push(...w.admonition());
    if (w.int(0, 2) === 0) lines.push(w.paragraph(page, 0), '');
  });
  // A "see also" list, as the real pages end: the rest of the ~10 cross links.
  lines.push('## See also', '', ...Array.from({ length: 10 - Math.ceil(sections / 2) - 1 }, () => `- ${w.link(page)}`), '');
  return lines.join('\n');
}

export async function generateCorpus(options: CorpusOptions): Promise<void> {
  const random = rng(options.seed ?? 42);
  await rm(options.dir, { recursive: true, force: true });
  const content = path.join(options.dir, 'content');
  await mkdir(content, { recursive: true });

  // Like the real site: about ten top-level sections, then nested folders of ten pages each.
  const perSection = Math.ceil(options.pages / 10);
  const pages: CorpusPage[] = [];
  const w = writer(random, pages);
  for (let i = 0; i < options.pages; i++) {
    const section = Math.floor(i / perSection);
    const within = i % perSection;
    pages.push({ rel: `section-${section}/group-${Math.floor(within / 100)}/part-${Math.floor((within % 100) / 10)}/page-${i}.md`, title: `${w.sentence(w.int(2, 5)).replace(/\.$/, '').replace(/[*`]/g, '')} ${i}`, headings: [] });
  }
  // Headings are decided first so that cross links can point at real anchors.
  for (const page of pages) {
    const count = w.int(3, 8);
    for (let h = 0; h < count; h++) page.headings.push(`${w.pick(WORDS)} ${w.pick(WORDS)} ${h}`);
  }

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
    await writeFile(path.join(content, page.rel), pageMarkdown(page, i, w));
  }
  await writeFile(path.join(content, 'index.md'), '---\ntitle: Benchmark corpus\nlayout: landing\n---\n\nA synthetic corpus.\n');
  await writeFile(
    path.join(options.dir, 'config.yaml'),
    ['title: Benchmark', 'url: https://bench.example.com', 'baseUrl: /bench/', 'navbar:', '  items:', '    - { type: docSidebar, label: Docs, position: left }', 'footer:', '  copyright: Benchmark', ''].join('\n'),
  );
}
