/**
 * The index kept between builds (src/search/shards.ts PageIndex, src/search/postings.ts): after any
 * sequence of edited pages put in place, it is the index made afresh from the pages as they are.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { pageIndexRecords, type PageForSearch } from '../../src/search/records.ts';
import { PageIndex, fixedNames, indexFiles, pageEntry, type IndexPage } from '../../src/search/shards.ts';

const meta = { language: 'en', tag: 'docs-default-current' };

function indexPage(url: string, title: string, texts: string[], headings: string[]): IndexPage {
  const blocks: PageForSearch['blocks'] = [
    ...headings.map((text, i) => ({ kind: 'heading' as const, level: 2 + (i % 3), text, anchor: `h${i}` })),
    ...texts.map((text) => ({ kind: 'text' as const, text })),
  ];
  return { url, records: pageIndexRecords({ url, section: 'Guide', title, description: texts[0] ?? '', blocks }, meta) };
}

const filesOf = (index: PageIndex) => Object.fromEntries(indexFiles(index.index(), fixedNames('f')));

const word = fc.constantFrom('colour', 'colours', 'colouring', 'licence', 'licences', 'hub', 'hubs', 'render', 'rendering', 'engine', 'playout', 'v1.6', 'the');
const text = fc.array(word, { maxLength: 10 }).map((words) => words.join(' '));
const pageArb = fc.record({ title: text, texts: fc.array(text, { maxLength: 4 }), headings: fc.array(text, { maxLength: 3 }) });

describe('search index kept between builds', () => {
  it('after edits put in place, equals the index made afresh', () => {
    fc.assert(
      fc.property(fc.array(pageArb, { minLength: 1, maxLength: 6 }), fc.array(fc.tuple(fc.nat(), pageArb), { minLength: 1, maxLength: 8 }), (initial, edits) => {
        const pages = initial.map((p, i) => indexPage(`/p${i}/`, p.title, p.texts, p.headings));
        const kept = new PageIndex(pages.map((p) => pageEntry(p)), meta, 120);
        for (const [at, edit] of edits) {
          const id = at % pages.length;
          pages[id] = indexPage(`/p${id}/`, edit.title, edit.texts, edit.headings);
          kept.replace(id, pageEntry(pages[id] as IndexPage));
          // After every edit, as the dev server writes the index after each save.
          expect(filesOf(kept)).toEqual(filesOf(new PageIndex(pages.map((p) => pageEntry(p)), meta, 120)));
        }
      }),
      { numRuns: 200, seed: 27 },
    );
  });

  it('drops a word from the index when the only page that had it no longer does', () => {
    const pages = [indexPage('/a/', 'Hub', ['licences of the hub'], []), indexPage('/b/', 'Engine', ['render engine'], [])];
    const kept = new PageIndex(pages.map((p) => pageEntry(p)), meta);
    expect(JSON.stringify(filesOf(kept))).toContain('licences');
    kept.replace(0, pageEntry(indexPage('/a/', 'Hub', ['the hub'], [])));
    const after = JSON.stringify(filesOf(kept));
    expect(after).not.toContain('licen');
    expect(after).toContain('render');
  });

  it("makes again only the shards of the words an edit changed, and keeps the others' objects", () => {
    const words = Array.from({ length: 300 }, (_, i) => `term${i.toString(36)}x${(i * 7919) % 1000}`);
    const textOf = (p: number) => words.filter((_, i) => i % 60 === p || i % 7 === p % 7).join(' ');
    const pages = Array.from({ length: 60 }, (_, p) => indexPage(`/p${p}/`, `Page ${p}`, [textOf(p)], []));
    const kept = new PageIndex(pages.map((p) => pageEntry(p)), meta, 400);
    const before = kept.index().shards;
    expect(before.length).toBeGreaterThan(10);
    // Page 5 gains one word that no page had: its other keys, and every other page's, are as they were.
    pages[5] = indexPage('/p5/', 'Page 5', [`${textOf(5)} zebrafinch`], []);
    kept.replace(5, pageEntry(pages[5]));
    const after = kept.index().shards;
    const remade = after.filter((shard) => !before.includes(shard));
    expect(remade).toHaveLength(1);
    expect(remade[0]?.keys).toContain('zebrafinch');
    expect(JSON.stringify(after)).toBe(JSON.stringify(new PageIndex(pages.map((p) => pageEntry(p)), meta, 400).index().shards));
  });
});
