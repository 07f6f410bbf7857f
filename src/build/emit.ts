/**
 * The stages from rendering on: the site's files and every page written to the output (each page's
 * HTML and data let go once written, unless the dev server keeps them for later edits), the checks
 * on what readers get, and the commit that makes the output current.
 */
import type { RouteEntry } from '../routes.ts';
import type { DocSource } from '../content/scan.ts';
import type { RenderedMarkdown } from '../markdown/render.ts';
import type { RenderedRoute } from '../checks/links.ts';
import { createStringPool } from '../checks/link-targets.ts';
import { DocsgenError, DocsgenErrors } from '../errors.ts';
import type { Finding } from '../checks/findings.ts';
import { createPageRenderer, siteFiles } from './render.ts';
import { runChecks } from './checks.ts';
import type { OutputFile, OutputTarget } from './output.ts';
import type { PreparedSite } from './prepare.ts';
import type { StageRunner } from './stage.ts';

export interface EmittedSite {
  /** What the checks saw of each page, by URL path. */
  pages: Map<string, RenderedRoute>;
  /** Every written file that is not a page. */
  files: Set<string>;
  findings: Finding[];
  warnings: Finding[];
  outDir: string;
}

export interface EmitOptions {
  open(): Promise<OutputTarget>;
  strict?: boolean;
  /** Error-level findings fail the build (not `check`, which reports them). */
  failOnErrors: boolean;
  /** Let each page go once written (bounds a large build's memory). */
  release: boolean;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export async function emitSite(stage: StageRunner, prepared: PreparedSite, options: EmitOptions): Promise<EmittedSite> {
  const output = await options.open();
  try {
    const files = await stage('write files', () => writeFiles(output, siteFiles({ ...prepared, categoryFiles: prepared.site.categoryFiles })));
    const pages = await stage('render+write', () => writePages(output, prepared, options));
    const { findings, warnings } = await stage('checks', () =>
      runChecks({ ...prepared, pages: [...pages.values()], files, strict: options.strict ?? false }),
    );
    const errors = findings.filter((f) => f.severity === 'error');
    if (errors.length > 0 && options.failOnErrors) {
      throw new DocsgenErrors(errors.map((f) => new DocsgenError(f.message, { position: f.position, ...(f.hint ? { hint: f.hint } : {}) })));
    }
    const outDir = await stage('commit', () => output.commit());
    return { pages, files, findings, warnings, outDir };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

async function writeFiles(output: OutputTarget, files: readonly OutputFile[]): Promise<Set<string>> {
  const written = new Set<string>();
  for (const file of files) {
    const contents = typeof file.contents === 'function' ? await file.contents() : file.contents;
    if (contents === undefined) continue; // a content file gone since the scan (a warning says so)
    await output.write(file.rel, contents);
    written.add(file.rel);
  }
  return written;
}

async function writePages(output: OutputTarget, prepared: PreparedSite, options: EmitOptions): Promise<Map<string, RenderedRoute>> {
  const render = createPageRenderer({ ...prepared, site: prepared.site.site, keep: createStringPool() });
  const pages = new Map<string, RenderedRoute>();
  let done = 0;
  for (const route of prepared.routes) {
    const page = render(route);
    for (const file of page.files) await output.write(file.rel, file.contents as string);
    if (page.checked) pages.set(page.checked.path, page.checked);
    if (options.release) releasePage(route, prepared.rendered);
    if (++done % 50 === 0) options.onProgress?.('render', done, prepared.routes.length);
  }
  options.onProgress?.('render', prepared.routes.length, prepared.routes.length);
  return pages;
}

/** Keeps what the steps after rendering use (the route for the sitemap and the link findings). */
function releasePage(route: RouteEntry, rendered: Map<DocSource, RenderedMarkdown>): void {
  const md = route.doc ? rendered.get(route.doc) : undefined;
  if (md && route.doc) rendered.set(route.doc, { ...md, html: '', toc: [], searchBlocks: [], linkTargets: { ids: [], hrefs: [] } });
  const { kind, route: path, title } = route.page;
  route.page = { kind, route: path, title, description: '', html: '', toc: [], hideToc: true };
}
