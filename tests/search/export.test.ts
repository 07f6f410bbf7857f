import { describe, it, expect } from 'vitest';
import { mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';
import type { SearchRecord } from '../../theme/search/types.ts';

describe('docsgen search export', () => {
  it('writes DocSearch-shaped records (pages, headings, text and API operations) for the hosted service', async () => {
    const dir = await copyFixture('basic');
    const output = path.join(dir, 'records.json');
    // Once seen running for the whole test timeout in CI (2026-11-28); if it happens again, the
    // failure says where docsgen was.
    const result = await runCli(['search', 'export', '--config', path.join(dir, 'config.yaml'), '--output', output], { hangAfterMs: 45_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote \d+ search records/);
    const records = JSON.parse(await readFile(output, 'utf8')) as SearchRecord[];
    const page = records.find((r) => r.type === 'lvl1' && r.hierarchy.lvl1 === 'Glossary');
    expect(page).toMatchObject({ url: '/docs/reference/glossary/', language: 'en', docusaurus_tag: 'docs-default-current' });
    expect(Object.keys(page?.hierarchy ?? {})).toEqual(['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']);
    expect(page?.hierarchy.lvl0).toBe('Reference');
    const heading = records.find((r) => r.type === 'lvl2' && r.hierarchy.lvl2 === 'Render engine');
    expect(heading?.url).toBe('/docs/reference/glossary/#render-engine');
    expect(records.some((r) => r.type === 'content' && r.content === 'The renderer.' && r.url.endsWith('#render-engine'))).toBe(true);
    const operation = records.find((r) => r.hierarchy.lvl2 === 'List things');
    expect(operation).toMatchObject({ url: '/docs/api/#operation/listThings', type: 'lvl2', content: 'GET /things — List things (listThings)' });
    expect(operation?.hierarchy).toMatchObject({ lvl0: 'Mini API 1.0.0', lvl1: 'things', lvl2: 'List things', lvl3: null });
    // Export does not touch out/.
    await expect(readFile(path.join(dir, 'out/index.html'))).rejects.toThrow();
  });

  describe('never writes over what is not an earlier export', () => {
    const exportTo = (dir: string, output: string) => runCli(['search', 'export', '--config', path.join(dir, 'config.yaml'), '--output', output], { hangAfterMs: 45_000 });

    it.each([
      ['config.yaml', /this is the project's config\.yaml; the search records would replace it/],
      ['content/reference/glossary.md', /inside the project's content\/ folder/],
      ['theme/records.json', /inside the project's theme\/ folder/],
    ])('refuses %s, a source of the site, and leaves it as it was (exit code 2)', async (rel, message) => {
      const dir = await copyFixture('basic');
      const file = path.join(dir, rel);
      const before = await readFile(file, 'utf8').catch(() => undefined);
      const result = await exportTo(dir, file);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toMatch(/hint: choose a file outside content\/, theme\/ and openapi\//);
      expect(await readFile(file, 'utf8').catch(() => undefined)).toBe(before);
    });

    it('does not write through a link that leads out of the project (one committed as search-records.json)', async () => {
      const dir = await copyFixture('basic');
      const outside = await mkdtemp(path.join(os.tmpdir(), 'docsgen-outside-'));
      const victim = path.join(outside, 'empty-file');
      await writeFile(victim, '');
      await symlink(victim, path.join(dir, 'search-records.json'));
      const result = await exportTo(dir, path.join(dir, 'search-records.json'));
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain(`search-records.json: error: this is a link to ${await realpath(victim)}, outside the project; docsgen does not write through it`);
      expect(await readFile(victim, 'utf8')).toBe('');
      await rm(outside, { recursive: true, force: true });
    });

    it('does not write through a folder of the project that is a link out of it (one committed as exports/)', async () => {
      const dir = await copyFixture('basic');
      const outside = await mkdtemp(path.join(os.tmpdir(), 'docsgen-outside-'));
      await writeFile(path.join(outside, 'search-records.json'), '');
      await symlink(outside, path.join(dir, 'exports'));
      for (const name of ['search-records.json', 'new.json']) {
        const result = await exportTo(dir, path.join(dir, 'exports', name));
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toContain(`${name}: error: this is in ${path.join(dir, 'exports')}, a link to ${await realpath(outside)}, outside the project; docsgen does not write through it`);
      }
      expect(await readFile(path.join(outside, 'search-records.json'), 'utf8')).toBe('');
      await expect(readFile(path.join(outside, 'new.json'))).rejects.toThrow();
      await rm(outside, { recursive: true, force: true });
    });

    it('writes through a link that stays in the project, and where the project itself is reached through a link', async () => {
      const dir = await copyFixture('basic');
      await mkdir(path.join(dir, 'exports'));
      await symlink(path.join(dir, 'exports'), path.join(dir, 'records'));
      const holder = await mkdtemp(path.join(os.tmpdir(), 'docsgen-holder-'));
      await symlink(dir, path.join(holder, 'site'));
      const viaLink = path.join(holder, 'site');
      const result = await exportTo(viaLink, path.join(viaLink, 'records', 'search-records.json'));
      expect(result.code, result.stderr).toBe(0);
      expect(JSON.parse(await readFile(path.join(dir, 'exports', 'search-records.json'), 'utf8'))).not.toHaveLength(0);
      await rm(holder, { recursive: true, force: true });
    });

    it('refuses a file of the user\'s that is not an export, and a folder, changing neither', async () => {
      const dir = await copyFixture('basic');
      const notes = path.join(dir, 'notes.json');
      await writeFile(notes, '{"mine": true}\n');
      const refused = await exportTo(dir, notes);
      expect(refused.code, refused.stderr).toBe(2);
      expect(refused.stderr).toMatch(/notes\.json: error: this file exists and is not a search export; docsgen does not overwrite it\n {2}hint: remove it first, or choose another --output/);
      expect(await readFile(notes, 'utf8')).toBe('{"mine": true}\n');
      const folder = path.join(dir, 'exports');
      await mkdir(folder);
      const asFolder = await exportTo(dir, folder);
      expect(asFolder.code, asFolder.stderr).toBe(2);
      expect(asFolder.stderr).toMatch(/error: this is a folder\n {2}hint: name a file, such as .*exports\/search-records\.json/);
    });

    it('replaces an earlier export, and makes a missing folder', async () => {
      const dir = await copyFixture('basic');
      const output = path.join(dir, 'exports/today/records.json');
      const first = await exportTo(dir, output);
      expect(first.code, first.stderr).toBe(0);
      const written = await readFile(output, 'utf8');
      await writeFile(output, '[]');
      const again = await exportTo(dir, output);
      expect(again.code, again.stderr).toBe(0);
      expect(await readFile(output, 'utf8')).toBe(written);
    });
  });
});
