/** Telling a mount point from a plain folder (src/emit/mount-point.ts). */
import { describe, it, expect } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { isMountPoint, mountPointsOf } from '../../src/emit/mount-point.ts';

// Two lines of a Linux /proc/self/mountinfo: the fifth field is where the file system is mounted.
const MOUNTINFO = [
  '22 1 254:0 / / rw,relatime shared:1 - ext4 /dev/vda rw',
  '65 22 254:0 /srv/volume /home/me/site/my\\040out rw,relatime - ext4 /dev/vda rw',
  '',
].join('\n');

describe('mount points', () => {
  it('reads the mount points of a mount table, with its octal escapes undone', () => {
    expect([...mountPointsOf(MOUNTINFO)]).toEqual(['/', '/home/me/site/my out']);
  });

  it('finds a bind mount on the same disk in the mount table, where the device numbers are the same', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-mount-'));
    const table = `22 1 254:0 / / rw - ext4 /dev/vda rw\n65 22 254:0 /srv/volume ${dir.replaceAll(' ', '\\040')} rw - ext4 /dev/vda rw\n`;
    expect(isMountPoint(dir, () => table)).toBe(true);
    expect(isMountPoint(dir, () => MOUNTINFO)).toBe(false);
    expect(isMountPoint(dir, () => undefined)).toBe(false);
    await rm(dir, { recursive: true });
  });

  it('takes the root folder for one and a file or a missing folder for none', async () => {
    expect(isMountPoint('/', () => undefined)).toBe(true);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-mount-'));
    await writeFile(path.join(dir, 'file'), '');
    expect(isMountPoint(path.join(dir, 'file'), () => `1 1 0:1 / ${path.join(dir, 'file')} rw - x y rw\n`)).toBe(false);
    expect(isMountPoint(path.join(dir, 'missing'))).toBe(false);
    await rm(dir, { recursive: true });
  });

  // /dev/shm is a memory file system on Linux: another device than the temporary folder's disk.
  it.skipIf(process.platform !== 'linux')('takes a folder on another device than its parent for one, without the table', () => {
    expect(isMountPoint('/dev/shm', () => undefined)).toBe(true);
  });
});
