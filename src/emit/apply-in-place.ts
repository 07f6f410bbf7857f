/**
 * An incremental build put into out/ in place, for a build that reuses files of the previous out/.
 *
 * Such a build writes only its new and changed files, into a staging folder beside out/. Swapping
 * that folder in (swap.ts) would first need a hard link to every unchanged file in it, then the
 * deletion of the previous out/: at 10,000 pages, 22,000 links and as many deletions, about 4 s of
 * a 12 s one-page edit on this VM, whose file system takes 0.15-0.3 ms to create or delete a name.
 * Instead each staged file is renamed over its name in out/ (a rename is atomic: a reader gets the
 * old file or the new one, never half of one), files named by their contents first, so that no new
 * page names a file that is not there yet; then the files the new build no longer has are deleted,
 * with the folders that leaves empty.
 *
 * A kill at any moment: until the journal (the staging folder's list of files to delete) is
 * written, out/ is untouched and the staging folder is deleted by the next run, as a swap's. Once it
 * is written the build is complete and is carried forwards: the next docsgen run (build, check,
 * serve --out) moves what is still staged and deletes what the journal names before anything else
 * (swap.ts, recoverInterruptedSwap). Ctrl+C, SIGTERM and SIGHUP wait until the apply is done.
 */
import { lstatSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isImmutable } from '../build/output-paths.ts';
import { OUTPUT_MARKER, hasMarkerSync } from './folder-marker.ts';
import { listTree } from './list-tree.ts';
import { isLeftoverName } from './leftover-names.ts';

/** The staging folder's journal: written once every staged file is in place, before any is moved. */
export const APPLY_JOURNAL = '.docsgen-apply.json';

const JOURNAL_FORMAT = 1;

export interface InPlacePlan {
  /** Staged files (relative, `/`-separated), in the order they are moved into out/. */
  moves: string[];
  /** Files of out/ that the new build does not have. */
  stale: string[];
  /**
   * Entries of out/ deleted before anything moves in (a build staged inside out/, which cannot be
   * swapped, when its files cannot be replaced one by one): then every file of the build is staged.
   */
  clear?: string[];
}

interface FolderListing {
  files: Set<string>;
  folders: Set<string>;
  /** Symbolic links (also among `files`). */
  links: string[];
}

/**
 * Every file and folder under `root`, relative and `/`-separated: the marker, the journal and the
 * staging folders of builds staged inside out/ aside.
 */
function listFolder(root: string): FolderListing {
  const { files, folders, links } = listTree(root) ?? { files: [], folders: [], links: [] };
  const ofSite = (rel: string) => !isLeftoverName(rel.split('/', 1)[0]!);
  return {
    files: new Set(files.filter((rel) => rel !== OUTPUT_MARKER && rel !== APPLY_JOURNAL && ofSite(rel))),
    folders: new Set(folders.filter(ofSite)),
    links: links.filter(ofSite),
  };
}

/** Named-by-contents files first (nothing names them yet), then the rest; each group in path order. */
function moveOrder(rels: Iterable<string>): string[] {
  return [...rels].sort((a, b) => Number(isImmutable(b)) - Number(isImmutable(a)) || (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * How `staged` goes from `stagingDir` into `outDir` when `outputs` (every file of the new build)
 * are to be all it holds; undefined when the build cannot go in file by file (the caller swaps it
 * in whole or, when it is staged inside out/, empties out/ first):
 * - the two folders are on different file systems, where a rename cannot move (a safety net: a
 *   mounted out/ is found before the build and staged inside);
 * - a staged file would land where out/ has a folder, or under a name out/ has as a file (a page
 *   that became a folder);
 * - a name of the new build differs from one in out/ only by case or Unicode normalisation
 *   (`Guide/` renamed `guide/`). On a file system that does not tell them apart (macOS, Windows),
 *   the move would land in the old folder and the deletion of the old name delete the new file;
 * - out/ holds a symbolic link, which docsgen never writes: a file moved or deleted under it would
 *   be one outside out/. A swap sets out/ aside whole and deletes it without following links.
 */
export function planInPlace(stagingDir: string, outDir: string, staged: Iterable<string>, outputs: ReadonlySet<string>): InPlacePlan | undefined {
  if (lstatSync(stagingDir).dev !== lstatSync(outDir).dev) return undefined;
  const now = listFolder(outDir);
  if (now.links.length > 0) return undefined;
  const moves = moveOrder(staged);
  for (const rel of moves) {
    if (now.folders.has(rel)) return undefined;
    for (let cut = rel.indexOf('/'); cut > 0; cut = rel.indexOf('/', cut + 1)) if (now.files.has(rel.slice(0, cut))) return undefined;
  }
  if (differByCaseOnly(now, outputs)) return undefined;
  const stale = [...now.files].filter((rel) => !outputs.has(rel)).sort();
  return { moves, stale };
}

/** A name as a file system that ignores case and Unicode normalisation sees it. */
const folded = (rel: string) => rel.normalize('NFC').toLowerCase();

/** Some file or folder of `outputs` has a name in out/ that differs from its own only by case or normalisation. */
function differByCaseOnly(now: FolderListing, outputs: ReadonlySet<string>): boolean {
  const existing = new Map<string, string>();
  for (const rel of now.files) existing.set(folded(rel), rel);
  for (const rel of now.folders) existing.set(folded(rel), rel);
  const clashes = (rel: string) => {
    const there = existing.get(folded(rel));
    return there !== undefined && there !== rel;
  };
  const foldersSeen = new Set<string>();
  for (const rel of outputs) {
    if (clashes(rel)) return true;
    for (let folder = path.posix.dirname(rel); folder !== '.' && !foldersSeen.has(folder); folder = path.posix.dirname(folder)) {
      foldersSeen.add(folder);
      if (clashes(folder)) return true;
    }
  }
  return false;
}

/**
 * A plan for a build staged inside out/ whose files cannot be replaced one by one: everything of
 * out/ but the marker and staging folders is deleted, then every file of the build (all staged) moves in.
 */
export function planReplacingAll(outDir: string, outputs: Iterable<string>): InPlacePlan {
  const clear = readdirSync(outDir).filter((name) => name !== OUTPUT_MARKER && !isLeftoverName(name));
  return { moves: moveOrder(outputs), stale: [], clear: clear.sort() };
}

/** Writes the journal: from here on the build is carried forwards, whatever happens. */
export function writeJournal(stagingDir: string, plan: InPlacePlan): void {
  const file = path.join(stagingDir, APPLY_JOURNAL);
  const clear = plan.clear?.length ? { clear: plan.clear } : {};
  // Written beside and renamed, so a journal is either whole or absent.
  writeFileSync(`${file}.tmp`, JSON.stringify({ format: JOURNAL_FORMAT, stale: plan.stale, ...clear }));
  renameSync(`${file}.tmp`, file);
}

/**
 * Deletes the plan's `clear` entries, then writes the journal again without them: a run that
 * carries the apply forwards must not delete, under the same names, files already moved in.
 */
export function clearOut(stagingDir: string, outDir: string, plan: InPlacePlan): void {
  if (!plan.clear?.length) return;
  const inside = insideWithoutLinks(outDir);
  for (const rel of plan.clear) rmSync(inside(rel), { recursive: true, force: true });
  writeJournal(stagingDir, { moves: plan.moves, stale: plan.stale });
}

/** Moves staged files into out/ (all of `rels`, or those of them still staged after a kill). */
export function moveStaged(stagingDir: string, outDir: string, rels: readonly string[]): void {
  const made = new Set<string>();
  const inside = insideWithoutLinks(outDir);
  for (const rel of rels) {
    const target = inside(rel);
    const parent = path.dirname(target);
    if (!made.has(parent)) {
      mkdirSync(parent, { recursive: true });
      made.add(parent);
    }
    try {
      renameSync(path.join(stagingDir, rel), target);
    } catch (error) {
      // Moved already, by the run this one carries forwards.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

/** Deletes the files the new build does not have, then the folders that leaves empty, deepest first. */
export function removeStale(outDir: string, stale: readonly string[]): void {
  const emptied = new Set<string>();
  const inside = insideWithoutLinks(outDir);
  for (const rel of stale) {
    rmSync(inside(rel), { force: true });
    for (let folder = path.posix.dirname(rel); folder !== '.'; folder = path.posix.dirname(folder)) emptied.add(folder);
  }
  for (const folder of [...emptied].sort((a, b) => b.length - a.length)) {
    try {
      rmdirSync(path.join(outDir, folder));
    } catch {
      // still holds files of the new build
    }
  }
}

/**
 * Completes an apply whose process was killed after its journal was written: returns false when
 * the staging folder has no journal (the apply never began; out/ is as it was).
 */
export function finishInterruptedApply(stagingDir: string, outDir: string): boolean {
  let stale: string[];
  let clear: string[];
  try {
    const journal = JSON.parse(readFileSync(path.join(stagingDir, APPLY_JOURNAL), 'utf8')) as { format?: number; stale?: unknown; clear?: unknown };
    if (journal.format !== JOURNAL_FORMAT || !Array.isArray(journal.stale)) return false;
    stale = journal.stale.filter(isSafeEntry);
    clear = Array.isArray(journal.clear) ? journal.clear.filter(isSafeEntry) : [];
  } catch {
    return false;
  }
  if (!lstatSync(outDir, { throwIfNoEntry: false })?.isDirectory()) return false;
  // A real apply marks out/ before its journal, in a staging folder made with the marker: a folder
  // named like one that lacks either is not docsgen's (a decoy committed to a repository), and
  // replaying its journal would delete and overwrite files docsgen never made.
  if (!hasMarkerSync(outDir, 'output') || !hasMarkerSync(stagingDir, 'output')) return false;
  const staged = listFolder(stagingDir);
  // docsgen stages no links: a folder with one is not a build of docsgen's (a committed decoy).
  if (staged.links.length > 0 || lstatSync(stagingDir).isSymbolicLink()) throw new LinkInOutputError(path.join(stagingDir, staged.links[0] ?? ''));
  const moves = moveOrder(staged.files);
  clearOut(stagingDir, outDir, { moves, stale, clear });
  moveStaged(stagingDir, outDir, moves);
  removeStale(outDir, stale);
  rmSync(path.join(stagingDir, APPLY_JOURNAL), { force: true });
  return true;
}

/**
 * A journal names files inside out/ only: a damaged one must not reach outside it, nor delete the
 * marker or a staging folder (the one being carried forwards among them).
 */
function isSafeEntry(rel: unknown): rel is string {
  if (typeof rel !== 'string' || rel === '' || path.posix.isAbsolute(rel)) return false;
  const parts = rel.split('/');
  return !parts.some((part) => part === '..' || part === '' || part === '.') && parts[0] !== OUTPUT_MARKER && !isLeftoverName(parts[0]!);
}

/** A path under out/ that would pass through a symbolic link: moving or deleting there reaches outside out/. */
export class LinkInOutputError extends Error {
  constructor(readonly link: string) {
    super(`${link} is a symbolic link, which docsgen never writes into its folders; nothing is moved or deleted through it`);
  }
}

/**
 * `rel` joined to out/, once every folder on the way is known to be a real folder (or not there
 * yet): a link on the way would take a move or a deletion outside out/. Each folder is looked at
 * once per call.
 */
function insideWithoutLinks(outDir: string): (rel: string) => string {
  const checked = new Set<string>();
  return (rel) => {
    for (let cut = rel.indexOf('/'); cut > 0; cut = rel.indexOf('/', cut + 1)) {
      const folder = rel.slice(0, cut);
      if (checked.has(folder)) continue;
      if (lstatSync(path.join(outDir, folder), { throwIfNoEntry: false })?.isSymbolicLink()) throw new LinkInOutputError(path.join(outDir, folder));
      checked.add(folder);
    }
    return path.join(outDir, rel);
  };
}
