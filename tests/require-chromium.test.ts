/** The pretest check: without chromium, `npm test` stops at once with one line saying what to run. */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ROOT } from './helpers.ts';

function check(env: Record<string, string | undefined>) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'tests/require-chromium.mjs')], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm test on a machine without chromium', () => {
  it('stops with exit 1 and one line naming the install command', () => {
    const result = check({ CHROMIUM_PATH: '/nonexistent' });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      'chromium is missing: CHROMIUM_PATH=/nonexistent is not an executable file; run "bash .ci/setup" (it installs Debian chromium with apt-get), or fix CHROMIUM_PATH',
      '',
    ]);
  });

  it('refuses a path that is not an executable file (a folder)', () => {
    expect(check({ CHROMIUM_PATH: ROOT }).code).toBe(1);
  });

  it('passes silently when the browser is there', () => {
    expect(check({ CHROMIUM_PATH: process.execPath })).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('stops with one line naming the install command when curl is missing (the curl samples run)', () => {
    const result = check({ CHROMIUM_PATH: process.execPath, DOCSGEN_CURL: '/nonexistent/curl' });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe('curl is missing: run "bash .ci/setup" (it installs Debian curl with apt-get)\n');
  });

  it('is the pretest step of npm test', async () => {
    const pkg = (await import('../package.json', { with: { type: 'json' } })).default as { scripts: Record<string, string> };
    expect(pkg.scripts.pretest).toBe('node tests/require-chromium.mjs');
  });
});
