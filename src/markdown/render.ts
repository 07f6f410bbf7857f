/**
 * Markdown → HTML for one page: remark-parse, GFM, directives (admonitions), remark-rehype, raw
 * HTML, heading ids and anchors, link and image rewriting, Shiki, rehype-stringify.
 */
// Before any parsing: micromark's edits become linear in the page's size (see the module).
import './linear-edit-map.ts';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import type { TocItem } from '../../theme/data.ts';
import { remarkAdmonitions } from './admonitions.ts';
import { mayHaveAutolinkLiterals, remarkGfmSelectable } from './gfm.ts';
import { rehypeHeadings, type HeadingData } from './headings.ts';
import { rehypeLinks, type LinkContext, type LinkFindings } from './links.ts';
import { rehypeShiki, type CodeHighlighter } from './highlight.ts';
import { remarkCodeMeta } from './code-meta.ts';
import { rehypeTabs, remarkTabs } from './tabs.ts';
import { rehypeAdmonitionIcons } from './admonition-icons.ts';
import { rehypeRawWhenNeeded } from './raw-html.ts';
import { rehypeSearchBlocks, type SearchBlock } from './search-blocks.ts';
import { checkMarkdownLimits } from './limits.ts';
import { tokenizeLinkTargets } from '../checks/link-targets.ts';

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  /** Text of a leading h1, which is removed from the body. */
  h1?: string;
  findings: LinkFindings;
  searchBlocks: SearchBlock[];
  /** Ids and hrefs of `html`, read by the checks' tokenizer here, in the (parallel, cached) markdown stage. */
  linkTargets?: { ids: string[]; hrefs: string[] };
}

export interface MarkdownRendererOptions {
  highlighter: CodeHighlighter;
  baseUrl: string;
  routeOfDoc: LinkContext['routeOfDoc'];
  urlOfAsset: LinkContext['urlOfAsset'];
  /** Always parse with every syntax extension (the reference the per-page choice must equal). */
  fullSyntax?: boolean;
}

export type MarkdownRenderer = (markdown: string, relPath: string) => RenderedMarkdown;

export function createMarkdownRenderer(options: MarkdownRendererOptions): MarkdownRenderer {
  // Processors are built once per build, not once per page. A page picks the cheapest one that
  // parses it exactly as the full one would: without autolink literals when it has no URL or
  // e-mail address, without directives when nothing in it can start one (":" before a letter).
  const processors = new Map<string, ReturnType<typeof createProcessor>>();
  const processorFor = (markdown: string) => {
    const autolinkLiterals = options.fullSyntax === true || mayHaveAutolinkLiterals(markdown);
    const directives = options.fullSyntax === true || /:[A-Za-z]/.test(markdown);
    const key = `${autolinkLiterals}/${directives}`;
    let processor = processors.get(key);
    if (!processor) processors.set(key, (processor = createProcessor(options, { autolinkLiterals, directives })));
    return processor;
  };
  return (markdown, relPath) => {
    checkMarkdownLimits(markdown, relPath);
    const file = new VFile({ value: markdown, path: relPath });
    const html = String(processorFor(markdown).processSync(file));
    const data = file.data as { headings?: HeadingData; links?: LinkFindings; searchBlocks?: SearchBlock[] };
    return {
      html,
      toc: data.headings?.toc ?? [],
      ...(data.headings?.h1 ? { h1: data.headings.h1 } : {}),
      findings: data.links ?? { links: [], brokenMarkdownLinks: [], missingImages: [], assets: [] },
      searchBlocks: data.searchBlocks ?? [],
      linkTargets: tokenizeLinkTargets(html),
    };
  };
}

function createProcessor(options: MarkdownRendererOptions, syntax: { autolinkLiterals: boolean; directives: boolean }) {
  return unified()
    .use(remarkParse)
    .use(remarkGfmSelectable, { autolinkLiterals: syntax.autolinkLiterals })
    .use(remarkCodeMeta)
    .use(syntax.directives ? [remarkDirective, remarkTabs, remarkAdmonitions] : [])
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(rehypeRawWhenNeeded)
    .use(rehypeHeadings)
    .use(rehypeLinks, { baseUrl: options.baseUrl, routeOfDoc: options.routeOfDoc, urlOfAsset: options.urlOfAsset })
    .use(rehypeSearchBlocks)
    .use(rehypeShiki, options.highlighter)
    .use(rehypeTabs)
    .use(rehypeAdmonitionIcons)
    .use(rehypeStringify)
    .freeze();
}
