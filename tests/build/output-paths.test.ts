/** Which files of out/ a server may let browsers keep for ever: those named by their contents. */
import { describe, it, expect } from 'vitest';
import { isImmutable, SEARCH_INDEX_REL, SIDEBAR_ITEMS_DIR } from '../../src/build/output-paths.ts';

describe('files that never change under their URL', () => {
  it('are the hashed files under assets/', () => {
    for (const rel of ['assets/main-ABCD1234.js', 'assets/img/diagram-0123456789.svg', 'assets/search-index/terms/0123456789ab.json', 'assets/search-index/0123456789/p12.json']) {
      expect(isImmutable(rel), rel).toBe(true);
    }
  });

  it('are not the files named by what they are, nor pages and other files outside assets/', () => {
    for (const rel of [SEARCH_INDEX_REL, `${SIDEBAR_ITEMS_DIR}/abc123.json`, 'assets/search-index/dev/t0.json', 'index.html', 'guide/index.html', 'sitemap.xml', 'api/spec.yaml']) {
      expect(isImmutable(rel), rel).toBe(false);
    }
  });
});
