/**
 * Descriptions of a spec (CommonMark, per the OpenAPI specification) as HTML, with micromark.
 * A spec is not our content: micromark's defaults suit it exactly, raw HTML shown as text (specs
 * write placeholders such as `<owner>` outside code, which a sanitizer would silently drop) and
 * link targets other than http(s), mailto and relative ones removed (no `javascript:`).
 * GitHub's spec holds over 5,000 distinct descriptions: every text is rendered once, plain
 * sentences skip the parser, and the GFM extensions (tables, bare URLs, strikethrough, task lists)
 * are loaded only for texts that can contain them, which halves the time.
 */
import { micromark, type Options } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';
import { escapeHtml } from '../render/document.ts';

/** Characters that can start markdown syntax (or an entity) somewhere in a text. */
const MARKDOWN_SYNTAX = /[\\`*_[\]<>#|~!&\n]|https?:|www\.|@|^\s*([-+]|\d+[.)])\s|^ {4}/;

type Extension = NonNullable<Options['extensions']>[number];
type HtmlExtension = NonNullable<Options['htmlExtensions']>[number];

const GFM: { test: RegExp; syntax: () => Extension; html: () => HtmlExtension }[] = [
  { test: /\|/, syntax: gfmTable, html: gfmTableHtml },
  { test: /https?:|www\.|@/, syntax: gfmAutolinkLiteral, html: gfmAutolinkLiteralHtml },
  { test: /~/, syntax: () => gfmStrikethrough(), html: gfmStrikethroughHtml },
  { test: /\[[ xX]\]/, syntax: gfmTaskListItem, html: gfmTaskListItemHtml },
];

export function renderDescription(text: string): string {
  const needed = GFM.filter((extension) => extension.test.test(text));
  return micromark(text, { extensions: needed.map((e) => e.syntax()), htmlExtensions: needed.map((e) => e.html()) });
}

export function createDescriptionRenderer(render: (text: string) => string = renderDescription): (text: unknown) => string {
  const memo = new Map<string, string>();
  return (text) => {
    if (typeof text !== 'string' || text.trim() === '') return '';
    let html = memo.get(text);
    if (html === undefined) {
      html = MARKDOWN_SYNTAX.test(text) ? render(text) : `<p>${escapeHtml(text.trim())}</p>`;
      memo.set(text, html);
    }
    return html;
  };
}
