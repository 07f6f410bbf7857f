/**
 * Descriptions of a spec as HTML. A large spec holds tens of thousands of short descriptions, most
 * of them plain sentences repeated across schemas: those skip the markdown parser (escaped text in
 * a paragraph is what it would produce), and every distinct text is rendered once.
 */
import { escapeHtml } from '../render/document.ts';

/** Characters that can start markdown syntax (or an HTML entity) somewhere in a text. */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~!&\n]|https?:|www\.|@|^\s*([-+]|\d+[.)])\s|^ {4}/;

export function createDescriptionRenderer(renderMarkdown: (text: string) => string): (text: unknown) => string {
  const memo = new Map<string, string>();
  return (text) => {
    if (typeof text !== 'string' || text.trim() === '') return '';
    let html = memo.get(text);
    if (html === undefined) {
      html = MARKDOWN_SYNTAX.test(text) ? renderMarkdown(text) : `<p>${escapeHtml(text.trim())}</p>`;
      memo.set(text, html);
    }
    return html;
  };
}
