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
    for (const to of ['javascript:alert(1)//', '//evil.example/', '/\\evil.example/', 'https://evil.example/']) {
      expect(rewriteHitUrl({ url: '/docs/a/' }, settings({ from: '^.*$', to })).url, to).toBe('/docs/a/');
    }
  });
});
