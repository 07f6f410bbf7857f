import { describe, it, expect, beforeAll } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';

let render: MarkdownRenderer;

beforeAll(async () => {
  const highlighter = await createCodeHighlighter(['json', 'bash']);
  render = createMarkdownRenderer({
    highlighter,
    baseUrl: '/docs/',
    routeOfDoc: (rel) => ({ 'guide/other.md': '/docs/guide/other/', 'intro.md': '/docs/intro/' })[rel],
    urlOfAsset: (rel) => ({ 'guide/img/a.svg': '/docs/assets/img/a-123.svg', '_static/favicon.svg': '/docs/favicon.svg', '_static/img/logo.svg': '/docs/img/logo.svg', '_static/already.png': '/docs/already.png' })[rel],
  });
});

describe('markdown rendering', () => {
  it('gives headings GitHub-style ids, anchor links and an h2–h3 TOC', () => {
    const out = render('## Ports and protocols\n\n### 5.4 licence backup\n\n#### Deep\n\n## Ports and protocols\n', 'guide/page.md');
    expect(out.html).toContain('<h2 id="ports-and-protocols">Ports and protocols<a class="hash-link" href="#ports-and-protocols"');
    expect(out.html).toContain('id="54-licence-backup"');
    expect(out.html).toContain('id="ports-and-protocols-1"');
    expect(out.toc).toEqual([
      { id: 'ports-and-protocols', text: 'Ports and protocols', level: 2 },
      { id: '54-licence-backup', text: '5.4 licence backup', level: 3 },
      { id: 'ports-and-protocols-1', text: 'Ports and protocols', level: 2 },
    ]);
  });

  it('honours custom heading ids and takes a leading h1 out of the body', () => {
    const out = render('# Title\n\n## Custom {#my-id}\n', 'guide/page.md');
    expect(out.h1).toBe('Title');
    expect(out.html).not.toContain('<h1');
    expect(out.html).toContain('<h2 id="my-id">Custom<a');
  });

  it('rewrites .md links to routes, prefixes absolute links with the base, records broken ones', () => {
    const out = render('[a](./other.md#x) [b](../intro.md) [c](/rhubapi) [d](./missing.md) [e](https://example.com)', 'guide/page.md');
    expect(out.html).toContain('href="/docs/guide/other/#x"');
    expect(out.html).toContain('href="/docs/intro/"');
    expect(out.html).toContain('href="/docs/rhubapi"');
    expect(out.html).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(out.findings.brokenMarkdownLinks).toEqual([{ href: './missing.md', source: './missing.md', line: 1, column: 50 }]);
  });

  it('replaces images with their hashed copies and reports missing ones', () => {
    const out = render('![Alt](./img/a.svg)\n\n![Gone](./img/b.png)', 'guide/page.md');
    expect(out.html).toContain('src="/docs/assets/img/a-123.svg"');
    expect(out.html).toContain('alt="Alt"');
    expect(out.findings.missingImages.map((m) => m.source)).toEqual(['./img/b.png']);
    expect(out.findings.missingImages[0]?.line).toBe(3);
  });

  it('gives an image from the site root the base, as a link gets it (markdown and raw HTML), and keeps one that has it', () => {
    const out = render('![a](/favicon.svg)\n\n<img src="/img/logo.svg" alt="b">\n\n![c](/docs/already.png)', 'guide/page.md');
    expect(out.html).toContain('src="/docs/favicon.svg"');
    expect(out.html).toContain('src="/docs/img/logo.svg"');
    expect(out.html).toContain('src="/docs/already.png"');
    expect(out.findings.missingImages).toEqual([]);
  });

  it('reports an image from the site root that names no file of content/_static/, at its line', () => {
    const out = render('Text.\n\n![a](/img/nope.svg)\n\n<img src="/docs/img/gone.png" alt="b">\n\n![c](/img/logo.svg?v=2)', 'guide/page.md');
    expect(out.html).toContain('src="/docs/img/nope.svg"');
    expect(out.findings.missingImages.map((m) => [m.source, m.line])).toEqual([['/img/nope.svg', 3], ['/docs/img/gone.png', 5]]);
  });

  it('highlights code with light and dark Shiki colours', () => {
    const out = render('```json\n{ "port": 6666 }\n```\n', 'a.md');
    expect(out.html).toContain('class="shiki shiki-themes github-light-high-contrast github-dark-default"');
    expect(out.html).toMatch(/--shiki-light:#[0-9A-Fa-f]{6};--shiki-dark:#[0-9A-Fa-f]{6}/);
  });

  it('turns :::warning into an admonition and keeps "host:8080" as text', () => {
    // A title of the author's own keeps the box's kind for a screen reader; the kind's own title needs no repeat.
    expect(render(':::danger\nStop.\n:::', 'd.md').html).toMatch(/<p class="admonition-title"><svg[^>]*>.*?<\/svg>Danger<\/p>/);
    const out = render(':::warning[Back up first]\nCopy the **database**.\n:::\n\nOpen host:8080 now.', 'a.md');
    expect(out.html).toMatch(/<div class="admonition admonition-warning" role="note"><p class="admonition-title"><svg class="admonition-icon"[^>]*aria-hidden="true"[^>]*>.*?<\/svg><span class="visually-hidden">Warning: <\/span>Back up first<\/p>/);
    expect(out.html).toContain('<strong>database</strong>');
    expect(out.html).toContain('Open host:8080 now.');
  });

  it("draws Docusaurus's :::caution as a warning box titled Caution, and reports it unclosed like the others", () => {
    const out = render(':::caution\nMind the gap.\n:::', 'c.md');
    expect(out.html).toMatch(/<div class="admonition admonition-warning" role="note"><p class="admonition-title"><svg class="admonition-icon"[^>]*>.*?<\/svg>Caution<\/p><div class="admonition-content">\s*<p>Mind the gap.<\/p>/);
    expect(render(':::caution\nNo end.', 'c.md').findings.unclosed?.[0]).toMatchObject({ message: ':::caution is never closed: the rest of the page is inside it', line: 1, column: 1 });
  });

  it('renders GFM tables and collects search blocks', () => {
    const out = render('## Ports\n\n| Port | Use |\n|---|---|\n| 6666 | engine |\n', 'a.md');
    expect(out.html).toContain('<table>');
    expect(out.searchBlocks[0]).toEqual({ kind: 'heading', level: 2, text: 'Ports', anchor: 'ports' });
    expect(out.searchBlocks.some((b) => b.kind === 'text' && b.text.includes('6666'))).toBe(true);
  });
});

describe('heading ids never take the ids the theme and page data own', () => {
  it('renames a heading that would become main-content or __docsgen_data', async () => {
    const render = createMarkdownRenderer({ highlighter: await createCodeHighlighter([]), baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
    const out = render('## Main content\n\n## Data {#__docsgen_data}\n\n## Fine\n', 'a.md');
    expect(out.toc.map((t) => t.id)).toEqual(['section-main-content', 'section-docsgen_data', 'fine']);
    expect(out.html).not.toMatch(/id="(main-content|__docsgen_data)"/);
    // The generated one is renamed quietly; the one the author chose is said, at its heading.
    expect(out.findings.renamedIds).toEqual([{ wanted: '__docsgen_data', id: 'section-docsgen_data', line: 3, column: 1 }]);
    expect(render('## Fine {#fine-id}\n', 'b.md').findings.renamedIds).toBeUndefined();
  });
});

describe('images get their file size, and wide diagrams a box that scrolls on a phone', () => {
  const sizes: Record<string, { width: number; height: number }> = {
    'guide/img/wide.svg': { width: 800, height: 520 },
    'guide/img/icon.svg': { width: 20, height: 20 },
    'guide/img/screenshot.png': { width: 1600, height: 900 },
  };
  const renderWithSizes = async () =>
    createMarkdownRenderer({
      highlighter: await createCodeHighlighter([]),
      baseUrl: '/docs/',
      routeOfDoc: () => undefined,
      urlOfAsset: (rel) => (rel in sizes ? `/docs/assets/img/${rel.split('/').pop()}` : undefined),
      sizeOfAsset: (rel) => sizes[rel],
    });

  it('sizes every image whose size is known and wraps a wide one in a focusable scrolling box', async () => {
    const render = await renderWithSizes();
    const html = render('![Overview](./img/wide.svg)\n\nAn icon ![i](./img/icon.svg) inline.\n', 'guide/page.md').html;
    expect(html).toContain('<p><span class="figure-scroll" tabindex="0"><img src="/docs/assets/img/wide.svg" alt="Overview" loading="lazy" decoding="async" width="800" height="520"></span></p>');
    expect(html).toContain('<img src="/docs/assets/img/icon.svg" alt="i" loading="lazy" decoding="async" width="20" height="20">');
    expect(html.match(/figure-scroll/g)).toHaveLength(1);
  });

  it('sizes a wide screenshot but leaves it fitting the column (the box is for diagrams)', async () => {
    const render = await renderWithSizes();
    const html = render('![The hub](./img/screenshot.png)\n', 'guide/page.md').html;
    expect(html).toBe('<p><img src="/docs/assets/img/screenshot.png" alt="The hub" loading="lazy" decoding="async" width="1600" height="900"></p>');
  });

  it('leaves a size the author gave, and a wide image inside a link, without the box', async () => {
    const render = await renderWithSizes();
    const html = render('<img src="./img/wide.svg" alt="small" width="300">\n\n[![Overview](./img/wide.svg)](https://example.com/)\n', 'guide/page.md').html;
    expect(html).not.toContain('figure-scroll');
    expect(html).toContain('<img src="/docs/assets/img/wide.svg" alt="small" width="300" loading="lazy" decoding="async">');
    expect(html).toContain('<a href="https://example.com/" target="_blank" rel="noopener noreferrer"><img src="/docs/assets/img/wide.svg" alt="Overview" loading="lazy" decoding="async" width="800" height="520"></a>');
  });
});
