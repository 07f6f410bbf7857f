/**
 * Limits of what one markdown page may hold, checked on its source in one linear pass before it
 * is parsed, and reported at the line (and column) that crosses them, with what to do.
 *
 * Deeply nested input is where the markdown toolchain stops being linear: micromark re-checks
 * every open container (list item, block quote) on every line, so 1,000 nested list levels took
 * minutes; nested emphasis or image labels in one paragraph are quadratic; and every tree walker
 * after the parser (mdast → hast → HTML) is recursive, so 1,000 levels overflow the stack. No
 * documentation needs that depth, so the limits below are generous, checked in one linear pass
 * (a simplified CommonMark block scanner), and reported at the line that crosses them.
 *
 * The same goes for a paragraph dense with markup (see MAX_PARAGRAPH_MARKUP). And micromark keeps
 * a kilobyte or more of events per line until the page is parsed, so the number of lines is
 * bounded too (a page of 5 million blank lines ran out of memory).
 *
 * The scan errs towards counting too much (a lazy continuation line keeps its containers), which
 * only matters for input already near a limit.
 */
import { DocsgenError } from '../errors.ts';

/** Lists, block quotes, footnote definitions and admonitions inside one another. */
export const MAX_BLOCK_NESTING = 32;
/** `[` (links, images) or emphasis markers open at once in one paragraph or table row. */
export const MAX_INLINE_NESTING = 100;
/** Raw HTML elements open at once (void elements and those whose end tag is optional excepted). */
export const MAX_HTML_NESTING = 256;
/**
 * Markup characters (`* _ & [ ] < ` \ ! ~`) in one paragraph or table row. micromark resolves
 * emphasis and merges text by splicing the paragraph's event list once per construct, so a
 * paragraph with 100,000 of them took minutes; 10,000 cost about a tenth of a second.
 */
export const MAX_PARAGRAPH_MARKUP = 10_000;
/** Lines of one page: about 1.5 GB of parser memory at most; a 5 MB page of documentation has 90,000. */
export const MAX_LINES = 250_000;

type Container = { kind: 'quote' } | { kind: 'item'; indent: number } | { kind: 'directive' };

interface ScanState {
  open: Container[];
  /** Open code fence: its marker, length and how many containers hold it. */
  fence: { marker: string; length: number; depth: number } | undefined;
  inParagraph: boolean;
  brackets: number;
  emphasis: number;
  markup: number;
  html: number;
}

/** Throws a DocsgenError at the first line whose nesting exceeds a limit. */
export function checkMarkdownLimits(markdown: string, file: string): void {
  const state: ScanState = { open: [], fence: undefined, inParagraph: false, brackets: 0, emphasis: 0, markup: 0, html: 0 };
  let start = 0;
  for (let line = 1; start <= markdown.length; line++) {
    if (line > MAX_LINES) {
      throw new DocsgenError(`this page has more than ${MAX_LINES.toLocaleString('en')} lines, more than docsgen renders in bounded memory`, {
        position: { file, line, column: 1 },
        hint: 'split it into several pages (or remove long runs of blank lines)',
      });
    }
    const end = markdown.indexOf('\n', start);
    const text = markdown.slice(start, end === -1 ? markdown.length : end);
    scanLine(text.endsWith('\r') ? text.slice(0, -1) : text, state, (problem, column) => {
      throw new DocsgenError(problem.message, { position: { file, line, column }, hint: problem.hint });
    });
    if (end === -1) break;
    start = end + 1;
  }
}

interface Problem {
  message: string;
  hint: string;
}
type Report = (problem: Problem, column: number) => never;

function scanLine(line: string, state: ScanState, report: Report): void {
  const { matched, pos: afterMatched } = continueContainers(line, state.open);
  const blank = isBlank(line, afterMatched);
  if (state.fence) {
    if (matched >= state.fence.depth) {
      if (closesFence(line, skipIndent(line, afterMatched).pos, state.fence)) state.fence = undefined;
      return;
    }
    state.fence = undefined; // its container ended
  }
  if (blank) {
    state.open.length = matched;
    resetInline(state, false);
    return;
  }
  const opened = openContainers(line, afterMatched, state);
  const lazy = opened.added.length === 0 && matched < state.open.length && state.inParagraph;
  if (!lazy) state.open = [...state.open.slice(0, matched), ...opened.added];
  if (opened.added.length > 0) resetInline(state, true);
  if (state.open.length > MAX_BLOCK_NESTING) {
    // The column of the marker that opens the first level too many.
    const marker = opened.starts[MAX_BLOCK_NESTING - matched] ?? opened.pos;
    report(
      {
        message: `lists, block quotes and admonitions are nested more than ${MAX_BLOCK_NESTING} levels deep here`,
        hint: `docsgen renders at most ${MAX_BLOCK_NESTING} levels; flatten the structure (for example split the list or use headings)`,
      },
      marker + 1,
    );
  }
  if (opened.rest === 'code') return;
  const indentedCode = !state.inParagraph && skipIndent(line, opened.pos).columns >= 4;
  if (indentedCode) return;
  if (line.includes('|')) resetInline(state, true); // table cells are parsed one by one
  scanInline(line, opened.pos, state, report);
  state.inParagraph = opened.rest !== 'heading';
}

function resetInline(state: ScanState, inParagraph: boolean): void {
  state.brackets = 0;
  state.emphasis = 0;
  state.markup = 0;
  state.inParagraph = inParagraph;
}

/** How many open containers this line continues, and where its content starts. */
function continueContainers(line: string, open: readonly Container[]): { matched: number; pos: number } {
  let pos = 0;
  let matched = 0;
  for (const container of open) {
    if (container.kind === 'directive') {
      matched++;
      continue;
    }
    if (container.kind === 'quote') {
      const indent = skipIndent(line, pos);
      if (indent.columns > 3 || line[indent.pos] !== '>') break;
      pos = indent.pos + 1;
      if (line[pos] === ' ' || line[pos] === '\t') pos++;
    } else if (isBlank(line, pos)) {
      pos = line.length;
    } else {
      const indent = skipIndent(line, pos, container.indent);
      if (indent.columns < container.indent) break;
      pos = indent.pos;
    }
    matched++;
  }
  return { matched, pos };
}

const LIST_MARKER = /^(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$)/;
const FOOTNOTE_DEFINITION = /^\[\^[^\]\s]+\]:/;
const DIRECTIVE_OPEN = /^:{3,}[A-Za-z]/;
const DIRECTIVE_CLOSE = /^:{3,}\s*$/;
const FENCE_OPEN = /^(`{3,}|~{3,})/;

interface Opened {
  added: Container[];
  /** Where each added container's marker is (only the first entries matter). */
  starts: number[];
  pos: number;
  rest: 'text' | 'code' | 'heading';
}

/** Containers this line opens after the continued ones, and what the rest of the line is. */
function openContainers(line: string, from: number, state: ScanState): Opened {
  const added: Container[] = [];
  const starts: number[] = [];
  let pos = from;
  for (;;) {
    const indent = skipIndent(line, pos);
    if (indent.columns >= 4) return { added, starts, pos, rest: 'text' };
    const at = indent.pos;
    starts.push(at);
    const rest = line.slice(at, at + 64);
    if (line[at] === '>') {
      added.push({ kind: 'quote' });
      pos = line[at + 1] === ' ' || line[at + 1] === '\t' ? at + 2 : at + 1;
      continue;
    }
    const marker = LIST_MARKER.exec(rest) ?? FOOTNOTE_DEFINITION.exec(rest);
    if (marker) {
      const after = skipIndent(line, at + marker[0].length);
      const gap = after.columns >= 1 && after.columns <= 4 ? after.columns : 1;
      added.push({ kind: 'item', indent: marker[0].startsWith('[^') ? 4 : indent.columns + marker[0].length + gap });
      pos = Math.min(line.length, at + marker[0].length + (after.columns <= 4 ? after.pos - at - marker[0].length : 1));
      continue;
    }
    if (DIRECTIVE_OPEN.test(rest)) {
      added.push({ kind: 'directive' });
      return { added, starts, pos: at, rest: 'text' };
    }
    if (DIRECTIVE_CLOSE.test(line.slice(at))) {
      closeInnermostDirective(state.open);
      return { added, starts, pos: at, rest: 'code' };
    }
    const fence = FENCE_OPEN.exec(rest);
    if (fence?.[1]) {
      state.fence = { marker: fence[1][0] ?? '`', length: fence[1].length, depth: state.open.length + added.length };
      return { added, starts, pos: at, rest: 'code' };
    }
    return { added, starts, pos: at, rest: line[at] === '#' ? 'heading' : 'text' };
  }
}

function closeInnermostDirective(open: Container[]): void {
  for (let i = open.length - 1; i >= 0; i--) {
    if (open[i]?.kind === 'directive') {
      open.splice(i, 1);
      return;
    }
  }
}

function closesFence(line: string, at: number, fence: { marker: string; length: number }): boolean {
  let run = 0;
  while (line[at + run] === fence.marker) run++;
  return run >= fence.length && isBlank(line, at + run);
}

/** Skips spaces and tabs (a tab advances to the next multiple of 4), at most `limit` columns. */
function skipIndent(line: string, from: number, limit = Infinity): { pos: number; columns: number } {
  let pos = from;
  let columns = 0;
  while (columns < limit && (line[pos] === ' ' || line[pos] === '\t')) {
    columns += line[pos] === '\t' ? 4 - (columns % 4) : 1;
    pos++;
  }
  return { pos, columns };
}

function isBlank(line: string, from: number): boolean {
  for (let i = from; i < line.length; i++) if (line[i] !== ' ' && line[i] !== '\t') return false;
  return true;
}

const VOID_OR_OPTIONAL_END = new Set(
  'area base br col embed hr img input link meta param source track wbr p li dt dd tr td th thead tbody tfoot option optgroup colgroup caption rb rt rp html head body'.split(' '),
);
const TAG = /^<(\/?)([A-Za-z][A-Za-z0-9-]*)(?:\s[^<>]*?)?(\/?)>/;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const MARKUP = /[*_&[\]<`\\!~]/;

/** Running depth of `[`, emphasis runs and raw HTML tags; code spans and escapes are skipped. */
function scanInline(line: string, from: number, state: ScanState, report: Report): void {
  // Jump from one markup character to the next (plain text is most of a page).
  const next = new RegExp(MARKUP.source, 'g');
  for (let i = from; i < line.length; i++) {
    next.lastIndex = i;
    const found = next.exec(line);
    if (!found) return;
    i = found.index;
    const ch = found[0];
    if (++state.markup > MAX_PARAGRAPH_MARKUP) {
      report(
        {
          message: `this paragraph holds more than ${MAX_PARAGRAPH_MARKUP} markup characters (* _ & [ ] < \` \\ ! ~), more than the markdown parser handles in reasonable time`,
          hint: 'split it into several paragraphs (a blank line between them), or put literal text in a code block',
        },
        i + 1,
      );
    }
    if (ch === '\\') {
      i++;
    } else if (ch === '`') {
      i = skipCodeSpan(line, i);
    } else if (ch === '[') {
      if (++state.brackets > MAX_INLINE_NESTING) report(inlineProblem('"[" (links or images)'), i + 1);
    } else if (ch === ']') {
      state.brackets = Math.max(0, state.brackets - 1);
    } else if (ch === '*' || ch === '_') {
      let end = i;
      while (line[end + 1] === ch) end++;
      const flank = flanking(line[i - 1], line[end + 1]);
      if (flank === 'open' && ++state.emphasis > MAX_INLINE_NESTING) report(inlineProblem(`emphasis markers ("${ch}")`), i + 1);
      if (flank === 'close') state.emphasis = Math.max(0, state.emphasis - 1);
      i = end;
    } else if (ch === '<') {
      i = scanTag(line, i, state, report);
    }
  }
}

function inlineProblem(what: string): Problem {
  return {
    message: `more than ${MAX_INLINE_NESTING} ${what} are open at once in this paragraph`,
    hint: 'close them, or escape the literal characters with a backslash (\\[ or \\*)',
  };
}

/** `open` for a left-flanking-only delimiter run, `close` for a right-flanking-only one. */
function flanking(before: string | undefined, after: string | undefined): 'open' | 'close' | 'both' {
  const space = (c: string | undefined) => c === undefined || /\s/.test(c);
  const punct = (c: string | undefined) => c !== undefined && PUNCTUATION.test(c);
  const left = !space(after) && (!punct(after) || space(before) || punct(before));
  const right = !space(before) && (!punct(before) || space(after) || punct(after));
  return left && !right ? 'open' : right && !left ? 'close' : 'both';
}

function skipCodeSpan(line: string, at: number): number {
  let run = 1;
  while (line[at + run] === '`') run++;
  const fence = '`'.repeat(run);
  let search = at + run;
  for (;;) {
    const close = line.indexOf(fence, search);
    if (close === -1) return at + run - 1; // unclosed on this line: literal backticks
    let after = close + run;
    if (line[after] !== '`') return after - 1;
    while (line[after] === '`') after++;
    search = after;
  }
}

function scanTag(line: string, at: number, state: ScanState, report: Report): number {
  const tag = TAG.exec(line.slice(at, at + 512));
  if (!tag) return at;
  const name = (tag[2] ?? '').toLowerCase();
  if (!VOID_OR_OPTIONAL_END.has(name) && tag[3] !== '/') {
    if (tag[1] === '/') state.html = Math.max(0, state.html - 1);
    else if (++state.html > MAX_HTML_NESTING) {
      report(
        {
          message: `more than ${MAX_HTML_NESTING} HTML elements are open at once here`,
          hint: 'close the HTML elements you open (for example </div>)',
        },
        at + 1,
      );
    }
  }
  return at + tag[0].length - 1;
}
