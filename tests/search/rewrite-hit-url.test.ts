/** A search hit's URL as the dialog and the search page link it (theme/search/client.ts rewriteHitUrl). */
import { describe, it, expect, beforeAll } from 'vitest';
import { rewriteHitUrl } from '../../theme/search/client.ts';
import type { SearchSettings } from '../../theme/data.ts';

beforeAll(() => {
  (globalThis as unknown as { window: unknown }).window ??= { location: { origin: 'https://docs.example.com' } };
});

const settings = (replace?: { from: string; to: string }) => ({ ...(replace ? { replaceSearchResultPathname: replace } : {}) }) as unknown as SearchSettings;

describe('rewriteHitUrl', () => {
  it('opens results of this site in place and applies the configured path replacement', () => {
    expect(rewriteHitUrl({ url: 'https://docs.example.com/old/a/#x' }, settings({ from: '^/old/', to: '/new/' })).url).toBe('/new/a/#x');
  });

  it('keeps the path when a replacement would lead off the site or to a script (settings of a build made before config.yaml was checked)', () => {
    for (const to of ['javascript:alert(1)//', '//evil.example/', '/\\evil.example/', 'https://evil.example/', '/\t/evil.example/', '/\n\\evil.example/']) {
      expect(rewriteHitUrl({ url: '/docs/a/' }, settings({ from: '^.*$', to })).url, to).toBe('/docs/a/');
    }
  });

  it('keeps the path when a checked replacement joins what it matched into //host', () => {
    // `to: /` passes config.yaml, but "/docs" + "/evil.example/…" → "/" + "/evil.example/…".
    expect(rewriteHitUrl({ url: '/docs/evil.example/x/' }, settings({ from: '^/docs', to: '/' })).url).toBe('/docs/evil.example/x/');
  });

  it('links a hit that is no web page nowhere, and one whose path reads as another host by its full URL', () => {
    expect(rewriteHitUrl({ url: 'javascript:alert(1)' }, settings()).url).toBe('#');
    expect(rewriteHitUrl({ url: 'javascript:alert(1)' }, { externalUrlRegex: '.*' } as unknown as SearchSettings).url).toBe('#');
    expect(rewriteHitUrl({ url: 'https://docs.example.com//evil.example/a/' }, settings()).url).toBe('https://docs.example.com//evil.example/a/');
    expect(rewriteHitUrl({ url: 'https://other.example/a/' }, { externalUrlRegex: 'other\\.example' } as unknown as SearchSettings).url).toBe('https://other.example/a/');
  });
});
