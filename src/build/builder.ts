/**
 * One builder for `docsgen build`, `check`, `search export` and `serve`: `full()` runs the named
 * stages in order; `update(changes)` (serve and `build --watch`) runs the same stages again for the
 * pages whose text changed and writes only what changed over the previous output, or runs a full
 * build when a change reaches further (config, theme, specs, the page tree, a title or a position
 * in the sidebar).
 */
import type { Finding } from '../checks/findings.ts';
import type { SearchRecord } from '../../theme/search/types.ts';
import { createStageRunner, type Progress, type StageRunner, type StageTiming } from './stage.ts';
import type { PreparedSite } from './prepare.ts';
import type { EmittedSite, EmitOptions } from './emit.ts';
import { applyToOutput, createDevOutputs, noOutput, openAtomicOutput } from './output.ts';
import path from 'node:path';
import type { FileChange, PageUpdate, TextFile, UpdateOptions } from './update.ts';
import { checksCanFail } from '../checks/findings.ts';
import { finishIncremental, inputRoots, startInPlaceEdit, startIncremental, upToDateResult, type IncrementalBuild, type RecordedOutput } from './incremental.ts';
import { guardBuildFolders } from '../emit/guard-folders.ts';
import { outputFolder, realPathOf } from '../emit/folder-facts.ts';
import { hasMarker, holdsRepository } from '../emit/folder-marker.ts';
import { withoutCacheReads } from '../cache/reads.ts';

export type BuildMode = 'build' | 'check' | 'export' | 'serve';

export interface BuilderOptions {
  configFile: string;
  mode: BuildMode;
  /** `build` only: the output folder (default: out/ beside config.yaml). */
  outDir?: string;
  strict?: boolean;
  /**
   * false (`--no-cache`): the first full build reads nothing earlier builds left in .docsgen/cache
   * and writes it afresh (see src/cache/reads.ts); later builds of the same builder read what it wrote.
   */
  cache?: boolean;
  /**
   * `build --watch`: keep what an edit needs after each build, so that `update` can apply an edit of
   * pages' text to out/ in place (the dev server always does). A one-shot build lets it all go.
   */
  watch?: boolean;
  onProgress?: Progress;
  /**
   * `serve`: the URL paths of an edit's pages, called as soon as they are written, before the search
   * index and the checks catch up (what the open tab shows does not wait for them). When it returns
   * a promise, they wait for it: their work holds this thread, and with it the server.
   */
  onPagesUpdated?: (paths: string[]) => void | Promise<void>;
}

export interface BuildResult {
  pages: number;
  findings: Finding[];
  warnings: Finding[];
  /** The folder that holds the site ('' when nothing was written). */
  outDir: string;
  baseUrl: string;
  seconds: number;
  /** Every search record (`export` only). */
  records: SearchRecord[];
  timings: readonly StageTiming[];
}

export interface UpdateResult {
  /** `pages`: only these routes changed (URL paths with base); `full`: everything was rebuilt. */
  kind: 'pages' | 'full';
  routes: string[];
  result: BuildResult;
}

export interface Builder {
  full(): Promise<BuildResult>;
  update(changes: readonly FileChange[]): Promise<UpdateResult>;
}

export type { FileChange } from './update.ts';

/** What a serve builder keeps between builds, so an edit re-runs only what it touches. */
export type BuildState = PreparedSite & EmittedSite & { /** `build`: what the manifest recorded of out/. */ recorded?: RecordedOutput };

export function createBuilder(options: BuilderOptions): Builder {
  let state: BuildState | undefined;
  let fullBuilds = 0;
  const emitOptions = emitOptionsFor(options);
  const full = (): Promise<BuildResult> => (options.cache === false && fullBuilds++ === 0 ? withoutCacheReads(fullBuild) : fullBuild());
  const keepsState = options.mode === 'serve' || (options.mode === 'build' && options.watch === true);
  const fullBuild = async (): Promise<BuildResult> => {
    const started = performance.now();
    const startedAt = Date.now();
    state = undefined; // a failed build leaves nothing an edit could be applied to
    const stage = createStageRunner(options.onProgress ? { progress: options.onProgress } : {});
    // Before anything is read or written: restore an out/ a killed swap set aside, refuse unsafe folders.
    await stage('guard folders', () => guardBuildFolders({ configFile: options.configFile, outDir: options.outDir, writesOutput: options.mode === 'build' }));
    const incremental = await stage('inputs', () => startIncremental(options));
    const upToDate = incremental ? await stage('up to date', () => upToDateResult(incremental, started)) : undefined;
    if (upToDate) return upToDate;
    // The stages' modules (the whole toolchain) load only now: an up-to-date build never needs them.
    const [{ prepareSite }, { emitSite }] = await Promise.all([import('./prepare.ts'), import('./emit.ts')]);
    const prepared = await prepareSite(stage, options);
    const emitted = await emitSite(stage, prepared, { ...emitOptions, keepForEdits: keepsState, ...(incremental ? { incremental } : {}) });
    emitOptions.committed?.(emitted.outDir);
    const recorded = incremental ? await stage('manifest', () => recordBuild(incremental, options, { ...prepared, ...emitted })) : undefined;
    // Only after a build that succeeded: a failed one may not have marked all it uses.
    const { pruneCaches } = await import('./prune.ts');
    await stage('cache', () => pruneCaches({ ...prepared, buildStarted: startedAt }));
    // Only the dev server and `build --watch` edit a build later; a one-shot build lets it go.
    if (keepsState) state = { ...prepared, ...emitted, ...(recorded ? { recorded } : {}) };
    return resultOf({ ...prepared, ...emitted }, started, stage);
  };
  return {
    full,
    update: async (changes) => {
      const started = performance.now();
      const stage = createStageRunner(options.onProgress ? { progress: options.onProgress } : {});
      let edited: PageUpdate | undefined;
      try {
        edited = state ? await updateInPlace(stage, state, changes, options) : undefined;
      } catch (error) {
        state = undefined; // edited half-way: the next change builds in full
        throw error;
      }
      if (!state || !edited) return { kind: 'full', routes: [], result: await full() };
      return { kind: 'pages', routes: edited.routes, result: resultOf(state, started, stage) };
    },
  };
}

/**
 * An edit of pages' text written over the previous output. The dev server shows the pages before
 * the index and the checks catch up. `docsgen build --watch` writes the pages once they are
 * rendered, or, when a check can fail the build, once the checks passed (a build with errors
 * leaves out/ as it was); then the index's changed files, and the manifest's records of what it wrote.
 */
async function updateInPlace(stage: StageRunner, state: BuildState, changes: readonly FileChange[], options: BuilderOptions): Promise<PageUpdate | undefined> {
  const { updatePages } = await import('./update.ts');
  const written: string[] = [];
  const write = (files: readonly TextFile[], removed: readonly string[] = []) => {
    written.push(...files.map((file) => file.rel));
    return applyToOutput(state.outDir, files, removed);
  };
  const base = { strict: options.strict ?? false, ...(options.onProgress ? { progress: options.onProgress } : {}) };
  if (options.mode !== 'build') {
    const pagesRendered = async (files: readonly TextFile[], routes: string[]) => {
      await write(files);
      await options.onPagesUpdated?.(routes);
    };
    const update = await updatePages(stage, state, changes, { ...base, pagesRendered });
    if (update) await write(update.searchFiles, update.staleFiles);
    return update;
  }
  // out/ may have been replaced since the last build (by a folder docsgen did not make, or a link
  // now leading elsewhere): then the edit builds in full, whose guard judges the folder anew.
  if (!(await stage('guard folders', () => stillOwnOutput(options, state.outDir)))) return undefined;
  // Signed before anything is read, as a full build's: a file saved meanwhile counts as changed next time.
  const incremental = await stage('inputs', () => startInPlaceEdit(options, builtRoots(options, state)));
  const { throwOnErrors } = await import('./emit.ts');
  const writePages = (files: readonly TextFile[]) => stage('write pages', () => write(files));
  // When no finding can be an error (the default severities, no --strict), the checks cannot fail
  // the build: the pages need not wait for them (the link checks of 10,000 pages take a second).
  const hooks: Partial<UpdateOptions> = checksCanFail(state.project.config.checks, options.strict ?? false)
    ? { pagesChecked: async (files, findings) => (throwOnErrors(findings), writePages(files)) }
    : { pagesRendered: writePages };
  const update = await updatePages(stage, state, changes, { ...base, ...hooks });
  if (!update) return undefined;
  await stage('write files', () => write(update.searchFiles, update.staleFiles));
  // The files the edit wrote and removed, over the previous record (a file edited by hand keeps its old record).
  const edit = state.recorded ? { recorded: state.recorded, written, removed: update.staleFiles } : undefined;
  state.recorded = await stage('manifest', () => recordBuild(incremental, options, state, edit));
  return update;
}

/** The output folder `build --watch` wrote last is still the one configured, and still marked as docsgen's. */
async function stillOwnOutput(options: BuilderOptions, builtInto: string): Promise<boolean> {
  const [now, before] = await Promise.all([realPathOf(outputFolder(options.configFile, options.outDir)), realPathOf(builtInto)]);
  return now === before && (await hasMarker(before, 'output')) && !holdsRepository(before);
}

/** Where each mode writes: out/ atomically, nowhere, or the dev server's generation folders. */
function emitOptionsFor(options: BuilderOptions): EmitOptions & { committed?: (dir: string) => void } {
  const base = { strict: options.strict ?? false, ...(options.onProgress ? { onProgress: options.onProgress } : {}) };
  const rootDir = path.dirname(path.resolve(options.configFile));
  switch (options.mode) {
    case 'build': {
      const outDir = outputFolder(options.configFile, options.outDir);
      return { ...base, open: () => openAtomicOutput(outDir), failOnErrors: true, release: true };
    }
    case 'serve': {
      const outputs = createDevOutputs(path.join(rootDir, '.docsgen', 'dev'));
      return { ...base, open: outputs.open, failOnErrors: false, release: false, committed: outputs.retire };
    }
    default:
      return { ...base, open: async () => noOutput(), failOnErrors: false, release: true, keepRecords: options.mode === 'export' };
  }
}

/** The manifest of the build just committed, for the next one (see incremental.ts); `edit`: an edit written in place. */
function recordBuild(incremental: IncrementalBuild, options: BuilderOptions, built: BuildState, edit?: Parameters<typeof finishIncremental>[2]): Promise<RecordedOutput> {
  return finishIncremental(incremental, {
    roots: builtRoots(options, built),
    // Inputs the signature cannot see: custom React pages may import any file, and "Last updated"
    // dates change with a commit that touches no file of the project. Such a site is never taken as
    // up to date (its pages are still reused where their data, dates included, is unchanged).
    volatile: built.content.customPages.length > 0 || built.project.config.docs.showLastUpdateTime,
    result: { pages: built.routes.length, findings: built.findings, warnings: built.warnings, baseUrl: built.project.config.baseUrl },
    keys: built.pageKeys,
    fileKeys: built.fileKeys,
    targets: built.pageTargets,
    ...(built.outputFiles ? { files: built.outputFiles } : {}),
  }, edit);
}

/** The input roots of a build: config.yaml, content/, the themes and its specs' folders. */
function builtRoots(options: BuilderOptions, built: BuildState): string[] {
  return inputRoots(options.configFile, built.project.config.api.map((api) => api.spec));
}

function resultOf(built: BuildState, started: number, stage: StageRunner): BuildResult {
  return {
    pages: built.routes.length,
    findings: built.findings,
    warnings: built.warnings,
    outDir: built.outDir,
    baseUrl: built.project.config.baseUrl,
    seconds: (performance.now() - started) / 1000,
    records: built.search.records,
    timings: stage.timings,
  };
}
