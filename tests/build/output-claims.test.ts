/**
 * One owner for every path of out/ (src/build/output-claims.ts): the rule itself, then a full and an
 * incremental build that agree on it, with a finding for every file that lost its path.
 */
import { describe, it, expect } from 'vitest';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, fullBuildContents, contentsOf, runCli } from '../helpers.ts';
import { settleOutputPaths, type ClaimedPath } from '../../src/build/output-claims.ts';

const page = (rel: string, route: string): ClaimedPath => ({ rel, owner: { kind: 'page', route, source: '/site/content/page.md' } });
const staticFile = (rel: string): ClaimedPath => ({ rel, owner: { kind: 'static', source: `/site/content/_static/${rel}` } });
const docsgen = (rel: string): ClaimedPath => ({ rel, owner: { kind: 'docsgen' } });
const generated = (rel: string): ClaimedPath => ({ rel, owner: { kind: 'generated' } });

describe('settleOutputPaths', () => {
  it('keeps docsgen files, then pages, then static files, then generated ones, whatever the order given', () => {
    const claims = [generated('robots.txt'), staticFile('robots.txt'), staticFile('guide/index.html'), page('guide/index.html', '/guide/'), staticFile('assets/app.js'), docsgen('assets/app.js')];
    const { kept, findings } = settleOutputPaths(claims, '/site/config.yaml');
    expect([...kept]).toEqual([claims[5], claims[3], claims[1]]);
    // The static robots.txt replaces the generated one without a word; the two other static files are reported at themselves.
    expect(findings.map((f) => [f.kind, f.position.file])).toEqual([
      ['duplicate-route', '/site/content/_static/guide/index.html'],
      ['duplicate-route', '/site/content/_static/assets/app.js'],
    ]);
    expect(findings[0]!.message).toBe('this static file is not published: out/guide/index.html is the page /guide/');
  });

  it('sees a file where a page needs a folder, and a folder where a file would go', () => {
    const claims = [page('robots.txt/index.html', '/robots.txt/'), generated('robots.txt'), staticFile('guide'), page('guide/one/index.html', '/guide/one/')];
    const { kept, findings } = settleOutputPaths(claims, '/site/config.yaml');
    expect([...kept]).toEqual([claims[0], claims[3]]);
    expect(findings.map((f) => f.message)).toEqual([
      'this static file is not published: out/guide would be a file where the page /guide/one/ needs a folder (out/guide/one/index.html)',
      'robots.txt is not generated: out/robots.txt would be a file where the page /robots.txt/ needs a folder (out/robots.txt/index.html)',
    ]);
    // The generated file's finding points at the page that took its path.
    expect(findings[1]!.position).toEqual({ file: '/site/content/page.md', line: 1, column: 1 });
  });

  it('refuses a page at the path of one of docsgen own files, at the page', () => {
    expect(() => settleOutputPaths([docsgen('assets/search-index/index.json'), page('assets/search-index/index.json/index.html', '/x/')], '/c.yaml')).toThrow(
      /the page \/x\/ cannot be written: out\/assets\/search-index\/index.json\/index.html needs out\/assets\/search-index\/index.json to be a folder, and that is one of docsgen's own files/,
    );
  });
});

async function build(site: string, ...args: string[]) {
  const result = await runCli(['build', '--config', path.join(site, 'config.yaml'), ...args]);
  expect(result.code, result.stderr).toBe(0);
  return result;
}

describe('a build with files that want the same path of out/', () => {
  it('writes the page over a static file at its path in a full and an incremental build alike, and says so', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const staticPage = path.join(site, 'content/_static/guide/first/index.html');
    await mkdir(path.dirname(staticPage), { recursive: true });
    await writeFile(staticPage, '<p>a static page</p>\n');
    const incremental = await build(site);
    expect(incremental.stdout + incremental.stderr).toContain('this static file is not published: out/guide/first/index.html is the page /docs/guide/first/');
    const afterIncremental = await contentsOf(path.join(site, 'out'));
    expect(afterIncremental.get('guide/first/index.html')).toMatch(/^<!doctype html>/);
    // A clean build writes the same files.
    expect(await fullBuildContents(site)).toEqual(afterIncremental);
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('publishes a static robots.txt instead of the generated one, and reports a page slugged /robots.txt instead of failing', async () => {
    const site = await copyFixture('basic');
    await writeFile(path.join(site, 'content/_static/robots.txt'), 'User-agent: *\nDisallow: /private/\n');
    await build(site);
    expect(await readFile(path.join(site, 'out/robots.txt'), 'utf8')).toBe('User-agent: *\nDisallow: /private/\n');
    await rm(path.join(site, 'content/_static/robots.txt'));
    await writeFile(path.join(site, 'content/guide/robots.md'), '---\nslug: /robots.txt\n---\n# Robots\n');
    const result = await build(site);
    expect(result.stdout + result.stderr).toMatch(/guide\/robots\.md:1:1: warning: robots\.txt is not generated: out\/robots\.txt would be a file where the page \/docs\/robots\.txt\/ needs a folder/);
    expect((await stat(path.join(site, 'out/robots.txt/index.html'))).isFile()).toBe(true);
    expect(await fullBuildContents(site)).toEqual(await contentsOf(path.join(site, 'out')));
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('says what moves each page when an API takes the search page\'s path', async () => {
    const site = await copyFixture('basic');
    const config = path.join(site, 'config.yaml');
    await writeFile(config, (await readFile(config, 'utf8')).replace('route: api,', 'route: search,'));
    const result = await runCli(['check', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: the page /docs/search/ cannot be written: out/search/index.html is the page /docs/search/');
    expect(result.stderr).toContain('hint: move one of the two pages: /docs/search/ by its api[].route in config.yaml, or /docs/search/ by search.searchPagePath in config.yaml');
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('fails at the doc, not the not-found page, when a slug needs 404.html as a folder, and leaves out/ as it was', async () => {
    const site = await copyFixture('basic');
    await build(site);
    const before = await contentsOf(path.join(site, 'out'));
    await writeFile(path.join(site, 'content/guide/nf.md'), '---\nslug: /404.html\n---\n# Not found, the page\n');
    const result = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('guide/nf.md:1:1: error: the page /docs/404.html/ cannot be written: out/404.html/index.html needs out/404.html to be a folder, and that is the page /docs/404/');
    expect(result.stderr).toContain("hint: move /docs/404.html/ by the slug in nf.md's front matter (or its file name): /docs/404/ has a path of its own");
    expect(result.stderr).not.toMatch(/EISDIR|ENOTDIR|\n\s+at /);
    expect(await contentsOf(path.join(site, 'out'))).toEqual(before);
    await rm(site, { recursive: true, force: true });
  }, 120_000);
});
