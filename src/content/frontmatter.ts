/**
 * Splits a markdown file into YAML front matter and body, and checks the front matter's keys and
 * types. Positions in messages are positions in the markdown file itself.
 */
import { DocsgenError } from '../errors.ts';
import type { InputWarning } from '../schema/validate.ts';
import type { FrontMatter } from './front-matter-schema.ts';
import { memoised, type YamlMemo } from '../cache/yaml-memo.ts';
import { ownCopy } from '../own-copy.ts';

export type { FrontMatter, HeroAction, FeatureCard } from './front-matter-schema.ts';
export type Warning = InputWarning;

export interface ParsedMarkdownFile {
  frontMatter: FrontMatter;
  body: string;
  /** Number of lines before the body starts (the front matter block), to map body positions back. */
  bodyLineOffset: number;
  warnings: Warning[];
}

// The block may be empty (`---` twice): a page that only opens and closes it is fine.
const FENCE = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** `memo`: front matter checked by earlier builds (a build reads content/ through it). */
export async function parseMarkdownFile(text: string, file: string, memo?: YamlMemo): Promise<ParsedMarkdownFile> {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = FENCE.exec(source);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(source)) {
      throw new DocsgenError('front matter is not closed', {
        position: { file, line: 1, column: 1 },
        hint: 'end the front matter block with a line that holds only "---"',
      });
    }
    return { frontMatter: {}, body: source, bodyLineOffset: 0, warnings: [] };
  }
  const yaml = match[1] ?? '';
  // Checked from a copy: what the check returns (the title, the description…) is cut out of the
  // text it reads, and a cut of the file's text would keep the whole file for the rest of the build.
  // A result from the memo is parsed from its own JSON and needs none.
  const check = async () => (await import('./front-matter-check.ts')).checkFrontMatter(ownCopy(yaml), file);
  const { frontMatter, warnings } = await memoised(memo, 'front matter', file, yaml, check);
  const bodyLineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  return { frontMatter, body: source.slice(match[0].length), bodyLineOffset, warnings };
}
