/**
 * The link targets kept beside the build manifest (src/build/page-targets.ts): what an incremental
 * build reads back is what was written, for the page's key only, also when `build --watch` writes
 * the file again after each edit from its memo (each page's JSON and the strings' kept between writes).
 */
import { describe, it, expect } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { createStoredTargetsMemo, readPageTargets, writePageTargets, type PageTargets } from '../../src/build/page-targets.ts';

type Pages = Map<string, { key: string; targets: PageTargets }>;

const value = fc.constantFrom('#intro', '/docs/a/', '/docs/b/#x', 'quote"d', 'back\\slash', 'naïve', '');
const targetsArb = fc.record({ ids: fc.uniqueArray(value, { maxLength: 4 }), hrefs: fc.array(value, { maxLength: 5 }) });

async function expectReadBack(file: string, pages: Pages): Promise<void> {
  const lookup = await readPageTargets(file);
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
});

