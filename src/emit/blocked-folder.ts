/**
 * Why a folder could not be made. Node's recursive mkdir answers ENOENT ("no such file or
 * directory") when it cannot create a folder on a read-only file system, which sent users looking
 * for a missing folder. The nearest folder on the path that does exist tells the real reason: it
 * is read-only (EROFS) or not ours to write (EACCES, EPERM).
 */
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

export type WriteProbe = (folder: string) => string | undefined;

/** The error code of writing into `folder`, or undefined when it may be written. */
export const probeWrite: WriteProbe = (folder) => {
  try {
    accessSync(folder, constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? 'EACCES';
  }
};

/** The nearest existing folder above `target` and why it cannot be written; undefined when it can. */
export function blockedFolder(target: string, probe: WriteProbe = probeWrite, exists: (p: string) => boolean = existsSync): { folder: string; code: string } | undefined {
  let folder = path.dirname(path.resolve(target));
  while (!exists(folder)) {
    const parent = path.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
  const code = probe(folder);
  return code ? { folder, code } : undefined;
}
