/**
 * `docsgen build --watch`: builds, then builds again after every change under content/, theme/,
 * openapi/ or config.yaml, in the same process, until Ctrl+C or SIGTERM. An edit of pages' text is
 * applied to out/ in place, as the dev server applies it to its output: those pages and the search
 * index's changed files are written over the previous ones (each beside, then renamed), once the
 * checks have passed. Any other change runs the build `docsgen build` runs (incremental, swapped in
 * whole). Either way a failed build leaves out/ as it was, and out/ ends up as a one-shot build
 * would write it. What staying alive saves is Node's start, loading and warming the toolchain, and
 * every unchanged page's part of the build: a one-page edit costs that page's stages, and the parts
 * of the index, the checks and the manifest that concern it.
 */
import path from 'node:path';
import { createBuilder, type BuildResult, type FileChange } from '../build/builder.ts';
import type { Progress } from '../build/stage.ts';
import { exitCodeOf, formatError } from '../errors.ts';
import { createBuildQueue } from './build-queue.ts';
import { firstStopSignal } from './stop-signal.ts';
import { watchProject } from './watch.ts';
import { preloadMarkdownToolchain } from '../markdown/render-all.ts';
import { outputFolder, realPathOf } from '../emit/folder-facts.ts';
import { claimWatchedOutput } from '../emit/watch-lock.ts';
import { guardBuildFolders } from '../emit/guard-folders.ts';

export interface WatchBuildOptions {
  configFile: string;
  outDir?: string;
  strict: boolean;
  /** false (`--no-cache`): the first build reads no cache; later builds reuse what it wrote. */
  cache: boolean;
  /** Shows how far a build is (a terminal's progress line), as a one-shot build does. */
  onProgress?: Progress;
  /** Prints a finished build's findings and summary line (as a one-shot build does). */
  report: (result: BuildResult) => void;
  log: (text: string) => void;
  error: (text: string) => void;
}

/**
 * Runs until the first stop signal; resolves with the exit code: 0 when stopped as asked, 2 when the
 * first build was refused as `docsgen build` refuses (an output folder it may not replace), since
 * no edit to the sources could change that. A first build that fails on the sources keeps watching.
 */
export async function watchBuildCommand(options: WatchBuildOptions): Promise<number> {
  const stop = firstStopSignal();
  const configFile = path.resolve(options.configFile);
  const root = path.dirname(configFile);
  const builderOptions = {
    configFile,
    strict: options.strict,
    mode: 'build' as const,
    ...(options.outDir ? { outDir: options.outDir } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  // The folder is judged as every build judges it before anything is written beside it, then
  // claimed: refused (exit code 2) while another process watches it; see watch-lock.ts.
  let release: () => Promise<void>;
  try {
    await guardBuildFolders({ configFile, outDir: options.outDir, writesOutput: true });
    release = await claimWatchedOutput(await realPathOf(outputFolder(configFile, options.outDir)));
  } catch (error) {
    stop.dispose();
    options.error(formatError(error));
    return exitCodeOf(error);
  }
  const builder = createBuilder({ ...builderOptions, cache: options.cache, watch: true });
  let builds = 0;
  let refused = false;
  const queue = createBuildQueue(async (changes) => {
    const isFirst = builds++ === 0;
    try {
      // An edit of pages' text is written over out/ (see Builder.update); anything else builds in full.
      options.report(changes ? (await builder.update(changes)).result : await builder.full());
    } catch (error) {
      // The previous out/ is still there; the next change builds again.
      options.error(formatError(error));
      // An output folder refused, a bad option: no edit to the sources can fix those.
      if (isFirst && exitCodeOf(error) === 2) refused = true;
    }
  });
  // Watching starts before the first build: a file saved while it runs is built next.
  const watcher = watchProject(
    root,
    configFile,
    (changes) => {
      options.log(describeChanges(changes, root));
      void queue.push(changes);
    },
    options.error,
  );
  try {
    await Promise.all([queue.push(undefined), watcher.ready]);
    if (!refused) {
      options.log('watching content/, theme/, openapi/ and config.yaml for changes (Ctrl+C stops)');
      // A failure here only means the first edit loads it; the build would report a real problem.
      preloadMarkdownToolchain().catch(() => undefined);
      await stop.promise;
    }
  } finally {
    await watcher.close();
  }
  // A build under way finishes: stopping half-way would only leave its temporary folder behind.
  await queue.idle();
  await release();
  stop.dispose();
  return refused ? 2 : 0;
}

/** "changed content/guide/intro.md" or "3 files changed", relative to the project. */
export function describeChanges(changes: readonly FileChange[], root: string): string {
  const files = [...new Set(changes.map((c) => path.relative(root, c.path) || path.basename(c.path)))];
  return files.length === 1 ? `changed ${files[0]!.split(path.sep).join('/')}` : `${files.length} files changed`;
}
