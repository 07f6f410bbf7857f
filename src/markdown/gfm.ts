/**
 * GitHub-flavoured markdown for remark, each extension only where a page can use it. micromark tries
 * an extension's constructs wherever their first character appears (a table at the start of every
 * line, a footnote at every `[`, an autolink literal at every `w`, `h` and `@`), so the constructs a
 * page cannot contain are dead weight: autolink literals were a third of parsing a typical page,
 * footnotes another tenth. A page is parsed without an extension only when nothing in it can start
 * the extension's syntax, so the output is identical (tests/markdown/syntax-choice.test.ts).
 */
import type { Processor } from 'unified';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';

/** Which GFM extensions a page needs. */
export interface GfmSyntax {
  autolinkLiterals: boolean;
  footnotes: boolean;
  strikethrough: boolean;
  tables: boolean;
  taskLists: boolean;
}

export const FULL_GFM: GfmSyntax = { autolinkLiterals: true, footnotes: true, strikethrough: true, tables: true, taskLists: true };

/** True when `markdown` may contain an autolink literal (`www.…`, `scheme://…` or an e-mail address). */
export function mayHaveAutolinkLiterals(markdown: string): boolean {
  return /www\.|:\/\/|@/i.test(markdown);
}

/**
 * The extensions `markdown` may need: a footnote call or definition starts with `[^`, a strikethrough
 * with `~`, a table needs a `|` in its delimiter row, and a task list item's check box is `[`, one
 * space, tab, line ending, `x` or `X`, then `]`.
 */
export function gfmSyntaxOf(markdown: string): GfmSyntax {
  return {
    autolinkLiterals: mayHaveAutolinkLiterals(markdown),
    footnotes: markdown.includes('[^'),
    strikethrough: markdown.includes('~'),
    tables: markdown.includes('|'),
    taskLists: /\[[\s xX]\]/.test(markdown),
  };
}

export function remarkGfmSelectable(this: Processor, syntax: GfmSyntax): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const micromark = (data.micromarkExtensions ??= []);
  const fromMarkdown = (data.fromMarkdownExtensions ??= []);
  // The order of micromark-extension-gfm and mdast-util-gfm (the tag filter only acts when
  // compiling HTML with micromark, which remark does not do).
  const all = [
    [syntax.autolinkLiterals, gfmAutolinkLiteral(), gfmAutolinkLiteralFromMarkdown()],
    [syntax.footnotes, gfmFootnote(), gfmFootnoteFromMarkdown()],
    [syntax.strikethrough, gfmStrikethrough(), gfmStrikethroughFromMarkdown()],
    [syntax.tables, gfmTable(), gfmTableFromMarkdown()],
    [syntax.taskLists, gfmTaskListItem(), gfmTaskListItemFromMarkdown()],
  ] as const;
  for (const [wanted, tokenizer, compiler] of all) {
    if (!wanted) continue;
    micromark.push(tokenizer);
    fromMarkdown.push(compiler);
  }
}
