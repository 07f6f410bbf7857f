/**
 * `docsgen serve`'s edits: when only the text of existing pages changed, the same stages run again
 * for those pages (markdown with its cache, routes, search, rendering, checks) and only their files
 * are replaced in the output. Anything that reaches further (config, theme, specs, a page added,
 * deleted or renamed, a title, label, position or slug that other pages show) answers undefined,
 * and the builder runs a full build instead.
 */
import path from 'node:path';
import { readDoc, type DocSource } from '../content/scan.ts';
import { expandDocVariables } from '../content/variables.ts';
import { createHighlightCache, renderMarkdown } from './markdown.ts';
import { composeAllRoutes } from './routes.ts';
import { changedSearchFiles, indexSearch } from './search.ts';
import { createPageRenderer } from './render.ts';
import { runChecks } from './checks.ts';
import { replaceFile } from './output.ts';
import type { StageRunner } from './stage.ts';
import type { BuilderOptions, BuildState } from './builder.ts';

export interface FileChange {
  /** Absolute path. */
  path: string;
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
}

/** Updates the pages whose text changed and returns their URL paths, or undefined when a full build is needed. */
export async function updatePages(stage: StageRunner, state: BuildState, changes: readonly FileChange[], options: BuilderOptions): Promise<string[] | undefined> {
  const edits = await stage('content', () => editedDocs(state, changes));
  if (!edits) return undefined;
  const { project, content } = state;
  for (const { before, after } of edits) {
    content.allDocs[content.allDocs.indexOf(before)] = after;
    content.docs[content.docs.indexOf(before)] = after;
    state.rendered.delete(before);
  }
  const progress = options.onProgress ?? (() => undefined);
  const fresh = await stage('markdown', () => renderMarkdown(project, content, edits.map((e) => e.after), { cache: state.markdownCache, highlightCache: createHighlightCache(project), progress }));
  for (const [doc, md] of fresh) state.rendered.set(doc, md);
  await state.markdownCache.flush();
  const composed = await stage('routes', () => composeAllRoutes(project, state));
  state.routes = composed.routes;
  state.routeFindings = composed.findings;
  const changedRoutes = await stage('render+write', () => rewritePages(state, new Set(edits.map((e) => e.after))));
  // The open tab can show the page now: it names the index by a stable name, and rebuilding the
  // index (every page's records, 50 ms on the real site and more on larger ones) is not its business.
  await options.onPagesUpdated?.(changedRoutes);
  const previousSearch = state.search;
  state.search = await stage('search', () => indexSearch(project, state.routes, state.rendered, { keepRecords: false, stableName: true }));
  for (const file of changedSearchFiles(previousSearch, state.search)) await replaceFile(state.outDir, file.rel, file.contents);
  const checked = await stage('checks', () => runChecks({ ...state, pages: [...state.pages.values()], strict: options.strict ?? false }));
  state.findings = checked.findings;
  state.warnings = checked.warnings;
  return changedRoutes;
}

/** The edited docs, read again; undefined unless every change is an edit of an existing page's text. */
async function editedDocs(state: BuildState, changes: readonly FileChange[]): Promise<{ before: DocSource; after: DocSource }[] | undefined> {
  const byFile = new Map(state.content.allDocs.map((d) => [d.file, d]));
  const edits: { before: DocSource; after: DocSource }[] = [];
  for (const change of changes) {
    const before = byFile.get(path.resolve(change.path));
    if (change.event !== 'change' || !before) return undefined;
    const read = await readDoc(state.project.contentDir, before.relPath);
    if (!read.doc) return undefined; // left out now (gone, not text): the full build says why
    const after = expandDocVariables(read.doc, state.project.vars);
    if (outline(after) !== outline(before)) return undefined;
    edits.push({ before, after });
  }
  return edits.length > 0 ? edits : undefined;
}

/** What other pages show of a page (sidebar, breadcrumbs, previous/next, the navbar, category cards): if it changes, every page changes. */
function outline(doc: DocSource): string {
  const fm = doc.frontMatter;
  // The description shows on the cards of the category's page.
  return JSON.stringify([doc.route, doc.id, doc.title, fm.title, fm.sidebar_label, fm.sidebar_position, fm.draft, fm.layout, fm.slug, fm.description]);
}

async function rewritePages(state: BuildState, docs: ReadonlySet<DocSource>): Promise<string[]> {
  const render = createPageRenderer({ ...state, site: state.site.site });
  const changed: string[] = [];
  for (const route of state.routes) {
    if (!route.doc || !docs.has(route.doc)) continue;
    const page = render(route);
    for (const file of page.files) await replaceFile(state.outDir, file.rel, file.contents as string);
    if (page.checked) {
      state.pages.set(page.checked.path, page.checked);
      changed.push(page.checked.path);
    }
  }
  return changed;
}
