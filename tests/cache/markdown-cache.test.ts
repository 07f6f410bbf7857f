import { describe, it, expect } from 'vitest';
import { mkdtemp, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MarkdownCache, htmlHashOf } from '../../src/cache/markdown-cache.ts';
import type { RenderedMarkdown } from '../../src/markdown/render.ts';

// As the recording renderer makes a result: with the hash of its HTML, which the entry keeps.
const result = (html: string): RenderedMarkdown => ({ html, toc: [], findings: { links: [], brokenMarkdownLinks: [], missingImages: [], assets: [] }, searchBlocks: [], htmlHash: htmlHashOf(html) });
const resolveAll = { doc: (rel: string) => `/${rel.replace(/\.md$/, '')}/`, asset: () => undefined };

describe('markdown cache', () => {
  it('keeps every entry written while the build goes on, for the next build', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-cache-'));
    const cache = new MarkdownCache(root, 'salt');
    const keys = Array.from({ length: 150 }, (_, i) => cache.keyOf(`page-${i}.md`, `# Page ${i}`));
    keys.forEach((key, i) => cache.set(key, { result: result(`<p>${i}</p>`), docs: { 'other.md': '/other/' }, assets: {} }));
    await cache.flush();
    const next = new MarkdownCache(root, 'salt');
    for (const [i, key] of keys.entries()) expect(await next.get(key, resolveAll)).toMatchObject({ html: `<p>${i}</p>`, htmlHash: htmlHashOf(`<p>${i}</p>`) });
    // A link that now resolves elsewhere invalidates the entry; another salt is another cache.
    expect(await next.get(keys[0]!, { ...resolveAll, doc: () => '/moved/' })).toBeUndefined();
    expect(new MarkdownCache(root, 'other').keyOf('page-0.md', '# Page 0')).not.toBe(keys[0]);
    await rm(root, { recursive: true, force: true });
  });

  it('never fails the build when the cache cannot be written', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-cache-'));
    const blocked = path.join(root, 'file');
    await writeFile(blocked, 'not a folder');
    const cache = new MarkdownCache(blocked, 'salt');
    cache.set(cache.keyOf('a.md', 'a'), { result: result('<p>a</p>'), docs: {}, assets: {} });
    await expect(cache.flush()).resolves.toBeUndefined();
    expect(await cache.get(cache.keyOf('a.md', 'a'), resolveAll)).toBeUndefined();
    await rm(root, { recursive: true, force: true });
  });
});
