/**
 * The index as files (src/search/shards.ts, indexFiles): fragments go in folders of
 * FRAGMENTS_PER_FOLDER pages and shards in files, each named by its bytes, so an edit to one page's
 * text changes one fragment folder and the shards of the words it changed, and the browser's index
 * finds every page's fragment and every word's shard.
 */
import { describe, it, expect } from 'vitest';
import { createHash } from 'node:crypto';
import { pageIndexRecords } from '../../src/search/records.ts';
import { buildEmbeddedIndex, indexFiles, type IndexFileNames, type IndexPage } from '../../src/search/shards.ts';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';
import { FRAGMENTS_PER_FOLDER, type IndexManifest } from '../../theme/search/types.ts';

const meta = { language: 'en', tag: 'docs-default-current' };

function page(i: number, text: string): IndexPage {
  const url = `/docs/page-${i}/`;
  return { url, records: pageIndexRecords({ url, section: 'Guide', title: `Page ${i} topic${i}`, description: '', blocks: [{ kind: 'text', text }] }, meta) };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);
const byBytes: IndexFileNames = { shard: (text) => `terms/${hashOf(text)}.json`, folder: (contents) => hashOf(JSON.stringify([...contents])) };

function filesOf(pages: IndexPage[], shardChars?: number): Map<string, string> {
  return indexFiles(buildEmbeddedIndex(pages, meta, shardChars ? { shardChars } : {}), byBytes);
}

/** Words for pages that share some of their keys with their neighbours. */
const WORDS = Array.from({ length: 62 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + ((i * 7) % 26))}${i}`);

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
    expect(manifest.shardFiles.length).toBeGreaterThan(0);
    for (const shard of manifest.shardFiles) expect(files.has(shard), shard).toBe(true);
  });

  it("changes only the edited page's fragment folder and the shards of its changed words when one page's text changes", () => {
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
    // The new word "latency" and the dropped "step": their shards (all of them, in this small index).
    expect(changed.filter((rel) => rel.startsWith('terms/')).length).toBeLessThanOrEqual(manifest.shardFiles.length);
  });

  it('changes one or two shards of many when a page gains a word', () => {
    const site = Array.from({ length: 400 }, (_, i) => page(i, `Configure the render engine ${i} with ${WORDS.slice(i % 50, (i % 50) + 12).join(' ')}.`));
    const before = filesOf(site, 2000);
    const shardCount = (JSON.parse(before.get('index.json')!) as IndexManifest).shardFiles.length;
    expect(shardCount).toBeGreaterThan(20);
    // Ten edits, each a new word in another page, with keys all over the alphabet.
    for (const [n, word] of ['aardvark', 'kestrel', 'mongoose', 'zebrafinch', 'bandwidth', 'latency', 'quorum', 'failover', 'yaw', 'gimbal'].entries()) {
      const edited = [...site];
      const at = n * 37;
      edited[at] = page(at, `Configure the render engine ${at} with ${word} ${WORDS.slice(at % 50, (at % 50) + 12).join(' ')}.`);
      const after = filesOf(edited, 2000);
      const newShards = [...after.keys()].filter((rel) => rel.startsWith('terms/') && !before.has(rel));
      expect(newShards.length, word).toBeGreaterThanOrEqual(1);
      expect(newShards.length, word).toBeLessThanOrEqual(2);
    }
  });

  it('answers a query from those files, with the fragment of a page in a later folder', async () => {
    const files = filesOf(PAGES);
    const index = await LocalSearchIndex.open(async (name) => JSON.parse(files.get(name) ?? 'null') as unknown);
    const last = PAGES.length - 1;
    const result = await index.search(`topic${last}`, { hitsPerPage: 5, page: 0, snippetWords: 10, perPage: 3 });
    expect(result.hits[0]?.url_without_anchor).toBe(PAGES[last]!.url);
  });
});
