/**
 * Pages are parsed without the GFM extensions, directives and the raw-HTML step they cannot use
 * (see src/markdown/gfm.ts and render.ts); this proves the output is the same as with everything on.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { createMarkdownParser, createMarkdownRenderer, type MarkdownRendererOptions } from '../../src/markdown/render.ts';
import { createCodeHighlighter, languagesIn } from '../../src/markdown/highlight.ts';
import { parseMarkdownFile } from '../../src/content/frontmatter.ts';
import { ROOT } from '../helpers.ts';

const SAMPLES = [
  'Write to support@example.com or see www.example.com and https://example.com/a_b?c=d.',
  'No links here: C:\\ProgramData\\Hub at 10:30, ratio 16:9, key: value.',
  ':::warning[Back up first]\nText with **bold**.\n:::\n\nA :abbr[HTML]{title="x"} text directive and ::leaf',
  '| a | b |\n|---|:-:|\n| ~~x~~ | y[^1] |\n\n[^1]: A footnote.\n\n- [x] done\n- [ ] open',
  'mailto:someone@example.org and xmpp:user@example.net/resource and <https://example.com>',
  'Email-like but not: a@b, @mention, user@host.local and www.x',
  'A footnote[^note] and a caret [^] and [ ^x].\n\n[^note]: Its text.\n\n[^other]:\n    indented',
  '~~struck~~ ~single~ and ~~~ not a fence\n\n~~~\ncode\n~~~',
  'a | b\n- | -\n1 | 2\n\n|x|\n|-|\n\nno|pipe table\n---',
  '- [ ] open\n- [x] done\n- [X] done\n* [\t] tab\n1. [ ] ordered\n- [y] not a task\n- [] empty',
  'Raw <kbd>Ctrl</kbd> and <a id="legacy"></a> and <script>alert(1)</script> and a < b > c',
];

describe('per-page choice of syntax extensions', () => {
  let options: MarkdownRendererOptions;
  let pages: string[];
  beforeAll(async () => {
    const dir = path.join(ROOT, 'content');
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.md'));
    pages = await Promise.all(files.map(async (f) => (await parseMarkdownFile(readFileSync(path.join(dir, f), 'utf8'), f)).body));
    options = {
      highlighter: await createCodeHighlighter(languagesIn([...pages, ...SAMPLES])),
      baseUrl: '/docs/',
      routeOfDoc: (rel) => `/docs/${rel.replace(/\.md$/, '/')}`,
      urlOfAsset: () => undefined,
    };
  });

  it('renders every page of the real site and the samples exactly as with every extension', () => {
    const chosen = createMarkdownRenderer(options);
    const full = createMarkdownRenderer({ ...options, fullSyntax: true });
    for (const [i, markdown] of [...SAMPLES, ...pages].entries()) {
      expect(chosen(markdown, `page-${i}.md`), `input ${i}`).toEqual(full(markdown, `page-${i}.md`));
    }
  });

  it('parses alone (as the bench times it) into the tree the page is rendered from, with the extensions it needs', () => {
    const parse = createMarkdownParser(options);
    const fullParse = createMarkdownParser({ ...options, fullSyntax: true });
    const types = (node: { type: string; children?: unknown[] }): string[] => [node.type, ...((node.children ?? []) as { type: string }[]).flatMap(types)];
    const page = '| A | B |\n|---|---|\n| 1 | ~~2~~ |\n\n:::note[Title]\nText with a footnote[^1].\n:::\n\n- [x] done\n\n[^1]: The note.\n';
    const tree = parse(page, 'page.md');
    expect(types(tree)).toEqual(expect.arrayContaining(['table', 'delete', 'containerDirective', 'footnoteReference', 'footnoteDefinition', 'listItem']));
    // No plugin has run on it: the admonition is still a bare directive, not yet a box (remarkAdmonitions sets its hName).
    const directive = tree.children.find((node) => node.type === 'containerDirective');
    expect(directive?.data).toBeUndefined();
    for (const [i, markdown] of [...SAMPLES, ...pages].entries()) {
      expect(parse(markdown, `page-${i}.md`), `input ${i}`).toEqual(fullParse(markdown, `page-${i}.md`));
    }
  });

  it('renders random text built from the characters the extensions react to exactly the same', () => {
    const chosen = createMarkdownRenderer(options);
    const full = createMarkdownRenderer({ ...options, fullSyntax: true });
    const piece = fc.constantFrom('w', 'ww', 'www', '.', ':', '/', '@', 'h', 'http', 's', 'a', 'B', ' ', '\n', '\t', '-', '_', '~', '~~', '|', '[', ']', '^', '[^', '[ ]', '[x]', '(', ')', '*', '<', '>', '<b>', 'x.org', ':::note', '::', '{', '}', '"', '1.', '`', '    ');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (parts) => {
        const markdown = parts.join('');
        expect(chosen(markdown, 'random.md')).toEqual(full(markdown, 'random.md'));
      }),
      { seed: 20261122, numRuns: 1000 },
    );
  });
});
