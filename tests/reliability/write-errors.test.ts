/**
 * An output folder that cannot be written is reported in plain words with the folder to blame:
 * a read-only file system or a folder the user may not write in, never Node's "ENOENT".
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describeWriteError } from '../../src/emit/output.ts';
import { blockedFolder } from '../../src/emit/blocked-folder.ts';
import { BIN, copyFixture } from '../helpers.ts';

const enoent = (p: string): NodeJS.ErrnoException => Object.assign(new Error(`ENOENT: no such file or directory, mkdir '${p}'`), { code: 'ENOENT', path: p });

describe('describing a write error', () => {
  it('finds the nearest existing folder on the way and why it cannot be written', () => {
    const exists = (p: string) => ['/', '/mnt', '/mnt/ro'].includes(p);
    expect(blockedFolder('/mnt/ro/a/b/out', (f) => (f === '/mnt/ro' ? 'EROFS' : undefined), exists)).toEqual({ folder: '/mnt/ro', code: 'EROFS' });
    expect(blockedFolder('/mnt/ro/a/b/out', () => undefined, exists)).toBeUndefined();
  });

  it('ENOENT from mkdir under a read-only folder (what Node reports there) says read-only and names it', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-write-errors-'));
    try {
      const target = path.join(dir, 'a/b/out');
      // The probe stands in for a read-only mount (which needs privileges); the folders are real.
      const readOnly = describeWriteError(enoent(path.join(dir, 'a')), target, (folder) => (folder === dir ? 'EROFS' : undefined));
      expect(readOnly.message).toBe(`cannot write the output: ${dir} is on a read-only file system`);
      expect(readOnly.hint).toContain('writable disk');
      const denied = describeWriteError(enoent(path.join(dir, 'a')), target, (folder) => (folder === dir ? 'EACCES' : undefined));
      expect(denied.message).toBe(`cannot write the output: you may not write in ${dir} (permission denied)`);
      // A folder that may be written: the ENOENT was real (a folder removed meanwhile), so it stays.
      expect(describeWriteError(enoent(path.join(dir, 'a')), target).message).toContain('no such file or directory');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it.runIf(canMountReadOnly())('a real read-only file system: docsgen build --out on it', async () => {
    const site = await copyFixture('basic');
    const mountPoint = path.join(site, 'read-only');
    await mkdir(mountPoint);
    try {
      expect(spawnSync('mount', ['-t', 'tmpfs', '-o', 'ro,size=1m', 'tmpfs', mountPoint]).status).toBe(0);
      for (const out of [path.join(mountPoint, 'out'), path.join(mountPoint, 'a/b/out')]) {
        const result = spawnSync(process.execPath, [BIN, 'build', '--config', path.join(site, 'config.yaml'), '--out', out], { encoding: 'utf8' });
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(`error: cannot write the output: ${mountPoint} is on a read-only file system`);
        expect(result.stderr).not.toContain('ENOENT');
      }
    } finally {
      spawnSync('umount', [mountPoint]);
      await rm(site, { recursive: true, force: true });
    }
  }, 60_000);

  it('keeps the plain reasons of other errors', () => {
    const full = Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' }) as NodeJS.ErrnoException;
    expect(describeWriteError(full, '/x/out/a.html').message).toBe('cannot write the output: the disk is full');
  });
});

describe('docsgen build --out under a folder the user may not write in', () => {
  it('names the folder and says permission denied', async () => {
    const site = await copyFixture('basic');
    const locked = path.join(site, 'locked');
    try {
      await mkdir(locked);
      await chmod(locked, 0o555);
      // root may write anywhere: run as nobody then, with the fixture copy readable by all.
      const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
      spawnSync('chmod', ['-R', 'a+rX', site]);
      const result = spawnSync(process.execPath, [BIN, 'build', '--config', path.join(site, 'config.yaml'), '--out', path.join(locked, 'new/out')], {
        ...asNobody,
        encoding: 'utf8',
        env: { ...process.env, HOME: os.tmpdir() },
      });
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain(`error: cannot write the output: you may not write in ${locked} (permission denied)`);
      expect(result.stderr).not.toMatch(/ENOENT|docsgen bug/);
    } finally {
      await chmod(locked, 0o755).catch(() => undefined);
      await rm(site, { recursive: true, force: true });
    }
  }, 60_000);
});

/** Root with the right to mount (a container may lack it): try once in a scratch folder. */
function canMountReadOnly(): boolean {
  if (process.getuid?.() !== 0 || process.platform !== 'linux') return false;
  const probe = spawnSync('sh', ['-c', 'd=$(mktemp -d) && mount -t tmpfs -o ro,size=1k tmpfs "$d" && umount "$d"; s=$?; rmdir "$d"; exit $s']);
  return probe.status === 0;
}
