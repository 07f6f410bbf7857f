import { describe, it, expect } from 'vitest';
import { LocalSearchIndex, boundedDistance } from '../../theme/search/local-index.ts';
import { compactIndex, compactRow, pageRecords } from '../../src/search/records.ts';

const meta = { language: 'en', tag: 'docs-default-current' };
const records = [
  ...pageRecords(
    { url: '/d/ssl/', section: 'Configurations', title: 'SSL', description: 'Turn on HTTPS for the hub.', blocks: [{ kind: 'heading', level: 2, text: 'Certificate files', anchor: 'certificate-files' }, { kind: 'text', text: 'Place the certificate and the private key in the config folder of the hub server before you restart it.' }] },
    meta,
  ),
  ...pageRecords(
    { url: '/d/backup/', section: 'Installations', title: 'Licence backup and restore', description: '', blocks: [{ kind: 'text', text: 'Mention of ssl in body text only.' }] },
    meta,
  ),
];
const index = new LocalSearchIndex(JSON.parse(JSON.stringify(compactIndex(records.map(compactRow), meta))));
const opts = { hitsPerPage: 20, page: 0, snippetWords: 10 };

describe('embedded search index', () => {
  it('ranks titles above body text', () => {
    const result = index.search('ssl', opts);
    expect(result.hits[0]?.url).toBe('/d/ssl/');
    expect(result.hits.some((h) => h.url === '/d/backup/')).toBe(true);
  });

  it('matches the last word as a prefix and tolerates typos in longer words', () => {
    expect(index.search('certif', opts).hits[0]?.url).toBe('/d/ssl/#certificate-files');
    expect(index.search('licnce backup', opts).hits[0]?.url).toBe('/d/backup/');
  });

  it('returns DocSearch-shaped hits with escaped highlights and snippets of the asked length', () => {
    const hit = index.search('private key', { ...opts, snippetWords: 5 }).hits[0];
    expect(hit?._snippetResult.content?.value).toContain('<mark>private</mark>');
    expect(hit?._snippetResult.content?.value.replace(/<\/?mark>/g, '').replace(/…/g, '').trim().split(/\s+/)).toHaveLength(5);
    expect(hit?.hierarchy.lvl0).toBe('Configurations');
  });

  it('filters by language and version tag', () => {
    expect(index.search('ssl', { ...opts, facetFilters: ['language:de'] }).nbHits).toBe(0);
    expect(index.search('ssl', { ...opts, facetFilters: ['language:en', 'docusaurus_tag:docs-default-current'] }).nbHits).toBeGreaterThan(0);
  });

  it('computes bounded edit distances', () => {
    expect(boundedDistance('licence', 'license', 2)).toBe(1);
    expect(boundedDistance('abc', 'xyz', 1)).toBe(2);
  });
});
