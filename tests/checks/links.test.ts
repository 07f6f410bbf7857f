/**
 * checkLinks resolves each link from its own page; a link from the root ("/…") resolves the same
 * from every page, so its verdict is worked out once and reported on every page that has it.
 */
import { describe, it, expect } from 'vitest';
import { checkLinks, type RenderedRoute } from '../../src/checks/links.ts';

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

  it('gives a root link the verdict of the page it resolves to, whichever page is checked first', () => {
    const target = page('/d/x/', [], ['part']);
    for (const routes of [[page('/d/a/', ['/d/x/#part']), target], [target, page('/d/a/', ['/d/x/#part'])]]) expect(check(routes)).toEqual([]);
  });
});
