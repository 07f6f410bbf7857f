/** Code blocks as Docusaurus authors write them: titles, highlighted lines, magic comments. */
import { describe, it, expect, beforeAll } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';
import { extractMagicComments, parseCodeMeta } from '../../src/markdown/code-meta.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer({ highlighter: await createCodeHighlighter(['ts', 'bash', 'xml']), baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
});

const lines = (html: string) => [...html.matchAll(/<span class="line( highlighted)?">/g)].map((m) => Boolean(m[1]));
const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('code blocks', () => {
  it('puts a titled block in a figure with the title as its caption', () => {
    const html = render('```ts title="src/app.ts"\nconst a = 1;\n```\n', 'a.md').html;
    expect(html).toMatch(/^<figure class="code-block code-block--titled"><figcaption class="code-block__title">src\/app.ts<\/figcaption><pre class="shiki /);
  });

  it('highlights the lines of {1,3-4}, and only those', () => {
    const html = render('```ts {1,3-4}\na\nb\nc\nd\ne\n```\n', 'a.md').html;
    expect(lines(html)).toEqual([true, false, true, true, false]);
  });

  it('reads the title and the lines in any order, quoted with either quote', () => {
    expect(parseCodeMeta("{2} title='x y.ts'", 3)).toEqual({ title: 'x y.ts', highlight: new Set([2]) });
    expect(parseCodeMeta('title=plain.txt', 3)).toEqual({ title: 'plain.txt', highlight: new Set() });
    expect(parseCodeMeta('title="a {1}"', 3)).toEqual({ title: 'a {1}', highlight: new Set() });
  });

  it('clips ranges to the block, so a huge range costs nothing and reversed ones still work', () => {
    expect(parseCodeMeta('{1-999999999}', 2).highlight).toEqual(new Set([1, 2]));
    expect(parseCodeMeta('{3-2,0,x}', 5).highlight).toEqual(new Set([2, 3]));
  });

  it('removes Docusaurus magic comments and highlights what they mark', () => {
    const html = render('```ts\n// highlight-next-line\nconst a = 1;\nconst b = 2;\n// highlight-start\nconst c = 3;\nconst d = 4;\n// highlight-end\n```\n', 'a.md').html;
    expect(lines(html)).toEqual([true, false, true, true]);
    expect(text(html)).not.toContain('highlight-');
    const bash = extractMagicComments('# highlight-next-line\necho hi\n<!-- highlight-next-line -->\n<a/>');
    expect(bash).toEqual({ code: 'echo hi\n<a/>', highlight: new Set([1, 2]) });
  });

  it('gives <pre> one tabindex (it scrolls, so keyboards must reach it)', () => {
    const html = render('```ts\nconst a = 1;\n```\n', 'a.md').html;
    expect(html.match(/tabindex/g)).toHaveLength(1);
  });

  it('treats a block without a known language as plain text, with lines to highlight', () => {
    const html = render('```nosuchlang {2}\none\ntwo\n```\n', 'a.md').html;
    expect(html).toContain('<div class="code-block"><pre class="shiki');
    expect(html).toContain('data-language="nosuchlang"');
    expect(lines(html)).toEqual([false, true]);
  });

  it('keeps titles and highlighted lines on pages with raw HTML (which re-parses the tree)', () => {
    const html = render('Press <kbd>Ctrl</kbd>.\n\n```ts title="x.ts" {2}\na\nb\n```\n', 'a.md').html;
    expect(html).toContain('<figcaption class="code-block__title">x.ts</figcaption>');
    expect(lines(html)).toEqual([false, true]);
  });

  it('reads the title of a block wherever it sits: in a list item, a quote, an admonition, a tab, a footnote', () => {
    const fence = (title: string, indent = '') => [`${indent}\`\`\`ts title="${title}" {1}`, `${indent}a`, `${indent}\`\`\``].join('\n');
    const page = [
      `- Step one:\n\n${fence('in-list.ts', '  ')}`,
      `> Quoted:\n>\n${fence('in-quote.ts').replace(/^/gm, '> ')}`,
      `:::tip\n\n${fence('in-admonition.ts')}\n\n:::`,
      `::::tabs\n:::tab[One]\n${fence('in-tab.ts')}\n:::\n::::`,
      `Note[^1].\n\n[^1]: Footnote:\n\n${fence('in-footnote.ts', '    ')}`,
    ].join('\n\n');
    const html = render(`${page}\n`, 'a.md').html;
    const titles = [...html.matchAll(/<figcaption class="code-block__title">([^<]*)<\/figcaption>/g)].map((m) => m[1]);
    expect(titles.sort()).toEqual(['in-admonition.ts', 'in-footnote.ts', 'in-list.ts', 'in-quote.ts', 'in-tab.ts']);
    expect(lines(html)).toEqual([true, true, true, true, true]);
  });
});
