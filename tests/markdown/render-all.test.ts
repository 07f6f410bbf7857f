/**
 * The markdown stage renders on this thread and worker threads when many pages miss the cache, also
 * when run from source, and hands pages on one by one, waiting for a slow consumer.
 */
import { describe, it, expect, vi } from 'vitest';
import { mkdtemp, readdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { preloadMarkdownToolchain, prestartMarkdownWorkers, renderAllMarkdown, startMarkdownEarly, streamMarkdown, type RenderAllInput } from '../../src/markdown/render-all.ts';
import { MarkdownCache, htmlHashOf } from '../../src/cache/markdown-cache.ts';
import { HighlightCache } from '../../src/cache/highlight-cache.ts';
import type { RenderedMarkdown } from '../../src/markdown/render.ts';
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

describe('markdown started early (a cold build, while this thread makes the API reference)', () => {
  const few = docs.slice(0, 40);
  const inputFor = (cacheDir: string, pages: DocSource[] = few): RenderAllInput => ({
    docs: pages,
    cache: new MarkdownCache(cacheDir, 'early'),
    highlightCache: new HighlightCache({ cacheRoot: cacheDir, salt: 'early' }),
    baseUrl: '/docs/',
    routeOfDoc: (rel) => routes[rel],
    urlOfAsset: () => undefined,
    allDocRoutes: routes,
    allAssetUrls: {},
    progress: () => undefined,
  });
  /** Files under `dir`, recursively (none when it does not exist). */
  const filesUnder = async (dir: string) => (await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length;

  it('renders on a worker before anyone takes the pages, then hands each on once, as a render on this thread would', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-early-'));
    const input = inputFor(cacheDir);
    const early = await startMarkdownEarly(few, input.cache, () => input, { apiReference: true });
    expect(early).toBeDefined();
    // Nobody consumes yet, and the worker writes each page's cache entry as it renders it.
    await vi.waitFor(async () => expect(await filesUnder(path.join(cacheDir, 'markdown'))).toBeGreaterThanOrEqual(10), { timeout: 30_000, interval: 50 });
    const streamed = new Map<DocSource, RenderedMarkdown>();
    await streamMarkdown(input, (doc, md) => {
      expect(streamed.has(doc)).toBe(false);
      streamed.set(doc, md);
    }, early);
    expect(streamed.size).toBe(few.length);
    // The same pages rendered on this thread alone, from another cold cache.
    const alone = await renderAllMarkdown({ ...inputFor(await mkdtemp(path.join(os.tmpdir(), 'docsgen-early-alone-'))), allDocRoutes: undefined });
    for (const doc of few) expect(streamed.get(doc)).toEqual(alone.get(doc));
    // Both threads kept every code block in the highlight cache (one block a page), for the next edit.
    expect(await filesUnder(path.join(cacheDir, 'highlight'))).toBe(few.length);
  }, 60_000);

  it('does not start for a warm cache, nor for a few pages without an API reference', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-early-warm-'));
    const input = inputFor(cacheDir);
    expect(await startMarkdownEarly(few, input.cache, () => input, { apiReference: false })).toBeUndefined();
    await renderAllMarkdown(input);
    await input.cache.flush();
    expect(await startMarkdownEarly(few, input.cache, () => input, { apiReference: true })).toBeUndefined();
  }, 60_000);

  it('stops rendering when cancelled (a build that failed before its pages stage), and is then not used', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-early-cancel-'));
    const input = inputFor(cacheDir, docs);
    const early = await startMarkdownEarly(docs, input.cache, () => input, { apiReference: true });
    await vi.waitFor(async () => expect(await filesUnder(path.join(cacheDir, 'markdown'))).toBeGreaterThan(0), { timeout: 30_000, interval: 20 });
    await early?.cancel();
    const after = await filesUnder(path.join(cacheDir, 'markdown'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await filesUnder(path.join(cacheDir, 'markdown'))).toBe(after);
    expect(after).toBeLessThan(docs.length);
    // Given to the pages stage anyway, it is passed over: every page is still rendered.
    let count = 0;
    await streamMarkdown(input, () => void count++, early);
    expect(count).toBe(docs.length);
  }, 60_000);

  it('reports a page that cannot be rendered at its file when the pages stage takes the pages', async () => {
    const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-early-error-'));
    const broken = few.map((doc, i) => (i === 3 ? { ...doc, markdown: `\n\n\n${'>'.repeat(5000)} deep\n` } : doc));
    const input = inputFor(cacheDir, broken);
    const early = await startMarkdownEarly(broken, input.cache, () => input, { apiReference: true });
    await new Promise((resolve) => setTimeout(resolve, 1500)); // the worker meets the page before anyone listens
    await expect(streamMarkdown(input, () => undefined, early)).rejects.toMatchObject({ position: { file: broken[3]?.file, line: 4, column: 33 } });
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
