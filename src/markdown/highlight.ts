/**
 * Syntax highlighting with Shiki: one highlighter per build, loaded with only the languages the
 * content uses, two themes (light and dark) emitted as CSS variables so code follows the colour
 * mode without re-rendering. Highlighted blocks are memoised by language, highlighted lines and code.
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
import { createHighlighter, bundledLanguages, type Highlighter, type ShikiTransformer } from 'shiki';
import type { Root, Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import { toString } from 'hast-util-to-string';
import { visit } from 'unist-util-visit';
import { codeMetaAt, extractMagicComments, parseCodeMeta } from './code-meta.ts';

export const LIGHT_THEME = 'github-light-high-contrast';
export const DARK_THEME = 'github-dark-default';
const PLAIN = new Set(['text', 'txt', 'plain', 'plaintext', '']);

export interface CodeHighlighter {
  /** Shiki's tree for the code: in its language when Shiki knows it, else as plain text. */
  highlight(code: string, lang: string, highlightLines?: ReadonlySet<number>): Root;
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
    highlight(code, lang, highlightLines = new Set()) {
      const key = lang.toLowerCase();
      const known = !PLAIN.has(key) && loaded.has(key) ? key : 'text';
      const memoKey = `${known}\u0000${[...highlightLines].join(',')}\u0000${code}`;
      let root = memo.get(memoKey);
      if (!root) {
        root = highlighter.codeToHast(code, {
          lang: known,
          themes: { light: LIGHT_THEME, dark: DARK_THEME },
          defaultColor: false,
          transformers: highlightLines.size > 0 ? [highlightLinesTransformer(highlightLines)] : [],
        }) as Root;
        memo.set(memoKey, root);
      }
      return structuredClone(root);
    },
  };
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
    visit(tree, 'element', (node: Element, index, parent) => {
      if (node.tagName !== 'pre' || !parent || index === undefined) return;
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
