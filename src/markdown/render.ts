/**
 * The markdown renderer with its whole toolchain, raw-HTML step included: what the markdown
 * workers and the tests use. A build on this thread loads page-renderer.ts and the raw-HTML step
 * separately, the step only when a page needs it (render-all.ts).
 */
import {
  createMarkdownParser as createPageParser,
  createMarkdownRenderer as createPageRenderer,
  createRecordingRenderer as createRecordingPageRenderer,
  type MarkdownRenderer,
  type MarkdownRendererOptions,
} from './page-renderer.ts';
import { rehypeRawWhenNeeded } from './raw-html.ts';
import type { CachedMarkdown } from '../cache/markdown-cache.ts';

export type { MarkdownRenderer, MarkdownRendererOptions, RenderedMarkdown } from './page-renderer.ts';

export function createMarkdownRenderer(options: MarkdownRendererOptions): MarkdownRenderer {
  return createPageRenderer(options, rehypeRawWhenNeeded);
}

/** See page-renderer.ts: each page's result with the routes and URLs it resolved. */
export function createRecordingRenderer(options: MarkdownRendererOptions): (markdown: string, relPath: string) => CachedMarkdown {
  return createRecordingPageRenderer(options, rehypeRawWhenNeeded);
}

/** See page-renderer.ts: parsing alone, as each page is parsed when it is rendered (the bench's share of parsing). */
export function createMarkdownParser(options: MarkdownRendererOptions): ReturnType<typeof createPageParser> {
  return createPageParser(options, rehypeRawWhenNeeded);
}
