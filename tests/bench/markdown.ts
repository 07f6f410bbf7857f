/**
 * Markdown and highlighting cost per page on one core (issue 19, target 1): the pages of a site
 * rendered on this thread with the build's renderer, after a warm-up on other pages, timed in CPU
 * time (process.cpuUsage, so other load on the machine does not count). Highlighting is timed the
 * same way on the pages' code blocks alone, on a fresh highlighter (no block seen before); since
 * 2026-11-27 the highlighters of a thread share one Shiki instance (src/markdown/shiki-instance.ts),
 * so this one starts with the grammars' regular expressions compiled, as a build's later pages do.
 * Parsing alone (remark-parse and its syntax extensions, which the issue keeps) is timed the same
 * way with the processor each page is rendered with.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMarkdownParser, createMarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter, languagesIn } from '../../src/markdown/highlight.ts';
import { parseMarkdownFile } from '../../src/content/frontmatter.ts';

export interface MarkdownCost {
  pages: number;
  /** CPU milliseconds per page: markdown to HTML, highlighting included. */
  msPerPage: number;
  /** Of which highlighting the page's code blocks. */
  highlightMsPerPage: number;
  /** Of which parsing alone: remark-parse with the syntax extensions the page needs (the issue keeps remark-parse). */
  parseMsPerPage: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export async function markdownCost(contentDir: string, limit = 400): Promise<MarkdownCost> {
  const files = (await readdir(contentDir, { recursive: true })).map(String).filter((f) => f.endsWith('.md')).sort();
  const all = await Promise.all(files.map(async (f) => ({ rel: f, md: (await parseMarkdownFile(await readFile(path.join(contentDir, f), 'utf8'), f)).body })));
  const warmUp = all.slice(limit, limit + 50);
  const pages = all.slice(0, limit);
  const langs = languagesIn(all.map((p) => p.md));
  const options = { highlighter: await createCodeHighlighter(langs), baseUrl: '/b/', routeOfDoc: (rel: string) => `/b/${rel}`, urlOfAsset: (rel: string) => `/b/${rel}` };
  /** CPU milliseconds per page of `work` over the pages, once it has run over the warm-up pages. */
  const perPage = (work: (markdown: string, relPath: string) => unknown): number => {
    for (const page of warmUp.length > 0 ? warmUp : pages.slice(0, 20)) work(page.md, page.rel);
    const started = cpuMs();
    for (const page of pages) work(page.md, page.rel);
    return (cpuMs() - started) / pages.length;
  };
  const msPerPage = perPage(createMarkdownRenderer(options));
  // Parsing alone, timed the same way with a parser of its own (the processors a page would be rendered with).
  const parseMsPerPage = perPage(createMarkdownParser(options));

  const highlighter = await createCodeHighlighter(langs);
  const blocks = pages.flatMap((p) => [...p.md.matchAll(/^```(\w+)\n([\s\S]*?)\n```$/gm)].map((m) => ({ lang: m[1] ?? '', code: m[2] ?? '' })));
  for (const page of warmUp) for (const m of page.md.matchAll(/^```(\w+)\n([\s\S]*?)\n```$/gm)) highlighter.highlight(`${m[2] ?? ''}\n`, m[1] ?? '');
  const highlightStarted = cpuMs();
  for (const block of blocks) highlighter.highlight(block.code, block.lang);
  return { pages: pages.length, msPerPage, highlightMsPerPage: (cpuMs() - highlightStarted) / pages.length, parseMsPerPage };
}
