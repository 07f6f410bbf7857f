/**
 * Which process made a leftover folder, and whether it still runs. A pid alone is not enough: pids
 * are reused (after a reboot, or in every new container, where docsgen often runs as the same
 * small pid), and a live stranger must not keep a dead build's copy from being restored. So the
 * owner is the pid plus the process's start time, read from /proc where Linux offers it.
 */
import { readFileSync } from 'node:fs';

export interface ProcessOwner {
  pid: number;
  /** Start time in clock ticks since boot; '0' where /proc is not available. */
  start: string;
}

/** Field 22 of /proc/<pid>/stat; the name in field 2 may hold spaces and parentheses. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

let self: ProcessOwner | undefined;

export function currentOwner(): ProcessOwner {
  self ??= { pid: process.pid, start: startTimeOf(process.pid) ?? '0' };
  return self;
}

/** `1234.98765`: safe inside a file name. */
export function ownerToken(owner: ProcessOwner): string {
  return `${owner.pid}.${owner.start}`;
}

export function parseOwnerToken(token: string): ProcessOwner | undefined {
  const match = /^(\d+)\.(\d+)$/.exec(token);
  return match ? { pid: Number(match[1]), start: match[2]! } : undefined;
}

export function isRunning(owner: ProcessOwner): boolean {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (owner.start === '0') return true;
  const start = startTimeOf(owner.pid);
  return start === undefined || start === owner.start;
}
