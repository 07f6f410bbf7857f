import { describe, it, expect } from 'vitest';
import { fileCandidates, idOfHash, isExternal, isUnderBase, matchRoute, resolveSitePath, routeOfPath, withBase, withoutBase } from '../../theme/urls.ts';

describe('the site URL rules (one module for generator, servers and browser)', () => {
  it('tells links that leave the site from site paths', () => {
    for (const href of ['https://example.com/', 'http://x', 'mailto:a@example.com', '//cdn.example.com/x.js', 'javascript:alert(1)']) expect(isExternal(href), href).toBe(true);
    // As a browser reads them: a backslash is a slash, leading spaces and control characters are dropped.
    for (const href of ['/\\evil.example/x', '\\\\evil.example', '\\/evil.example', ' //evil.example', '\u0001//evil.example', ' javascript:alert(1)']) expect(isExternal(href), JSON.stringify(href)).toBe(true);
    for (const href of ['/suite/a/', 'a/b.md', '#top', '../x', '?q=1', '']) expect(isExternal(href), href).toBe(false);
  });

  it('reads the id a fragment names, and one that is not valid percent-encoding as written', () => {
    expect(idOfHash('#setup%20steps')).toBe('setup steps');
    expect(idOfHash('plain')).toBe('plain');
    expect(idOfHash('#%E0%A4%A')).toBe('%E0%A4%A');
    expect(idOfHash('')).toBe('');
  });

  it('joins the base path and a route', () => {
    expect(withBase('/suite/', '/a/b/')).toBe('/suite/a/b/');
    expect(withBase('/', '/a/')).toBe('/a/');
    expect(withBase('/suite/', '/')).toBe('/suite/');
  });

  it('takes the base path off a path made by withBase', () => {
    for (const [base, route] of [['/suite/', '/a/b/'], ['/', '/a/'], ['/suite/', '/']] as const) expect(withoutBase(base, withBase(base, route))).toBe(route);
  });

  it('resolves config.yaml site paths against the base, leaving external URLs and based paths as they are', () => {
    expect(resolveSitePath('/suite/', '/installations/')).toBe('/suite/installations/');
    expect(resolveSitePath('/suite/', 'rhubapi')).toBe('/suite/rhubapi');
    expect(resolveSitePath('/suite/', '/suite/faq/')).toBe('/suite/faq/');
    expect(resolveSitePath('/suite/', 'https://example.com/')).toBe('https://example.com/');
  });

  it('knows what lies under the base path', () => {
    expect(isUnderBase('/suite/a/', '/suite/')).toBe(true);
    expect(isUnderBase('/suite', '/suite/')).toBe(true);
    expect(isUnderBase('/suites/', '/suite/')).toBe(false);
    expect(isUnderBase('/other/', '/suite/')).toBe(false);
  });

  it('strips a trailing .html or /index.html and adds the trailing slash', () => {
    expect(routeOfPath('/docs/a/b.html')).toBe('/docs/a/b/');
    expect(routeOfPath('/docs/a/b/index.html')).toBe('/docs/a/b/');
    expect(routeOfPath('/docs/a/b')).toBe('/docs/a/b/');
    expect(routeOfPath('/docs/')).toBe('/docs/');
  });

  it('matches a URL path to a route: exactly first, then by the stripping rule', () => {
    const routes = new Set(['/s/', '/s/a/', '/s/b.html/']);
    expect(matchRoute('/s/a/', routes)).toBe('/s/a/');
    expect(matchRoute('/s/a', routes)).toBe('/s/a/');
    expect(matchRoute('/s/a.html', routes)).toBe('/s/a/');
    expect(matchRoute('/s/a/index.html', routes)).toBe('/s/a/');
    expect(matchRoute('/s', routes)).toBe('/s/');
    expect(matchRoute('/s/b.html/', routes)).toBe('/s/b.html/');
    expect(matchRoute('/s/c/', routes)).toBeUndefined();
  });

  it('lists the files that may answer a path, the file itself before its route page', () => {
    expect(fileCandidates('')).toEqual(['index.html']);
    expect(fileCandidates('a/')).toEqual(['a/index.html']);
    expect(fileCandidates('a/b')).toEqual(['a/b', 'a/b/index.html']);
    expect(fileCandidates('a/b.html')).toEqual(['a/b.html', 'a/b/index.html']);
    expect(fileCandidates('a/index.html')).toEqual(['a/index.html']);
    expect(fileCandidates('assets/x.js')).toEqual(['assets/x.js', 'assets/x.js/index.html']);
  });
});
