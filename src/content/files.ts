/**
 * Listing and reading the files of content/, so that nothing outside it is ever published and a
 * file that changes during a build is a warning, not a crash.
 *
 * Symbolic links: a link to a file inside content/ is followed. A link whose target lies outside
 * content/ is not (a warning names the link and its target): `_static/logo.svg → ~/.ssh/id_rsa`
 * must not reach a reader. A link to a folder is never followed, even inside content/ (a warning
 * names it): following it would repeat pages under a second route or, for `faq/up → ..`, loop.
 * A link whose target does not exist is an unreadable file, an error as before.
 * Files are opened without following a link when they are read, so a file swapped for a link
 * during the build is caught too.
 */
import { closeSync, constants, openSync, readFileSync } from 'node:fs';
import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError, type SourcePosition } from '../errors.ts';

export interface ContentWarning {
  message: string;
  position: SourcePosition;
  hint?: string;
}

export interface ContentListing {
  /** The real path of content/ (it may itself be a link; what it contains must stay inside it). */
  root: string;
  /** POSIX paths relative to content/, sorted; dot files and node_modules are skipped. */
  files: string[];
  warnings: ContentWarning[];
}

/** The real path of content/ (it may itself be a link; what it contains must stay inside it). */
export async function contentRoot(contentDir: string): Promise<{ root: string }> {
  const root = await realpath(contentDir).catch((error: NodeJS.ErrnoException) => {
    throw new DocsgenError(`cannot read the content folder (${error.code ?? 'unknown error'})`, {
      position: { file: contentDir },
      hint: 'create the folder or pass the right one',
    });
  });
  return { root };
}

export async function listContentFiles(contentDir: string): Promise<ContentListing> {
  const { root } = await contentRoot(contentDir);
  const files: string[] = [];
  const warnings: ContentWarning[] = [];
  const walk = async (rel: string): Promise<void> => {
    const dir = path.join(contentDir, rel);
    const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      throw new DocsgenError(`cannot read the content folder (${error.code ?? 'unknown error'})`, { position: { file: dir }, hint: 'check that the folder exists and that you may read it' });
    });
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') return;
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(child);
        else if (entry.isFile()) files.push(child);
        else if (entry.isSymbolicLink()) {
          const warning = await checkLink(contentDir, root, child);
          if (warning) warnings.push(warning);
          else files.push(child);
        }
        // Sockets, pipes and devices are never content (reading a pipe would wait forever).
      }),
    );
  };
  await walk('');
  return { root, files: files.sort(), warnings };
}

/** Undefined when the link may be followed, otherwise the warning that says why not. */
async function checkLink(contentDir: string, root: string, rel: string): Promise<ContentWarning | undefined> {
  const link = path.join(contentDir, rel);
  let target: string;
  try {
    target = await realpath(link);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP') return { message: 'this symbolic link is a loop; it is not followed', position: { file: link }, hint: 'point the link at a real file or remove it' };
    // A dangling link is an unreadable file, reported when it is read.
    return undefined;
  }
  if (!isInside(root, target)) {
    return {
      message: `this symbolic link points outside content/ (to ${target}); it is not followed and nothing is published from it`,
      position: { file: link },
      hint: 'copy the file into content/ if it belongs to the site, or remove the link',
    };
  }
  if ((await stat(target).catch(() => undefined))?.isDirectory()) {
    return {
      message: `this symbolic link points to a folder (${target}); docsgen does not follow links to folders`,
      position: { file: link },
      hint: 'move or copy the folder into place, or link the files one by one',
    };
  }
  return undefined;
}

export function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(path.sep) ? root : `${root}${path.sep}`);
}

export type ReadResult = { bytes: Buffer } | { warning: ContentWarning };

/**
 * The bytes of a listed content file, read only when its real path is still inside content/. A
 * file that has disappeared (or become a folder) since it was listed is a warning; a file that
 * cannot be read is an error.
 */
export async function readContentFile(listing: Pick<ContentListing, 'root'>, contentDir: string, rel: string): Promise<ReadResult> {
  const file = path.join(contentDir, rel);
  try {
    // Most files are no links: opened without following one, they need no realpath (a tenth of a
    // second on 10,000 pages); a link, or a file swapped for one, fails with ELOOP and is resolved.
    const direct = readWithoutFollowing(file);
    if (direct) return { bytes: direct };
    const real = await realpath(file);
    if (!isInside(listing.root, real)) {
      return { warning: { message: `this file now points outside content/ (to ${real}); it is not published`, position: { file }, hint: 'copy the file into content/ or remove the link' } };
    }
    return { bytes: await readFile(real) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    if (code === 'EISDIR' || (code === 'ENOENT' && !(await isDanglingLink(file)))) {
      return { warning: { message: 'this file changed while the site was built (it is gone or became a folder); it is left out of this build', position: { file }, hint: 'build again once the files are in place' } };
    }
    throw new DocsgenError(`cannot read this file (${code})`, { position: { file }, hint: 'check that the file exists and that you may read it' });
  }
}

/**
 * The file's bytes, or undefined when its name is a symbolic link (O_NOFOLLOW answers ELOOP).
 * Read synchronously: for a small file, a file handle of fs.promises costs several times the CPU
 * (open, stat, read and close each a round trip to the thread pool), which on 10,000 pages was
 * most of reading content/.
 */
function readWithoutFollowing(file: string): Buffer | undefined {
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') return undefined;
    throw error;
  }
  try {
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function isDanglingLink(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => undefined))?.isSymbolicLink() ?? false;
}
