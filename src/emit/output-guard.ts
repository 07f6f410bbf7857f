/**
 * Which folders docsgen may fill with a build or its cache: a pure decision over facts gathered
 * beforehand (real paths with symlinks resolved, what is there now, whether docsgen marked it).
 *
 * A build replaces its output folder whole, so a wrong `--out` would delete whatever is there.
 * Like Vite's `emptyOutDir` rule (it empties only an outDir inside the project root and never
 * the root or an ancestor of it) the rules look at where the folder is; unlike it, they also ask
 * who made the folder: docsgen replaces only a missing or empty folder, or one holding the marker
 * it writes into every folder it makes. Where a folder is wins over any marker, since a marker can
 * be copied along with a build.
 */
import path from 'node:path';

export type FolderRole = 'output' | 'cache';

export interface FolderFacts {
  /** Absolute real path (symlinks resolved) of the folder as it is or would be. */
  path: string;
  /** The folder as the user named it, for messages (`out`, `../site`). */
  shown: string;
  /** `dangling-link`: a symbolic link to nothing (a mount not mounted yet), whose target is `linkTarget`. */
  kind: 'missing' | 'directory' | 'not-a-directory' | 'dangling-link';
  linkTarget?: string;
  /** The directory has no entries. */
  empty: boolean;
  /** The directory carries docsgen's marker for this role. */
  marked: boolean;
  /** The directory holds `.git`: a repository's working tree. */
  repository?: boolean;
}

export interface ProjectFacts {
  /** Real path of the folder holding config.yaml. */
  root: string;
  /** Real paths of config.yaml, content/, theme/ and openapi/, with how messages name them. */
  sources: readonly { path: string; label: string }[];
  /** Real path of the project cache, `.docsgen/cache`. */
  cacheDir: string;
  /** Real path of `<root>/.docsgen` when it is a plain folder of the project (not a symlink). */
  ownDir: string | undefined;
  /** Real path of the user's home folder. */
  home: string;
}

export type Verdict =
  | { ok: true; /** An unmarked folder inside the project's own `.docsgen/`: mark it and use it. */ adopt: boolean }
  | { ok: false; problem: string; hint: string };

/** `child` lies strictly inside `parent`. */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel);
}

const sameOrInside = (a: string, b: string) => a === b || isInside(a, b);

/** What is wrong with the place itself, whatever the folder holds; undefined when the place is fine. */
export function locationProblem(role: FolderRole, target: string, project: ProjectFacts): string | undefined {
  if (path.parse(target).root === target) return 'it is the root of the file system';
  if (target === project.home) return 'it is your home folder';
  if (isInside(project.home, target)) return 'it contains your home folder';
  if (target === project.root) return 'it is the project folder (where config.yaml is); replacing it would delete the sources';
  if (isInside(project.root, target)) return 'it contains the project folder; replacing it would delete the sources';
  for (const source of project.sources) {
    if (target === source.path) return `it is the project's ${source.label}; replacing it would delete it`;
    if (isInside(source.path, target)) return `it contains the project's ${source.label}; replacing it would delete it`;
    if (isInside(target, source.path)) return `it is inside the project's ${source.label}, which the next build would read as sources`;
  }
  if (role === 'output') {
    if (sameOrInside(target, project.cacheDir)) return "it is docsgen's cache folder (.docsgen/cache), which the build reads and writes";
    if (isInside(project.cacheDir, target)) return "it contains docsgen's cache folder (.docsgen/cache), which the build reads and writes";
  }
  return undefined;
}

/** The verdict on using `folder` for `role`: location first, then what the folder holds. */
export function judgeFolder(role: FolderRole, folder: FolderFacts, project: ProjectFacts): Verdict {
  const misplaced = locationProblem(role, folder.path, project);
  if (misplaced) return { ok: false, problem: misplaced, hint: locationHint(role) };
  if (folder.kind === 'not-a-directory') {
    return role === 'output'
      ? { ok: false, problem: 'it is a file, not a folder; building would delete it', hint: 'pass a folder with --out (a new one is created), or move the file away' }
      : { ok: false, problem: 'it is a file, not a folder', hint: 'move the file .docsgen/cache away; docsgen keeps its cache in that folder' };
  }
  // Not a missing folder: the build would set the link aside as an old output and write the site
  // beside config.yaml instead of where the link leads.
  if (folder.kind === 'dangling-link') {
    const target = folder.linkTarget ?? '?';
    return { ok: false, problem: `it is a symbolic link to ${target}, which does not exist`, hint: `make ${target} (or mount it), or remove the link, then build again` };
  }
  // A marker copied with a build into a repository's checkout (a gh-pages branch) would hand the
  // checkout to docsgen, whose next build replaces the folder whole, .git and all.
  if (role === 'output' && folder.repository) {
    return {
      ok: false,
      problem: 'it holds a .git folder, so it is a repository\'s working tree; replacing it would delete the repository',
      hint: REPOSITORY_HINT,
    };
  }
  if (folder.kind === 'missing' || folder.empty || folder.marked) return { ok: true, adopt: false };
  // Folders inside the project's own .docsgen/ (the cache, an earlier docsgen's dev output)
  // predate the marker: docsgen made them, and nobody else keeps files there.
  if (project.ownDir && isInside(folder.path, project.ownDir)) return { ok: true, adopt: true };
  return role === 'output'
    ? {
        ok: false,
        problem: 'it is not empty and has no .docsgen-output marker, so docsgen did not make it (or a docsgen older than the marker did)',
        hint: `docsgen replaces only folders it marked. If it is an old docsgen build, delete it yourself (rm -r ${folder.shown}) and build again; otherwise pass another folder with --out`,
      }
    : {
        ok: false,
        problem: 'it is not empty and has no docsgen CACHEDIR.TAG, so docsgen did not make it',
        hint: 'point .docsgen at a folder of its own (or make it a plain folder in the project); the cache is safe to delete',
      };
}

/** What to do instead of building into a repository's checkout. */
export const REPOSITORY_HINT = 'build into a folder of its own (out/ beside config.yaml, the default) and copy its files into the checkout, leaving .git as it is';

function locationHint(role: FolderRole): string {
  return role === 'output'
    ? 'pass a folder of its own with --out, such as out/ beside config.yaml (the default); nothing was changed'
    : '.docsgen/ holds the cache and must lead to a folder of its own: remove the symlink (rm .docsgen) and build again; nothing was changed';
}
