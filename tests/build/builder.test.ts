import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createBuilder } from '../../src/build/builder.ts';
import { createStageRunner } from '../../src/build/stage.ts';
import { copyFixture } from '../helpers.ts';

describe('named stages', () => {
  it('time every stage in order and log each when asked', async () => {
    const lines: string[] = [];
    const stage = createStageRunner({ log: (line) => lines.push(line) });
    expect(await stage('first', () => 1)).toBe(1);
    expect(await stage('second', async () => 'two')).toBe('two');
    expect(stage.timings.map((t) => t.name)).toEqual(['first', 'second']);
    expect(lines).toEqual([expect.stringMatching(/^timing first: \d+ ms \(rss \d+ MB, heap \d+ MB\) at \d+ ms$/), expect.stringMatching(/^timing second: /)]);
  });

  it('a failing stage fails the build with its own error', async () => {
    const stage = createStageRunner({ log: () => undefined });
    await expect(stage('broken', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });
});

describe('one builder for build and serve', () => {
  it('updates only the pages whose text changed, and builds fully when a change reaches other pages', async () => {
    const dir = await copyFixture('basic');
    const builder = createBuilder({ configFile: path.join(dir, 'config.yaml'), mode: 'serve' });
    const first = await builder.full();
    expect(first.outDir).toMatch(new RegExp(`${path.join(dir, '.docsgen', 'dev', 'gen-')}[\\d.]+-1$`));
    const second = path.join(dir, 'content/guide/second.md');
    const text = await readFile(second, 'utf8');

    await writeFile(second, `${text}\nA sentence added under serve.\n`);
    const body = await builder.update([{ path: second, event: 'change' }]);
    expect(body.kind).toBe('pages');
    expect(body.routes).toEqual(['/docs/guide/second/']);
    expect(await readFile(path.join(first.outDir, 'guide/second/index.html'), 'utf8')).toContain('A sentence added under serve.');
    expect(body.result.outDir).toBe(first.outDir);

    await writeFile(second, text.replace('title: Second page', 'title: Second page retitled'));
    const retitled = await builder.update([{ path: second, event: 'change' }]);
    expect(retitled.kind).toBe('full');
    expect(retitled.result.outDir).not.toBe(first.outDir);
    expect(await readFile(path.join(retitled.result.outDir, 'guide/first/index.html'), 'utf8')).toContain('Second page retitled');

    const added = path.join(dir, 'content/guide/third.md');
    await writeFile(added, '# Third\n\nNew.\n');
    expect((await builder.update([{ path: added, event: 'add' }])).kind).toBe('full');
    const config = path.join(dir, 'config.yaml');
    expect((await builder.update([{ path: config, event: 'change' }])).kind).toBe('full');
  }, 120_000);

  it('hands the edited pages on as soon as they are written, before the search index catches up', async () => {
    const dir = await copyFixture('basic');
    let outDir = '';
    const indexHolds = (word: string) => {
      const folder = path.join(outDir, 'assets/search-index/dev');
      return readdirSync(folder).some((f) => readFileSync(path.join(folder, f), 'utf8').includes(word));
    };
    const seen: { page: boolean; index: boolean }[] = [];
    const builder = createBuilder({
      configFile: path.join(dir, 'config.yaml'),
      mode: 'serve',
      onPagesUpdated: (paths) => {
        expect(paths).toEqual(['/docs/guide/second/']);
        // Synchronous reads: the builder goes on as soon as this returns.
        seen.push({ page: readFileSync(path.join(outDir, 'guide/second/index.html'), 'utf8').includes('quokkaword'), index: indexHolds('quokkaword') });
      },
    });
    outDir = (await builder.full()).outDir;
    const second = path.join(dir, 'content/guide/second.md');
    await writeFile(second, `${await readFile(second, 'utf8')}\nA quokkaword sentence.\n`);
    const update = await builder.update([{ path: second, event: 'change' }]);
    expect(update.kind).toBe('pages');
    expect(seen).toEqual([{ page: true, index: false }]);
    expect(indexHolds('quokkaword')).toBe(true);
  }, 120_000);

  it('a one-shot build keeps no state: update() builds fully', async () => {
    const dir = await copyFixture('basic');
    const builder = createBuilder({ configFile: path.join(dir, 'config.yaml'), mode: 'check' });
    const update = await builder.update([{ path: path.join(dir, 'content/guide/second.md'), event: 'change' }]);
    expect(update.kind).toBe('full');
    expect(update.result.outDir).toBe('');
    expect(update.result.pages).toBeGreaterThan(5);
  }, 120_000);
});
