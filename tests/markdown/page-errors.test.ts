/** A page that cannot be rendered is a DocsgenError at its own file, on worker threads and off them. */
import { describe, it, expect } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderAllMarkdown } from '../../src/markdown/render-all.ts';
import { MarkdownCache } from '../../src/cache/markdown-cache.ts';
import { describePageError, pageError } from '../../src/markdown/page-errors.ts';
import { DocsgenError } from '../../src/errors.ts';
import type { DocSource } from '../../src/content/scan.ts';

function docsWithOneTooDeep(count: number, deepIndex: number): DocSource[] {
  return Array.from({ length: count }, (_, i) => {
    const relPath = `section/page-${i}.md`;
    const markdown = i === deepIndex ? `\n\n\n${'>'.repeat(5000)} deep\n` : `## Page ${i}\n\nText.\n`;
    return { file: `/site/content/${relPath}`, relPath, dir: 'section', id: `section/page-${i}`, route: `/section/page-${i}/`, frontMatter: {}, markdown, title: `Page ${i}`, frontMatterText: '' } as DocSource;
  });
}

async function renderError(docs: DocSource[]): Promise<unknown> {
  const cacheDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-page-errors-'));
  try {
    await renderAllMarkdown({
      docs,
      cache: new MarkdownCache(cacheDir, 'test'),
      baseUrl: '/docs/',
      routeOfDoc: () => undefined,
      urlOfAsset: () => undefined,
      allDocRoutes: {},
      allAssetUrls: {},
      progress: () => undefined,
    });
  } catch (error) {
    return error;
  } finally {
    await rm(cacheDir, { recursive: true, force: true });
  }
  return undefined;
}

describe('page errors', () => {
  it.each([
    ['in the build thread', 3],
    ['on worker threads', 250],
  ])('%s: a nesting error names the absolute file, line and column', async (_, count) => {
    const error = await renderError(docsWithOneTooDeep(count, 2));
    expect(error).toBeInstanceOf(DocsgenError);
    expect((error as DocsgenError).position).toEqual({ file: '/site/content/section/page-2.md', line: 4, column: 33 });
    expect((error as DocsgenError).hint).toContain('flatten');
  }, 60_000);

  it('a stack overflow is bad input at the page, other errors stay bugs that name the page', () => {
    const page = { file: '/site/content/a.md', relPath: 'a.md' };
    const overflow = pageError(describePageError(new RangeError('Maximum call stack size exceeded')), page);
    expect(overflow).toBeInstanceOf(DocsgenError);
    expect((overflow as DocsgenError).position).toEqual({ file: '/site/content/a.md' });
    const bug = pageError(describePageError(new TypeError('x is undefined')), page);
    expect(bug).not.toBeInstanceOf(DocsgenError);
    expect(bug.message).toBe('a.md: x is undefined');
  });
});
