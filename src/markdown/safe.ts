/**
 * Markdown from sources we do not control (an OpenAPI description) rendered without raw HTML (any
 * `<script>` or inline handler written there is dropped) and through the content sanitizer, so a
 * `[link](javascript:…)` loses its URL as it does in a page.
 */
import type { Root } from 'hast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';
import { sanitizeContentTree } from './sanitize.ts';

function rehypeSanitizeContent() {
  return (tree: Root): Root => sanitizeContentTree(tree).tree;
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeSanitizeContent).use(rehypeStringify).freeze();

export function renderUntrustedMarkdown(markdown: string): string {
  if (!markdown.trim()) return '';
  return String(processor.processSync(markdown));
}
