/** The dev server's update of the embedded index: a page edit rewrites only the index files it changes. */
import { describe, it, expect } from 'vitest';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createBuilder } from '../../src/build/builder.ts';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';
import { copyFixture } from '../helpers.ts';

describe('embedded index under docsgen serve', () => {
  it('keeps its folder name and rewrites the edited page\'s fragment and the shards that changed, nothing else', async () => {
    const dir = await copyFixture('basic');
    const builder = createBuilder({ configFile: path.join(dir, 'config.yaml'), mode: 'serve' });
    const first = await builder.full();
    const folder = path.join(first.outDir, 'assets', 'search-index', 'dev');
    const before = new Map<string, number>();
    for (const name of await readdir(folder)) before.set(name, (await stat(path.join(folder, name))).mtimeMs);
    await new Promise((resolve) => setTimeout(resolve, 20));

    const file = path.join(dir, 'content/guide/second.md');
    await writeFile(file, `${await readFile(file, 'utf8')}\n\nA zebracorn appears.\n`);
    const update = await builder.update([{ event: 'change', path: file }]);
    expect(update.kind).toBe('pages');

    const index = await LocalSearchIndex.open(async (name) => JSON.parse(await readFile(path.join(update.result.outDir, 'assets/search-index', name), 'utf8')) as unknown);
    expect((await index.search('zebracorn', { hitsPerPage: 20, page: 0, snippetWords: 10, perPage: 3 })).hits[0]?.url_without_anchor).toBe('/docs/guide/second/');
    const changed: string[] = [];
    for (const name of await readdir(folder)) if ((await stat(path.join(folder, name))).mtimeMs !== before.get(name)) changed.push(name);
    expect(changed.some((n) => /^p\d+\.json$/.test(n))).toBe(true);
    expect(changed.filter((n) => /^p\d+\.json$/.test(n))).toHaveLength(1);
    expect(changed.length).toBeLessThan(before.size);
  });
});
