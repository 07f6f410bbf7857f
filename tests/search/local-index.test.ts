import { describe, it, expect } from 'vitest';
import { LocalSearchIndex, boundedDistance } from '../../theme/search/local-index.ts';
import { apiRecords, pageIndexRecords, type PageForSearch } from '../../src/search/records.ts';
import type { ApiPageData } from '../../theme/data.ts';
import { buildEmbeddedIndex, fixedNames, indexFiles } from '../../src/search/shards.ts';

const meta = { language: 'en', tag: 'docs-default-current' };
const opts = { hitsPerPage: 20, page: 0, snippetWords: 10, perPage: 3 };

function page(url: string, title: string, blocks: PageForSearch['blocks'], description = '', section = 'Guide'): PageForSearch {
  return { url, section, title, description, blocks };
}
const text = (t: string, code?: true): PageForSearch['blocks'][number] => ({ kind: 'text', text: t, ...(code ? { code } : {}) });
const heading = (t: string, level = 2): PageForSearch['blocks'][number] => ({ kind: 'heading', level, text: t, anchor: t.toLowerCase().replace(/\W+/g, '-') });

const PAGES = [
  page('/d/ssl/', 'SSL', [heading('Certificate files'), text('Place the certificate and the private key in the config folder of the hub server before you restart it.')], 'Turn on HTTPS for the hub.', 'Configurations'),
  page('/d/backup/', 'Licence backup and restore', [text('Mention of ssl in body text only.')], '', 'Installations'),
  page('/d/colour/', 'Colour management', [heading('Organising the catalogue'), text('Centre the picture before grading.')]),
  page('/d/api/', 'Scripting', [heading('Call the API'), text('curl -X POST http://hub/api/rest/v1/playout/rundowns', true)]),
];

/** The index in memory, with a record of which files a search loaded. */
async function openIndex(pages: PageForSearch[] = PAGES, shardChars?: number) {
  const files = indexFiles(buildEmbeddedIndex(pages.map((p) => ({ url: p.url, records: pageIndexRecords(p, meta) })), meta, { shardChars }), fixedNames('f'));
  const loaded: string[] = [];
  const index = await LocalSearchIndex.open(async (name) => {
    loaded.push(name.replace(/^f\//, ''));
    const file = files.get(name);
    if (file === undefined) throw new Error(`no ${name}`);
    return JSON.parse(file) as unknown;
  });
  return { index, loaded, files };
}

describe('embedded search index', () => {
  it('ranks titles above body text and counts matching pages', async () => {
    const { index } = await openIndex();
    const result = await index.search('ssl', opts);
    expect(result.hits[0]?.url).toBe('/d/ssl/');
    expect(result.hits.some((h) => h.url === '/d/backup/')).toBe(true);
    expect(result.nbHits).toBe(2);
  });

  it('matches the last word as a prefix and tolerates typos in longer words', async () => {
    const { index } = await openIndex();
    expect((await index.search('certif', opts)).hits[0]?.url).toBe('/d/ssl/#certificate-files');
    expect((await index.search('licnce backup', opts)).hits[0]?.url).toBe('/d/backup/');
    expect((await index.search('zzzz', opts)).nbHits).toBe(0);
  });

  it('finds British and American spellings and other forms of a word', async () => {
    const { index } = await openIndex();
    for (const query of ['license', 'licensing', 'licences']) expect((await index.search(query, opts)).hits[0]?.url, query).toBe('/d/backup/');
    for (const query of ['color', 'colors', 'catalog', 'organize', 'organization', 'center', 'centered']) {
      expect((await index.search(query, opts)).hits[0]?.url_without_anchor, query).toBe('/d/colour/');
    }
  });

  it('returns DocSearch-shaped hits with escaped highlights and snippets of the asked length', async () => {
    const { index } = await openIndex();
    const hit = (await index.search('private key', { ...opts, snippetWords: 5 })).hits[0];
    expect(hit?._snippetResult.content?.value).toContain('<mark>private</mark>');
    expect(hit?._snippetResult.content?.value.replace(/<\/?mark>/g, '').replace(/…/g, '').trim().split(/\s+/)).toHaveLength(5);
    expect(hit?.hierarchy.lvl0).toBe('Configurations');
    const colour = (await index.search('colors', opts)).hits[0];
    expect(colour?._highlightResult.hierarchy.lvl1?.value).toBe('<mark>Colour</mark> management');
  });

  it('marks code blocks, so that the modal titles them with their heading', async () => {
    const { index } = await openIndex();
    const hit = (await index.search('curl', opts)).hits[0];
    expect(hit?.code).toBe(true);
    expect(hit?.type).toBe('content');
    expect(hit?.hierarchy.lvl2).toBe('Call the API');
  });

  it('filters by language and version tag', async () => {
    const { index } = await openIndex();
    expect((await index.search('ssl', { ...opts, facetFilters: ['language:de'] })).nbHits).toBe(0);
    expect((await index.search('ssl', { ...opts, facetFilters: ['language:en', 'docusaurus_tag:docs-default-current'] })).nbHits).toBeGreaterThan(0);
  });

  it('loads only the term shards of the query and the fragments of the pages it shows', async () => {
    const many = Array.from({ length: 60 }, (_, i) => page(`/d/p${i}/`, `Page ${i} word${i}`, [text(`alpha${i} beta${i} gamma${i} common text`)]));
    const { index, loaded, files } = await openIndex(many, 200);
    const shards = [...files.keys()].filter((f) => f.startsWith('f/t'));
    expect(shards.length).toBeGreaterThan(10);
    const result = await index.search('word7', opts);
    expect(result.hits[0]?.url).toBe('/d/p7/');
    expect(loaded.filter((f) => f.startsWith('t')).length).toBeLessThanOrEqual(3);
    expect(loaded.filter((f) => f.startsWith('p'))).toEqual(['p7.json']);
  });

  it('pages the search page by pages, each with its best records', async () => {
    const many = Array.from({ length: 45 }, (_, i) => page(`/d/p${i}/`, `Topic ${i}`, [heading('Shared heading'), text('shared words here'), text('more shared words')]));
    const { index } = await openIndex(many);
    const first = await index.searchPages('shared', { ...opts, perPage: 5 });
    expect(first.nbHits).toBe(45);
    expect(first.nbPages).toBe(3);
    expect(new Set(first.hits.map((h) => h.url_without_anchor)).size).toBe(20);
    const last = await index.searchPages('shared', { ...opts, page: 2, perPage: 5 });
    expect(new Set(last.hits.map((h) => h.url_without_anchor)).size).toBe(5);
    // The modal takes at most `perPage` records of each page.
    const modal = await index.search('shared', opts);
    expect(modal.hits).toHaveLength(20);
    expect(modal.hits.filter((h) => h.url_without_anchor === '/d/p0/').length).toBeLessThanOrEqual(3);
  });

  it('finds an API operation by its operationId, method or path, not only by its summary', async () => {
    const operation = (operationId: string, method: string, path: string, summary: string) => ({ anchor: `operation/${operationId}`, operationId, method, path, summary, deprecated: false });
    const api: ApiPageData = {
      id: 'hub', title: 'Hub API', version: '1.0', openapi: '3.0.3', specUrl: '/s.yaml', specFileName: 's.yaml', servers: [], rootRoute: '/api/', split: false, operationCount: 2, schemas: [],
      nav: [{ name: 'playout', anchor: 'tag/playout', route: '/api/', operations: [operation('createRundown', 'POST', '/playout/rundowns', 'Create a rundown'), operation('updateMosObject', 'PATCH', '/newsroom/mosObjects/{objID}', 'Update a MOS object')] }],
    };
    const files = indexFiles(buildEmbeddedIndex([...PAGES.map((p) => ({ url: p.url, records: pageIndexRecords(p, meta) })), { url: '/api/', records: apiRecords(api, '/api/', meta) }], meta), fixedNames('f'));
    const index = await LocalSearchIndex.open(async (name) => JSON.parse(files.get(name) ?? 'null') as unknown);
    const cases: [string, string][] = [
      ['createRundown', '/api/#operation/createRundown'],
      ['updatemosobject', '/api/#operation/updateMosObject'],
      ['mosObjects', '/api/#operation/updateMosObject'],
      ['PATCH', '/api/#operation/updateMosObject'],
      ['create rundown', '/api/#operation/createRundown'],
    ];
    for (const [query, url] of cases) expect((await index.search(query, opts)).hits[0]?.url, query).toBe(url);
  });

  it("shows an API operation's tag as its hit's path, as the hosted index's records do, and finds the operations by their tag", async () => {
    const operation = (operationId: string, method: string, path: string, summary: string) => ({ anchor: `operation/${operationId}`, operationId, method, path, summary, deprecated: false });
    const api: ApiPageData = {
      id: 'hub', title: 'Hub API', version: '1.0', openapi: '3.0.3', specUrl: '/s.yaml', specFileName: 's.yaml', servers: [], rootRoute: '/api/', split: false, operationCount: 3, schemas: [],
      nav: [
        { name: 'launcher', anchor: 'tag/launcher', route: '/api/', operations: [operation('listConfigs', 'GET', '/configs', 'List configurations')] },
        { name: 'newsroom', anchor: 'tag/newsroom', route: '/api/', operations: [operation('listMosObjects', 'GET', '/mos', 'List MOS objects'), operation('deleteMosObject', 'DELETE', '/mos/{id}', 'Delete a MOS object')] },
      ],
    };
    const records = apiRecords(api, '/api/', meta);
    const files = indexFiles(buildEmbeddedIndex([...PAGES.map((p) => ({ url: p.url, records: pageIndexRecords(p, meta) })), { url: '/api/', records }], meta), fixedNames('f'));
    const index = await LocalSearchIndex.open(async (name) => JSON.parse(files.get(name) ?? 'null') as unknown);
    const hit = (await index.search('list mos objects', opts)).hits[0];
    expect(hit?.url).toBe('/api/#operation/listMosObjects');
    expect(hit?.hierarchy).toEqual(records.find((r) => r.url === hit?.url)?.hierarchy);
    expect(hit?.hierarchy.lvl1).toBe('newsroom');
    expect(hit?.hierarchy.lvl0).toBe('Hub API 1.0');
    // The next record of the same tag comes from a short row: it keeps the tag too.
    expect((await index.search('delete mos', opts)).hits[0]?.hierarchy.lvl1).toBe('newsroom');
    expect((await index.search('list configurations', opts)).hits[0]?.hierarchy.lvl1).toBe('launcher');
    // The API page's own record keeps its title, and the tag is a word of the page.
    expect((await index.search('hub api', opts)).hits.find((h) => h.url === '/api/')?.hierarchy.lvl1).toBe('Hub API 1.0');
    expect((await index.search('newsroom', opts)).hits[0]?.url_without_anchor).toBe('/api/');
  });

  it('puts a page with a heading that is the query above pages that use its words more often', async () => {
    const busy = (n: number) =>
      page(`/d/busy${n}/`, `Busy ${n}`, [heading('Property panel'), text('Set the property. Set another property.'), heading('Set up the property panel'), text('A property set per set.')], 'Set a property value.');
    const reference = page('/d/reference/', 'Reference', [heading('Get a node'), text('Reads one node.'), heading('Set a property'), text('Writes one value.'), heading('Other calls'), text('Lists.')]);
    const near = page('/d/near/', 'Near', [heading('Set properties from the hub'), text('Set a property value from the hub.')]);
    const { index } = await openIndex([busy(1), busy(2), near, reference]);
    for (const query of ['Set a property', 'set property', 'property set', 'set a prop']) {
      expect((await index.search(query, opts)).hits[0]?.url, query).toBe('/d/reference/#set-a-property');
      expect((await index.searchPages(query, { ...opts, perPage: 5 })).hits[0]?.url, query).toBe('/d/reference/#set-a-property');
    }
    // A heading with another word is not the query; one word alone reorders nothing.
    expect((await index.search('set properties hub', opts)).hits[0]?.url_without_anchor).toBe('/d/near/');
    expect((await index.search('property', opts)).hits[0]?.url_without_anchor).not.toBe('/d/reference/');
  });

  it('centres snippets on the words that matter and marks a stop word only while it is typed or alone', async () => {
    const long = `${'A hub and a client share a network with a switch in a rack. '.repeat(3)}Set the property value here.`;
    const { index } = await openIndex([page('/d/props/', 'Props', [text(long)])]);
    const hit = (await index.search('set a property', opts)).hits.find((h) => h.type === 'content');
    const snippet = hit?._snippetResult.content?.value ?? '';
    expect(snippet).toContain('<mark>Set</mark> the <mark>property</mark>');
    expect(snippet).not.toContain('<mark>A</mark>');
    expect(snippet).not.toContain('<mark>a</mark>');
    // Typed last, "a" may be the start of a word; alone, it is all there is to show.
    expect((await index.search('property a', opts)).hits[0]?._highlightResult.content?.value).toContain('<mark>a</mark>');
    expect((await index.search('a', opts)).hits[0]?._highlightResult.content?.value).toContain('<mark>a</mark>');
  });

  it('finds a hyphenated query word the pages write apart by its parts, and keeps one they write as it is', async () => {
    const pages = [
      page('/d/hub/', 'Hub server', [text('Install the hub server on its own machine. It listens on ports 10540 and 10542.')]),
      page('/d/api/', 'REST API', [text('This page documents the REST API 1.6.0 of the hub.')]),
      page('/d/old/', 'Older API', [text('The REST API of release 1.5 used other paths; 6.0 is not a release.')]),
    ];
    const { index } = await openIndex(pages);
    expect((await index.search('hub-server', opts)).hits[0]?.url_without_anchor).toBe('/d/hub/');
    expect((await index.search('10540-10542', opts)).hits[0]?.url_without_anchor).toBe('/d/hub/');
    // "1.6.0" is in the index as it is: it must match, so the page with 1.5 and 6.0 is no hit.
    expect(new Set((await index.search('api 1.6.0', opts)).hits.map((h) => h.url_without_anchor))).toEqual(new Set(['/d/api/']));
  });

  it('tries a failed file again on the next search', async () => {
    const files = indexFiles(buildEmbeddedIndex(PAGES.map((p) => ({ url: p.url, records: pageIndexRecords(p, meta) })), meta), fixedNames('f'));
    let fail = true;
    const index = await LocalSearchIndex.open(async (name) => {
      if (name !== 'index.json' && fail) throw new Error('offline');
      return JSON.parse(files.get(name) ?? 'null') as unknown;
    });
    await expect(index.search('ssl', opts)).rejects.toThrow('offline');
    fail = false;
    expect((await index.search('ssl', opts)).hits[0]?.url).toBe('/d/ssl/');
  });

  it('computes bounded edit distances', () => {
    expect(boundedDistance('licence', 'license', 2)).toBe(1);
    expect(boundedDistance('abc', 'xyz', 1)).toBe(2);
  });

  it('counts two neighbouring letters swapped as one typo, as readers make it most often', () => {
    for (const [typed, word] of [['rundwon', 'rundown'], ['engnie', 'engine'], ['bakcup', 'backup'], ['lciense', 'license'], ['rnudown', 'rundown']]) {
      expect(boundedDistance(typed!, word!, 1), typed).toBe(1);
    }
    expect(boundedDistance('ab', 'ba', 1)).toBe(1);
    expect(boundedDistance('abcd', 'badc', 1)).toBe(2);
  });

  it('agrees with the full optimal-string-alignment distance on random words, within the bound', () => {
    const full = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
      for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
          const row = d[i]!;
          row[j] = Math.min(d[i - 1]![j]! + 1, row[j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
        }
      }
      return d[a.length]![b.length]!;
    };
    let seed = 11;
    const random = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    const word = () => Array.from({ length: 1 + random(7) }, () => 'abcd'[random(4)]).join('');
    for (let i = 0; i < 3000; i++) {
      const [a, b, max] = [word(), word(), 1 + random(2)];
      expect(boundedDistance(a, b, max), `${a} ${b} ${max}`).toBe(Math.min(full(a, b), max + 1));
    }
  });
});
