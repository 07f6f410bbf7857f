import { describe, it, expect } from 'vitest';
import path from 'node:path';
import { parseMarkdownFile } from '../../src/content/frontmatter.ts';
import { scanContent } from '../../src/content/scan.ts';
import { buildSidebar, flattenSidebar, pruneSidebar, sectionOf, sidebarTrail, trailsByRoute } from '../../src/content/sidebar.ts';
import { routeFromRelativePath } from '../../src/content/slug.ts';
import { DocsgenError } from '../../src/errors.ts';

describe('front matter', () => {
  it('splits front matter from the body and keeps body lines in place', async () => {
    const parsed = await parseMarkdownFile('---\ntitle: A\nsidebar_position: 2\n---\n\nBody\n', 'a.md');
    expect(parsed.frontMatter).toEqual({ title: 'A', sidebar_position: 2 });
    expect(parsed.bodyLineOffset).toBe(4);
    expect(parsed.body).toBe('\nBody\n');
  });

  it('warns about unknown keys with their position', async () => {
    const parsed = await parseMarkdownFile('---\ntitle: A\ncolour: red\n---\nx', 'a.md');
    expect(parsed.warnings).toEqual([{ message: 'unknown front matter key "colour" is ignored', position: { file: 'a.md', line: 3, column: 1 } }]);
  });

  it('warns about front matter after blank lines or in TOML, which would be shown as page text, and not about a rule in a page', async () => {
    const late = await parseMarkdownFile('\n\n---\ntitle: Late\n---\n\nBody\n', 'a.md');
    expect(late.frontMatter).toEqual({});
    expect(late.warnings).toEqual([{ message: expect.stringContaining('does not start on line 1') as string, position: { file: 'a.md', line: 3, column: 1 } }]);
    const toml = await parseMarkdownFile('+++\ntitle = "T"\n+++\nBody\n', 'a.md');
    expect(toml.warnings).toEqual([{ message: expect.stringContaining('(TOML) is not read') as string, position: { file: 'a.md', line: 1, column: 1 } }]);
    // Rules and a heading underlined with --- are ordinary markdown.
    expect((await parseMarkdownFile('\nIntro\n\n---\n\nMore text\n---\n', 'a.md')).warnings).toEqual([]);
    expect((await parseMarkdownFile('\n---\n\nNote: a rule, then prose.\n\n---\n', 'a.md')).warnings).toEqual([]);
  });

  it('rejects invalid YAML and wrong types with file, line and column', async () => {
    await expect(parseMarkdownFile('---\ntitle: [oops\n---\n', 'a.md')).rejects.toThrow(DocsgenError);
    await expect(parseMarkdownFile('---\ntitle: A\nsidebar_position: first\n---\n', 'a.md')).rejects.toMatchObject({
      message: 'front matter "sidebar_position" must be a number',
      position: { file: 'a.md', line: 3, column: 1 },
    });
    await expect(parseMarkdownFile('---\ntitle: A\n', 'a.md')).rejects.toThrow(/not closed/);
  });

  it('rejects a slug with "." or ".." segments or "//", which would be resolved away (above the root, onto the home page)', async () => {
    for (const slug of ['/..', '//', '../../escape', './x', 'a/../b']) {
      await expect(parseMarkdownFile(`---\nslug: "${slug}"\n---\n`, 'a.md'), slug).rejects.toMatchObject({ message: expect.stringContaining('front matter "slug" must not hold "." or ".." segments or "//"'), position: { line: 2 } });
    }
    for (const slug of ['/ok/path', 'renamed', '/', 'a..b']) expect((await parseMarkdownFile(`---\nslug: "${slug}"\n---\n`, 'a.md')).frontMatter.slug).toBe(slug);
  });

  it('rejects an empty title or sidebar label (an empty heading, a link with no name), at its line', async () => {
    await expect(parseMarkdownFile('---\ntitle: ""\n---\n', 'a.md')).rejects.toMatchObject({
      message: 'front matter "title" must not be empty: leave it out to use the page\'s first heading or its file name',
      position: { file: 'a.md', line: 2, column: 1 },
    });
    await expect(parseMarkdownFile('---\ntitle: A\nsidebar_label: "  "\n---\n', 'a.md')).rejects.toMatchObject({ position: { line: 3 } });
    expect((await parseMarkdownFile('---\ntitle: "  Spaced  "\n---\n', 'a.md')).frontMatter.title).toBe('Spaced');
  });
});

describe('routes', () => {
  it('maps files to exact routes', () => {
    expect(routeFromRelativePath('index.md')).toBe('/');
    expect(routeFromRelativePath('a/b/index.md')).toBe('/a/b/');
    expect(routeFromRelativePath('a/b/c.md')).toBe('/a/b/c/');
    expect(routeFromRelativePath('a/b/c.md', 'renamed')).toBe('/a/b/renamed/');
    expect(routeFromRelativePath('a/b/c.md', '/top')).toBe('/top/');
  });
});

describe('content scan and sidebar', () => {
  it('orders categories and docs by position, then name, with category index pages', async () => {
    const scan = await scanContent(path.resolve('tests/fixtures/basic/content'), { includeDrafts: false });
    expect(scan.docs.map((d) => d.relPath)).toEqual(['guide/first.md', 'guide/index.md', 'guide/second.md', 'index.md', 'reference/deep/long.md', 'reference/glossary.md']);
    const sidebar = buildSidebar(scan.docs, scan.categories);
    expect(sidebar).toHaveLength(2);
    const guide = sidebar[0];
    expect(guide?.type).toBe('category');
    if (guide?.type !== 'category') return;
    expect(guide.label).toBe('Guide');
    expect(guide.route).toBe('/guide/');
    expect(guide.items?.map((i) => i.label)).toEqual(['First page', 'Second page']);
    expect(flattenSidebar(sidebar).map((e) => e.route)).toEqual(['/guide/', '/guide/first/', '/guide/second/', '/reference/glossary/', '/reference/deep/long/']);
  });

  it('gives each page its trail, its section and a sidebar with only the trail open', async () => {
    const scan = await scanContent(path.resolve('tests/fixtures/basic/content'), { includeDrafts: false });
    const sidebar = buildSidebar(scan.docs, scan.categories);
    const trails = trailsByRoute(sidebar);
    expect(trails.get('/reference/deep/long/')?.map((c) => c.label)).toEqual(['Reference', 'Deep']);
    expect(trails.get('/guide/')?.map((c) => c.label)).toEqual(['Guide']);
    expect(sidebarTrail(sidebar, '/guide/first/').map((c) => c.label)).toEqual(['Guide']);
    expect(sidebarTrail(sidebar, '/nowhere/')).toEqual([]);
    const trail = trails.get('/reference/deep/long/') ?? [];
    expect(sectionOf(sidebar, '/reference/deep/long/', trail)).toBe(1);
    const pruned = pruneSidebar(sidebar, trail, (key) => `/items/${key}.json`);
    const [guide, reference] = pruned;
    expect(guide?.type === 'category' && guide.items).toBeNull();
    expect(guide?.type === 'category' && guide.itemsUrl).toBe('/items/guide.json');
    const deep = reference?.type === 'category' ? reference.items?.find((i) => i.type === 'category') : undefined;
    expect(deep?.type === 'category' && deep.items?.map((i) => i.label)).toEqual(['Long page']);
  });

  it('refuses an empty content folder', async () => {
    await expect(scanContent(path.resolve('tests/fixtures/basic/openapi'), { includeDrafts: false })).rejects.toThrow(/no markdown pages/);
  });
});
