/**
 * Every entry below a folder, relative to it and `/`-separated, from one recursive readdir. The
 * build's manifest (every input file, every file of out/) and the move of a build into out/ list
 * whole trees: 33,000 entries for out/ at 10,000 pages. Paths are joined by hand, as path.relative
 * and path.join on every entry were a fifth of an up-to-date build.
 */
import { readdirSync, type Dirent } from 'node:fs';
import path from 'node:path';

export interface TreeListing {
  /** Everything that is not a folder (files, symbolic links, anything else), in no set order. */
  files: string[];
  folders: string[];
  /** The symbolic links among `files` (never followed: a linked folder's entries are not listed). */
  links: string[];
}

/** Undefined when `root` cannot be listed (missing, not a folder, not readable). */
export function listTree(root: string): TreeListing | undefined {
  let entries: Dirent[];
  try {
    entries = readdirSync(root, { recursive: true, withFileTypes: true });
  } catch {
    return undefined;
  }
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  const listing: TreeListing = { files: [], folders: [], links: [] };
  for (const entry of entries) {
    const rel = entry.parentPath === root ? entry.name : `${entry.parentPath.slice(prefix.length)}${path.sep}${entry.name}`;
    const posix = path.sep === '/' ? rel : rel.split(path.sep).join('/');
    (entry.isDirectory() ? listing.folders : listing.files).push(posix);
    if (entry.isSymbolicLink()) listing.links.push(posix);
  }
  return listing;
}
