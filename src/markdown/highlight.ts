/**
 * Syntax highlighting with Shiki: one highlighter per build, loaded with only the languages the
 * content uses, two themes (light and dark) emitted as CSS variables so code follows the colour
 * mode without re-rendering. Highlighted blocks are memoised by language and code.
 */
import { createHighlighter, bundledLanguages, type Highlighter } from 'shiki';
import type { Root, Element, ElementContent } from 'hast';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';

export const LIGHT_THEME = 'github-light';
export const DARK_THEME = 'github-dark';
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

export interface CodeHighlighter {
  highlight(code: string, lang: string): Root | undefined;
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

export async function createCodeHighlighter(langs: string[]): Promise<CodeHighlighter> {
  const highlighter: Highlighter = await createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs });
  const loaded = new Set(highlighter.getLoadedLanguages());
  const memo = new Map<string, Root>();
  return {
    highlight(code, lang) {
      const key = lang.toLowerCase();
      if (PLAIN.has(key) || !loaded.has(key)) return undefined;
      const memoKey = `${key}\u0000${code}`;
      let root = memo.get(memoKey);
      if (!root) {
        root = highlighter.codeToHast(code, {
          lang: key,
          themes: { light: LIGHT_THEME, dark: DARK_THEME },
          defaultColor: false,
        }) as Root;
        memo.set(memoKey, root);
      }
      return structuredClone(root);
    },
  };
}

/** rehype plugin: replaces `<pre><code class="language-x">` with Shiki's output. */
export function rehypeShiki(highlighter: CodeHighlighter) {
  return (tree: Root): void => {
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
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
