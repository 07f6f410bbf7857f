/**
 * The markdown stage for a whole build: cached pages are reused, the rest are rendered with one
 * highlighter (created only when some page actually needs rendering).
 */
import type { DocSource } from '../content/scan.ts';
import type { MarkdownCache } from '../cache/markdown-cache.ts';
import type { MarkdownRenderer, RenderedMarkdown } from './render.ts';

export interface RenderAllInput {
  docs: readonly DocSource[];
  cache: MarkdownCache;
  baseUrl: string;
  routeOfDoc(relPath: string): string | undefined;
  urlOfAsset(relPath: string): string | undefined;
  progress(phase: string, done: number, total: number): void;
}

export async function renderAllMarkdown(input: RenderAllInput): Promise<Map<DocSource, RenderedMarkdown>> {
  const rendered = new Map<DocSource, RenderedMarkdown>();
  const keys = new Map(input.docs.map((doc) => [doc, input.cache.keyOf(doc.relPath, doc.markdown)]));
  const resolve = { doc: input.routeOfDoc, asset: input.urlOfAsset };
  for (let i = 0; i < input.docs.length; i += 64) {
    await Promise.all(
      input.docs.slice(i, i + 64).map(async (doc) => {
        const hit = await input.cache.get(keys.get(doc) ?? '', resolve);
        if (hit) rendered.set(doc, hit);
      }),
    );
  }
  const misses = input.docs.filter((doc) => !rendered.has(doc));
  if (misses.length > 0) {
    // What each page resolved is recorded, so its cache entry can be checked on reuse.
    let deps = { docs: {} as Record<string, string | null>, assets: {} as Record<string, string | null> };
    // The markdown toolchain and Shiki load only when some page is not in the cache.
    const [{ createCodeHighlighter, languagesIn }, { createMarkdownRenderer }] = await Promise.all([import('./highlight.ts'), import('./render.ts')]);
    const highlighter = await createCodeHighlighter(languagesIn(misses.map((d) => d.markdown)));
    const render: MarkdownRenderer = createMarkdownRenderer({
      highlighter,
      baseUrl: input.baseUrl,
      routeOfDoc: (rel) => {
        const route = input.routeOfDoc(rel);
        deps.docs[rel] = route ?? null;
        return route;
      },
      urlOfAsset: (rel) => {
        const url = input.urlOfAsset(rel);
        deps.assets[rel] = url ?? null;
        return url;
      },
    });
    misses.forEach((doc, i) => {
      deps = { docs: {}, assets: {} };
      const result = render(doc.markdown, doc.relPath);
      rendered.set(doc, result);
      input.cache.set(keys.get(doc) ?? '', { result, ...deps });
      if (i % 50 === 0) input.progress('markdown', i, misses.length);
    });
  }
  input.progress('markdown', input.docs.length, input.docs.length);
  return rendered;
}
