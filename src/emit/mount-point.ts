/**
 * Whether a folder is a mount point: a Docker volume or bind mount given as out/, a separate disk.
 *
 * Such a folder cannot be renamed (EBUSY), and nothing can be renamed into it from outside its
 * mount (EXDEV), even from the same disk: Linux refuses renames across bind mounts of one file
 * system, whose files have the same device number. So a device number that differs from the
 * parent's answers only for separate disks; Linux's mount table answers for the rest.
 */
import { lstatSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** True when `realDir` (a real path, symlinks resolved) is where a file system is mounted. */
export function isMountPoint(realDir: string, mountTable: () => string | undefined = readMountTable): boolean {
  const info = lstatSync(realDir, { throwIfNoEntry: false });
  if (!info?.isDirectory()) return false;
  const parent = path.dirname(realDir);
  if (parent === realDir) return true;
  if (lstatSync(parent).dev !== info.dev) return true;
  const table = mountTable();
  return table !== undefined && mountPointsOf(table).has(realDir);
}

function readMountTable(): string | undefined {
  try {
    return readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return undefined; // not Linux: the device numbers have answered
  }
}

/**
 * The mount points listed in a `/proc/self/mountinfo` text: its fifth field, where a space, tab,
 * newline or backslash in a path is written as an octal escape (`\040`).
 */
export function mountPointsOf(mountinfo: string): Set<string> {
  const points = new Set<string>();
  for (const line of mountinfo.split('\n')) {
    const field = line.split(' ')[4];
    if (field) points.add(field.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))));
  }
  return points;
}
