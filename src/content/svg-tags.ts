/**
 * Whether an SVG's elements nest as XML requires: every end tag closes the element open at that
 * point, with the same name (case counts). A browser refuses an SVG that is not well-formed and
 * shows a broken image; `<g><rect></g>` (a `<rect>` not closed) or a stray `</rect>` is enough.
 * Read by htmlparser2 in XML mode, as the script check reads SVGs (svg-script.ts): it closes the
 * elements a mismatched end tag skips over, and ignores an end tag nothing opened, so both are
 * told here from what it reports.
 */
import { Parser } from 'htmlparser2';
import { lineColumnAt } from '../openapi/positions.ts';

/** The version of the rule below, part of the key of the memo of well-formed SVGs (cache/svg-memo.ts). */
export const SVG_TAGS_CHECK_VERSION = 1;

/** The first end tag that does not close the element open there, in words with its line and column; undefined when all match. */
export function mismatchedSvgTag(text: string): string | undefined {
  const open: { name: string; start: number }[] = [];
  let problem: string | undefined;
  const endTagsRead = new Set<number>();
  const parser = new Parser(
    {
      onopentag(name) {
        open.push({ name, start: parser.startIndex });
      },
      onclosetag(name, isImplied) {
        const element = open.pop();
        // A self-closing tag (`<rect/>`) is closed, implied, where it starts; any other implied
        // close is an element an end tag skipped over, or one left open at the end of the file.
        if (isImplied && element && element.start !== parser.startIndex && !problem) {
          problem = `<${name}> (line ${at(text, element.start)}) is not closed before the end tag at line ${at(text, parser.startIndex)}`;
        }
        if (!isImplied) endTagsRead.add(parser.startIndex);
      },
    },
    { xmlMode: true },
  );
  parser.end(text);
  if (problem) return problem;
  const stray = strayEndTag(text, endTagsRead);
  return stray === undefined ? undefined : `the end tag at line ${at(text, stray)} closes no element`;
}

const at = (text: string, index: number) => {
  const { line, column } = lineColumnAt(text, index);
  return `${line}, column ${column}`;
};

/** The first end tag the parser closed nothing with. Comments and CDATA sections may hold `</…>` as text. */
function strayEndTag(text: string, endTagsRead: ReadonlySet<number>): number | undefined {
  const blanked = text.replace(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>/g, (part) => ' '.repeat(part.length));
  for (const endTag of blanked.matchAll(/<\/[^\s>]+\s*>/g)) if (!endTagsRead.has(endTag.index)) return endTag.index;
  return undefined;
}
