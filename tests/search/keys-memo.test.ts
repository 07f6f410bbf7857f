/** Search keys of unchanged pages come from the memo: the index is the same as one worked out afresh. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pageIndexRecords, type PageForSearch } from '../../src/search/records.ts';
import { buildEmbeddedIndex, fixedNames, indexFiles, pageEntry, pageEntryFromBlocks, type IndexPage } from '../../src/search/shards.ts';
import { blocksFingerprint, loadPageKeysMemo } from '../../src/search/keys-memo.ts';
import { withoutCacheReads } from '../../src/cache/reads.ts';

const meta = { language: 'en', tag: 'docs-default-current' };

function indexPage(url: string, title: string, texts: string[], headings: string[] = []): IndexPage {
  const blocks: PageForSearch['blocks'] = [
    ...headings.map((text, i) => ({ kind: 'heading' as const, level: 2 + (i % 3), text, anchor: `h${i}` })),
    ...texts.map((text, i) => ({ kind: 'text' as const, text, ...(i % 4 === 3 ? { code: true as const } : {}) })),
  ];
  return { url, records: pageIndexRecords({ url, section: 'Guide', title, description: texts[0] ?? '', blocks }, meta) };
}

const filesOf = (pages: IndexPage[], memo?: Awaited<ReturnType<typeof loadPageKeysMemo>>) =>
  Object.fromEntries(indexFiles(buildEmbeddedIndex(pages, meta, memo ? { memo, shardChars: 400 } : { shardChars: 400 }), fixedNames('f')));

async function withMemo(cacheRoot: string, pages: IndexPage[]) {
  const memo = await loadPageKeysMemo(cacheRoot);
  const files = filesOf(pages, memo);
  await memo.save();
  return files;
}

const PAGES = [
  indexPage('/a/', 'Licence backup', ['Organising the colour catalogue at the centre.', 'Licences and licensing of the hub.'], ['Backing up', 'Restoring']),
  indexPage('/b/', 'Ünïcode café', ['Naïve façade, crème brûlée; cache_dir v1.6 and 5.4 SP1.', 'curl -X POST http://hub/api/rest/v1/playout'], ['Grey tyres']),
  indexPage('/c/', 'Empty page', []),
];

describe('search keys memo', () => {
  it('gives the same index cold, from the memo, and after one page changed', async () => {
    const cacheRoot = await mkdtemp(path.join(tmpdir(), 'docsgen-keys-'));
    const expected = filesOf(PAGES);
    expect(await withMemo(cacheRoot, PAGES)).toEqual(expected);
    expect(await withMemo(cacheRoot, PAGES)).toEqual(expected);
    const edited = [PAGES[0] as IndexPage, indexPage('/b/', 'Ünïcode café', ['Behaviour of the theatre programme.']), PAGES[2] as IndexPage];
    expect(await withMemo(cacheRoot, edited)).toEqual(filesOf(edited));
    await rm(cacheRoot, { recursive: true, force: true });
  });

  it('takes an unchanged page from the memo, and never a changed one; --no-cache reads nothing', async () => {
    const cacheRoot = await mkdtemp(path.join(tmpdir(), 'docsgen-keys-'));
    await withMemo(cacheRoot, PAGES);
    const file = path.join(cacheRoot, 'search-keys.txt');
    // Every stored page now also has the key "planted".
    const planted = (await readFile(file, 'utf8')).replace(/ (\S+)$/gm, ' $1|planted 1 1');
    await writeFile(file, planted);
    const warm = await withMemo(cacheRoot, PAGES);
    expect(JSON.stringify(warm)).toContain('planted');
    await writeFile(file, planted);
    const fresh = await withoutCacheReads(() => withMemo(cacheRoot, PAGES));
    expect(fresh).toEqual(filesOf(PAGES));
    await writeFile(file, planted);
    const changed = PAGES.map((p) => indexPage(p.url, `${p.records[0]?.hierarchy.lvl1 ?? ''} (new)`, ['Other text.']));
    expect(JSON.stringify(await withMemo(cacheRoot, changed))).not.toContain('planted');
    await rm(cacheRoot, { recursive: true, force: true });
  });

  it('keeps only the entries of the last index, and treats a damaged file as empty', async () => {
    const cacheRoot = await mkdtemp(path.join(tmpdir(), 'docsgen-keys-'));
    const file = path.join(cacheRoot, 'search-keys.txt');
    await withMemo(cacheRoot, PAGES);
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(3);
    await withMemo(cacheRoot, PAGES.slice(0, 1));
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(1);
    await writeFile(file, 'cut short\nno-space-here\n');
    expect(await withMemo(cacheRoot, PAGES)).toEqual(filesOf(PAGES));
    await rm(cacheRoot, { recursive: true, force: true });
  });

  it('is the same index as one worked out afresh, for random pages and edits', async () => {
    const word = fc.oneof(
      fc.constantFrom('colour', 'colours', 'organising', 'licence', 'licensing', 'centre', 'grey', 'café', 'naïve', 'v1.6', 'cache_dir', "o'clock", 'x-y', '42', 'the', 'hub'),
      fc.string({ minLength: 1, maxLength: 8 }),
    );
    const text = fc.array(word, { maxLength: 12 }).map((words) => words.join(' '));
    const pageArb = fc.record({ title: text, texts: fc.array(text, { maxLength: 4 }), headings: fc.array(text, { maxLength: 3 }) });
    const cacheRoot = await mkdtemp(path.join(tmpdir(), 'docsgen-keys-'));
    await fc.assert(
      fc.asyncProperty(fc.array(pageArb, { minLength: 1, maxLength: 5 }), fc.array(pageArb, { maxLength: 5 }), async (before, after) => {
        const pagesOf = (list: typeof before) => list.map((p, i) => indexPage(`/p${i}/`, p.title, p.texts, p.headings));
        const first = pagesOf(before);
        // The second set shares the first's pages where it has none of its own: some hits, some misses.
        const second = pagesOf([...after, ...before.slice(after.length)]);
        expect(await withMemo(cacheRoot, first)).toEqual(filesOf(first));
        expect(await withMemo(cacheRoot, second)).toEqual(filesOf(second));
      }),
      { numRuns: 60, seed: 19 },
    );
    await rm(cacheRoot, { recursive: true, force: true });
  });
});

describe("a doc's entry made from its search blocks", () => {
  const word = fc.oneof(fc.constantFrom('colour', 'colours', 'licence', 'café', 'v1.6', 'the', 'hub', 'a#b'), fc.string({ minLength: 1, maxLength: 6 }));
  const text = fc.array(word, { maxLength: 6 }).map((words) => words.join(' '));
  const block = fc.oneof(
    fc.record({ kind: fc.constant('heading' as const), level: fc.integer({ min: 2, max: 6 }), text, anchor: fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('', 'x#y')) }),
    fc.record({ kind: fc.constant('text' as const), text }),
    fc.record({ kind: fc.constant('text' as const), text, code: fc.constant(true as const) }),
  );
  const pageArb = fc.record({ section: text, title: text, description: text, blocks: fc.array(block, { maxLength: 10 }) });

  it("is the entry of the page's records, its keys worked out or taken from the memo, for random pages", async () => {
    const cacheRoot = await mkdtemp(path.join(tmpdir(), 'docsgen-keys-'));
    await fc.assert(
      fc.asyncProperty(pageArb, async (fields) => {
        const page: PageForSearch = { url: '/docs/p/', ...fields };
        const expected = pageEntry({ url: page.url, records: pageIndexRecords(page, meta) });
        const memo = await loadPageKeysMemo(cacheRoot);
        expect(pageEntryFromBlocks(page, 'blocks-hash', meta, memo)).toEqual(expected);
        expect(pageEntryFromBlocks(page, 'blocks-hash', meta, memo)).toEqual(expected);
      }),
      { numRuns: 200, seed: 23 },
    );
    await rm(cacheRoot, { recursive: true, force: true });
  });

  it('takes the keys from the memo only for the same blocks and the same section, title and description', async () => {
    const cacheRoot = await mkdtemp(path.join(tmpdir(), 'docsgen-keys-'));
    const page: PageForSearch = { url: '/docs/p/', section: 'Guide', title: 'Licence backup', description: 'How to back up.', blocks: [{ kind: 'text', text: 'Back up the hub.' }] };
    // As an earlier build left it.
    await writeFile(path.join(cacheRoot, 'search-keys.txt'), `${blocksFingerprint(page, 'h1')} planted 1 1\n`);
    const memo = await loadPageKeysMemo(cacheRoot);
    expect(pageEntryFromBlocks(page, 'h1', meta, memo).keys).toBe('planted 1 1');
    for (const [other, hash] of [
      [page, 'h2'],
      [{ ...page, section: 'Other' }, 'h1'],
      [{ ...page, title: 'Other' }, 'h1'],
      [{ ...page, description: 'Other.' }, 'h1'],
    ] as const) {
      expect(pageEntryFromBlocks(other, hash, meta, memo).keys).not.toContain('planted');
    }
    await rm(cacheRoot, { recursive: true, force: true });
  });
});

