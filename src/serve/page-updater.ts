/**
 * The dev server's fast path: when only the body of a page changed (its front matter, and so the
 * sidebar, routes and titles, are the same), re-render that page alone and replace its two files
 * in place. The browser then swaps the content without reloading. Anything else rebuilds fully.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseMarkdownFile } from '../content/frontmatter.ts';
import type { RouteEntry } from '../routes.ts';
import type { PageData } from '../../theme/data.ts';
import type { MarkdownRenderer } from '../markdown/render.ts';
import { expandDocVariables, type SiteVariables } from '../content/variables.ts';

export interface PageUpdaterInput {
  routes: RouteEntry[];
  outDir: string;
  baseUrl: string;
  renderRouteHtml(page: PageData): string;
  routeOfDoc(relPath: string): string | undefined;
  urlOfAsset(relPath: string): string | undefined;
  vars: SiteVariables;
}

export function createPageUpdater(input: PageUpdaterInput): (file: string) => Promise<string | undefined> {
  const byFile = new Map(input.routes.filter((r) => r.doc).map((r) => [r.doc?.file ?? '', r]));
  let render: MarkdownRenderer | undefined;
  return async (file) => {
    const route = byFile.get(path.resolve(file));
    if (!route?.doc || route.page.kind !== 'doc') return undefined;
    const raw = await readFile(file, 'utf8');
    const parsed = parseMarkdownFile(raw, file);
    const edited = expandDocVariables(
      { file, raw, title: route.doc.title, frontMatter: parsed.frontMatter, markdown: '\n'.repeat(parsed.bodyLineOffset) + parsed.body },
      input.vars,
    );
    if (JSON.stringify(edited.frontMatter) !== JSON.stringify(route.doc.frontMatter)) return undefined;
    if (!render) {
      const [{ createCodeHighlighter, languagesIn }, { createMarkdownRenderer }] = await Promise.all([import('../markdown/highlight.ts'), import('../markdown/render.ts')]);
      const highlighter = await createCodeHighlighter(languagesIn(input.routes.map((r) => r.doc?.markdown ?? '')));
      render = createMarkdownRenderer({ highlighter, baseUrl: input.baseUrl, routeOfDoc: input.routeOfDoc, urlOfAsset: input.urlOfAsset });
    }
    const md = render(edited.markdown, route.doc.relPath);
    const page: PageData = { ...route.page, html: md.html, toc: md.toc };
    route.page = page;
    const dir = path.join(input.outDir, route.page.route.slice(1));
    await Promise.all([replace(path.join(dir, 'index.html'), input.renderRouteHtml(page)), replace(path.join(dir, '__data.json'), JSON.stringify(page))]);
    return route.page.route;
  };
}

/** Write beside, then rename: a request never sees a half-written file. */
async function replace(file: string, contents: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, contents);
  await rename(temp, file);
}
