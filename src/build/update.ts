/**
 * An edit of existing pages' text, applied to a finished build in place (`docsgen serve`, and
 * `docsgen build --watch` into out/): the same stages run again for those pages (markdown with its
 * cache, routes, rendering, the search index, the checks), and what changed is returned to be
 * written over the previous files. Anything that reaches further (config, theme, specs, a page
 * added, deleted or renamed, a title, label, position or slug that other pages show, an image a
 * page starts or stops using) answers undefined, and the builder runs a full build instead.
 */
import path from 'node:path';
import { readDoc, type DocSource } from '../content/scan.ts';
import { expandDocVariables } from '../content/variables.ts';
import { createHighlightCache, renderMarkdown } from './markdown.ts';
import { docRouteComposer } from './routes.ts';
import { changedSearchFiles, removedSearchFiles, searchStage } from './search.ts';
import { createPageRenderer, pageFileOf } from './render.ts';
import { pageReuse } from './incremental.ts';
import { runChecks } from './checks.ts';
import { contentWarningFindings } from './content.ts';
import type { Progress, StageRunner } from './stage.ts';
import type { Finding } from '../checks/findings.ts';
import type { BuildState } from './builder.ts';

export interface FileChange {
  /** Absolute path. */
  path: string;
  event: 'add' | 'change' | 'unlink' | 'addDir' | 'unlinkDir';
}

export interface TextFile {
  /** Relative to the output folder. */
  rel: string;
  contents: string;
}

/** What an edit changed besides the pages themselves (handed to the caller's hooks as they are rendered). */
export interface PageUpdate {
  /** The edited pages' URL paths (with the base). */
  routes: string[];
  /** The search index's files that differ from the previous build's. */
  searchFiles: TextFile[];
  /** Files of the previous index the new one no longer has (a build names its index's folders by their bytes). */
  staleFiles: string[];
}

export interface UpdateOptions {
  strict: boolean;
  progress?: Progress;
  /**
   * Called once the edited pages are rendered: the dev server writes and shows them at once. The
   * pages reach the output only through this hook or `pagesChecked`.
   */
  pagesRendered?: (files: readonly TextFile[], routes: string[]) => Promise<void>;
  /**
   * Called once the checks have run, before the search index: a build fails on errors here,
   * having written nothing, or writes the pages.
   */
  pagesChecked?: (files: readonly TextFile[], findings: readonly Finding[]) => Promise<void>;
}

/** Updates the build state for an edit of existing pages' text; undefined when a full build is needed. */
export async function updatePages(stage: StageRunner, state: BuildState, changes: readonly FileChange[], options: UpdateOptions): Promise<PageUpdate | undefined> {
  const edits = await stage('content', () => editedDocs(state, changes));
  if (!edits) return undefined;
  const { project, content } = state;
  const assetsBefore = edits.map(({ before }) => usedAssets(state, before));
  // What reading the edited pages warned of replaces what it warned of before (a front matter key
  // added or removed, bytes that are not UTF-8): a full build reads them so too.
  const editedFiles = new Set(edits.map(({ before }) => before.file));
  state.content.warnings = [...state.content.warnings.filter((w) => !editedFiles.has(w.position?.file ?? '')), ...edits.flatMap((e) => e.warnings)];
  for (const { before, after } of edits) {
    replaceIn(content.allDocs, before, after);
    replaceIn(content.docs, before, after); // a draft is not among a build's docs
    state.rendered.delete(before);
  }
  const progress = options.progress ?? (() => undefined);
  const fresh = await stage('markdown', () => renderMarkdown(project, content, edits.map((e) => e.after), { cache: state.markdownCache, highlightCache: createHighlightCache(project), progress }));
  for (const [doc, md] of fresh) state.rendered.set(doc, md);
  await state.markdownCache.flush();
  // The site's other files copy the images pages use: a change there is the full build's (the
  // state edited above is dropped with it).
  if (edits.some(({ after }, i) => usedAssets(state, after) !== assetsBefore[i])) return undefined;
  // Only the edited docs' routes change: what a route shows of other pages is in their outline.
  const replaced = new Map(edits.map(({ before, after }) => [before, after]));
  state.routes = await stage('routes', () => {
    const composeDoc = docRouteComposer(project, state);
    return state.routes.map((route) => {
      const after = route.doc ? replaced.get(route.doc) : undefined;
      const md = after ? fresh.get(after) : undefined;
      return after && md ? composeDoc(after, md) : route;
    });
  });
  const pages = await stage('render', () => renderEditedPages(state, new Set(edits.map((e) => e.after))));
  await options.pagesRendered?.(pages.files, pages.routes);
  // The checks read the pages and the files beside them; no page links into the search index,
  // whose files the edit renames, so they run before it.
  const checked = await stage('checks', () => runChecks({ ...state, pages: [...state.pages.values()], strict: options.strict }));
  state.findings = checked.findings;
  state.warnings = checked.warnings;
  await options.pagesChecked?.(pages.files, checked.findings);
  return { routes: pages.routes, ...(await reindex(stage, state)) };
}

function replaceIn<T>(list: T[], before: T, after: T): void {
  const i = list.indexOf(before);
  if (i >= 0) list[i] = after;
}

/** The search index updated for the edit, and what of its files changed. */
async function reindex(stage: StageRunner, state: BuildState): Promise<Pick<PageUpdate, 'searchFiles' | 'staleFiles'>> {
  const previous = state.search;
  state.search = await stage('search', () => searchStage(state, { keepRecords: false, previous, keepForEdits: true }));
  // The index's entry file last: it names the other files, which must be there when a reader reads it.
  const searchFiles = changedSearchFiles(previous, state.search).sort((a, b) => Number(a.rel === state.search.rel) - Number(b.rel === state.search.rel));
  const staleFiles = removedSearchFiles(previous, state.search);
  const stale = new Set(staleFiles);
  state.files = new Set([...[...state.files].filter((rel) => !stale.has(rel)), ...searchFiles.map((f) => f.rel)]);
  return { searchFiles, staleFiles };
}

/** The edited docs, read again, with what reading them warned of; undefined unless every change is an edit of an existing page's text. */
async function editedDocs(state: BuildState, changes: readonly FileChange[]): Promise<{ before: DocSource; after: DocSource; warnings: Finding[] }[] | undefined> {
  const byFile = new Map(state.content.allDocs.map((d) => [d.file, d]));
  const edits: { before: DocSource; after: DocSource; warnings: Finding[] }[] = [];
  for (const change of changes) {
    const before = byFile.get(path.resolve(change.path));
    if (change.event !== 'change' || !before) return undefined;
    const read = await readDoc(state.project.contentDir, before.relPath);
    if (!read.doc) return undefined; // left out now (gone, not text): the full build says why
    const after = expandDocVariables(read.doc, state.project.vars);
    if (outline(after) !== outline(before)) return undefined;
    edits.push({ before, after, warnings: contentWarningFindings(read.warnings, read.fileWarnings) });
  }
  return edits.length > 0 ? edits : undefined;
}

/** What other pages show of a page (sidebar, breadcrumbs, previous/next, the navbar, category cards): if it changes, every page changes. */
function outline(doc: DocSource): string {
  const fm = doc.frontMatter;
  // The description shows on the cards of the category's page.
  return JSON.stringify([doc.route, doc.id, doc.title, fm.title, fm.sidebar_label, fm.sidebar_position, fm.draft, fm.layout, fm.slug, fm.description]);
}

function usedAssets(state: BuildState, doc: DocSource): string {
  return JSON.stringify([...new Set(state.rendered.get(doc)?.findings.assets ?? [])].sort());
}

/** Renders the edited docs' pages, and keeps what the checks and the next build's manifest need of them. */
function renderEditedPages(state: BuildState, docs: ReadonlySet<DocSource>): { files: TextFile[]; routes: string[] } {
  const render = createPageRenderer({ ...state, site: state.site.site });
  const keyOf = pageReuse(undefined, render.context, state.themeHash).keyOf;
  const pageKeys = new Map(state.pageKeys);
  const pageTargets = new Map(state.pageTargets);
  const files: TextFile[] = [];
  const routes: string[] = [];
  for (const route of state.routes) {
    if (!route.doc || !docs.has(route.doc)) continue;
    const page = render(route);
    for (const file of page.files) files.push({ rel: file.rel, contents: file.contents as string });
    const rel = pageFileOf(route);
    pageKeys.set(rel, keyOf(route.page, state.rendered.get(route.doc)?.htmlHash));
    if (page.checked) {
      pageTargets.set(rel, page.checked);
      state.pages.set(page.checked.path, page.checked);
      routes.push(page.checked.path);
    }
  }
  state.pageKeys = pageKeys;
  state.pageTargets = pageTargets;
  return { files, routes };
}
