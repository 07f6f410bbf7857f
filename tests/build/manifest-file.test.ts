/**
 * The build manifest's file (src/build/manifest.ts): what a build reads back is what was written,
 * also when `build --watch` writes it after each edit with the JSON of unchanged records reused.
 */
import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readManifest, writeManifest, type BuildManifest, type FileRecord, type RecordJsonMemo } from '../../src/build/manifest.ts';

const result = { pages: 2, findings: [], warnings: [], baseUrl: '/docs/' };

describe('build manifest file', () => {
  it('reads back as written after edits that replace, add and remove records, with the records\' JSON kept between writes', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-manifest-'));
    const file = path.join(dir, 'build.json');
    const files: Record<string, FileRecord> = {
      'index.html': { size: 10, mtimeMs: 1.5, ino: 7, key: 'k1' },
      'guide/"quoted"/index.html': { size: 20, mtimeMs: 2, ino: 8 },
    };
    const memo: RecordJsonMemo = new WeakMap();
    const manifest = (): Omit<BuildManifest, 'format' | 'docsgen'> => ({ outDir: '/srv/out', inputs: { roots: ['/a'], signature: 's' }, result, files: { ...files } });
    await writeManifest(file, manifest(), memo);
    expect((await readManifest(file))?.files).toEqual(files);
    // An edit: one record replaced, one added, one removed; a record moved to another path.
    files['index.html'] = { size: 11, mtimeMs: 3, ino: 7, key: 'k2' };
    files['new/index.html'] = files['guide/"quoted"/index.html'] as FileRecord;
    delete files['guide/"quoted"/index.html'];
    await writeManifest(file, manifest(), memo);
    const back = await readManifest(file);
    expect(back?.files).toEqual(files);
    expect(back?.outDir).toBe('/srv/out');
    await writeManifest(path.join(dir, 'fresh.json'), manifest());
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(JSON.parse(await readFile(path.join(dir, 'fresh.json'), 'utf8')));
    await rm(dir, { recursive: true, force: true });
  });
});
