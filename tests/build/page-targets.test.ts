/**
 * The link targets kept beside the build manifest (src/build/page-targets.ts): what an incremental
 * build reads back is what was written, for the page's key only, also when `build --watch` writes
 * the file again after each edit from its memo (each page's JSON and the strings' kept between writes).
 */
import { describe, it, expect } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createStoredTargetsMemo, readPageTargets, writePageTargets, type PageTargets } from '../../src/build/page-targets.ts';

type Pages = Map<string, { key: string; targets: PageTargets }>;

const value = fc.constantFrom('#intro', '/docs/a/', '/docs/b/#x', 'quote"d', 'back\\slash', 'naïve', '');
const targetsArb = fc.record({ ids: fc.uniqueArray(value, { maxLength: 4 }), hrefs: fc.array(value, { maxLength: 5 }) });

async function expectReadBack(file: string, pages: Pages): Promise<void> {
  const { lookup } = await readPageTargets(file);
  for (const [rel, { key, targets }] of pages) {
    expect(lookup(rel, key), rel).toEqual({ ids: new Set(targets.ids), hrefs: [...targets.hrefs] });
    expect(lookup(rel, `${key}-other`)).toBeUndefined();
  }
}

describe('stored page targets', () => {
  it('reads back every page as written, after any sequence of edits written from the memo', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-targets-'));
    const file = path.join(dir, 'build.targets.json');
    await fc.assert(
      fc.asyncProperty(fc.array(targetsArb, { minLength: 1, maxLength: 5 }), fc.array(fc.tuple(fc.nat(), targetsArb, fc.boolean()), { maxLength: 6 }), async (initial, edits) => {
        const pages: Pages = new Map(initial.map((targets, i) => [`p${i}/index.html`, { key: `k${i}`, targets }]));
        const memo = createStoredTargetsMemo();
        await writePageTargets(file, pages, memo);
        await expectReadBack(file, pages);
        for (const [n, [at, targets, sameTargets]] of edits.entries()) {
          const rel = `p${at % initial.length}/index.html`;
          // A new key with the page's targets object as it was (the page's data changed, its links did not).
          pages.set(rel, { key: `edit${n}`, targets: sameTargets ? (pages.get(rel)?.targets ?? targets) : targets });
          await writePageTargets(file, pages, memo);
          await expectReadBack(file, pages);
        }
      }),
      { numRuns: 60, seed: 11 },
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('reads back every page after any sequence of builds, each reusing pages with their stored encoding and encoding only new targets', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-targets-'));
    const file = path.join(dir, 'build.targets.json');
    await fc.assert(
      fc.asyncProperty(fc.array(targetsArb, { minLength: 1, maxLength: 5 }), fc.array(fc.array(fc.tuple(fc.nat(), targetsArb), { maxLength: 3 }), { maxLength: 5 }), async (initial, builds) => {
        let pages: Pages = new Map(initial.map((targets, i) => [`p${i}/index.html`, { key: `k${i}`, targets }]));
        await writePageTargets(file, pages);
        for (const [b, changes] of builds.entries()) {
          const { lookup, memo } = await readPageTargets(file);
          // Every page reused with what the lookup gave, then some rendered again with new targets.
          const next: Pages = new Map([...pages].map(([rel, { key }]) => [rel, { key, targets: lookup(rel, key) as PageTargets }]));
          for (const [n, [at, targets]] of changes.entries()) next.set(`p${at % initial.length}/index.html`, { key: `b${b}e${n}`, targets });
          await writePageTargets(file, next, memo);
          await expectReadBack(file, next);
          pages = next;
        }
      }),
      { numRuns: 60, seed: 12 },
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the table afresh once it holds more than twice the strings it held when last made, so strings no page uses do not pile up', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'docsgen-targets-'));
    const file = path.join(dir, 'build.targets.json');
    const targetsOf = (n: number): PageTargets => ({ ids: [`#a${n}`, `#b${n}`], hrefs: [`/docs/${n}/`] });
    const pages: Pages = new Map(Array.from({ length: 4 }, (_, i) => [`p${i}/index.html`, { key: `k${i}`, targets: targetsOf(i) }]));
    await writePageTargets(file, pages);
    const sizes: number[] = [];
    for (let b = 0; b < 30; b++) {
      const { memo } = await readPageTargets(file);
      // One page's links replaced by new ones in every build: its old strings are no page's any more.
      pages.set('p0/index.html', { key: `b${b}`, targets: targetsOf(100 + b) });
      await writePageTargets(file, pages, memo);
      await expectReadBack(file, pages);
      sizes.push((JSON.parse(await readFile(file, 'utf8')) as { strings: string[] }).strings.length);
    }
    // 12 strings in use: the table grows from 12 up to a little over 24, then starts again at 12.
    expect(Math.max(...sizes)).toBeLessThanOrEqual(27);
    expect(sizes.filter((size) => size === 12).length).toBeGreaterThan(1);
    await rm(dir, { recursive: true, force: true });
  });
});

