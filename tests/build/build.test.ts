import { describe, it, expect, beforeAll } from 'vitest';
import { readFile, writeFile, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';

let site: string;

beforeAll(async () => {
  site = await copyFixture('basic');
  const result = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
});

describe('docsgen build', () => {
  it('writes one index.html per route (no second copy of its HTML as a data file), 404.html, hashed assets, sitemap and robots', async () => {
    const out = path.join(site, 'out');
    // The only JSON outside assets/ is the API spec's JSON download, beside its YAML.
    const dataFiles = (await readdir(out, { recursive: true })).map((f) => String(f).split(path.sep).join('/'));
    expect(dataFiles.filter((f) => f.endsWith('.json') && !f.startsWith('assets/'))).toEqual(['api/mini.json']);
    for (const file of ['index.html', 'guide/index.html', 'guide/first/index.html', 'guide/second/index.html', 'search/index.html', 'api/index.html', '404.html', 'api/mini.yaml', 'api/mini.json', 'sitemap.xml', 'robots.txt']) {
      expect((await stat(path.join(out, file))).isFile(), file).toBe(true);
    }
    const assets = await readdir(path.join(out, 'assets'));
    expect(assets.some((f) => /^main-[A-Z0-9]{8}\.js$/.test(f))).toBe(true);
    expect(assets.some((f) => /^main-[A-Z0-9]{8}\.css$/.test(f))).toBe(true);
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://fixture.example.com/docs/guide/first/</loc>');
  });

  it('writes pages named with spaces or non-ASCII letters as percent-encoded URLs in sitemap.xml, canonical and og:url', async () => {
    const dir = await copyFixture('basic');
    await writeFile(path.join(dir, 'content/guide/my page.md'), '# Spaced\n\nText.\n');
    await writeFile(path.join(dir, 'content/guide/\u00fcber.md'), '# Umlaut\n\nText.\n');
    const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
    expect(result.code, result.stderr).toBe(0);
    const sitemap = await readFile(path.join(dir, 'out/sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://fixture.example.com/docs/guide/my%20page/</loc>');
    expect(sitemap).toContain('<loc>https://fixture.example.com/docs/guide/%C3%BCber/</loc>');
    const page = await readFile(path.join(dir, 'out/guide/my page/index.html'), 'utf8');
    expect(page).toContain('<link rel="canonical" href="https://fixture.example.com/docs/guide/my%20page/">');
    expect(page).toContain('<meta property="og:url" content="https://fixture.example.com/docs/guide/my%20page/">');
  });

  it('publishes Swagger UI only for a site with an API page', async () => {
    const withApi = await readdir(path.join(site, 'out/assets'));
    expect(withApi.some((f) => /^api-[A-Z0-9]{8}\.js$/.test(f))).toBe(true);
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    await writeFile(config, (await readFile(config, 'utf8')).replace(/^api:\n.*\n/m, '').replace(/^.*label: API, to: api.*\n/m, ''));
    const result = await runCli(['build', '--config', config]);
    expect(result.stderr).toBe('');
    const assets = await readdir(path.join(dir, 'out/assets'));
    expect(assets.some((f) => /^main-[A-Z0-9]{8}\.js$/.test(f))).toBe(true);
    expect(assets.some((f) => /^search-[A-Z0-9]{8}\.js$/.test(f))).toBe(true);
    expect(assets.filter((f) => /^api-/.test(f))).toEqual([]);
    const page = await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8');
    expect(page).not.toContain('api-styles-');
  });

  it("preloads the search page's own code on the search route only, with the entry's", async () => {
    const out = path.join(site, 'out');
    const preloads = async (rel: string) => [...(await readFile(path.join(out, rel), 'utf8')).matchAll(/<link rel="modulepreload" href="\/docs\/([^"]+)">/g)].map((m) => m[1] ?? '');
    const holdsSearchPage = async (files: string[]) => (await Promise.all(files.map(async (f) => ((await readFile(path.join(out, f), 'utf8')).includes('search-page__count') ? [f] : [])))).flat();
    const docPage = await preloads('guide/first/index.html');
    const searchPage = await preloads('search/index.html');
    expect(docPage.length).toBeGreaterThan(0);
    expect(await holdsSearchPage(docPage)).toEqual([]);
    // The search route preloads what every page does, and the search page's component besides.
    expect(searchPage.slice(0, docPage.length)).toEqual(docPage);
    expect(await holdsSearchPage(searchPage)).toHaveLength(1);
    expect(new Set(searchPage).size).toBe(searchPage.length);
  });

  it('renders title, description, canonical and Open Graph tags', async () => {
    const html = await readFile(path.join(site, 'out/guide/first/index.html'), 'utf8');
    expect(html).toContain('<title>First page | Fixture Docs</title>');
    expect(html).toContain('<meta name="description" content="The first page of the fixture.">');
    expect(html).toContain('<link rel="canonical" href="https://fixture.example.com/docs/guide/first/">');
    expect(html).toContain('<meta property="og:title" content="First page | Fixture Docs">');
    expect(html).toContain('data-theme="dark"');
    expect(html.match(/<script>/g)).toHaveLength(1);
    // The 404 page, served at any missing address, is noindex and names no address (the home page's, before).
    const notFound = await readFile(path.join(site, 'out/404.html'), 'utf8');
    expect(notFound).toContain('<meta name="robots" content="noindex">');
    expect(notFound).not.toMatch(/rel="canonical"|property="og:url"/);
  });

  it('prints a one-line summary', async () => {
    const result = await runCli(['build', '--config', path.join(site, 'config.yaml')]);
    expect(result.stdout).toMatch(/^built 11 pages, 0 findings \(0 errors, 0 warnings\), in \d+\.\d\d s/m);
  });

  it('exits 2 on bad usage and prints help and version', async () => {
    expect((await runCli(['build', '--nope'])).code).toBe(2);
    expect((await runCli(['--version'])).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('serve');
  });
});

describe('a failed build leaves out/ as it was', () => {
  it('bad config: message with file, line and column, exit 1, out/ untouched', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const before = await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8');
    await writeFile(config, (await readFile(config, 'utf8')).replace('hideOnScroll: true', 'hideOnScroll: true\n  colour: blue'));
    const result = await runCli(['build', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${config}:17:3: error: unknown key "navbar.colour"`);
    expect(result.stderr).not.toMatch(/\n\s+at /);
    expect(await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8')).toBe(before);
    expect((await readdir(dir)).filter((n) => n.startsWith('.docsgen-tmp'))).toEqual([]);
  });

  it('an API spec that is not there: reported at the config line that names it, exit 1, out/ untouched', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const before = await readFile(path.join(dir, 'out/api/index.html'), 'utf8');
    const text = await readFile(config, 'utf8');
    await writeFile(config, text.replace('spec: openapi/mini.yaml', 'spec: openapi/maxi.yaml'));
    const line = text.split('\n').findIndex((l) => l.includes('spec: openapi/mini.yaml')) + 1;
    const result = await runCli(['build', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^${config.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:${line}:\\d+: error: cannot read the API spec "openapi/maxi.yaml" \\(there is no such file; looked for `));
    expect(result.stderr).toContain('hint: check the "spec" path of the API entry "mini" in config.yaml');
    expect(await readFile(path.join(dir, 'out/api/index.html'), 'utf8')).toBe(before);
  });

  it('bad front matter: message with file, line and column, exit 1, out/ untouched', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const before = await readFile(path.join(dir, 'out/index.html'), 'utf8');
    const page = path.join(dir, 'content/guide/second.md');
    await writeFile(page, '---\ntitle: Second\nsidebar_position: [1\n---\n\nBody\n');
    const result = await runCli(['build', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: error: invalid YAML in front matter`));
    expect(await readFile(path.join(dir, 'out/index.html'), 'utf8')).toBe(before);
  });
});
