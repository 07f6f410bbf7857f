/**
 * What the link and anchor checks read from a rendered page: every `id` (and `<a name>`), which a
 * `#fragment` can land on, and every `<a href>`.
 *
 * HTML that docsgen did not write itself (a page's markdown with its raw HTML, the announcement
 * bar from config.yaml, custom pages, API descriptions) is read by htmlparser2's tokenizer, so
 * only real attributes count: text that merely reads `id="ghost"` (in prose, in a code block, in
 * another attribute's value, in a comment) is no anchor. htmlparser2 is small and reports each
 * attribute as it reads it, without building a tree; its bare Tokenizer (the Parser minus the
 * open-element bookkeeping these checks do not need) costs a third less than the Parser.
 *
 * Tokenizing whole pages made `docsgen check` of the 10,000-page benchmark 12 % slower (measured),
 * so a page's markdown is tokenized once, when it is rendered (in the markdown workers, and kept
 * in the markdown cache), and passed here as a "raw part". The rest of such a page is the theme's
 * React output, which escapes `<`, `>`, `&` and `"` in every text and attribute value: there a
 * regular expression reads attributes exactly, at the old speed. A page given no raw parts, or
 * whose raw parts are not found verbatim, is tokenized whole.
 */
import { Tokenizer } from 'htmlparser2';
import { ownCopy } from '../own-copy.ts';

export interface LinkTargets {
  /** Every `id` attribute and every `<a name>`, entities decoded. */
  ids: Set<string>;
  /** Every `<a href>`, entities decoded, in document order. */
  hrefs: string[];
  /** Ids (and `<a name>`s) found again after their first element, where the tokenizer reads. */
  duplicateIds?: string[];
}

type Keep = (value: string) => string;
const asIs: Keep = (value) => value;

/**
 * A pool of the distinct strings kept for the checks. A string cut out of a page's HTML (by the
 * tokenizer or a regular expression) is, in V8, a slice that keeps the whole page alive: kept for
 * every page until the checks run, that was most of a 10,000-page build's memory. The pool stores
 * one flat copy of each distinct value (links to the navbar and sidebar repeat on every page).
 */
export function createStringPool(): Keep {
  const pool = new Map<string, string>();
  return (value) => {
    let kept = pool.get(value);
    if (kept === undefined) {
      kept = ownCopy(value);
      pool.set(kept, kept);
    }
    return kept;
  };
}

/** HTML inserted into a page as it is, with the targets the tokenizer found in it. */
export interface RawHtmlPart {
  html: string;
  ids: readonly string[];
  hrefs: readonly string[];
}

export function collectLinkTargets(html: string, keep: Keep = asIs, rawParts: readonly RawHtmlPart[] = []): LinkTargets {
  const targets: LinkTargets = { ids: new Set(), hrefs: [] };
  const spans = locateParts(html, rawParts);
  if (!spans) {
    tokenizeAttributes(html, targets, keep);
    return targets;
  }
  let from = 0;
  for (const { start, part } of spans) {
    readThemeAttributes(html.slice(from, start), targets, keep);
    for (const id of part.ids) targets.ids.add(keep(id));
    for (const href of part.hrefs) targets.hrefs.push(keep(href));
    from = start + part.html.length;
  }
  readThemeAttributes(html.slice(from), targets, keep);
  return targets;
}

/** Ids and hrefs of an HTML fragment, read by the tokenizer (for a RawHtmlPart), and the ids it holds twice. */
export function tokenizeLinkTargets(html: string): { ids: string[]; hrefs: string[]; duplicateIds?: string[] } {
  const targets: LinkTargets = { ids: new Set(), hrefs: [] };
  tokenizeAttributes(html, targets, asIs);
  return { ids: [...targets.ids], hrefs: targets.hrefs, ...(targets.duplicateIds ? { duplicateIds: [...new Set(targets.duplicateIds)] } : {}) };
}

/**
 * The raw parts of a page built from markdown: its rendered markdown (tokenized when it was
 * rendered) and the announcement bar. Other pages have none and are tokenized whole.
 */
export function markdownPageParts(markdown: { html: string; linkTargets?: { ids: string[]; hrefs: string[] } } | undefined, announcement: RawHtmlPart | undefined): RawHtmlPart[] {
  if (!markdown?.linkTargets) return [];
  return [{ html: markdown.html, ...markdown.linkTargets }, ...(announcement ? [announcement] : [])];
}

export function rawPart(html: string | undefined): RawHtmlPart | undefined {
  return html ? { html, ...tokenizeLinkTargets(html) } : undefined;
}

/** Where each non-empty part sits in the page, in page order; undefined when one is missing or they overlap. */
function locateParts(html: string, parts: readonly RawHtmlPart[]): { start: number; part: RawHtmlPart }[] | undefined {
  const present = parts.filter((part) => part.html !== '');
  if (present.length === 0) return undefined;
  const spans: { start: number; part: RawHtmlPart }[] = [];
  for (const part of present) {
    const start = html.indexOf(part.html);
    if (start === -1) return undefined;
    spans.push({ start, part });
  }
  spans.sort((a, b) => a.start - b.start);
  for (let i = 1; i < spans.length; i++) {
    const previous = spans[i - 1] as { start: number; part: RawHtmlPart };
    if ((spans[i] as { start: number }).start < previous.start + previous.part.html.length) return undefined;
  }
  return spans;
}

export function collectIds(html: string, keep: Keep = asIs): Set<string> {
  return collectLinkTargets(html, keep).ids;
}

export function collectHrefs(html: string, keep: Keep = asIs): string[] {
  return collectLinkTargets(html, keep).hrefs;
}

const ID = 1;
const NAME = 2;
const HREF = 4;

/** Feeds `html` through htmlparser2's tokenizer, keeping the attributes the checks need. */
function tokenizeAttributes(html: string, targets: LinkTargets, keep: Keep): void {
  let inA = false;
  let attribute = 0;
  let seen = 0; // browsers keep the first of duplicate attributes
  let value = '';
  const ignore = () => undefined;
  const tokenizer = new Tokenizer(
    { decodeEntities: true },
    {
      onopentagname(start, end) {
        inA = end - start === 1 && (html.charCodeAt(start) | 0x20) === 0x61;
        seen = 0;
      },
      onattribname(start, end) {
        const kind = nameIs(html, start, end, 'id') ? ID : !inA ? 0 : nameIs(html, start, end, 'href') ? HREF : nameIs(html, start, end, 'name') ? NAME : 0;
        attribute = seen & kind ? 0 : kind;
        seen |= kind;
        value = '';
      },
      onattribdata(start, end) {
        if (attribute) value += html.slice(start, end);
      },
      onattribentity(codePoint) {
        if (attribute) value += String.fromCodePoint(codePoint);
      },
      onattribend() {
        if (attribute === HREF) targets.hrefs.push(keep(value));
        else if (attribute) {
          const id = keep(value);
          if (targets.ids.has(id)) (targets.duplicateIds ??= []).push(id);
          targets.ids.add(id);
        }
        attribute = 0;
      },
      oncdata: ignore,
      onclosetag: ignore,
      oncomment: ignore,
      ondeclaration: ignore,
      onend: ignore,
      onopentagend: ignore,
      onprocessinginstruction: ignore,
      onselfclosingtag: ignore,
      ontext: ignore,
      ontextentity: ignore,
    },
  );
  tokenizer.write(html);
  tokenizer.end();
}

/** Case-insensitive comparison of `html[start, end)` with a lower-case ASCII name. */
function nameIs(html: string, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let i = 0; i < name.length; i++) if ((html.charCodeAt(start + i) | 0x20) !== name.charCodeAt(i)) return false;
  return true;
}

const THEME_ID = /\sid="([^"]*)"/g;
const THEME_A = /<a\s[^>]*>/g;
const THEME_HREF = /\shref="([^"]*)"/;
const THEME_NAME = /\sname="([^"]*)"/;

/** Attributes of React-rendered markup (escaped by React, see the top of this file). */
function readThemeAttributes(html: string, targets: LinkTargets, keep: Keep): void {
  for (const match of html.matchAll(THEME_ID)) targets.ids.add(keep(decodeEscaped(match[1] ?? '')));
  for (const [tag] of html.matchAll(THEME_A)) {
    const href = THEME_HREF.exec(tag)?.[1];
    if (href !== undefined) targets.hrefs.push(keep(decodeEscaped(href)));
    const name = THEME_NAME.exec(tag)?.[1];
    if (name !== undefined) targets.ids.add(keep(decodeEscaped(name)));
  }
}

/** React escapes exactly these five characters. */
function decodeEscaped(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'" })[entity] ?? '');
}
