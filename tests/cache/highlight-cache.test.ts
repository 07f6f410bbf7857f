/** Highlighted code blocks kept across builds: a rebuild takes them from the cache without loading Shiki. */
import { describe, it, expect, vi } from 'vitest';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HighlightCache } from '../../src/cache/highlight-cache.ts';
import { createCodeHighlighter, ShikiNotLoaded } from '../../src/markdown/highlight.ts';
import { createMarkdownRenderer } from '../../src/markdown/render.ts';

const page = '# Page\n\nRun:\n\n```bash\necho "hello" | tee out.txt\n```\n\n```unknownlang\nplain\n```\n';

describe('highlight cache', () => {
  it('gives a later build the same blocks without Shiki, and asks for Shiki only for a new block', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-highlight-'));
    const location = { cacheRoot: root, salt: 'test' };
    const options = { baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined };
    const first = createMarkdownRenderer({ ...options, highlighter: await createCodeHighlighter(['bash'], { cache: new HighlightCache(location) }) });
    const before = first(page, 'page.md').html;
    expect(before).toContain('class="shiki');

    const lazy = await createCodeHighlighter(['bash'], { cache: new HighlightCache(location), lazy: true });
    const later = createMarkdownRenderer({ ...options, highlighter: lazy });
    expect(later(page, 'page.md').html).toBe(before);
    expect(() => later(page.replace('hello', 'changed'), 'page.md')).toThrow(ShikiNotLoaded);
    await lazy.load();
    expect(later(page.replace('hello', 'changed'), 'page.md').html).toContain('changed');
    // Another salt (another Shiki or other themes) is another cache.
    const other = await createCodeHighlighter(['bash'], { cache: new HighlightCache({ ...location, salt: 'other' }), lazy: true });
    expect(() => other.highlight('echo "hello" | tee out.txt', 'bash')).toThrow(ShikiNotLoaded);
    await rm(root, { recursive: true, force: true });
  });

  it("does not even load Shiki's code while every block comes from the cache", async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-highlight-'));
    const location = { cacheRoot: root, salt: 'test' };
    const options = { baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined };
    const first = await createCodeHighlighter(['bash'], { cache: new HighlightCache(location) });
    const before = createMarkdownRenderer({ ...options, highlighter: first }).call(null, page, 'page.md').html;
    first.release();

    // A new process, as the next build is: the modules loaded afresh, Shiki's loads counted.
    vi.resetModules();
    let shikiLoads = 0;
    vi.doMock('shiki', async (original) => {
      shikiLoads++;
      return original();
    });
    try {
      const fresh = await import('../../src/markdown/highlight.ts');
      const { createMarkdownRenderer: freshRenderer } = await import('../../src/markdown/render.ts');
      const lazy = await fresh.createCodeHighlighter(['bash'], { cache: new HighlightCache(location), lazy: true });
      const render = freshRenderer({ ...options, highlighter: lazy });
      expect(render(page, 'page.md').html).toBe(before);
      expect(shikiLoads).toBe(0);
      // A block not in the cache loads it (so the count above can see a load).
      expect(() => render(page.replace('hello', 'changed'), 'page.md')).toThrow(fresh.ShikiNotLoaded);
      await lazy.load();
      expect(shikiLoads).toBeGreaterThan(0);
      expect(render(page.replace('hello', 'changed'), 'page.md').html).toContain('changed');
      lazy.release();
    } finally {
      vi.doUnmock('shiki');
      vi.resetModules();
      await rm(root, { recursive: true, force: true });
    }
  });

  it('never fails the build when the cache cannot be written or holds an entry cut short', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-highlight-'));
    const blocked = path.join(root, 'file');
    await writeFile(blocked, 'not a folder');
    const highlighter = await createCodeHighlighter(['bash'], { cache: new HighlightCache({ cacheRoot: blocked, salt: 'x' }) });
    expect(highlighter.highlight('ls', 'bash')?.type).toBe('root');
    const cache = new HighlightCache({ cacheRoot: root, salt: 'x' });
    cache.set(cache.keyOf('bash', 'ls'), '{"root":{"type":"ro');
    const lazy = await createCodeHighlighter(['bash'], { cache, lazy: true });
    expect(() => lazy.highlight('ls', 'bash')).toThrow(ShikiNotLoaded);
    await lazy.load();
    expect(lazy.highlight('ls', 'bash')?.type).toBe('root');
    await rm(root, { recursive: true, force: true });
  });
});
