/**
 * checkLinks resolves each link from its own page; a link from the root ("/…") resolves the same
 * from every page, so its verdict is worked out once and reported on every page that has it.
 */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { checkLinks, createLinkCheckMemo, type RenderedRoute } from '../../src/checks/links.ts';

const page = (path: string, hrefs: string[], ids: string[] = []): RenderedRoute => ({
  path,
  ids: new Set(ids),
  hrefs,
  source: { file: `/c${path}index.md`, links: hrefs.map((href, i) => ({ href, source: href, line: i + 1, column: 1 })) },
});
const check = (routes: RenderedRoute[]) => checkLinks({ baseUrl: '/d/', routes, files: new Set(['img/a.png']), configFile: '/c/config.yaml' });

describe('checkLinks', () => {
  it('resolves the same relative link from each page it is on', () => {
    const findings = check([page('/d/a/', ['second/']), page('/d/a/second/', []), page('/d/b/', ['second/'])]);
    expect(findings.map((f) => [f.kind, f.message, f.position])).toEqual([['broken-link', expect.stringContaining('/d/b/second/'), { file: '/c/d/b/index.md', line: 1, column: 1 }]]);
  });

  it('reports a link from the root on every page that has it, each at its own line', () => {
    const findings = check([page('/d/a/', ['/d/img/a.png', '/d/x/#part']), page('/d/b/', ['/d/x/#part']), page('/d/x/', ['#here', '#part'], ['here'])]);
    // Fewer than five pages: one finding per page, each at the line of that page's link.
    expect(findings.map((f) => [f.link, f.message.replace(/.*: /, ''), f.position])).toEqual([
      ['/d/x/#part', 'no element with id "part" on /d/x/', { file: '/c/d/a/index.md', line: 2, column: 1 }],
      ['/d/x/#part', 'no element with id "part" on /d/x/', { file: '/c/d/b/index.md', line: 1, column: 1 }],
      // An anchor on the page itself is checked against that page's ids.
      ['#part', 'no element with id "part" on this page', { file: '/c/d/x/index.md', line: 2, column: 1 }],
    ]);
  });

  it('a link broken from the navbar on many pages is one finding, even where some pages also have it in their text', () => {
    // Pages without a source record of the link have it from the config (navbar, footer); two also write it.
    const navOnly = (path: string): RenderedRoute => ({ path, ids: new Set(), hrefs: ['/d/gone/'], source: { file: `/c${path}index.md`, links: [] } });
    const routes = [...['/d/a/', '/d/b/', '/d/c/', '/d/e/', '/d/f/', '/d/g/'].map(navOnly), page('/d/h/', ['/d/gone/']), page('/d/i/', ['/d/img/a.png', '/d/gone/'])];
    const findings = checkLinks({ baseUrl: '/d/', routes, files: new Set(['img/a.png']), configFile: '/c/config.yaml', configPositionOf: () => ({ file: '/c/config.yaml', line: 38, column: 7 }) });
    expect(findings.map((f) => [f.message, f.position])).toEqual([
      ['broken link "/d/gone/" on 6 pages: no page or file at /d/gone/', { file: '/c/config.yaml', line: 38, column: 7 }],
      ['broken link "/d/gone/" on /d/h/: no page or file at /d/gone/', { file: '/c/d/h/index.md', line: 1, column: 1 }],
      ['broken link "/d/gone/" on /d/i/: no page or file at /d/gone/', { file: '/c/d/i/index.md', line: 2, column: 1 }],
    ]);
    expect(findings[0]?.pages).toEqual(['/d/a/', '/d/b/', '/d/c/', '/d/e/', '/d/f/', '/d/g/']);
  });

  it('gives a root link the verdict of the page it resolves to, whichever page is checked first', () => {
    const target = page('/d/x/', [], ['part']);
    for (const routes of [[page('/d/a/', ['/d/x/#part']), target], [target, page('/d/a/', ['/d/x/#part'])]]) expect(check(routes)).toEqual([]);
  });

  it('with the verdicts of earlier checks kept, finds what a fresh check finds after any page is replaced', () => {
    // Pages link to each other's ids and to files; an edit replaces one page's object (new ids, new links).
    const pathArb = fc.constantFrom('/d/a/', '/d/b/', '/d/c/');
    const hrefArb = fc.oneof(
      fc.tuple(pathArb, fc.constantFrom('', '#one', '#two')).map(([p, h]) => p + h),
      fc.constantFrom('#one', '#two', '/d/img/a.png', '/d/img/b.png', 'b/', '../c/#one'),
    );
    const pageArb = (path: string) => fc.record({ hrefs: fc.array(hrefArb, { maxLength: 4 }), ids: fc.subarray(['one', 'two']) }).map((p) => page(path, p.hrefs, p.ids));
    const siteArb = fc.tuple(pageArb('/d/a/'), pageArb('/d/b/'), pageArb('/d/c/'));
    const filesArb = fc.subarray(['img/a.png', 'img/b.png']).map((f) => new Set(f));
    fc.assert(
      fc.property(siteArb, fc.array(fc.tuple(fc.nat(2), siteArb, filesArb), { minLength: 1, maxLength: 4 }), (first, edits) => {
        const memo = createLinkCheckMemo();
        const routes = [...first];
        const input = (files: Set<string>) => ({ baseUrl: '/d/', routes: [...routes], files, configFile: '/c/config.yaml' });
        checkLinks(input(new Set(['img/a.png'])), memo);
        for (const [at, replacements, files] of edits) {
          routes[at] = replacements[at] as RenderedRoute;
          expect(checkLinks(input(files), memo)).toEqual(checkLinks(input(files)));
        }
      }),
      { numRuns: 300, seed: 19 },
    );
  });

  it("keeps an unchanged page's verdicts between checks, and finds them again when its target changes", () => {
    const memo = createLinkCheckMemo();
    const linking = page('/d/a/', ['/d/x/#part']);
    const routes = (target: RenderedRoute) => ({ baseUrl: '/d/', routes: [linking, target], files: new Set<string>(), configFile: '/c/config.yaml' });
    expect(checkLinks(routes(page('/d/x/', [], ['part'])), memo)).toEqual([]);
    // The heading "part" was renamed on the target page: the unchanged page's link is broken now.
    expect(checkLinks(routes(page('/d/x/', [], ['renamed'])), memo).map((f) => f.message)).toEqual(['broken anchor "/d/x/#part" on /d/a/: no element with id "part" on /d/x/']);
  });
});
