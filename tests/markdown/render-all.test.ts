/**
 * The markdown stage renders on this thread and worker threads when many pages miss the cache, also
 * when run from source, and hands pages on one by one, waiting for a slow consumer.
 */
import { describe, it, expect, vi } from 'vitest';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { preloadMarkdownToolchain, prestartMarkdownWorkers, renderAllMarkdown, streamMarkdown } from '../../src/markdown/render-all.ts';
import { MarkdownCache, htmlHashOf } from '../../src/cache/markdown-cache.ts';
import type { DocSource } from '../../src/content/scan.ts';

const docs: DocSource[] = Array.from({ length: 250 }, (_, i) => {
  const relPath = `section/page-${i}.md`;
  const markdown = `## Page ${i}\n\nSee [the next page](./page-${(i + 1) % 250}.md#page-${(i + 1) % 250}).\n\n\`\`\`bash\necho ${i}\n\`\`\`\n`;
  return { file: `/site/content/${relPath}`, relPath, dir: 'section', id: `section/page-${i}`, route: `/section/page-${i}/`, frontMatter: {}, markdown, title: `Page ${i}`, frontMatterText: '' } as DocSource;
});
const routes = Object.fromEntries(docs.map((d) => [d.relPath, `/docs${d.route}`]));

describe('renderAllMarkdown', () => {
  it('renders 250 pages on worker threads, each with its links resolved, and reuses them from the cache', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-render-all-'));
    const run = async () => {
      const cache = new MarkdownCache(cacheDir, 'test');
      const rendered = await renderAllMarkdown({
        docs,
        cache,
        baseUrl: '/docs/',
        routeOfDoc: (rel) => routes[rel],
        urlOfAsset: () => undefined,
        allDocRoutes: routes,
        allAssetUrls: {},
        progress: () => undefined,
      });
      await cache.flush();
      return rendered;
    };
    const first = await run();
    expect(first.size).toBe(250);
    const page7 = first.get(docs[7]!);
    expect(page7?.html).toContain('href="/docs/section/page-8/#page-8"');
    expect(page7?.html).toContain('class="shiki');
    expect(page7?.toc).toEqual([{ id: 'page-7', text: 'Page 7', level: 2 }]);
    // Every page comes with the hash of its HTML, made once, on the thread that rendered it (a page's key uses it).
    for (const md of first.values()) expect(md.htmlHash).toBe(htmlHashOf(md.html));
    const second = await run();
    // From the cache, with the hash its entry keeps.
    expect(second.get(docs[7]!)).toEqual({ ...page7, htmlHash: htmlHashOf(page7?.html ?? '') });
  }, 60_000);
});

describe('streamMarkdown', () => {
  it('hands every page on exactly once, in any order, while the consumer takes its time', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-stream-'));
    const seen = new Map<string, number>();
    let busy = 0;
    await streamMarkdown(
      { docs, cache: new MarkdownCache(cacheDir, 'stream'), baseUrl: '/docs/', routeOfDoc: (rel) => routes[rel], urlOfAsset: () => undefined, allDocRoutes: routes, allAssetUrls: {}, progress: () => undefined },
      async (doc, md) => {
        expect(busy).toBe(0); // one page at a time
        busy++;
        await new Promise((resolve) => setTimeout(resolve, 2));
        expect(md.html).toContain(`id="page-${doc.relPath.replace(/\D/g, '')}"`);
        seen.set(doc.relPath, (seen.get(doc.relPath) ?? 0) + 1);
        busy--;
      },
    );
    expect(seen.size).toBe(250);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  }, 60_000);
});

describe('workers started early', () => {
  it('take their setup as their first message and render like the others', async () => {
    prestartMarkdownWorkers(docs.length);
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-prestart-'));
    const rendered = await renderAllMarkdown({ docs, cache: new MarkdownCache(cacheDir, 'prestart'), baseUrl: '/docs/', routeOfDoc: (rel) => routes[rel], urlOfAsset: () => undefined, allDocRoutes: routes, allAssetUrls: {}, progress: () => undefined });
    expect(rendered.size).toBe(250);
    expect(rendered.get(docs[249]!)?.html).toContain('href="/docs/section/page-0/#page-0"');
  }, 60_000);
});

describe('the raw-HTML step on this thread', () => {
  /** Renders `pages` with modules loaded afresh (as a new build process would); returns the HTML and how often raw-html.ts loaded. */
  async function renderFresh(pages: Record<string, string>) {
    vi.resetModules();
    let loads = 0;
    vi.doMock('../../src/markdown/raw-html.ts', async (original) => {
      loads++;
      return original();
    });
    const { renderAllMarkdown: render } = await import('../../src/markdown/render-all.ts');
    const { MarkdownCache: Cache } = await import('../../src/cache/markdown-cache.ts');
    const few = Object.entries(pages).map(([relPath, markdown]) => ({ ...docs[0]!, relPath, file: `/site/content/${relPath}`, markdown }));
    const cache = new Cache(await mkdtemp(path.join(os.tmpdir(), 'docsgen-raw-step-')), 'raw');
    const rendered = await render({ docs: few, cache, baseUrl: '/docs/', routeOfDoc: (rel) => routes[rel], urlOfAsset: () => undefined, progress: () => undefined });
    vi.doUnmock('../../src/markdown/raw-html.ts');
    return { html: few.map((doc) => rendered.get(doc)?.html ?? ''), loads };
  }

  it('is loaded only when a page to render may hold raw HTML, and then sanitizes it', async () => {
    const plain = await renderFresh({ 'a.md': '## A\n\nText with **bold** and `code`.\n', 'b.md': '- [x] done\n' });
    expect(plain.loads).toBe(0);
    expect(plain.html[0]).toContain('<strong>bold</strong>');

    const raw = await renderFresh({ 'a.md': '## A\n\nText.\n', 'b.md': 'Press <kbd>F5</kbd>.<img src=x onerror=alert(1)><script>alert(2)</script>\n' });
    expect(raw.loads).toBe(1);
    expect(raw.html[1]).toContain('<kbd>F5</kbd>');
    expect(raw.html[1]).not.toMatch(/onerror|<script/);
  }, 60_000);
});

describe('preloadMarkdownToolchain', () => {
  it('loads the modules a page render needs (the long-running commands call it and ignore its failures, so it must not fail)', async () => {
    await expect(preloadMarkdownToolchain()).resolves.toBeUndefined();
  });
});
