/**
 * Markdown from sources we do not control (an OpenAPI description) rendered without raw HTML:
 * any `<script>` or inline handler written there is dropped, never passed to the page.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkRehype from 'remark-rehype';
import rehypeStringify from 'rehype-stringify';

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkRehype).use(rehypeStringify).freeze();

export function renderUntrustedMarkdown(markdown: string): string {
  if (!markdown.trim()) return '';
  return String(processor.processSync(markdown));
}
