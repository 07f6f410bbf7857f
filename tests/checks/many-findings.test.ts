/** The link check with thousands of problems: each is reported once, at its own source line. */
import { describe, it, expect } from 'vitest';
import { checkLinks, type RenderedRoute } from '../../src/checks/links.ts';

describe('checkLinks with many problems', () => {
  it('20,000 broken anchors on one page and a navbar link broken on 5,000 pages', () => {
    const count = 20_000;
    const links = Array.from({ length: count }, (_, i) => ({ href: `#nope-${i}`, source: `#nope-${i}`, line: i + 1, column: 3 }));
    const big: RenderedRoute = { path: '/d/big/', ids: new Set(['top']), hrefs: [...links.map((l) => l.href), '#top', '#nope-0'], source: { file: '/c/big.md', links } };
    const pages: RenderedRoute[] = Array.from({ length: 5000 }, (_, i) => ({ path: `/d/p${i}/`, ids: new Set(), hrefs: ['/d/missing/'] }));
    const findings = checkLinks({ baseUrl: '/d/', routes: [big, ...pages], files: new Set(), configFile: '/c/config.yaml', configPositionOf: () => ({ file: '/c/config.yaml', line: 7, column: 5 }) });
    const anchors = findings.filter((f) => f.kind === 'broken-anchor');
    expect(anchors).toHaveLength(count);
    expect(anchors[12_345]?.position).toEqual({ file: '/c/big.md', line: 12_346, column: 3 });
    const navbar = findings.filter((f) => f.kind === 'broken-link');
    expect(navbar).toHaveLength(1);
    expect(navbar[0]?.pages).toHaveLength(5000);
    expect(navbar[0]?.position).toEqual({ file: '/c/config.yaml', line: 7, column: 5 });
  });
});
