/**
 * The index as files (src/search/shards.ts, indexFiles): fragments go in folders of
 * FRAGMENTS_PER_FOLDER pages named by their bytes, so an edit to one page's text changes one
 * fragment folder (and the shards), and the browser's index finds every page's fragment.
 */
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { pageIndexRecords } from '../../src/search/records.ts';
import { buildEmbeddedIndex, indexFiles, type IndexPage } from '../../src/search/shards.ts';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';
import { FRAGMENTS_PER_FOLDER, type IndexManifest } from '../../theme/search/types.ts';

const meta = { language: 'en', tag: 'docs-default-current' };

function page(i: number, text: string): IndexPage {
  const url = `/docs/page-${i}/`;
  return { url, records: pageIndexRecords({ url, section: 'Guide', title: `Page ${i} topic${i}`, description: '', blocks: [{ kind: 'text', text }] }, meta) };
}

const byBytes = (contents: ReadonlyMap<string, string>) => createHash('sha256').update(JSON.stringify([...contents])).digest('hex').slice(0, 10);

function filesOf(pages: IndexPage[]): Map<string, string> {
  return indexFiles(buildEmbeddedIndex(pages, meta), byBytes);
}

const PAGES = Array.from({ length: FRAGMENTS_PER_FOLDER * 3 + 5 }, (_, i) => page(i, `Configure the render engine, step ${i}.`));

describe('search index files', () => {
  it('puts each page fragment in the folder the manifest names for it, FRAGMENTS_PER_FOLDER pages a folder', () => {
    const files = filesOf(PAGES);
    const manifest = JSON.parse(files.get('index.json')!) as IndexManifest;
    expect(manifest.fragments).toHaveLength(4);
    expect(new Set(manifest.fragments).size).toBe(4);
    PAGES.forEach((p, i) => {
      const fragment = files.get(`${manifest.fragments[Math.floor(i / FRAGMENTS_PER_FOLDER)]}p${i}.json`);
      expect(JSON.parse(fragment!).url).toBe(p.url);
    });
    expect(files.has(`${manifest.files}t0.json`)).toBe(true);
  });

  it("changes only the edited page's fragment folder and the shards when one page's text changes", () => {
    const before = filesOf(PAGES);
    const edited = [...PAGES];
    edited[FRAGMENTS_PER_FOLDER + 3] = page(FRAGMENTS_PER_FOLDER + 3, 'Configure the render engine, with a new word: latency.');
    const after = filesOf(edited);
    const changed = [...after].filter(([rel, text]) => before.get(rel) !== text).map(([rel]) => rel);
    const manifest = JSON.parse(after.get('index.json')!) as IndexManifest;
    const editedFolder = manifest.fragments[1]!;
    const fragmentChanges = changed.filter((rel) => /\/p\d+\.json$/.test(rel));
    // The edited page's folder is new: all its fragments are new files; no other fragment is.
    expect(fragmentChanges.every((rel) => rel.startsWith(editedFolder))).toBe(true);
    expect(fragmentChanges).toHaveLength(FRAGMENTS_PER_FOLDER);
    expect(changed).toContain('index.json');
    const beforeManifest = JSON.parse(before.get('index.json')!) as IndexManifest;
    expect(manifest.fragments.filter((f, i) => f !== beforeManifest.fragments[i])).toEqual([editedFolder]);
  });

  it('answers a query from those files, with the fragment of a page in a later folder', async () => {
    const files = filesOf(PAGES);
    const index = await LocalSearchIndex.open(async (name) => JSON.parse(files.get(name) ?? 'null') as unknown);
    const last = PAGES.length - 1;
    const result = await index.search(`topic${last}`, { hitsPerPage: 5, page: 0, snippetWords: 10, perPage: 3 });
    expect(result.hits[0]?.url_without_anchor).toBe(PAGES[last]!.url);
  });
});
