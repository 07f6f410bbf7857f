/**
 * Markdown → HTML for one page: remark-parse, GFM, directives (admonitions), remark-rehype, raw
 * HTML, heading ids and anchors, link and image rewriting, Shiki, rehype-stringify. The raw-HTML
 * step (the HTML parser and the sanitizer, about a third of the toolchain's code) is given by the
 * caller: render.ts always gives it; a build renders its pages without it when none of them can
 * hold raw HTML (see render-all.ts), so a one-page edit does not load it for a page of markdown.
 */
// Before any parsing: micromark's edits become linear in the page's size (see the module).
import './linear-edit-map.ts';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkDirective from 'remark-directive';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { VFile } from 'vfile';
import type { Root as MdastRoot } from 'mdast';
import type { TocItem } from '../../theme/data.ts';
import { remarkAdmonitions } from './admonitions.ts';
import { FULL_GFM, gfmSyntaxOf, remarkGfmSelectable, type GfmSyntax } from './gfm.ts';
import { rehypeHeadings, type HeadingData } from './headings.ts';
import { rehypeLinks, type LinkContext, type LinkFindings } from './links.ts';
import { rehypeShiki, type CodeHighlighter } from './highlight.ts';
import { remarkCodeMeta, type UnclosedBlock } from './code-meta.ts';
import { remarkUndefinedReferences, type UndefinedReference } from './undefined-references.ts';
import { rehypeTabs, remarkTabs, type MisplacedBlock } from './tabs.ts';
import { rehypeAdmonitionIcons } from './admonition-icons.ts';
import type { rehypeRawWhenNeeded } from './raw-html.ts';
import { rehypeSearchBlocks, type SearchBlock } from './search-blocks.ts';
import { checkMarkdownLimits } from './limits.ts';
import { tokenizeLinkTargets } from '../checks/link-targets.ts';
import { htmlHashOf, type CachedMarkdown } from '../cache/markdown-cache.ts';
import { hashText } from '../cache/fingerprint.ts';

export interface RenderedMarkdown {
  html: string;
  toc: TocItem[];
  /** Text of a leading h1, which is removed from the body. */
  h1?: string;
  findings: LinkFindings;
  searchBlocks: SearchBlock[];
  /** Ids and hrefs of `html`, read by the checks' tokenizer here, in the (parallel, cached) markdown stage. */
  linkTargets?: { ids: string[]; hrefs: string[] };
  /** The hash of `html` (htmlHashOf), in a result made for the cache or read from it: a page's key uses it instead of hashing the HTML again. */
  htmlHash?: string;
  /** The hash of `searchBlocks`, made with `htmlHash`: the search index finds the page's keys by it without making its records (see pageEntryFromBlocks). */
  searchBlocksHash?: string;
}

export interface MarkdownRendererOptions {
  highlighter: CodeHighlighter;
  baseUrl: string;
  routeOfDoc: LinkContext['routeOfDoc'];
  urlOfAsset: LinkContext['urlOfAsset'];
  sizeOfAsset?: LinkContext['sizeOfAsset'];
  /** Always parse with every syntax extension (the reference the per-page choice must equal). */
  fullSyntax?: boolean;
}

/** The raw-HTML step (raw-html.ts), or undefined where no page to render can hold raw HTML. */
export type RawHtmlStep = typeof rehypeRawWhenNeeded | undefined;

export type MarkdownRenderer = (markdown: string, relPath: string) => RenderedMarkdown;

/** The syntax a page needs: GFM extensions, directives, and whether it can hold raw HTML at all. */
interface PageSyntax extends GfmSyntax {
  directives: boolean;
  rawHtml: boolean;
  /** `][` in the text: a reference that may be undefined (undefined-references.ts). */
  references: boolean;
}

const FULL_SYNTAX: PageSyntax = { ...FULL_GFM, directives: true, rawHtml: true, references: true };

/**
 * What `markdown` can contain. Directives start with ":" before a letter; raw HTML (the only source
 * of raw nodes, which the HTML parser and sanitizer step looks for) needs a "<".
 */
function syntaxOf(markdown: string): PageSyntax {
  return { ...gfmSyntaxOf(markdown), directives: /:[A-Za-z]/.test(markdown), rawHtml: mayHoldRawHtml(markdown), references: markdown.includes('][') };
}

/** Whether a page needs the raw-HTML step. */
export function mayHoldRawHtml(markdown: string): boolean {
  return markdown.includes('<');
}

/**
 * A renderer that records what each page resolved (every doc route and asset URL it asked for,
 * null where there was none) beside its result: the page's cache entry, whose links are checked
 * again before it is reused, and whose HTML's hash is made here, once (the page's key uses it).
 * Used on this thread and in the markdown workers alike.
 */
export function createRecordingRenderer(options: MarkdownRendererOptions, rawHtml: RawHtmlStep): (markdown: string, relPath: string) => CachedMarkdown {
  let resolved: Pick<CachedMarkdown, 'docs' | 'assets'> = { docs: {}, assets: {} };
  const recording: MarkdownRendererOptions = {
    ...options,
    routeOfDoc: (rel) => {
      const route = options.routeOfDoc(rel);
      resolved.docs[rel] = route ?? null;
      return route;
    },
    urlOfAsset: (rel) => {
      const url = options.urlOfAsset(rel);
      resolved.assets[rel] = url ?? null;
      return url;
    },
  };
  const render = createMarkdownRenderer(recording, rawHtml);
  return (markdown, relPath) => {
    resolved = { docs: {}, assets: {} };
    const result = render(markdown, relPath);
    return { result: { ...result, htmlHash: htmlHashOf(result.html), searchBlocksHash: hashText(JSON.stringify(result.searchBlocks)) }, ...resolved };
  };
}

/**
 * The processor each page is rendered with. Processors are built once per build, not once per
 * page: a page picks the cheapest one that parses it exactly as the full one would (see gfm.ts).
 */
function processorChooser(options: MarkdownRendererOptions, rawHtml: RawHtmlStep): (markdown: string) => ReturnType<typeof createProcessor> {
  const processors = new Map<string, ReturnType<typeof createProcessor>>();
  return (markdown) => {
    const syntax = options.fullSyntax === true ? FULL_SYNTAX : syntaxOf(markdown);
    const key = Object.values(syntax).map(Number).join('');
    let processor = processors.get(key);
    if (!processor) processors.set(key, (processor = createProcessor(options, syntax, rawHtml)));
    return processor;
  };
}

/**
 * Parsing alone (remark-parse and the syntax extensions a page needs, no plugin run), with the
 * processor the page is rendered with: `npm run bench` times it to show parsing's share of a page.
 */
export function createMarkdownParser(options: MarkdownRendererOptions, rawHtml: RawHtmlStep): (markdown: string, relPath: string) => MdastRoot {
  const processorFor = processorChooser(options, rawHtml);
  return (markdown, relPath) => processorFor(markdown).parse(new VFile({ value: markdown, path: relPath }));
}

export function createMarkdownRenderer(options: MarkdownRendererOptions, rawHtml: RawHtmlStep): MarkdownRenderer {
  const processorFor = processorChooser(options, rawHtml);
  return (markdown, relPath) => {
    checkMarkdownLimits(markdown, relPath);
    const file = new VFile({ value: markdown, path: relPath });
    const html = String(processorFor(markdown).processSync(file));
    const data = file.data as { headings?: HeadingData; links?: LinkFindings; searchBlocks?: SearchBlock[]; unclosedBlocks?: UnclosedBlock[]; undefinedReferences?: UndefinedReference[]; misplacedBlocks?: MisplacedBlock[] };
    const findings = data.links ?? { links: [], brokenMarkdownLinks: [], missingImages: [], assets: [] };
    if (data.unclosedBlocks) findings.unclosed = data.unclosedBlocks;
    if (data.undefinedReferences) findings.undefinedReferences = data.undefinedReferences;
    if (data.headings?.renamed) findings.renamedIds = data.headings.renamed;
    if (data.misplacedBlocks) findings.misplaced = data.misplacedBlocks;
    const { duplicateIds, ...linkTargets } = tokenizeLinkTargets(html);
    if (duplicateIds) findings.duplicateIds = duplicateIds;
    return {
      html,
      toc: data.headings?.toc ?? [],
      ...(data.headings?.h1 ? { h1: data.headings.h1 } : {}),
      findings,
      searchBlocks: data.searchBlocks ?? [],
      linkTargets,
    };
  };
}

function createProcessor(options: MarkdownRendererOptions, syntax: PageSyntax, rawHtml: RawHtmlStep) {
  // The caller loads the step whenever a page to render may hold raw HTML (mayHoldRawHtml).
  if (syntax.rawHtml && !rawHtml) throw new Error('internal error: a page that may hold raw HTML was rendered without the raw-HTML step');
  return unified()
    .use(remarkParse)
    .use(remarkGfmSelectable, syntax)
    .use(remarkCodeMeta)
    .use(syntax.references ? [remarkUndefinedReferences] : [])
    .use(syntax.directives ? [remarkDirective, remarkTabs, remarkAdmonitions] : [])
    .use(remarkRehype, { allowDangerousHtml: true })
    .use(syntax.rawHtml && rawHtml ? [rawHtml] : [])
    .use(rehypeHeadings)
    .use(rehypeLinks, { baseUrl: options.baseUrl, routeOfDoc: options.routeOfDoc, urlOfAsset: options.urlOfAsset, ...(options.sizeOfAsset ? { sizeOfAsset: options.sizeOfAsset } : {}) })
    .use(rehypeSearchBlocks)
    .use(rehypeShiki, options.highlighter)
    .use(rehypeTabs)
    // Admonition boxes come from directives or from raw HTML (the sanitizer keeps their classes).
    .use(syntax.directives || syntax.rawHtml ? [rehypeAdmonitionIcons] : [])
    .use(rehypeStringify)
    .freeze();
}
