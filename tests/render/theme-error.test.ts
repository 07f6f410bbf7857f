/**
 * A theme that fails while building is the theme's error, said at the theme's own file and line
 * with a hint, never as "a docsgen bug": a component that throws while rendering a page, and a
 * theme file docsgen may not read.
 */
import { describe, it, expect } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { chmod, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BIN, ROOT, copyFixture, runCli } from '../helpers.ts';

/** The fixture site with its own copy of the theme, whose Footer throws `boom in footer` at a known line. */
async function siteWithThrowingFooter(): Promise<{ dir: string; footer: string; line: number }> {
  const dir = await copyFixture('basic');
  await cp(path.join(ROOT, 'theme'), path.join(dir, 'theme'), { recursive: true });
  const footer = path.join(dir, 'theme/components/Footer.tsx');
  const lines = (await readFile(footer, 'utf8')).split('\n');
  const at = lines.findIndex((l) => l.startsWith('export function Footer() {')) + 1;
  lines.splice(at, 0, "  throw new Error('boom in footer');");
  await writeFile(footer, lines.join('\n'));
  return { dir, footer, line: at + 1 };
}

describe('a theme that fails', () => {
  it('names the component that threw, its line, and the page, for build and check alike', async () => {
    const { dir, footer, line } = await siteWithThrowingFooter();
    for (const command of ['build', 'check']) {
      const result = await runCli([command, '--config', path.join(dir, 'config.yaml')]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toMatch(new RegExp(`^${footer.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:${line}:\\d+: error: the theme failed to render /docs/\\S*: boom in footer\\n {2}hint: fix the theme's component at this position`, 'm'));
      expect(result.stderr).not.toMatch(/docsgen bug/);
    }
  });

  it("names this project's theme file when another project with the same theme compiled it first", async () => {
    // The compiled theme is shared by themes with the same files: the first project's paths must not leak.
    const first = await siteWithThrowingFooter();
    const second = await siteWithThrowingFooter();
    expect((await runCli(['build', '--config', path.join(first.dir, 'config.yaml')])).stderr).toContain(first.footer);
    const result = await runCli(['build', '--config', path.join(second.dir, 'config.yaml')]);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toContain(`${second.footer}:${second.line}:`);
    expect(result.stderr).not.toContain(first.dir);
  });

  it('names a theme file docsgen may not read', async () => {
    // Root reads any file; in a user namespace of its own (`unshare -U`) it is refused a 0000 file.
    const dir = await copyFixture('basic');
    await cp(path.join(ROOT, 'theme'), path.join(dir, 'theme'), { recursive: true });
    spawnSync(process.execPath, [BIN, '--version']); // the CLI compiled by this user, where the other may not write
    spawnSync('chmod', ['-R', 'a+rwX', dir]);
    const app = path.join(dir, 'theme/App.tsx');
    await chmod(app, 0o000);
    const probe = spawnSync('unshare', ['-U', 'cat', app]);
    if (probe.error !== undefined || probe.status === 0) {
      await chmod(app, 0o644);
      return; // this machine cannot take read access away from the test's user
    }
    const child = spawn('unshare', ['-U', process.execPath, BIN, 'build', '--config', path.join(dir, 'config.yaml')]);
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    await chmod(app, 0o644);
    expect(code, stderr).toBe(1);
    expect(stderr).toContain(`${app}: error: cannot read this file (EACCES)\n  hint: give the user running docsgen read access to it`);
  });
});
