/**
 * GitHub-flavoured markdown for remark, with autolink literals optional. Recognising bare URLs and
 * e-mail addresses costs a third of parsing a typical page (micromark tries the construct at every
 * `w`, `h` and `@`, and a second pass searches every text node), yet it can only ever match text
 * that holds `www.`, `://` or `@`. Pages without them are parsed without it, with identical output.
 */
import type { Processor } from 'unified';
import { gfm } from 'micromark-extension-gfm';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';

export interface GfmOptions {
  autolinkLiterals: boolean;
}

/** True when `markdown` may contain an autolink literal (`www.…`, `scheme://…` or an e-mail address). */
export function mayHaveAutolinkLiterals(markdown: string): boolean {
  return /www\.|:\/\/|@/i.test(markdown);
}

export function remarkGfmSelectable(this: Processor, options: GfmOptions): void {
  const data = this.data() as { micromarkExtensions?: unknown[]; fromMarkdownExtensions?: unknown[] };
  const micromark = (data.micromarkExtensions ??= []);
  const fromMarkdown = (data.fromMarkdownExtensions ??= []);
  if (options.autolinkLiterals) {
    micromark.push(gfm());
    fromMarkdown.push(gfmFromMarkdown());
    return;
  }
  // The same extensions as micromark-extension-gfm and mdast-util-gfm, minus autolink literals
  // (the tag filter only acts when compiling HTML with micromark, which remark does not do).
  micromark.push(gfmFootnote(), gfmStrikethrough(), gfmTable(), gfmTaskListItem());
  fromMarkdown.push(gfmFootnoteFromMarkdown(), gfmStrikethroughFromMarkdown(), gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown());
}
