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
    return { frontMatter: {}, body: source, bodyLineOffset: 0, warnings: misplacedFrontMatter(source, file) };
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

/** A block of `key: value` lines between `---` after blank lines, the way front matter is written. */
const AFTER_BLANK_LINES = /^((?:[ \t]*\r?\n)+)---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Front matter the page does not have because it is not where it is read: after blank lines, or
 * in TOML (`+++`, as Hugo writes it). Either is shown as page text (a rule, then `title: …` as a
 * heading), and the page gets its title from elsewhere, without a word: a warning says so.
 */
function misplacedFrontMatter(source: string, file: string): Warning[] {
  const late = AFTER_BLANK_LINES.exec(source);
  // Its first line a key, as front matter's is (a rule before prose has a blank line after it).
  if (late && /^[A-Za-z_][\w-]*:/.test(late[2] ?? '')) {
    const line = (late[1] ?? '').split('\n').length;
    return [{ message: 'this looks like front matter, but it does not start on line 1, so it is shown as page text and its keys are not read: remove the blank lines above this ---', position: { file, line, column: 1 } }];
  }
  if (/^\+\+\+[ \t]*\r?\n/.test(source)) {
    return [{ message: 'front matter between +++ lines (TOML) is not read and is shown as page text: write it as YAML between --- lines (title: My page)', position: { file, line: 1, column: 1 } }];
  }
  return [];
}
