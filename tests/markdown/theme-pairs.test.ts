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
import { darkColours } from '../../src/markdown/theme-pairs.ts';
import { DARK_THEME, LIGHT_THEME } from '../../src/markdown/highlight.ts';
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

  it('declines themes that are not made from one template, so the caller tokenizes twice', async () => {
    const shiki = await createHighlighter({ themes: ['github-light', 'nord', LIGHT_THEME, DARK_THEME], langs: ['json'] });
    expect(darkColours(shiki, 'github-light', 'nord')).toBeUndefined();
    expect(darkColours(shiki, LIGHT_THEME, DARK_THEME)?.get('#0E1116')).toBe('#E6EDF3');
    shiki.dispose();
  });
});
