/** A --config that names no YAML file is refused before any folder is made beside it. */
import { describe, it, expect } from 'vitest';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runCli } from '../helpers.ts';

describe('--config naming no YAML file', () => {
  it('a missing file, a folder and a page: exit 1, 1 and 2, each said at the path, and no .docsgen made anywhere', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-path-'));
    try {
      await mkdir(path.join(dir, 'content'));
      await writeFile(path.join(dir, 'content/index.md'), '---\ntitle: Home\n---\n\nText.\n');
      const missing = await runCli(['build', '--config', path.join(dir, 'sub/config.yaml')]);
      expect([missing.code, missing.stderr.split('\n')[0]]).toEqual([1, `${path.join(dir, 'sub/config.yaml')}: error: cannot read the config file (ENOENT)`]);
      const folder = await runCli(['check', '--config', path.join(dir, 'content')]);
      expect([folder.code, folder.stderr.split('\n')[0]]).toEqual([1, `${path.join(dir, 'content')}: error: cannot read the config file (EISDIR)`]);
      const page = await runCli(['build', '--config', path.join(dir, 'content/index.md')]);
      expect([page.code, page.stderr.split('\n')[0]]).toEqual([2, `${path.join(dir, 'content/index.md')}: error: the config file must be a YAML file (.yaml or .yml)`]);
      expect((await readdir(dir, { recursive: true })).filter((name) => name.includes('.docsgen'))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
