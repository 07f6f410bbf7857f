/**
 * The text of search hits as DocSearch inserts it (theme/search/hit-text.ts): escaped in the
 * embedded index's hits, made safe in any other hit without escaping what already is, read back
 * once as text, and recent or favourite searches stored raw repaired before DocSearch reads them.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { escapeHtml } from '../../theme/escape-html.ts';
import { asHtmlText, plainTextHit, repairStoredSearches, safeHit, textOf, withSectionAsText } from '../../theme/search/hit-text.ts';
import { LocalSearchIndex } from '../../theme/search/local-index.ts';
import { pageIndexRecords } from '../../src/search/records.ts';
import { buildEmbeddedIndex, fixedNames, indexFiles } from '../../src/search/shards.ts';
import type { SearchHit } from '../../theme/search/types.ts';

type Node = DefaultTreeAdapterMap['childNode'];
/** The elements an HTML parser makes of a value inserted with innerHTML, with their attributes. */
function elementsOf(html: string): string[] {
  const found: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if ('tagName' in node) {
        found.push([node.tagName, ...node.attrs.map((a) => a.name)].join(' '));
        walk(node.childNodes);
      }
    }
  };
  walk(parseFragment(html).childNodes);
  return found;
}

/** Strings rich in what matters here: tags, quotes, ampersands and references, <mark>. */
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom('<', '>', '&', '"', "'", ';', '#', 'x', '/', ' ', '=', '<mark>', '</mark>', '<MARK>', '&amp;', '&lt;', '&#39;', '&#x3c;', '&nbsp;', '&lt', '<img src=x onerror=alert(1)>', '<iframe srcdoc="<script>x</script>">', '<!--', '<![CDATA[', 'é'),
      fc.string({ maxLength: 3 }),
    ),
    { maxLength: 30 },
  )
  .map((parts) => parts.join(''));

const meta = { language: 'en', tag: 'docs-default-current' };
const TITLE = "Zqtitle <img src=x onerror=window.__xss='title'> & co";
const DESCRIPTION = `Zqdesc "><img src=x onerror=window.__xss='desc'>`;
const HEADING = "Zqhead <img src=x onerror=window.__xss='head'>";
const SECTION = "Tips & <b>Tricks</b>";

async function embeddedHits(query: string): Promise<SearchHit[]> {
  const page = {
    url: '/d/evil/',
    section: SECTION,
    title: TITLE,
    description: DESCRIPTION,
    blocks: [
      { kind: 'text' as const, text: 'Zqbody text & more <img src=x> here.' },
      { kind: 'heading' as const, level: 2, text: HEADING, anchor: 'zqhead' },
      { kind: 'text' as const, text: 'if (a < b && c > d) { zqcode(); }', code: true as const },
    ],
  };
  const files = indexFiles(buildEmbeddedIndex([{ url: page.url, records: pageIndexRecords(page, meta) }], meta), fixedNames('f'));
  const index = await LocalSearchIndex.open(async (name) => JSON.parse(files.get(name) ?? 'null') as unknown);
  return (await index.search(query, { hitsPerPage: 20, page: 0, snippetWords: 10, perPage: 5, facetFilters: [] })).hits;
}

describe('hits of the embedded index', () => {
  it('hold the titles, headings, description and text escaped, as DocSearch inserts them', async () => {
    const hits = await embeddedHits('zqtitle');
    const page = hits.find((h) => h.type === 'lvl1');
    expect(page?.hierarchy.lvl0).toBe(escapeHtml(SECTION));
    expect(page?.hierarchy.lvl1).toBe(escapeHtml(TITLE));
    expect(page?.content).toBe(escapeHtml(DESCRIPTION));
    const heading = (await embeddedHits('zqhead')).find((h) => h.type === 'lvl2');
    expect(heading?.hierarchy.lvl2).toBe(escapeHtml(HEADING));
    const code = (await embeddedHits('zqcode')).find((h) => h.code);
    expect(code?.content).toBe('if (a &lt; b &amp;&amp; c &gt; d) { zqcode(); }');
    for (const hit of [...hits, heading, code]) {
      // DocSearch's fallback: the snippet value, else the field itself, as HTML.
      for (const html of [hit?.hierarchy.lvl1, hit?.hierarchy.lvl2, hit?.content, hit?._snippetResult.hierarchy?.lvl1?.value, hit?._snippetResult.content?.value]) {
        if (html) expect(elementsOf(html).filter((e) => e !== 'mark'), html).toEqual([]);
      }
      // Read back as text, each character once.
      expect(textOf(hit?.hierarchy.lvl1 ?? '')).toBe(TITLE);
    }
  });

  it('keep the highlight values as they were, and the snippet hierarchy apart from the highlight one', async () => {
    const [hit] = await embeddedHits('zqtitle');
    expect(hit?._highlightResult.hierarchy.lvl1?.value).toBe(`<mark>Zqtitle</mark> ${escapeHtml(TITLE.slice(8))}`);
    expect(hit?._snippetResult.hierarchy).not.toBe(hit?._highlightResult.hierarchy);
  });
});

describe('asHtmlText and textOf', () => {
  it('escape raw text as escapeHtml does, and leave escaped text as it is', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        if (!text.includes('&')) expect(asHtmlText(text)).toBe(escapeHtml(text));
        expect(asHtmlText(escapeHtml(text))).toBe(escapeHtml(text));
        expect(asHtmlText(asHtmlText(text))).toBe(asHtmlText(text));
        expect(asHtmlText(asHtmlText(text, true), true)).toBe(asHtmlText(text, true));
        expect(textOf(escapeHtml(text))).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('leave no element in what DocSearch inserts, but <mark> where marks are kept', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(elementsOf(asHtmlText(text))).toEqual([]);
        expect(elementsOf(asHtmlText(text, true)).filter((e) => e !== 'mark')).toEqual([]);
      }),
      { numRuns: 2000 },
    );
    expect(asHtmlText('<mark>a</mark> <b>', true)).toBe('<mark>a</mark> &lt;b&gt;');
    expect(asHtmlText('<mark>a</mark>')).toBe('&lt;mark&gt;a&lt;/mark&gt;');
    expect(asHtmlText('AT&T &amp; &lt;x&gt; &#39; &nbsp;')).toBe('AT&amp;T &amp; &lt;x&gt; &#39; &nbsp;');
  });

  it('textOf decodes each reference once', () => {
    expect(textOf('&amp;lt; &lt;b&gt; &#39;&#x27;&quot;&apos; &#65; &nbsp;&copy;')).toBe("&lt; <b> ''\"' A \u00a0&copy;");
  });
});

describe('hits of any origin', () => {
  const highlight = (value: string) => ({ value, matchLevel: 'full' as const, matchedWords: [] });
  const hierarchy = (lvl0: string, lvl1: string) => ({ lvl0, lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null });
  const raw = {
    objectID: '1',
    hierarchy: hierarchy('Hosted & raw', 'Raw <img src=x onerror=alert(1)> title'),
    content: 'Raw <img src=x onerror=alert(2)> text',
    _highlightResult: { hierarchy: { lvl0: highlight('Hosted & raw'), lvl1: highlight('<mark>Raw</mark> <img src=x onerror=alert(3)> title') } },
    _snippetResult: { hierarchy: { lvl1: highlight('<mark>Raw</mark> <img src=x onerror=alert(4)> title') }, content: highlight('<mark>Raw</mark> <img src=x onerror=alert(5)> text') },
  };
  const escaped = {
    objectID: '2',
    hierarchy: hierarchy('Crawled &amp; escaped', 'Crawled &lt;b&gt; &#39;title&#39;'),
    content: null,
    _highlightResult: { hierarchy: { lvl0: highlight('Crawled &amp; escaped'), lvl1: highlight('<mark>Crawled</mark> &lt;b&gt; &#39;title&#39;') } },
    _snippetResult: { hierarchy: { lvl1: highlight('<mark>Crawled</mark> &lt;b&gt; &#39;title&#39;') } },
  };

  it('safeHit escapes a raw record, keeps <mark>, and leaves an escaped one equal', () => {
    const safe = safeHit(raw);
    const values = [safe.hierarchy.lvl0, safe.hierarchy.lvl1, safe.content, safe._highlightResult.hierarchy.lvl1.value, safe._snippetResult.hierarchy.lvl1.value, safe._snippetResult.content.value];
    for (const html of values) expect(elementsOf(html ?? '').filter((e) => e !== 'mark'), html ?? '').toEqual([]);
    expect(safe._snippetResult.hierarchy.lvl1.value).toBe('<mark>Raw</mark> &lt;img src=x onerror=alert(4)&gt; title');
    expect(safe.hierarchy.lvl0).toBe('Hosted &amp; raw');
    expect(safeHit(escaped)).toEqual(escaped);
    expect(safeHit(safe)).toEqual(safe);
  });

  it('plainTextHit gives the search page the text itself', () => {
    expect(plainTextHit(safeHit(raw)).hierarchy.lvl1).toBe(raw.hierarchy.lvl1);
    expect(plainTextHit(escaped).hierarchy).toMatchObject({ lvl0: 'Crawled & escaped', lvl1: "Crawled <b> 'title'" });
  });

  it("withSectionAsText gives DocSearch's group title the section's text, in a new object, the snippets left HTML", () => {
    const safe = safeHit(raw);
    const shared = { ...safe, _snippetResult: { ...safe._snippetResult, hierarchy: safe._highlightResult.hierarchy } };
    const titled = withSectionAsText(shared);
    expect(titled._highlightResult.hierarchy.lvl0?.value).toBe('Hosted & raw');
    expect(titled._snippetResult.hierarchy?.lvl0?.value).toBe('Hosted &amp; raw');
    expect(shared._highlightResult.hierarchy.lvl0?.value).toBe('Hosted &amp; raw');
    expect(withSectionAsText({ ...escaped, _highlightResult: { hierarchy: { lvl0: highlight('<mark>Crawled</mark> &amp; escaped') } } })._highlightResult.hierarchy.lvl0?.value).toBe('Crawled & escaped');
    // A service that highlights no section: DocSearch would title the group with the escaped lvl0.
    const { _highlightResult: _h, ...unhighlighted } = escaped;
    expect((withSectionAsText(unhighlighted) as Partial<SearchHit>)._highlightResult?.hierarchy.lvl0?.value).toBe('Crawled & escaped');
    expect(withSectionAsText({ ...escaped, _highlightResult: { hierarchy: {} } as SearchHit['_highlightResult'] })._highlightResult.hierarchy.lvl0?.value).toBe('Crawled & escaped');
  });
});

/** localStorage as DocSearch finds it, with the writes made. */
function storage(entries: Record<string, string>) {
  const map = new Map(Object.entries(entries));
  const writes: string[] = [];
  const store = {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => {
      writes.push(key);
      map.set(key, value);
    },
    removeItem: (key: string) => {
      writes.push(`-${key}`);
      map.delete(key);
    },
  } as unknown as Storage;
  return { store, map, writes };
}

describe('recent and favourite searches stored before hits were escaped', () => {
  const entry = (objectID: string, lvl1: string, content: string | null = null, extra: object = {}) => ({
    objectID,
    url: '/docs/a/',
    type: 'lvl1',
    content,
    hierarchy: { lvl0: 'Guide', lvl1, lvl2: null, lvl3: null, lvl4: null, lvl5: null, lvl6: null },
    ...extra,
  });
  const RECENT = '__DOCSEARCH_RECENT_SEARCHES__local';
  const FAVOURITE = '__DOCSEARCH_FAVORITE_SEARCHES__local';

  it('escapes raw entries and drops highlight values, leaves escaped ones as they are', () => {
    const fixed = entry('3', 'Fixed &amp; &lt;b&gt;', 'Text &#39;quoted&#39;');
    const { store, map } = storage({
      [RECENT]: JSON.stringify([
        entry('1', 'Raw <img src=x onerror=alert(1)> & co', 'Raw <b>text</b>'),
        entry('2', 'Child', null, { type: 'lvl2', __docsearch_parent: { ...entry('p', 'Parent <img src=x>'), _highlightResult: { hierarchy: { lvl0: { value: 'Guide <img src=x>' } } } } }),
        fixed,
      ]),
      [FAVOURITE]: JSON.stringify([entry('4', 'Fav <iframe srcdoc="x">', null, { _snippetResult: { hierarchy: { lvl1: { value: '<img src=x>' } } } })]),
    });
    repairStoredSearches('local', store);
    const recent = JSON.parse(map.get(RECENT) ?? '[]') as ReturnType<typeof entry>[];
    expect(recent[0]?.hierarchy.lvl1).toBe('Raw &lt;img src=x onerror=alert(1)&gt; &amp; co');
    expect(recent[0]?.content).toBe('Raw &lt;b&gt;text&lt;/b&gt;');
    expect(recent[2]).toEqual(fixed);
    expect(map.get(RECENT)).not.toMatch(/[<>]/);
    expect(map.get(FAVOURITE)).not.toMatch(/[<>]/);
    expect(textOf(recent[0]?.hierarchy.lvl1 ?? '')).toBe('Raw <img src=x onerror=alert(1)> & co');
  });

  it('writes nothing when every entry is already safe, and removes a list it cannot read', () => {
    const safe = JSON.stringify([entry('1', 'Fixed &amp; &lt;b&gt;')]);
    const clean = storage({ [RECENT]: safe });
    repairStoredSearches('local', clean.store);
    expect(clean.writes).toEqual([]);
    const broken = storage({ [RECENT]: '{"not":"a list"}', [FAVOURITE]: '[{"objectID": <img' });
    repairStoredSearches('local', broken.store);
    expect([...broken.map.keys()]).toEqual([]);
  });

  it('reads the keys of the index it is given', () => {
    const hosted = storage({ '__DOCSEARCH_RECENT_SEARCHES__fixture-docs': JSON.stringify([entry('1', '<img src=x>')]), [RECENT]: JSON.stringify([entry('1', '<img src=x>')]) });
    repairStoredSearches('fixture-docs', hosted.store);
    expect(hosted.writes).toEqual(['__DOCSEARCH_RECENT_SEARCHES__fixture-docs']);
  });
});
