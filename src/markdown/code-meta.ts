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
 */
import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';

export interface CodeMeta {
  title?: string;
  /** 1-based numbers of the lines to highlight. */
  highlight: ReadonlySet<number>;
}

/** remark plugin: `file.data.codeMeta`, the meta string of each fenced code block by its start offset. */
export function remarkCodeMeta() {
  return (tree: Root, file: VFile): void => {
    const metas = new Map<number, string>();
    // Code blocks are flow content: the walk never enters paragraphs, headings or tables, which
    // hold only phrasing (most of a page's nodes). Iterative, for deeply nested lists and quotes.
    const pending: Nodes[] = [tree];
    for (let node = pending.pop(); node; node = pending.pop()) {
      if (node.type === 'code') {
        const offset = node.position?.start.offset;
        if (node.meta && offset !== undefined) metas.set(offset, node.meta);
      } else if ('children' in node && !PHRASING_ONLY.has(node.type)) {
        for (let i = node.children.length - 1; i >= 0; i--) pending.push(node.children[i] as Nodes);
      }
    }
    if (metas.size > 0) (file.data as { codeMeta?: Map<number, string> }).codeMeta = metas;
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
