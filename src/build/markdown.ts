/**
 * Stage "markdown": each page's markdown → HTML, table of contents, search blocks and the links it
 * makes, from the persistent cache where the page and what it links to are unchanged.
 */
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import { renderAllMarkdown } from '../markdown/render-all.ts';
import { MarkdownCache } from '../cache/markdown-cache.ts';
import { hashText } from '../cache/fingerprint.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { withBase } from '../../theme/urls.ts';
import { linkTargets, type Content } from './content.ts';
import type { Project } from './project.ts';
import type { Progress } from './stage.ts';

export function createMarkdownCache(project: Project): MarkdownCache {
  return new MarkdownCache(project.projectCache, hashText(DOCSGEN_VERSION, project.config.baseUrl, 'markdown-v2'));
}

export async function renderMarkdown(
  project: Project,
  content: Content,
  docs: readonly DocSource[],
  options: { cache: MarkdownCache; progress: Progress },
): Promise<Map<DocSource, RenderedMarkdown>> {
  const targets = linkTargets(project, content);
  const rendered = await renderAllMarkdown({
    docs,
    cache: options.cache,
    ...targets,
    // Workers cannot call back into this thread, so they get every route and image URL up front.
    allDocRoutes: Object.fromEntries(content.allDocs.map((d) => [d.relPath, withBase(project.config.baseUrl, d.route)])),
    allAssetUrls: Object.fromEntries([...content.assets].map(([rel, a]) => [rel, a.url])),
    baseUrl: project.config.baseUrl,
    progress: options.progress,
  });
  options.progress('markdown', docs.length, docs.length);
  return rendered;
}

/** Broken `.md` links, missing images and removed unsafe HTML, found while rendering, as findings at their source position. */
export function markdownFindings(docs: readonly DocSource[], rendered: ReadonlyMap<DocSource, RenderedMarkdown>): import('../checks/findings.ts').Finding[] {
  return docs.flatMap((doc) => {
    const md = rendered.get(doc);
    if (!md) return [];
    return [
      ...md.findings.brokenMarkdownLinks.map((link) => ({
        kind: 'broken-markdown-link' as const,
        link: link.source,
        message: `broken markdown link "${link.source}": no such file in content/`,
        position: { file: doc.file, line: link.line, column: link.column },
        hint: 'link to an existing .md file, relative to this file',
      })),
      ...md.findings.missingImages.map((image) => ({
        kind: 'missing-image' as const,
        link: image.source,
        message: `missing image "${image.source}"`,
        position: { file: doc.file, line: image.line, column: image.column },
        hint: 'add the image file or fix its path (relative to this file)',
      })),
      ...(md.findings.removed ?? []).map((removed) => ({
        kind: 'removed-html' as const,
        message: removed.message,
        position: { file: doc.file, ...(removed.line ? { line: removed.line, column: removed.column ?? 1 } : {}) },
        hint: 'see "Raw HTML in markdown" in the README for what a page may contain',
      })),
    ];
  });
}
