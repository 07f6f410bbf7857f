/**
 * The first step of every build and check: put back an output that a killed swap set aside, then
 * refuse (exit code 2, nothing changed) an output or cache folder that docsgen must not replace,
 * or an output folder another process's `build --watch` writes to, mark the cache folder as
 * docsgen's, and empty it when it was not made where it is (cache-origin.ts).
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from '../errors.ts';
import { configReadError } from '../config/read-error.ts';
import { projectCacheDir } from '../cache/json-cache.ts';
import { folderFacts, outputFolder, projectFacts, realPathOf } from './folder-facts.ts';
import { writeMarker } from './folder-marker.ts';
import { judgeFolder, locationProblem, type FolderRole, type ProjectFacts } from './output-guard.ts';
import { recoverInterruptedSwap } from './swap.ts';
import { refuseWatchedOutput } from './watch-lock.ts';
import { trustOwnCacheOnly } from './cache-origin.ts';

export interface GuardOptions {
  configFile: string;
  /** The output folder; out/ beside config.yaml when not given. */
  outDir?: string | undefined;
  /** false for `docsgen check`: out/ is only recovered, never replaced. */
  writesOutput: boolean;
}

export async function guardBuildFolders(options: GuardOptions): Promise<void> {
  await refuseUnlikelyConfig(options.configFile);
  const root = path.dirname(path.resolve(options.configFile));
  const cacheDir = projectCacheDir(root);
  const project = await projectFacts(options.configFile, cacheDir);
  const outDir = outputFolder(options.configFile, options.outDir);
  const realOut = await realPathOf(outDir);
  if (!locationProblem('output', realOut, project)) await recoverInterruptedSwap(realOut);
  if (options.writesOutput) {
    await admit('output', outDir, project);
    await refuseWatchedOutput(realOut);
  }
  await admit('cache', cacheDir, project);
  await trustOwnCacheOnly(cacheDir);
}

/**
 * A --config that names no YAML file (a missing one, a folder, a page) would otherwise get a cache
 * folder made beside it before config.yaml is read: in content/, or in any folder a typo names.
 * Said before anything is made, with the same words loadConfig uses for a file it cannot read.
 */
async function refuseUnlikelyConfig(configFile: string): Promise<void> {
  const file = path.resolve(configFile);
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => error);
  if (info instanceof Error || !info.isFile()) {
    throw configReadError(file, info instanceof Error ? (info.code ?? 'unknown error') : 'EISDIR');
  }
  if (!/\.ya?ml$/i.test(file)) {
    throw new UsageError('the config file must be a YAML file (.yaml or .yml)', { position: { file }, hint: 'pass the project\'s config.yaml with --config' });
  }
}

/** `docsgen serve --out`: serve the saved copy, not a missing folder, after a killed swap. */
export async function recoverOutputFolder(outDir: string): Promise<void> {
  await recoverInterruptedSwap(await realPathOf(outDir));
}

async function admit(role: FolderRole, dir: string, project: ProjectFacts): Promise<void> {
  const facts = await folderFacts(dir, role);
  const verdict = judgeFolder(role, facts, project);
  if (!verdict.ok) {
    const what = role === 'output' ? 'the output folder' : 'the cache folder';
    throw new UsageError(`refusing to use this as ${what}: ${verdict.problem}`, { position: { file: dir }, hint: verdict.hint });
  }
  // The cache is marked from its first use; an output gets its marker with every build.
  const needsMarker = verdict.adopt || (role === 'cache' && !facts.marked);
  if (!needsMarker) return;
  // A cache that cannot be written only costs speed (a read-only project still builds).
  await mkdir(facts.path, { recursive: true })
    .then(() => writeMarker(facts.path, role))
    .catch(() => undefined);
}
