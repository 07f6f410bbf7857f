/**
 * Stage "content": the pages of content/ (front matter checked, site variables expanded, drafts
 * left out unless serving), duplicate routes resolved, the sidebar, and content images with their
 * content-hashed URLs.
 */
import { scanContent, type CategoryMeta, type DocSource } from '../content/scan.ts';
import { buildSidebar } from '../content/sidebar.ts';
import { expandAllDocVariables } from '../content/variables.ts';
import { hashAssets, type ContentFiles, type HashedAsset } from '../content/assets.ts';
import { scriptedSvgErrors } from '../content/svg-script.ts';
import type { ContentWarning } from '../content/files.ts';
import type { Warning } from '../content/frontmatter.ts';
import { DocsgenError, DocsgenErrors } from '../errors.ts';
import type { Finding } from '../checks/findings.ts';
import type { SidebarItem } from '../../theme/data.ts';
import { withBase } from '../../theme/urls.ts';
import type { Project } from './project.ts';
import { withGeneratedIndexes } from './category-pages.ts';
import { NOT_FOUND_ROUTE } from '../routes.ts';
import { loadYamlMemo } from '../cache/yaml-memo.ts';
import { loadCleanSvgMemo, loadWellFormedSvgMemo } from '../cache/svg-memo.ts';
import type { LinkResolvers } from '../markdown/links.ts';

export type { HashedAsset } from '../content/assets.ts';

export interface Content {
  /** Every page, drafts and losers of duplicate routes included (their routes exist). */
  allDocs: DocSource[];
  /** The pages this build publishes. */
  docs: DocSource[];
  /** Ids of drafts left out of this build (a navbar item naming one is hidden, not broken). */
  draftIds: Set<string>;
  categories: Map<string, CategoryMeta>;
  sidebar: SidebarItem[];
  /** Content images by path relative to content/; `_static/` files are in staticFiles. */
  assets: Map<string, HashedAsset>;
  staticFiles: string[];
  customPages: string[];
  /** content/ and its real path, to read its files again when they are written (content/assets.ts). */
  files: ContentFiles;
  /** Front matter and content-file warnings; the output stage adds files that vanish before they are copied. */
  warnings: Finding[];
  duplicateFindings: Finding[];
}

export async function readContent(project: Project, options: { includeDrafts: boolean }): Promise<Content> {
  const yamlMemo = await loadYamlMemo(project.projectCache);
  const scan = await scanContent(project.contentDir, { includeDrafts: true, yamlMemo });
  await yamlMemo.save();
  const allDocs = expandAllDocVariables(scan.docs, project.vars);
  const published = options.includeDrafts ? allDocs : allDocs.filter((d) => !d.frontMatter.draft);
  if (published.length === 0) {
    throw new DocsgenError('content/ holds no markdown pages other than drafts', { position: { file: project.contentDir }, hint: 'remove "draft: true" from a page or add one' });
  }
  const { docs, duplicateFindings } = resolveDuplicates(published);
  const files = { contentDir: project.contentDir, root: scan.root };
  const fileWarnings = [...scan.fileWarnings];
  const wellFormedSvgs = await loadWellFormedSvgMemo(project.projectCache);
  const assets = await hashAssets(files, scan.assets, project.config.baseUrl, fileWarnings, wellFormedSvgs);
  await wellFormedSvgs.save();
  const cleanSvgs = await loadCleanSvgMemo(project.projectCache);
  const svgErrors = await scriptedSvgErrors(files, scan.assets, cleanSvgs);
  await cleanSvgs.save();
  if (svgErrors.length > 0) throw svgErrors.length === 1 ? svgErrors[0] : new DocsgenErrors(svgErrors);
  return {
    allDocs,
    docs,
    draftIds: new Set(allDocs.filter((d) => d.frontMatter.draft && !options.includeDrafts).map((d) => d.id)),
    categories: scan.categories,
    sidebar: sidebarWithCategoryPages(project, docs, buildSidebar(docs, scan.categories)),
    assets,
    staticFiles: scan.assets.filter((a) => a.startsWith('_static/')),
    customPages: scan.customPages,
    files,
    warnings: contentWarningFindings(scan.warnings, fileWarnings),
    duplicateFindings,
  };
}

/** What reading pages warned of (front matter keys, files left out or read by a guess), as findings. */
export function contentWarningFindings(frontMatter: readonly Warning[], files: readonly ContentWarning[]): Finding[] {
  return [...frontMatter.map((w) => ({ kind: 'unknown-front-matter' as const, message: w.message, position: w.position, severity: 'warn' as const })), ...files.map(contentFileFinding)];
}

/** A content file left out or read by a guess (content/files.ts, content/encoding.ts), as a warning. */
export function contentFileFinding(warning: ContentWarning): Finding {
  return { kind: 'content-file', message: warning.message, position: warning.position, ...(warning.hint ? { hint: warning.hint } : {}), severity: 'warn' };
}

/** The sidebar, with generated pages for categories without an index.md unless the config turns them off. */
function sidebarWithCategoryPages(project: Project, docs: readonly DocSource[], sidebar: SidebarItem[]): SidebarItem[] {
  const { config } = project;
  if (!config.docs.generatedIndex) return sidebar;
  const taken = new Set([...docs.map((d) => d.route), `/${config.search.searchPagePath}/`, NOT_FOUND_ROUTE, ...config.api.map((a) => `/${a.route}/`)]);
  return withGeneratedIndexes(sidebar, taken);
}

/** How links in markdown resolve: a page's route (with base) and an image's hashed URL, by path relative to content/. */
export function linkTargets(project: Project, content: Pick<Content, 'allDocs' | 'assets' | 'staticFiles'>): Pick<LinkResolvers, 'routeOfDoc' | 'urlOfAsset' | 'sizeOfAsset'> {
  const byRelPath = new Map(content.allDocs.map((d) => [d.relPath, d]));
  const staticUrls = staticFileUrls(project, content.staticFiles);
  return {
    routeOfDoc: (rel) => {
      const doc = byRelPath.get(rel);
      return doc ? withBase(project.config.baseUrl, doc.route) : undefined;
    },
    urlOfAsset: (rel) => content.assets.get(rel)?.url ?? staticUrls.get(rel),
    sizeOfAsset: (rel) => content.assets.get(rel)?.size,
  };
}

/**
 * The URL of each file of content/_static/, by its path relative to content/: an image from the
 * site root (`![](/img/a.png)`) resolves to it as a content image resolves to its hashed copy, so
 * the markdown cache reuses the page only while the file is still there.
 */
export function staticFileUrls(project: Project, staticFiles: readonly string[]): Map<string, string> {
  return new Map(staticFiles.map((rel) => [rel, withBase(project.config.baseUrl, `/${rel.slice('_static/'.length)}`)]));
}

/** Two docs on one route: the first by path wins (a deterministic rule), both are named. Duplicate ids are errors. */
function resolveDuplicates(all: readonly DocSource[]): { docs: DocSource[]; duplicateFindings: Finding[] } {
  const byRoute = new Map<string, DocSource>();
  const duplicateFindings: Finding[] = [];
  const docs: DocSource[] = [];
  for (const doc of all) {
    const winner = byRoute.get(doc.route);
    if (winner) {
      duplicateFindings.push({
        kind: 'duplicate-route',
        message: `duplicate route ${doc.route}: ${doc.relPath} and ${winner.relPath} both produce it; ${winner.relPath} is used`,
        position: { file: doc.file, line: 1, column: 1 },
        hint: 'rename one of the files or give it a different "slug" in its front matter',
      });
      continue;
    }
    byRoute.set(doc.route, doc);
    docs.push(doc);
  }
  duplicateFindings.push(...caseTwins(docs));
  checkUniqueIds(docs);
  return { docs, duplicateFindings };
}

/**
 * Routes that differ only in case (`guide/a.md`, `guide/A.md`): both are built, but on a disk or
 * a host that ignores case (macOS, Windows, many object stores' websites) one page's file replaces
 * the other's when the site is copied there.
 */
function caseTwins(docs: readonly DocSource[]): Finding[] {
  const byFolded = new Map<string, DocSource>();
  const findings: Finding[] = [];
  for (const doc of docs) {
    const folded = doc.route.toLowerCase();
    const first = byFolded.get(folded);
    if (!first) {
      byFolded.set(folded, doc);
      continue;
    }
    findings.push({
      kind: 'duplicate-route',
      message: `route ${doc.route} of ${doc.relPath} differs from ${first.route} of ${first.relPath} only in case: where the site is copied to a disk or host that ignores case (macOS, Windows), one page replaces the other`,
      position: { file: doc.file, line: 1, column: 1 },
      hint: 'rename one of the files or give it a different "slug" in its front matter',
    });
  }
  return findings;
}

function checkUniqueIds(docs: readonly DocSource[]): void {
  const byId = new Map<string, DocSource>();
  const errors: DocsgenError[] = [];
  for (const doc of docs) {
    const other = byId.get(doc.id);
    if (other) {
      errors.push(
        new DocsgenError(`duplicate doc id "${doc.id}" (also used by ${other.relPath})`, {
          position: { file: doc.file, line: 1, column: 1 },
          hint: 'doc ids must be unique: change the "id" in the front matter of one of them',
        }),
      );
    }
    byId.set(doc.id, doc);
  }
  if (errors.length > 0) throw new DocsgenErrors(errors);
}
