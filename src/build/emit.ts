/**
 * The stages from rendering on: every page rendered and written as its markdown arrives (each
 * page's HTML and data let go once written, unless the dev server keeps them for later edits), the
 * search index made from the pages, the site's other files, the checks on what readers get, and the
 * commit that makes the output current.
 */
import { createLinkCheckMemo, type LinkCheckMemo, type RenderedRoute } from '../checks/links.ts';
import { DocsgenError, DocsgenErrors } from '../errors.ts';
import type { Finding } from '../checks/findings.ts';
import { siteFiles } from './render.ts';
import { writePages } from './pages.ts';
import { unchangedPreviousFile, type IncrementalBuild } from './incremental.ts';
import { isImmutable } from './output-paths.ts';
import { hashText } from '../cache/fingerprint.ts';
import { searchStage, type SearchIndex } from './search.ts';
import { runChecks } from './checks.ts';
import type { OutputFile, OutputTarget } from './output.ts';
import type { PreparedSite } from './prepare.ts';
import type { PageTargets } from './page-targets.ts';
import type { FileRecord } from './manifest.ts';
import type { StageRunner } from './stage.ts';

export interface EmittedSite {
  /** What the checks saw of each page, by URL path. */
  pages: Map<string, RenderedRoute>;
  /** Each page's key, by file (`docsgen build`, for the next build's manifest). */
  pageKeys: ReadonlyMap<string, string>;
  /** What the checks read of each page, by file (`docsgen build`, kept for the next build: see page-targets.ts). */
  pageTargets: ReadonlyMap<string, PageTargets>;
  /** Every written file that is not a page. */
  files: Set<string>;
  /** Files that lost their path in out/ to another (see output-claims.ts), for an edit's checks to report again. */
  outputFindings: readonly Finding[];
  /** `docsgen build`: the hash of each file that is not a page and not named by its contents, by file, for the next build's manifest. */
  fileKeys: ReadonlyMap<string, string>;
  search: SearchIndex;
  /** The link checks' verdicts by page, for an edit's checks to reuse (see checks/links.ts). */
  linkChecks?: LinkCheckMemo;
  findings: Finding[];
  warnings: Finding[];
  outDir: string;
  /** Every file of the output as the commit left it, when the commit knows (an incremental build moved in place). */
  outputFiles?: Record<string, FileRecord>;
}

export interface EmitOptions {
  open(): Promise<OutputTarget>;
  strict?: boolean;
  /** Error-level findings fail the build (not `check`, which reports them). */
  failOnErrors: boolean;
  /** Let each page go once written (bounds a large build's memory). */
  release: boolean;
  /** Keep every search record (`search export`). */
  keepRecords?: boolean;
  /** Keep what an edit updates by page (the index's postings, the link checks' verdicts): serve and build --watch. */
  keepForEdits?: boolean;
  /** `docsgen build`: the previous build into the same out/ (see incremental.ts). */
  incremental?: IncrementalBuild;
  onProgress?: (phase: string, done: number, total: number) => void;
}

export async function emitSite(stage: StageRunner, prepared: PreparedSite, options: EmitOptions): Promise<EmittedSite> {
  const output = await options.open();
  try {
    const { pages, keys: pageKeys, targets: pageTargets } = await stage('pages', () => writePages(output, prepared, options));
    // Entries of pages rendered on this thread (workers write their own).
    await stage('markdown cache', () => prepared.markdownCache.flush());
    const search = await stage('search', () => searchStage(prepared, { keepRecords: options.keepRecords ?? false, keepForEdits: options.keepForEdits ?? false }));
    const { written: files, keys: fileKeys, findings: outputFindings } = await stage('write files', async () => {
      const site = siteFiles({ ...prepared, search, categoryFiles: prepared.site.categoryFiles });
      return { ...(await writeFiles(output, site.files, options.incremental)), findings: site.findings };
    });
    const linkChecks = options.keepForEdits ? createLinkCheckMemo() : undefined;
    const { findings, warnings } = await stage('checks', () =>
      runChecks({ ...prepared, pages: [...pages.values()], files, outputFindings, strict: options.strict ?? false, ...(linkChecks ? { linkChecks } : {}) }),
    );
    if (options.failOnErrors) throwOnErrors(findings);
    const outDir = await stage('commit', () => output.commit());
    const outputFiles = output.committedFiles?.();
    return { pages, pageKeys, pageTargets, files, fileKeys, outputFindings, search, ...(linkChecks ? { linkChecks } : {}), findings, warnings, outDir, ...(outputFiles ? { outputFiles } : {}) };
  } catch (error) {
    await output.abort();
    throw error;
  }
}

/** A build that failed on error-level findings: the findings themselves travel with it, for `--format json`. */
export class FailedOnFindings extends DocsgenErrors {
  readonly findings: readonly Finding[];
  constructor(findings: readonly Finding[], errors: DocsgenError[]) {
    super(errors);
    this.findings = findings;
  }
}

/** Error-level findings as the error a build fails with (file, line and column of each). */
export function throwOnErrors(findings: readonly Finding[]): void {
  const errors = findings.filter((f) => f.severity === 'error');
  if (errors.length > 0) throw new FailedOnFindings(findings, errors.map((f) => new DocsgenError(f.message, { position: f.position, ...(f.hint ? { hint: f.hint } : {}) })));
}

/**
 * `incremental`: a file the previous build left as it wrote it is linked, not written again, when it
 * holds the same bytes: a file named by its contents when it has the same name, any other when the
 * hash of its bytes is the one the manifest keeps for it (`keys`). At 10,000 pages the 1,100 sidebar
 * categories' items files, named by their folders, were otherwise written and moved into out/ on
 * every one-page edit: about 0.5 s.
 */
async function writeFiles(output: OutputTarget, files: readonly OutputFile[], incremental: IncrementalBuild | undefined): Promise<{ written: Set<string>; keys: Map<string, string> }> {
  const written = new Set<string>();
  const keys = new Map<string, string>();
  const link = async (rel: string, key?: string): Promise<boolean> => {
    if (!incremental || !output.linkFrom || (key !== undefined && incremental.previous?.files[rel]?.key !== key)) return false;
    const previous = await unchangedPreviousFile(incremental, rel);
    if (previous) await output.linkFrom(rel, previous);
    return previous !== undefined;
  };
  for (const file of files) {
    const immutable = isImmutable(file.rel);
    if (immutable && (await link(file.rel))) {
      written.add(file.rel);
      continue;
    }
    const contents = typeof file.contents === 'function' ? await file.contents() : file.contents;
    if (contents === undefined) continue; // a content file gone since the scan (a warning says so)
    written.add(file.rel);
    if (incremental && !immutable) {
      const key = siteFileKey(contents);
      keys.set(file.rel, key);
      if (await link(file.rel, key)) continue;
    }
    await output.write(file.rel, contents);
  }
  return { written, keys };
}

/** A site file's key in the manifest: its bytes, hashed (a page's key is a hash of other parts, so the two never meet). */
function siteFileKey(contents: string | Uint8Array): string {
  return hashText('site file', contents);
}
