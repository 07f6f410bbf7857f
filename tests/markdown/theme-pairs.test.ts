/**
 * One tokenizing pass for the light and dark themes (src/markdown/theme-pairs.ts): for the themes
 * docsgen uses, the light pass with the colour mapping gives every character the colours Shiki's
 * two passes give it, over every code block of the real site and the API reference's samples.
 */
import { describe, it, expect } from 'vitest';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { createHighlighter, type BundledLanguage } from 'shiki';
import { bundledLanguages } from 'shiki/langs';
import { toHtml } from 'hast-util-to-html';
import type { Root } from 'hast';
import { darkColours } from '../../src/markdown/theme-pairs.ts';
import { createCodeHighlighter, DARK_THEME, LIGHT_THEME } from '../../src/markdown/highlight.ts';
import { ROOT } from '../helpers.ts';

/** Every fenced block of the site's pages in a language Shiki knows, with the API samples' languages. */
async function corpus(): Promise<{ lang: string; code: string }[]> {
  const files = (await readdir(path.join(ROOT, 'content'), { recursive: true })).map(String).filter((f) => f.endsWith('.md'));
  const blocks: { lang: string; code: string }[] = [];
  for (const file of files) {
    const text = await readFile(path.join(ROOT, 'content', file), 'utf8');
    for (const match of text.matchAll(/^```([A-Za-z0-9_+-]+)[^\n]*\n([\s\S]*?)^```/gm)) {
      const lang = match[1]!.toLowerCase();
      if (lang in bundledLanguages) blocks.push({ lang, code: match[2]! });
    }
  }
  blocks.push(
    { lang: 'javascript', code: "const form = new FormData();\nform.append('file', new Blob(['…']), 'file.bin');\nconst response = await fetch(`https://api.example.com/x/${id}`, { method: 'POST', body: form });\n// a comment\nconsole.log(await response.json());" },
    { lang: 'python', code: "import requests\n\n# a comment\nresponse = requests.post('https://api.example.com/x', json={\"a\": [1, 2.5, None, True]}, files={'file': open('path/to/file', 'rb')})\nprint(response.json())" },
    { lang: 'shellscript', code: "curl -X POST 'https://api.example.com/x?y=1' \\\n  -H 'Authorization: Bearer YOUR_TOKEN' \\\n  -F 'file=@path/to/file' \\\n  --data '{\"a\": 1}'" },
    { lang: 'json', code: JSON.stringify({ a: 1, b: 'x', c: [true, false, null], d: { e: -1.5e3, f: '\\n' } }, null, 2) },
  );
  return blocks;
}

type Colours = [string | undefined, string | undefined, number][];

describe('one tokenizing pass for the light and dark themes', () => {
  it("gives each character of every block the colours and font style of Shiki's two passes", async () => {
    const blocks = await corpus();
    const langs = [...new Set(blocks.map((b) => b.lang))];
    expect(langs.length).toBeGreaterThanOrEqual(5);
    const shiki = await createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs });
    const dark = darkColours(shiki, LIGHT_THEME, DARK_THEME);
    expect(dark).toBeDefined();
    for (const { lang, code } of blocks) {
      const twice: Colours = [];
      for (const line of shiki.codeToTokensWithThemes(code, { lang: lang as BundledLanguage, themes: { light: LIGHT_THEME, dark: DARK_THEME } })) {
        for (const t of line) for (const _ of t.content) twice.push([t.variants.light?.color?.toUpperCase(), t.variants.dark?.color?.toUpperCase(), t.variants.dark?.fontStyle ?? 0]);
      }
      const once: Colours = [];
      for (const line of shiki.codeToTokensBase(code, { lang: lang as BundledLanguage, theme: LIGHT_THEME })) {
        for (const t of line) for (const _ of t.content) once.push([t.color?.toUpperCase(), t.color && dark?.get(t.color.toUpperCase()), t.fontStyle ?? 0]);
      }
      expect(once, `${lang}: ${code.slice(0, 60)}`).toEqual(twice);
    }
    shiki.dispose();
  });

  it("writes the doc pages' code blocks in one pass exactly as Shiki's two passes write them", async () => {
    const blocks = [
      ...(await corpus()),
      // The bench corpus's languages and markup that Shiki styles (italic, bold, underline).
      { lang: 'rust', code: 'fn main() {\n    let x: u32 = 1; // one\n    println!("{}", x);\n}' },
      { lang: 'go', code: 'package main\n\nfunc main() {\n\tfmt.Println("hi") // c\n}' },
      { lang: 'yaml', code: 'key: value\nlist:\n  - 1\n  - "two" # c' },
      { lang: 'typescript', code: 'export const f = async <T,>(x: T): Promise<T> => x;' },
      { lang: 'markdown', code: '# Title\n\n*italic* **bold** <u>under</u> ~~struck~~ [link](https://example.com)' },
      { lang: 'html', code: '<a href="x" style="color:red">x</a>' },
      { lang: 'css', code: 'a { color: red; text-decoration: underline; }' },
      { lang: 'xml', code: '<?xml version="1.0"?>\n<root a="1"><!-- c --><b>text</b></root>' },
      { lang: 'powershell', code: '$x = Get-Item -Path "C:\\temp" # c\nWrite-Host $x' },
      { lang: 'ini', code: '[section]\nkey = value ; c' },
      { lang: 'bash', code: 'for f in *.md; do echo "$f"; done # c' },
    ];
    const langs = [...new Set(blocks.map((b) => b.lang))];
    const ours = await createCodeHighlighter(langs);
    const shiki = await createHighlighter({ themes: [LIGHT_THEME, DARK_THEME], langs });
    for (const { lang, code } of blocks) {
      for (const lines of [new Set<number>(), new Set([1])]) {
        const expected = shiki.codeToHast(code, {
          lang,
          themes: { light: LIGHT_THEME, dark: DARK_THEME },
          defaultColor: false,
          transformers: [{ line: (node, line) => void (lines.has(line) && (node.properties.class = `${String(node.properties.class)} highlighted`)) }],
        }) as Root;
        expect(toHtml(ours.highlight(code, lang, lines)), `${lang}: ${code.slice(0, 60)}`).toBe(toHtml(expected));
      }
    }
    ours.release();
    shiki.dispose();
  });

  it('declines themes that are not made from one template, so the caller tokenizes twice', async () => {
    const shiki = await createHighlighter({ themes: ['github-light', 'nord', LIGHT_THEME, DARK_THEME], langs: ['json'] });
    expect(darkColours(shiki, 'github-light', 'nord')).toBeUndefined();
    expect(darkColours(shiki, LIGHT_THEME, DARK_THEME)?.get('#0E1116')).toBe('#E6EDF3');
    shiki.dispose();
  });
});
