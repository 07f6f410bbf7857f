/**
 * Syntax highlighting with Shiki: one highlighter per build, loaded with only the languages the
 * content uses, two themes (light and dark) emitted as CSS variables so code follows the colour
 * mode without re-rendering. Highlighted blocks are memoised by language and code (the most recent
 * few hundred, as JSON text, from which each use gets its own tree: a large build must not keep
 * every block it ever highlighted), and kept across builds in a HighlightCache when one is given.
 *
 * A lazy highlighter loads Shiki only when a block is in neither: until then `highlight` throws
 * ShikiNotLoaded, and the caller loads it (`load()`) and renders the page again. A rebuild after an
 * edit to a page's prose so never pays for Shiki's start-up.
 */
import type { Highlighter } from 'shiki';
import { bundledLanguages } from 'shiki/langs';
import type { Root, Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { visitElements } from './walk.ts';
import type { HighlightCache } from '../cache/highlight-cache.ts';

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);
/** How many highlighted blocks stay in memory for reuse within a build. */
const MEMO_SIZE = 256;

export interface CodeHighlighter {
  highlight(code: string, lang: string): Root | undefined;
}

export interface LoadableHighlighter extends CodeHighlighter {
  /** Loads Shiki, if it is not loaded yet. */
  load(): Promise<void>;
}

/** Thrown by a lazy highlighter for a block it has to highlight before Shiki is loaded. */
export class ShikiNotLoaded extends Error {
  constructor() {
    super('Shiki is not loaded yet');
  }
}

const FENCE_LANG = /^\s*(?:```+|~~~+)\s*([A-Za-z0-9_+#.-]+)/gm;

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
  let shiki: { highlighter: Highlighter; loaded: Set<string> } | undefined;
  const load = async () => {
    if (shiki) return;
    const { createHighlighter } = await import('shiki');
    const highlighter = await createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs });
    shiki = { highlighter, loaded: new Set(highlighter.getLoadedLanguages()) };
  };
  if (!options.lazy) await load();
  const memo = new Map<string, string>();
  const highlightNow = (code: string, key: string): Root | null => {
    if (!shiki) throw new ShikiNotLoaded();
    if (!shiki.loaded.has(key)) return null;
    return shiki.highlighter.codeToHast(code, { lang: key, themes: { light: LIGHT_THEME, dark: DARK_THEME }, defaultColor: false }) as Root;
  };
  const remember = (memoKey: string, json: string) => {
    memo.delete(memoKey); // (re)inserted as the most recent
    memo.set(memoKey, json);
    if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  };
  return {
    load,
    highlight(code, lang) {
      const key = lang.toLowerCase();
      if (PLAIN.has(key)) return undefined;
      const memoKey = `${key}\u0000${code}`;
      let json = memo.get(memoKey);
      const cacheKey = json === undefined ? options.cache?.keyOf(key, code) : undefined;
      if (json === undefined && cacheKey !== undefined) json = options.cache?.get(cacheKey);
      const stored = json === undefined ? undefined : parseEntry(json);
      if (json !== undefined && stored !== undefined) {
        remember(memoKey, json);
        return stored ?? undefined;
      }
      // Highlighted now: the tree itself goes to the page, its JSON to the memo and the cache.
      const root = highlightNow(code, key);
      json = JSON.stringify({ root });
      remember(memoKey, json);
      if (cacheKey !== undefined) options.cache?.set(cacheKey, json);
      return root ?? undefined;
    },
  };
}

/** A stored block's tree (`null`: left plain), or undefined when the text is not a whole entry (a write cut short). */
function parseEntry(json: string): Root | null | undefined {
  try {
    return (JSON.parse(json) as { root: Root | null }).root;
  } catch {
    return undefined;
  }
}

/** rehype plugin: replaces `<pre><code class="language-x">` with Shiki's output. */
export function rehypeShiki(highlighter: CodeHighlighter) {
  return (tree: Root): void => {
    visitElements(tree, (node: Element, index, parent) => {
      if (node.tagName !== 'pre') return;
      const code = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'code');
      if (!code) return;
      const classes = (code.properties.className as string[] | undefined) ?? [];
      const lang = classes.find((c) => c.startsWith('language-'))?.slice('language-'.length) ?? '';
      const text = toString(code).replace(/\n$/, '');
      const highlighted = highlighter.highlight(text, lang);
      const pre = highlighted?.children[0] as Element | undefined;
      if (pre && pre.type === 'element') {
        pre.properties.tabIndex = 0;
        pre.properties.dataLanguage = lang;
        parent.children[index] = pre as ElementContent;
      } else {
        node.properties.className = ['shiki', 'shiki-plain'];
        node.properties.tabIndex = 0;
        if (lang) node.properties.dataLanguage = lang;
      }
    });
  };
}
