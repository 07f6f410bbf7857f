/**
 * Stage "markdown": each page's markdown → HTML, table of contents, search blocks and the links it
 * makes, from the persistent cache where the page and what it links to are unchanged.
 */
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { UnclosedBlock } from '../markdown/code-meta.ts';
import { renderAllMarkdown, type RenderAllInput } from '../markdown/render-all.ts';
import { MarkdownCache } from '../cache/markdown-cache.ts';
import { HighlightCache } from '../cache/highlight-cache.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hashText } from '../cache/fingerprint.ts';
import { DOCSGEN_NODE_MODULES, DOCSGEN_VERSION } from '../paths.ts';
import { DARK_THEME, LIGHT_THEME } from '../markdown/highlight.ts';
import { withBase } from '../../theme/urls.ts';
import { linkTargets, staticFileUrls, type Content } from './content.ts';
import type { Project } from './project.ts';
import type { Progress } from './stage.ts';

export function createMarkdownCache(project: Project): MarkdownCache {
  // The salt's version goes up when the rendered HTML of unchanged markdown changes (v3: the URL
  // policy refuses `/\` paths), so no page keeps HTML an earlier rule let through.
  return new MarkdownCache(project.projectCache, hashText(DOCSGEN_VERSION, project.config.baseUrl, 'markdown-v5'));
}

/** Highlighted blocks depend on Shiki, its grammars and themes, not on docsgen's own code. */
export function createHighlightCache(project: Project): HighlightCache {
  const versionOf = (name: string) => {
    try {
      return (JSON.parse(readFileSync(path.join(DOCSGEN_NODE_MODULES, name, 'package.json'), 'utf8')) as { version: string }).version;
    } catch {
      return DOCSGEN_VERSION; // not where expected: tie the cache to docsgen's version instead
    }
  };
  const versions = ['shiki', '@shikijs/core', '@shikijs/langs', '@shikijs/themes', '@shikijs/engine-oniguruma', '@shikijs/vscode-textmate'].map(versionOf);
  // v3: blocks are tokenized without a time limit (shiki-instance.ts); a v2 entry may have been cut short.
  return new HighlightCache({ cacheRoot: project.projectCache, salt: hashText('highlight-v3', LIGHT_THEME, DARK_THEME, ...versions) });
}

export interface MarkdownStageOptions {
  cache: MarkdownCache;
  highlightCache?: HighlightCache;
  progress: Progress;
}

/** What the markdown stage needs to render `docs` (or stream them: see streamMarkdown). */
export function markdownInput(project: Project, content: Content, docs: readonly DocSource[], options: MarkdownStageOptions): RenderAllInput {
  return {
    docs,
    cache: options.cache,
    ...(options.highlightCache ? { highlightCache: options.highlightCache } : {}),
    ...linkTargets(project, content),
    // Workers cannot call back into this thread, so they get every route and image URL up front.
    allDocRoutes: Object.fromEntries(content.allDocs.map((d) => [d.relPath, withBase(project.config.baseUrl, d.route)])),
    allAssetUrls: Object.fromEntries([...[...content.assets].map(([rel, a]) => [rel, a.url] as const), ...staticFileUrls(project, content.staticFiles)]),
    allAssetSizes: Object.fromEntries([...content.assets].flatMap(([rel, a]) => (a.size ? [[rel, a.size]] : []))),
    baseUrl: project.config.baseUrl,
    progress: options.progress,
  };
}

export function renderMarkdown(project: Project, content: Content, docs: readonly DocSource[], options: MarkdownStageOptions): Promise<Map<DocSource, RenderedMarkdown>> {
  return renderAllMarkdown(markdownInput(project, content, docs, options));
}

/** Broken `.md` links, missing images, removed unsafe HTML and unclosed fences, found while rendering, as findings at their source position. */
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
      ...(md.findings.undefinedReferences ?? []).map((reference) => ({
        kind: 'broken-markdown-link' as const,
        link: reference.source,
        message: `undefined reference "${reference.source}": no [${reference.label}]: definition in this page, so it shows as this text, not as a link`,
        position: { file: doc.file, line: reference.line, column: reference.column },
        hint: `add a line "[${reference.label}]: url" to this page, or write the link inline as [text](url); brackets meant as text go in \`code\` or start with \\[`,
      })),
      ...md.findings.missingImages.map((image) => ({
        kind: 'missing-image' as const,
        link: image.source,
        message: `missing image "${image.source}"`,
        position: { file: doc.file, line: image.line, column: image.column },
        hint: image.source.startsWith('/')
          ? 'a path from the site root names a file of content/_static/ (/img/a.png is content/_static/img/a.png): add the file there or fix the path'
          : 'add the image file or fix its path (relative to this file)',
      })),
      ...(md.findings.unreadableImages ?? []).map((image) => ({
        kind: 'unreadable-image' as const,
        link: image.source,
        message: `image "${image.source}" could not be read as an image: ${image.reason}`,
        position: { file: doc.file, line: image.line, column: image.column },
        hint: 'replace the file with a valid image (export or download it again): browsers show this one as a broken image',
      })),
      ...(md.findings.removed ?? []).map((removed) => ({
        kind: 'removed-html' as const,
        message: removed.message,
        position: { file: doc.file, ...(removed.line ? { line: removed.line, column: removed.column ?? 1 } : {}) },
        hint: 'see "Raw HTML in markdown" in the README for what a page may contain',
      })),
      ...(md.findings.unclosed ?? []).map((block) => blockFinding('unclosed-block', doc, block)),
      ...(md.findings.renamedIds ?? []).map((renamed) => ({
        kind: 'broken-anchor' as const,
        link: `#${renamed.wanted}`,
        message: `the heading's id "${renamed.wanted}" is the theme's own, so the heading gets "${renamed.id}": a link to #${renamed.wanted} lands on the theme's element`,
        position: { file: doc.file, line: renamed.line, column: renamed.column },
        hint: 'choose another {#custom-id}; the theme\'s ids and ids starting with "__" or "docsgen" are reserved',
      })),
      ...(md.findings.misplaced ?? []).map((block) => blockFinding('misplaced-block', doc, block)),
      ...(md.findings.duplicateIds ?? []).map((id) => ({
        kind: 'broken-anchor' as const,
        link: `#${id}`,
        message: `duplicate id "${id}": more than one element of this page has it, and a link to #${id} lands on the first`,
        position: { file: doc.file },
        hint: 'give each heading or element its own id ({#custom-id} on a heading, id="…" in raw HTML)',
      })),
    ];
  });
}

/** A block's problem (an unclosed fence or container, tabs that make no tabs) as a finding at its line. */
function blockFinding(kind: 'unclosed-block' | 'misplaced-block', doc: DocSource, block: UnclosedBlock): import('../checks/findings.ts').Finding {
  return { kind, message: block.message, position: { file: doc.file, line: block.line, column: block.column }, hint: block.hint };
}
