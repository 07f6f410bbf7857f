/**
 * What a code block says beyond its language, as Docusaurus readers and authors know it:
 *
 * - the fence's meta string: ```` ```ts title="app.ts" {1,3-4} ```` (a title and the lines to
 *   highlight, 1-based);
 * - magic comments in the code: `// highlight-next-line`, `// highlight-start` … `// highlight-end`
 *   (with the comment syntax of the language: `#`, `--`, `;`, `/* … *\/`, `<!-- … -->`), which are
 *   removed from the code that readers see and copy.
 *
 * The meta string is recorded per code block by its source offset (remarkCodeMeta) rather than
 * carried on the tree: the raw-HTML step re-parses a page's tree and drops the `data` of its nodes,
 * but keeps their positions.
 *
 * The same walk notes fences and directive containers that are never closed (see unclosedBlock).
 */
import type { Html, Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';
import { ADMONITION_TYPES } from './admonitions.ts';

export interface CodeMeta {
  title?: string;
  /** 1-based numbers of the lines to highlight. */
  highlight: ReadonlySet<number>;
}

/** A code fence or an admonition or tabs container that is never closed, at its opening marker. */
export interface UnclosedBlock {
  message: string;
  hint: string;
  line: number;
  column: number;
}

/**
 * remark plugin: `file.data.codeMeta`, the meta string of each fenced code block by its start
 * offset, and `file.data.unclosedBlocks`, the fences and containers that are never closed.
 */
export function remarkCodeMeta() {
  return (tree: Root, file: VFile): void => {
    const metas = new Map<number, string>();
    let unclosed: UnclosedBlock[] | undefined;
    const source = String(file.value);
    // Code blocks are flow content: the walk never enters paragraphs, headings or tables, which
    // hold only phrasing (most of a page's nodes). Iterative, for deeply nested lists and quotes.
    const pending: Nodes[] = [tree];
    // The container each node is in, for the message about one nested with as many colons.
    const outer = new Map<Nodes, Nodes>();
    for (let node = pending.pop(); node; node = pending.pop()) {
      if (node.type === 'code') {
        const offset = node.position?.start.offset;
        if (node.meta && offset !== undefined) metas.set(offset, node.meta);
        const open = unclosedBlock(node, source, 'fence');
        if (open) (unclosed ??= []).push(open);
      } else if (node.type === 'html') {
        const open = unclosedComment(node);
        if (open) (unclosed ??= []).push(open);
      } else if ('children' in node && !PHRASING_ONLY.has(node.type)) {
        if (node.type === 'containerDirective' && CHECKED_CONTAINERS.has(node.name)) {
          const open = unclosedBlock(node, source, 'container');
          const around = outer.get(node);
          const shallow = around !== undefined && colonsAt(around, source) <= colonsAt(node, source);
          if (open) (unclosed ??= []).push(shallow ? nestedTooShallow(open, around, source) : around ? endsWithOuter(open, around, source) : open);
        }
        const container = node.type === 'containerDirective' ? node : outer.get(node);
        for (let i = node.children.length - 1; i >= 0; i--) {
          const child = node.children[i] as Nodes;
          if (container) outer.set(child, container);
          pending.push(child);
        }
      }
    }
    if (metas.size > 0) (file.data as { codeMeta?: Map<number, string> }).codeMeta = metas;
    if (unclosed) (file.data as { unclosedBlocks?: UnclosedBlock[] }).unclosedBlocks = unclosed;
  };
}

/**
 * An HTML comment that starts a block and is never closed: CommonMark ends such a block only at a
 * line holding `-->`, so everything after it, to the end of the page (or of the list item or block
 * quote holding it), is hidden from readers.
 */
function unclosedComment(node: Html): UnclosedBlock | undefined {
  const start = node.position?.start;
  if (!start || !node.value.trimStart().startsWith('<!--') || node.value.includes('-->')) return undefined;
  return {
    message: 'an HTML comment (<!--) is never closed: the rest of the page is hidden inside it',
    hint: 'close it with --> where the comment should end',
    line: start.line,
    column: start.column,
  };
}

const CHECKED_CONTAINERS = new Set<string>([...ADMONITION_TYPES, 'tabs', 'tab']);

/**
 * Whether a fenced code block (or a `:::` container) was closed, read from what the parser already
 * gives: the node's start (its opening marker) and end. A closed block ends right after its closing
 * marker, so the text of its last line, up to its end, is the container prefix (`>`, spaces) and
 * a run of the opening marker's character at least as long. An unclosed one runs to the end of the
 * page (or of the list item or block quote holding it, as CommonMark says), and ends on a line of
 * its content or at the start of the next line. Indented code blocks have no fence and are skipped.
 */
function unclosedBlock(node: Nodes, source: string, kind: 'fence' | 'container'): UnclosedBlock | undefined {
  const start = node.position?.start;
  const end = node.position?.end;
  if (start?.offset === undefined || end?.offset === undefined) return undefined;
  let at = start.offset;
  // A fence may be indented up to three spaces; four make an indented code block.
  while (kind === 'fence' && at - start.offset < 3 && source[at] === ' ') at++;
  const char = source[at];
  if (char === undefined) return undefined;
  if (kind === 'fence' ? char !== '`' && char !== '~' : char !== ':') return undefined;
  let length = 0;
  while (source[at + length] === char) length++;
  if (length < 3) return undefined;
  if (end.line > start.line) {
    const lastLine = source.slice(source.lastIndexOf('\n', end.offset - 1) + 1, end.offset).trimEnd();
    let run = 0;
    while (run < lastLine.length && lastLine[lastLine.length - 1 - run] === char) run++;
    const prefix = lastLine.slice(0, lastLine.length - run);
    const openingPrefix = source.slice(source.lastIndexOf('\n', start.offset - 1) + 1, start.offset);
    if (run >= length && /^[ \t>]*$/.test(prefix) && quoteDepth(prefix) === quoteDepth(openingPrefix)) return undefined;
  }
  const marker = char.repeat(length);
  const toEnd = source.slice(end.offset).trim() === '';
  const extent = toEnd ? 'the rest of the page' : 'the rest of the list item or block quote holding it';
  const position = { line: start.line, column: start.column + (at - start.offset) };
  if (kind === 'fence') {
    return {
      message: `code fence ${marker} is never closed: ${extent} is shown as code`,
      hint: `close the code block with a line holding ${marker} (the same character, at least as many)`,
      ...position,
    };
  }
  const name = 'name' in node ? String(node.name) : '';
  return {
    message: `${marker}${name} is never closed: ${extent} is inside it`,
    hint: `close it with a line holding ${marker} (at least as many colons as its opening line)`,
    ...position,
  };
}

const quoteDepth = (prefix: string) => prefix.split('>').length - 1;

/** An unclosed container inside a deeper one runs to the end of that one, not of a list item or quote. */
function endsWithOuter(open: UnclosedBlock, around: Nodes, source: string): UnclosedBlock {
  const name = 'name' in around ? String(around.name) : '';
  return { ...open, message: open.message.replace('the rest of the list item or block quote holding it', `the rest of the ${':'.repeat(colonsAt(around, source))}${name} around it`) };
}

/** How many colons open a container directive. */
function colonsAt(node: Nodes, source: string): number {
  const at = node.position?.start.offset ?? 0;
  let colons = 0;
  while (source[at + colons] === ':') colons++;
  return colons;
}

/**
 * A container inside another opened with as many colons (`:::tabs` around `:::tab`): the inner
 * one's closing line closes the outer one, which CommonMark directives count by colons, so the
 * inner one never closes. The fix is on the outer container: more colons.
 */
function nestedTooShallow(open: UnclosedBlock, around: Nodes, source: string): UnclosedBlock {
  const colons = colonsAt(around, source);
  const name = 'name' in around ? String(around.name) : '';
  const more = ':'.repeat(colons + 1);
  return {
    ...open,
    message: `${open.message.split(' is never closed')[0]} is never closed: the ${':'.repeat(colons)}${name} around it ends at the first closing ${':'.repeat(colons)} line, which was meant for this one`,
    hint: `give the outer container more colons than the ones inside it: ${more}${name} … ${more}`,
  };
}

const PHRASING_ONLY = new Set<string>(['paragraph', 'heading', 'table']);

/** The meta string of the code block that starts at `offset`, if it has one. */
export function codeMetaAt(file: VFile, offset: number | undefined): string {
  if (offset === undefined) return '';
  return (file.data as { codeMeta?: Map<number, string> }).codeMeta?.get(offset) ?? '';
}

const TITLE = /(?:^|\s)title=(?:"([^"]*)"|'([^']*)'|(\S+))/;
const LINE_RANGES = /(?:^|\s)\{([^{}]*)\}/;

/** Title and highlighted lines of a meta string; line numbers outside 1…lineCount are ignored. */
export function parseCodeMeta(meta: string, lineCount: number): CodeMeta {
  const title = TITLE.exec(meta);
  // Braces inside the title are part of the title.
  const ranges = LINE_RANGES.exec(title ? meta.replace(title[0], ' ') : meta)?.[1] ?? '';
  const highlight = new Set<number>();
  for (const part of ranges.split(',')) {
    const [from = Number.NaN, to = from] = part.split('-').map((n) => Number.parseInt(n.trim(), 10));
    if (!Number.isFinite(from) || !Number.isFinite(to)) continue;
    // Clipped to the block, so "{1-999999999}" costs as much as the block has lines.
    for (let line = Math.max(1, Math.min(from, to)); line <= Math.min(lineCount, Math.max(from, to)); line++) highlight.add(line);
  }
  const text = title ? (title[1] ?? title[2] ?? title[3] ?? '').trim() : '';
  return { ...(text ? { title: text } : {}), highlight };
}

const MAGIC = /^\s*(?:\/\/+|#+|--|;+|%+|\/\*+|<!--|\{\/\*)\s*(highlight-next-line|highlight-start|highlight-end)\s*(?:\*+\/\}?|-->)?\s*$/;

/** The code without its magic-comment lines, and the (1-based) lines those comments highlight. */
export function extractMagicComments(code: string): { code: string; highlight: Set<number> } {
  const highlight = new Set<number>();
  if (!code.includes('highlight-')) return { code, highlight };
  const kept: string[] = [];
  let nextLine = false;
  let inRange = false;
  for (const line of code.split('\n')) {
    const directive = line.includes('highlight-') ? MAGIC.exec(line)?.[1] : undefined;
    if (directive === 'highlight-next-line') nextLine = true;
    else if (directive === 'highlight-start') inRange = true;
    else if (directive === 'highlight-end') inRange = false;
    else {
      kept.push(line);
      if (nextLine || inRange) highlight.add(kept.length);
      nextLine = false;
    }
  }
  return { code: kept.join('\n'), highlight };
}
