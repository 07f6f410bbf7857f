/**
 * Content stays inside the project and odd files never crash a build: links leaving content/,
 * folder links and loops, files that disappear mid-build, pages in other encodings. Every build
 * runs in a temporary copy of the fixture.
 */
import { describe, it, expect } from 'vitest';
import { mkdir, readdir, readFile, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from '../../src/build.ts';
import { copyFixture, runCli } from '../helpers.ts';

async function outputBytes(outDir: string): Promise<Buffer> {
  const files = (await readdir(outDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return Buffer.concat(await Promise.all(files.map((e) => readFile(path.join(e.parentPath, e.name)))));
}

describe('content stays inside content/', () => {
  it('links to files outside, to folders and loops are warnings naming them; nothing outside is published', async () => {
    const dir = await copyFixture('basic');
    try {
      const secret = 'TOP-SECRET-7f3a9c';
      await writeFile(path.join(dir, 'secret.txt'), secret);
      await symlink(path.join(dir, 'secret.txt'), path.join(dir, 'content/_static/leak.txt'));
      await symlink('/etc/passwd', path.join(dir, 'content/guide/img/passwd.png'));
      await mkdir(path.join(dir, 'content/faq'));
      await writeFile(path.join(dir, 'content/faq/index.md'), '---\ntitle: FAQ\n---\n\n![p](../guide/img/passwd.png)\n');
      await symlink('..', path.join(dir, 'content/faq/up'));
      await mkdir(path.join(dir, 'content/a'));
      await symlink('../a', path.join(dir, 'content/a/b'));
      const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
      expect(result.code, result.stderr).toBe(0);
      for (const [rel, says] of [
        ['content/_static/leak.txt', `points outside content/ (to ${path.join(dir, 'secret.txt')})`],
        ['content/guide/img/passwd.png', 'points outside content/ (to /etc/passwd)'],
        ['content/faq/up', 'points to a folder'],
        ['content/a/b', 'points to a folder'],
      ]) {
        expect(result.stderr).toContain(`${rel}: warning: this symbolic link ${says}`);
      }
      expect(result.stderr).toContain('content/faq/index.md:5:1: warning: missing image "../guide/img/passwd.png"');
      const out = await outputBytes(path.join(dir, 'out'));
      expect(out.includes(secret)).toBe(false);
      expect(out.includes((await readFile('/etc/passwd', 'utf8')).split('\n')[0] ?? 'root:x:0:0')).toBe(false);
      await expect(readdir(path.join(dir, 'out/faq/up'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('an image deleted between scanning and copying is a warning naming it, not a docsgen bug', async () => {
    const dir = await copyFixture('basic');
    try {
      const image = path.join(dir, 'content/guide/img/diagram.svg');
      const result = await build({
        configFile: path.join(dir, 'config.yaml'),
        mode: 'build',
        // The images are hashed before the markdown stage and copied after it.
        onProgress: (phase, done, total) => {
          if (phase === 'markdown' && done === total) void unlink(image).catch(() => undefined);
        },
      });
      expect(result.warnings.map((w) => [w.kind, w.position.file, w.message])).toContainEqual(['content-file', image, expect.stringContaining('changed while the site was built')]);
      expect(await readdir(path.join(dir, 'out/assets/img')).catch(() => [])).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('pages in other encodings', () => {
  it('UTF-8 with a BOM and UTF-16 with a BOM just work; UTF-16 without one, Latin-1 and binary are warnings', async () => {
    const dir = await copyFixture('basic');
    try {
      const page = (name: string) => `---\ntitle: Café ${name}\n---\n\nCafé crème, naïve.\n`;
      const guide = (name: string) => path.join(dir, 'content/guide', `${name}.md`);
      await writeFile(guide('utf8bom'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(page('utf8bom'))]));
      await writeFile(guide('utf16bom'), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(page('utf16bom'), 'utf16le')]));
      await writeFile(guide('utf16'), Buffer.from(page('utf16'), 'utf16le'));
      await writeFile(guide('latin1'), Buffer.from(page('latin1'), 'latin1'));
      await writeFile(guide('binary'), Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 31) % 256)));
      const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
      expect(result.code, result.stderr).toBe(0);
      for (const name of ['utf8bom', 'utf16bom', 'utf16', 'latin1']) {
        const html = await readFile(path.join(dir, `out/guide/${name}/index.html`), 'utf8');
        expect(html).toContain(`Café ${name}</h1>`);
        expect(html).toContain('Café crème, naïve.');
      }
      expect(result.stderr).not.toMatch(/guide\/utf8bom\.md|guide\/utf16bom\.md/);
      expect(result.stderr).toContain('content/guide/utf16.md: warning: this file looks like UTF-16LE without a byte-order mark');
      expect(result.stderr).toContain('content/guide/latin1.md:2:11: warning: this file is not valid UTF-8');
      expect(result.stderr).toContain('content/guide/binary.md: warning: this file is not text');
      await expect(readdir(path.join(dir, 'out/guide/binary'))).rejects.toThrow();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
