/**
 * What HTML content may contain: the allow-list hast-util-sanitize applies to pages with raw HTML,
 * to the announcement bar and to OpenAPI descriptions. It starts from GitHub's rules (the
 * library's default schema) and keeps what documentation needs: details/summary, kbd, sup/sub,
 * images with their size, tables with alignment, anchors by id or name, and the classes the
 * markdown stage itself produces (admonitions, code languages, task lists, footnotes, Shiki).
 *
 * Deliberately left out: script, style, iframe, object, embed, base, meta, link, form and its
 * controls, svg and math (inline SVG can carry script and `xlink:href`; foreign content is where
 * mutation XSS lives; diagrams are `img/*.svg` files referenced as images instead), `style` and
 * `on*` attributes, `target`, `data-*` (except the footnotes' own), `tabindex`/`accesskey`, and
 * `srcset` (a list of URLs the URL policy would have to parse; one `src` is enough for docs).
 */
import { defaultSchema, type Schema } from 'hast-util-sanitize';

/** Element ids the theme and the page template own; content that reused them would hijack them. */
const THEME_IDS = ['base-url-issue-banner', 'doc-content', 'main-content', 'navbar-mobile-panel', 'search-page-input', 'toc-mobile-list', 'search-load-error'];
/**
 * An id or name content may use. Ids are kept as written (no `user-content-` prefix, which would
 * break `#anchor` links to `<a id>` targets); instead the theme's own ids and the reserved `__…` and
 * `docsgen…` prefixes are refused, so content cannot clobber the page data script or the shell.
 */
export const CONTENT_ID = new RegExp(`^(?!__|docsgen|(?:${THEME_IDS.join('|')})$)[^\\s]+$`, 'i');

const ADMONITION_CLASS = /^admonition(?:-(?:title|content|note|tip|info|warning|danger|caution|important))?$/;
const CODE_CLASS = /^(?:language-.+|shiki(?:-themes)?|github-(?:light|dark)|line|highlighted)$/;
const aria = ['ariaDescribedBy', 'ariaLabel', 'ariaLabelledBy', 'ariaHidden'];

// GitHub's list (it has `input` for task lists; `required` below pins it to a disabled checkbox).
const tagNames = [...(defaultSchema.tagNames ?? []), 'abbr', 'caption', 'cite', 'col', 'colgroup', 'dfn', 'figcaption', 'figure', 'mark', 'small', 'u', 'wbr'];

export const CONTENT_SCHEMA: Schema = {
  tagNames,
  // Dropped with their content: what must never show as text either.
  strip: ['script', 'style', 'template', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'select'],
  ancestors: defaultSchema.ancestors,
  attributes: {
    a: [...aria, 'href', ['name', CONTENT_ID], 'dataFootnoteBackref', 'dataFootnoteRef', ['className', 'data-footnote-backref']],
    img: [...aria, 'src', 'loading', 'decoding'],
    div: [['className', ADMONITION_CLASS], ['role', 'note']],
    p: [['className', ADMONITION_CLASS]],
    pre: [['className', CODE_CLASS]],
    code: [['className', CODE_CLASS]],
    // 'visually-hidden': the kind of an admonition with a title of its own, said to screen readers (admonitions.ts).
    span: [['className', CODE_CLASS, 'visually-hidden']],
    details: ['open'],
    summary: [...aria],
    blockquote: ['cite'],
    q: ['cite'],
    del: ['cite', 'dateTime'],
    ins: ['cite', 'dateTime'],
    ol: [...aria, 'start', 'reversed', 'type', ['className', 'contains-task-list']],
    ul: [...aria, ['className', 'contains-task-list']],
    li: ['value', ['className', 'task-list-item']],
    input: [['type', 'checkbox'], ['disabled', true], 'checked'],
    h2: [['className', 'sr-only']],
    section: ['dataFootnotes', ['className', 'footnotes']],
    table: [...aria],
    th: ['colSpan', 'rowSpan', 'scope', 'headers', 'abbr'],
    td: ['colSpan', 'rowSpan', 'headers'],
    col: ['span'],
    colgroup: ['span'],
    abbr: [],
    '*': [['id', CONTENT_ID], 'title', 'lang', 'dir', 'align', 'vAlign', 'width', 'height', 'alt', 'border', 'cellPadding', 'cellSpacing', 'noWrap', 'clear'],
  },
  // The ids above stay as written: see CONTENT_ID.
  clobber: [],
  clobberPrefix: '',
  // A second gate behind the URL policy (sanitize.ts applies allowedUrl first, which also refuses
  // data: URLs other than images).
  protocols: { href: ['http', 'https', 'mailto'], src: ['http', 'https', 'data'], cite: ['http', 'https'] },
  required: { input: { type: 'checkbox', disabled: true } },
  allowComments: false,
  allowDoctypes: false,
};
