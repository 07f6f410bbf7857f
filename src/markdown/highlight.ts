/**
 * Syntax highlighting with Shiki: one highlighter per build, loaded with only the languages the
 * content uses, two themes (light and dark) emitted as CSS variables so code follows the colour
 * mode without re-rendering. Highlighted blocks are memoised by language, highlighted lines and
 * code (the most recent few hundred, as JSON text, from which each use gets its own tree: a large
 * build must not keep every block it ever highlighted), and kept across builds in a HighlightCache
 * when one is given.
 *
 * Shiki itself is one instance per thread for a set of languages, which successive builds share
 * (see shiki-instance.ts). A lazy highlighter loads it only when a block is in neither: until then
 * `highlight` throws ShikiNotLoaded, and the caller loads it (`load()`) and renders the page again.
 * A rebuild after an edit to a page's prose so never pays for Shiki's start-up.
 *
 * Every block, whatever its language, comes out as `<div class="code-block">` (a `<figure>` with a
 * `<figcaption>` when the fence has a title) around Shiki's `<pre>`, one `<span class="line">` per
 * line, the highlighted ones with the class `highlighted` (see code-meta.ts). The client runtime
 * adds a copy button to each block.
 *
 * The themes are GitHub's high-contrast light and default dark: every token colour they give the
 * languages of the docs keeps 4.5:1 or more on the code background (#f6f8fa light, #1d2026 dark),
 * which github-light and github-dark did not (comments at 3.05:1 in dark, orange at 3.3:1 in light).
 */
// Types only: Shiki's code (some 350 KB with its regex engines, 20 ms to load) loads with the
// highlighter (shiki-instance.ts), so a build whose blocks all come from the cache never loads it.
import type { flatTokenVariants, Highlighter, ShikiTransformer, ThemedToken } from 'shiki';
import { bundledLanguages } from 'shiki/langs';
import type { Root, Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import { toString } from 'hast-util-to-string';
import { visitElements } from './walk.ts';
import { codeMetaAt, extractMagicComments, parseCodeMeta } from './code-meta.ts';
import type { HighlightCache } from '../cache/highlight-cache.ts';
import { leaseShiki, TOKENIZE_OPTIONS, type ShikiLease } from './shiki-instance.ts';
import { darkColours } from './theme-pairs.ts';

export const LIGHT_THEME = 'github-light-high-contrast';
export const DARK_THEME = 'github-dark-default';
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);
/** How many highlighted blocks stay in memory for reuse within a build. */
const MEMO_SIZE = 256;

export interface CodeHighlighter {
  /** Shiki's tree for the code: in its language when Shiki knows it, else as plain text. */
  highlight(code: string, lang: string, highlightLines?: ReadonlySet<number>): Root;
}

export interface LoadableHighlighter extends CodeHighlighter {
  /** Loads Shiki, if it is not loaded yet. */
  load(): Promise<void>;
  /**
   * Lets go of the thread's Shiki instance (see shiki-instance.ts), which is disposed once no
   * highlighter holds it and another set of languages is wanted. The build calls it when its
   * markdown is rendered; a block Shiki would have to highlight after that throws ShikiNotLoaded.
   */
  release(): void;
}

/** Thrown by a lazy highlighter for a block it has to highlight before Shiki is loaded. */
export class ShikiNotLoaded extends Error {
  constructor() {
    super('Shiki is not loaded yet');
  }
}

// Spaces and tabs only: `\s` would also take line breaks, which made this quadratic on a page of
// blank lines (minutes for 5 MB) and read the first word of an unlabeled block as its language.
const FENCE_LANG = /^[ \t]*(?:```+|~~~+)[ \t]*([A-Za-z0-9_+#.-]+)/gm;

/** Languages named in the fences of these markdown sources that Shiki knows. */
export function languagesIn(sources: Iterable<string>): string[] {
  const found = new Set<string>();
  for (const source of sources) {
    for (const match of source.matchAll(FENCE_LANG)) {
      const lang = match[1]?.toLowerCase();
      if (lang && !PLAIN.has(lang) && lang in bundledLanguages) found.add(lang);
    }
  }
  return [...found].sort();
}

export async function createCodeHighlighter(langs: string[], options: { cache?: HighlightCache; lazy?: boolean } = {}): Promise<LoadableHighlighter> {
  let shiki: { highlighter: Highlighter; loaded: Set<string>; onePass: ShikiTransformer | undefined } | undefined;
  let lease: ShikiLease | undefined;
  const load = async () => {
    if (shiki) return;
    lease ??= leaseShiki(langs, [LIGHT_THEME, DARK_THEME]);
    const [highlighter, { flatTokenVariants }] = await Promise.all([lease.shiki, import('shiki')]);
    const dark = darkColours(highlighter, LIGHT_THEME, DARK_THEME);
    shiki = { highlighter, loaded: new Set(highlighter.getLoadedLanguages()), onePass: dark && onePassTransformer(highlighter, dark, flatTokenVariants) };
  };
  if (!options.lazy) await load();
  const wanted = new Set(langs);
  const memo = new Map<string, string>();
  const remember = (memoKey: string, json: string) => {
    memo.delete(memoKey); // (re)inserted as the most recent
    memo.set(memoKey, json);
    if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  };
  return {
    load,
    release() {
      lease?.release();
      lease = undefined;
      shiki = undefined;
    },
    highlight(code, lang, highlightLines = new Set()) {
      // The language the block is highlighted in is known before Shiki loads: the build loads
      // exactly the languages its fences name (languagesIn), and 'text' for the rest.
      const key = lang.toLowerCase();
      const known = !PLAIN.has(key) && wanted.has(key) ? key : 'text';
      const variant = `${known}\u0000${[...highlightLines].sort((a, b) => a - b).join(',')}`;
      const memoKey = `${variant}\u0000${code}`;
      let json = memo.get(memoKey);
      const cacheKey = json === undefined ? options.cache?.keyOf(variant, code) : undefined;
      if (json === undefined && cacheKey !== undefined) json = options.cache?.get(cacheKey);
      const stored = json === undefined ? undefined : parseEntry(json);
      if (json !== undefined && stored !== undefined) {
        remember(memoKey, json);
        return stored;
      }
      if (!shiki) throw new ShikiNotLoaded();
      // Highlighted now: the tree itself goes to the page, its JSON to the memo and the cache.
      const root = highlightBoth(shiki, code, shiki.loaded.has(known) ? known : 'text', highlightLines.size > 0 ? [highlightLinesTransformer(highlightLines)] : []);
      json = JSON.stringify({ root });
      remember(memoKey, json);
      if (cacheKey !== undefined) options.cache?.set(cacheKey, json);
      return root;
    },
  };
}

/**
 * Shiki's tree of the code in both themes. With themes made from one template (theme-pairs.ts),
 * one pass with the light theme and the light-to-dark colour map gives the tree two passes give,
 * node for node (a test compares them over every code block of the site); Shiki tokenizes every
 * block once per theme otherwise. A block with an underlined or struck-through token takes two
 * passes, as Shiki keeps such whitespace apart only in one-theme output.
 */
function highlightBoth(shiki: { highlighter: Highlighter; onePass: ShikiTransformer | undefined }, code: string, lang: string, transformers: ShikiTransformer[]): Root {
  if (shiki.onePass) {
    try {
      return shiki.highlighter.codeToHast(code, { ...TOKENIZE_OPTIONS, lang, theme: LIGHT_THEME, transformers: [shiki.onePass, ...transformers] }) as Root;
    } catch (error) {
      if (!(error instanceof DecoratedToken)) throw error;
    }
  }
  return shiki.highlighter.codeToHast(code, { ...TOKENIZE_OPTIONS, lang, themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false, transformers }) as Root;
}

class DecoratedToken extends Error {}

/** Light tokens given their dark colours as Shiki's two-theme output gives them, and its root class and style. */
function onePassTransformer(highlighter: Highlighter, dark: ReadonlyMap<string, string>, flatten: typeof flatTokenVariants): ShikiTransformer {
  const [light, darkTheme] = [highlighter.getTheme(LIGHT_THEME), highlighter.getTheme(DARK_THEME)];
  const rootStyle = `--shiki-light:${light.fg};--shiki-dark:${darkTheme.fg};--shiki-light-bg:${light.bg};--shiki-dark-bg:${darkTheme.bg}`;
  const both = (token: ThemedToken) => {
    // Underline (4) and strikethrough (8) change how Shiki merges whitespace in one-theme output.
    if ((token.fontStyle ?? 0) & 12 || token.bgColor) throw new DecoratedToken();
    const variant = { color: token.color, fontStyle: token.fontStyle };
    const other = { color: token.color && dark.get(token.color.toUpperCase()), fontStyle: token.fontStyle };
    return flatten({ content: token.content, offset: token.offset, variants: { light: variant, dark: other } }, ['light', 'dark'], '--shiki-', false, 'css-vars');
  };
  return {
    name: 'docsgen:one-pass-two-themes',
    tokens: (lines) => lines.map((line) => line.map(both)),
    pre(node) {
      node.properties.class = `shiki shiki-themes ${light.name} ${darkTheme.name}`;
      node.properties.style = rootStyle;
    },
  };
}

/** A stored block's tree, or undefined when the text is not a whole entry (a write cut short). */
function parseEntry(json: string): Root | undefined {
  try {
    const root = (JSON.parse(json) as { root?: Root | null }).root;
    return root?.type === 'root' ? root : undefined;
  } catch {
    return undefined;
  }
}

function highlightLinesTransformer(lines: ReadonlySet<number>): ShikiTransformer {
  return {
    name: 'docsgen:highlight-lines',
    line(node, line) {
      if (lines.has(line)) this.addClassToHast(node, 'highlighted');
    },
  };
}

/** rehype plugin: replaces `<pre><code class="language-x">` with Shiki's output inside a code block. */
export function rehypeShiki(highlighter: CodeHighlighter) {
  return (tree: Root, file: VFile): void => {
    visitElements(tree, (node: Element, index, parent) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const magic = extractMagicComments(toString(code).replace(/\n$/, ''));
      const meta = parseCodeMeta(codeMetaAt(file, node.position?.start.offset), magic.code.split('\n').length);
      const pre = highlighter.highlight(magic.code, lang, new Set([...meta.highlight, ...magic.highlight])).children[0] as Element;
      if (lang) pre.properties.dataLanguage = lang;
      parent.children[index] = codeBlock(pre, meta.title);
    });
  };
}

function codeBlock(pre: Element, title: string | undefined): ElementContent {
  if (title === undefined) return { type: 'element', tagName: 'div', properties: { className: ['code-block'] }, children: [pre] };
  const caption: Element = { type: 'element', tagName: 'figcaption', properties: { className: ['code-block__title'] }, children: [{ type: 'text', value: title }] };
  return { type: 'element', tagName: 'figure', properties: { className: ['code-block', 'code-block--titled'] }, children: [caption, pre] };
}
