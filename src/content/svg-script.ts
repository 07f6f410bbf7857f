/**
 * Script in an SVG image. A page shows content images with `<img>`, where an SVG's script never
 * runs; but a reader who opens the image by itself (a new tab, a link to it) gets an SVG document
 * on the site's origin, and there its script runs with the site's storage and cookies, on any host
 * that does not send a Content-Security-Policy with the file. So the build refuses such an image,
 * as the markdown sanitizer drops script from pages.
 *
 * Read by htmlparser2 in XML mode (entities decoded, so `jav&#x61;script:` is seen for what it is).
 * What counts, on any element, whatever its namespace prefix or case: `<script>`; `<iframe>`,
 * `<embed>`, `<object>` (which load documents of their own); event-handler attributes (`on…`); and
 * attribute values that are `javascript:`, `vbscript:` or `data:text/html` URLs, also in an
 * animation's `values` or `to`, which can set a link's target; and what the parser would not
 * expand (UNEXPANDED below).
 */
import { Parser } from 'htmlparser2';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { readContentFile } from './files.ts';
import { decodeContentText } from './encoding.ts';
import { lineColumnAt } from '../openapi/positions.ts';
import type { ContentFiles } from './assets.ts';
import type { CleanSvgMemo } from '../cache/svg-memo.ts';

export interface ActiveSvgContent {
  /** What was found, as the message says it: `<script>`, `the onload attribute`, … */
  what: string;
  line: number;
  column: number;
}

/**
 * The version of the rules below, part of the key of the memo of clean SVGs (cache/svg-memo.ts):
 * raised with every rule added, so a file an earlier rule found clean is checked again
 * (2: entity declarations, DOCTYPE declarations and style sheets; 3: attribute and element
 * declarations, a DOCTYPE's declarations after a quoted `>`).
 */
export const SVG_CHECK_VERSION = 3;

const ACTIVE_ELEMENTS = new Set(['script', 'iframe', 'embed', 'object']);
// Browsers drop tabs and line breaks inside a URL's scheme ("java\nscript:" runs).
const SCRIPT_URL = /(?:javascript|vbscript):|data:text\/html/i;

/**
 * What the parser below does not expand or apply but a browser does. A document's own DTD: an
 * entity it declares (`<!ENTITY s "<script>…">`, then `&s;` puts a script in the drawing) and an
 * attribute default (`<!ATTLIST svg onload CDATA "…">` gives the root an event handler; Chromium
 * applies both). Each declaration is refused wherever it is written, and so is any DOCTYPE with a
 * bracketed part of its own, read past quoted literals (`SYSTEM "a>b" [`, which XML allows and
 * Firefox and Safari read). A style sheet processing instruction (`<?xml-stylesheet
 * type="text/xsl"?>`): an XSLT sheet can write any element. A drawing needs none of these; a
 * DOCTYPE that only names an external DTD (`<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "…">`,
 * as Illustrator writes it) passes, as browsers never load one.
 */
const UNEXPANDED = [
  { pattern: /<!ENTITY/i, what: 'an entity declaration (<!ENTITY>)' },
  { pattern: /<!(?:ATTLIST|ELEMENT|NOTATION)/i, what: 'a DTD declaration (<!ATTLIST>, <!ELEMENT> or <!NOTATION>)' },
  { pattern: /<!DOCTYPE(?:[^>["']|"[^"]*"|'[^']*')*\[/i, what: 'a DOCTYPE with declarations of its own' },
  { pattern: /<\?xml-stylesheet/i, what: 'a style sheet instruction (<?xml-stylesheet?>)' },
];
const UNEXPANDED_WHAT = new Set(UNEXPANDED.map(({ what }) => what));

/** The first piece of active content in the SVG's text, or undefined when it has none. */
export function findActiveSvgContent(text: string): ActiveSvgContent | undefined {
  const unexpanded = UNEXPANDED.map(({ pattern, what }) => ({ what, index: text.search(pattern) }))
    .filter(({ index }) => index >= 0)
    .sort((a, b) => a.index - b.index)[0];
  if (unexpanded) return { what: unexpanded.what, ...lineColumnAt(text, unexpanded.index) };
  let found: { what: string; index: number } | undefined;
  const localName = (name: string) => name.slice(name.lastIndexOf(':') + 1).toLowerCase();
  const parser = new Parser(
    {
      onopentagname(name) {
        if (!found && ACTIVE_ELEMENTS.has(localName(name))) found = { what: `<${name}>`, index: parser.startIndex };
      },
      onattribute(name, value) {
        if (found) return;
        const attribute = localName(name);
        if (attribute.startsWith('on')) found = { what: `the ${name} attribute`, index: parser.startIndex };
        // <set attributeName="onclick" to="…">: an animation that writes an event handler.
        else if (attribute === 'attributename' && /^\s*(?:[\w-]+:)?on/i.test(value)) found = { what: `an animation of ${value.trim()}`, index: parser.startIndex };
        else if (SCRIPT_URL.test(value.replace(/[\u0000-\u0020]+/g, ''))) found = { what: `a script URL in the ${name} attribute`, index: parser.startIndex };
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  return found ? { what: found.what, ...lineColumnAt(text, found.index) } : undefined;
}

/**
 * An error for each SVG file of content/ (images and `_static/`) with active content. `clean`:
 * the texts earlier builds found free of it, which are not parsed again.
 */
export async function scriptedSvgErrors(content: ContentFiles, relPaths: readonly string[], clean?: CleanSvgMemo): Promise<DocsgenError[]> {
  const errors = await Promise.all(
    relPaths
      .filter((rel) => path.posix.extname(rel).toLowerCase() === '.svg')
      .map(async (rel) => {
        const read = await readContentFile(content, content.contentDir, rel);
        // An unreadable file is the assets' warning (assets.ts); it is not published either.
        const text = 'bytes' in read ? svgText(read.bytes) : undefined;
        if (text === undefined || clean?.isClean(text)) return undefined;
        const found = findActiveSvgContent(text);
        if (!found) {
          clean?.markClean(text);
          return undefined;
        }
        const position = { file: path.join(content.contentDir, rel), line: found.line, column: found.column };
        if (UNEXPANDED_WHAT.has(found.what)) {
          return new DocsgenError(`this SVG image contains ${found.what}, which can add a script this check does not see; a reader who opens the image by itself would run it on the site's origin`, {
            position,
            hint: 'remove it (a drawing needs none): keep the DOCTYPE, if any, without its [ … ] part; in Illustrator, save without "Preserve Illustrator Editing Capabilities"',
          });
        }
        return new DocsgenError(`this SVG image contains ${found.what}: a reader who opens the image by itself would run it on the site's origin`, {
          position,
          hint: 'remove the script, event handler or script URL (a drawing needs none); for an interactive diagram, embed a page instead',
        });
      }),
  );
  return errors.filter((error): error is DocsgenError => error !== undefined);
}

/**
 * An SVG file's text, read as content pages are (encoding.ts: byte-order marks, UTF-16 without one,
 * Latin-1), so a file cannot hide a script in an encoding the check reads differently; undefined
 * when the bytes are not text (no browser parses them as SVG either).
 */
export function svgText(bytes: Uint8Array): string | undefined {
  const decoded = decodeContentText(bytes);
  return 'text' in decoded ? decoded.text : undefined;
}
