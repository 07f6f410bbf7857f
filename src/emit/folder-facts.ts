/** Gathers what the folder rules (output-guard.ts) decide on: real paths and what is there now. */
import { lstat, readdir, readlink, realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hasMarker } from './folder-marker.ts';
import type { FolderFacts, FolderRole, ProjectFacts } from './output-guard.ts';

/**
 * The real path `target` is or would be: symlinks resolved for the part that exists, the rest
 * appended. A path through a file (`notes.txt/out`) resolves the file and keeps the rest, so the
 * write that follows fails with a clear message.
 */
export async function realPathOf(target: string): Promise<string> {
  const absolute = path.resolve(target);
  const missing: string[] = [];
  let existing = absolute;
  for (;;) {
    try {
      return path.join(await realpath(existing), ...missing);
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      missing.unshift(path.basename(existing));
      existing = parent;
    }
  }
}

/** The output folder a build writes: `--out` as given (from the working folder), else out/ beside config.yaml. */
export function outputFolder(configFile: string, outDir: string | undefined): string {
  return path.resolve(outDir ?? path.join(path.dirname(path.resolve(configFile)), 'out'));
}

export async function folderFacts(target: string, role: FolderRole): Promise<FolderFacts> {
  const real = await realPathOf(target);
  const shown = path.relative(process.cwd(), path.resolve(target)) || '.';
  const info = await stat(real).catch(() => undefined);
  if (!info) {
    // Nothing there, or a link to nothing: the link itself is there, its target is not.
    const linkTarget = await readlink(path.resolve(target)).catch(() => undefined);
    if (linkTarget !== undefined) return { path: real, shown, kind: 'dangling-link', linkTarget, empty: true, marked: false };
    return { path: real, shown, kind: 'missing', empty: true, marked: false };
  }
  if (!info.isDirectory()) return { path: real, shown, kind: 'not-a-directory', empty: false, marked: false };
  const entries = await readdir(real).catch(() => ['(unreadable)']);
  return { path: real, shown, kind: 'directory', empty: entries.length === 0, marked: await hasMarker(real, role), ...(entries.includes('.git') ? { repository: true } : {}) };
}

export async function projectFacts(configFile: string, cacheDir: string): Promise<ProjectFacts> {
  const root = await realPathOf(path.dirname(path.resolve(configFile)));
  const sourceOf = async (file: string, label: string) => ({ path: await realPathOf(file), label });
  const own = path.join(root, '.docsgen');
  const ownIsPlainFolder = await lstat(own).then(
    (info) => info.isDirectory(),
    () => true, // not made yet: it will be a plain folder
  );
  return {
    root,
    sources: await Promise.all([
      sourceOf(path.resolve(configFile), path.basename(configFile)),
      sourceOf(path.join(root, 'content'), 'content/ folder'),
      sourceOf(path.join(root, 'theme'), 'theme/ folder'),
      sourceOf(path.join(root, 'openapi'), 'openapi/ folder'),
    ]),
    cacheDir: await realPathOf(cacheDir),
    ownDir: ownIsPlainFolder ? own : undefined,
    home: await realPathOf(os.homedir()),
  };
}
