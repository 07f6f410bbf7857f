/**
 * Splits a markdown file into YAML front matter and body, and checks the front matter's keys and
 * types. Positions in messages are positions in the markdown file itself.
 */
import { DocsgenError } from '../errors.ts';
import type { InputWarning } from '../schema/validate.ts';
import type { FrontMatter } from './front-matter-schema.ts';
import { memoised, type YamlMemo } from '../cache/yaml-memo.ts';

export type { FrontMatter, HeroAction, FeatureCard } from './front-matter-schema.ts';
export type Warning = InputWarning;

const LONE_SURROGATE = /\p{Surrogate}/u; // in u mode a pair is one code point, so only a lone half matches

/**
 * The same text in a string of its own. V8 makes `slice()` of a long string a view of it, so a
 * short value cut out of a file keeps the whole file in memory: 5 KB a page of a 10,000-page build
 * that keeps pages' titles until its end.
 */

export function ownCopy(text: string): string {
  if (text.length < 13) return text; // V8 copies short slices anyway
  // UTF-8 would turn a lone surrogate into U+FFFD; JSON keeps it (decoded files hold none).
  return LONE_SURROGATE.test(text) ? (JSON.parse(JSON.stringify(text)) as string) : Buffer.from(text, 'utf8').toString('utf8');
}

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
  // A copy: what the check returns (the title, the description…) is cut out of this text, and a
  // cut of the file's text would keep the whole file alive for the rest of the build (V8 slices).
  const yaml = ownCopy(match[1] ?? '');
  const { frontMatter, warnings } = await memoised(memo, 'front matter', file, yaml, async () => (await import('./front-matter-check.ts')).checkFrontMatter(yaml, file));
  const bodyLineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  return { frontMatter, body: source.slice(match[0].length), bodyLineOffset, warnings };
}
