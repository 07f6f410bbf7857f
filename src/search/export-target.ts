/**
 * Where `docsgen search export` may write its records. `--output config.yaml` or a page's path once
 * replaced the file with JSON: the records go nowhere in the project's sources or cache, never over
 * a folder, and over an existing file only when it is empty or an earlier export. They are written
 * beside the file and renamed over it, so a failed write leaves the earlier file whole.
 */
import { lstat, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError, UsageError } from '../errors.ts';
import { projectCacheDir } from '../cache/json-cache.ts';
import { projectFacts, realPathOf } from '../emit/folder-facts.ts';
import { isInside } from '../emit/output-guard.ts';

const HINT = 'choose a file outside content/, theme/ and openapi/, such as search-records.json beside config.yaml';

/** The real path to write the records to; refuses (exit code 2) a place that holds anything but an earlier export. */
export async function exportTarget(output: string, configFile: string): Promise<string> {
  const position = { file: output };
  const target = await realPathOf(output);
  const project = await projectFacts(configFile, projectCacheDir(path.dirname(path.resolve(configFile))));
  for (const source of [...project.sources, { path: project.cacheDir, label: 'cache folder (.docsgen/cache)' }]) {
    if (target === source.path) throw new UsageError(`this is the project's ${source.label}; the search records would replace it`, { position, hint: HINT });
    if (isInside(target, source.path)) throw new UsageError(`this is inside the project's ${source.label}, which docsgen reads`, { position, hint: HINT });
  }
  // A link can come with the project (committed as search-records.json, or as the folder it is
  // written in): followed out of it, the export would replace a file elsewhere that merely looks
  // like an earlier one (an empty file), or add one there.
  const root = await realPathOf(path.dirname(path.resolve(configFile)));
  const link = target === root || isInside(target, root) ? undefined : await linkOnTheWay(output, root);
  if (link === path.resolve(output)) {
    throw new UsageError(`this is a link to ${target}, outside the project; docsgen does not write through it`, { position, hint: 'remove the link, or give the real path with --output' });
  }
  if (link) {
    throw new UsageError(`this is in ${link}, a link to ${await realPathOf(link)}, outside the project; docsgen does not write through it`, { position, hint: 'remove the link, or give the real path with --output' });
  }
  const info = await stat(target).catch(() => undefined);
  if (info?.isDirectory()) throw new UsageError('this is a folder', { position, hint: `name a file, such as ${path.join(output, 'search-records.json')}` });
  if (info && !(await isEarlierExport(target))) {
    throw new UsageError('this file exists and is not a search export; docsgen does not overwrite it', { position, hint: 'remove it first, or choose another --output' });
  }
  return target;
}

/**
 * The first symbolic link on the way to `output`, from its end: the file itself, or a folder of
 * its path that lies in the project (`root`, real). Links above the project (a home folder that
 * is a link) are the machine's, not the project's, and are followed.
 */
async function linkOnTheWay(output: string, root: string): Promise<string | undefined> {
  let here = path.resolve(output);
  for (;;) {
    if ((await lstat(here).catch(() => undefined))?.isSymbolicLink()) {
      const folder = await realPathOf(path.dirname(here));
      if (here === path.resolve(output) || folder === root || isInside(folder, root)) return here;
    }
    const parent = path.dirname(here);
    if (parent === here) return undefined;
    here = parent;
  }
}

/** An empty file, or JSON that starts as `docsgen search export` writes it: an array of records, `objectID` first. */
async function isEarlierExport(file: string): Promise<boolean> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(256), 0, 256, 0);
    const start = buffer.subarray(0, bytesRead).toString('utf8');
    return /^\s*$|^\s*\[\s*(?:\]\s*$|\{\s*"objectID"\s*:)/.test(start);
  } finally {
    await handle.close();
  }
}

/** Writes `text` to `target` whole or not at all; its folder is made when missing. */
export async function writeExport(target: string, text: string, shown: string): Promise<void> {
  const temp = `${target}.docsgen-tmp-${process.pid}`;
  try {
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(temp, text);
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new DocsgenError(`could not write the search records (${reason})`, { position: { file: shown }, hint: 'check that the folder can be made and that you may write in it', cause: error });
  }
}
