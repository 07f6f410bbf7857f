/**
 * Descriptions of a spec (CommonMark, per the OpenAPI specification) as HTML, with micromark.
 * Raw HTML is shown as text, never parsed: specs write placeholders such as `<owner>` outside code
 * (GitHub's does), which a sanitizer would silently drop. Link and image URLs follow the site's one
 * URL policy (src/markdown/sanitize-url.ts): site paths, fragments, http(s) and mailto, images also
 * data:image; anything else (`javascript:`) loses its URL.
 * GitHub's spec holds over 5,000 distinct descriptions: every text is rendered once, plain
 * sentences skip the parser, and the GFM extensions (tables, bare URLs, strikethrough, task lists)
 * are loaded only for texts that can contain them, which halves the time.
 */
import { micromark, type Options } from 'micromark';
import { gfmAutolinkLiteral, gfmAutolinkLiteralHtml } from 'micromark-extension-gfm-autolink-literal';
import { gfmStrikethrough, gfmStrikethroughHtml } from 'micromark-extension-gfm-strikethrough';
import { gfmTable, gfmTableHtml } from 'micromark-extension-gfm-table';
import { gfmTaskListItem, gfmTaskListItemHtml } from 'micromark-extension-gfm-task-list-item';
import { escapeHtml } from '../../theme/escape-html.ts';
import { allowedUrl } from '../markdown/sanitize-url.ts';
import { unescapeMicromark } from './micromark-entities.ts';

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
  // micromark's own URL filter is replaced by the site's policy, applied to its output below.
  const html = micromark(text, { extensions: needed.map((e) => e.syntax()), htmlExtensions: needed.map((e) => e.html()), allowDangerousProtocol: true });
  return withUrlPolicy(html);
}

/** micromark writes URLs only as `<a href="…"` and `<img src="…"`. */
const URL_ATTRIBUTE = /<(a href|img src)="([^"]*)"/g;

/**
 * A refused URL goes with its attribute: `<a>` without `href` is text, not a link (an empty
 * `href` would be a link to the page itself, focusable and followed on a click).
 */
function withUrlPolicy(html: string): string {
  return html.replace(URL_ATTRIBUTE, (whole, attribute: string, escaped: string) => {
    const url = unescapeMicromark(escaped);
    return allowedUrl(url, attribute === 'a href' ? 'link' : 'image') === undefined ? `<${attribute.split(' ')[0]}` : whole;
  });
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
