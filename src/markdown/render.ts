/**
 * Markdown → HTML for one page: remark-parse, GFM, directives (admonitions), remark-rehype, raw
 * HTML, heading ids and anchors, link and image rewriting, Shiki, rehype-stringify.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import type { TocItem } from '../../theme/data.ts';
import { remarkAdmonitions } from './admonitions.ts';
import { rehypeHeadings, type HeadingData } from './headings.ts';
import { rehypeLinks, type LinkContext, type LinkFindings } from './links.ts';
import { rehypeShiki, type CodeHighlighter } from './highlight.ts';
import { rehypeRawWhenNeeded } from './raw-html.ts';
import { rehypeSearchBlocks, type SearchBlock } from './search-blocks.ts';

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  /** Text of a leading h1, which is removed from the body. */
  h1?: string;
  findings: LinkFindings;
  searchBlocks: SearchBlock[];
}

export interface MarkdownRendererOptions {
  highlighter: CodeHighlighter;
  baseUrl: string;
  routeOfDoc: LinkContext['routeOfDoc'];
  urlOfAsset: LinkContext['urlOfAsset'];
}

export type MarkdownRenderer = (markdown: string, relPath: string) => RenderedMarkdown;

export function createMarkdownRenderer(options: MarkdownRendererOptions): MarkdownRenderer {
  // One processor for the whole build: plugins are attached once, not once per page.
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkDirective)
    .use(remarkAdmonitions)
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRawWhenNeeded)
    .use(rehypeHeadings)
    .use(rehypeLinks, { baseUrl: options.baseUrl, routeOfDoc: options.routeOfDoc, urlOfAsset: options.urlOfAsset })
    .use(rehypeSearchBlocks)
    .use(rehypeShiki, options.highlighter)
    .use(rehypeStringify)
    .freeze();
  return (markdown, relPath) => {
    const file = new VFile({ value: markdown, path: relPath });
    const html = String(processor.processSync(file));
    const data = file.data as { headings?: HeadingData; links?: LinkFindings; searchBlocks?: SearchBlock[] };
    return {
      html,
      toc: data.headings?.toc ?? [],
      ...(data.headings?.h1 ? { h1: data.headings.h1 } : {}),
      findings: data.links ?? { links: [], brokenMarkdownLinks: [], missingImages: [], assets: [] },
      searchBlocks: data.searchBlocks ?? [],
    };
  };
}
