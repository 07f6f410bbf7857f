import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { readFile, writeFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LinkChecker } from 'linkinator';
import { runCli, serveBuild } from '../helpers.ts';
import { brokenSite, EXPECTED } from './broken-site.ts';
import type { Finding } from '../../src/checks/findings.ts';

let dir: string;
let findings: Finding[];

beforeAll(async () => {
  dir = await brokenSite();
  const result = await runCli(['check', '--config', path.join(dir, 'config.yaml'), '--format', 'json']);
  expect(result.code).toBe(0);
  expect((JSON.parse(result.stdout) as { ok: boolean }).ok).toBe(true); // warnings only
  findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings;
});

describe('docsgen check on a site with known problems', () => {
  it('reports exactly the known set: no false positives, no misses', () => {
    const got = findings.map((f) => ({ kind: f.kind, link: f.link })).sort((a, b) => `${a.kind}${a.link}`.localeCompare(`${b.kind}${b.link}`));
    const want = [...EXPECTED].sort((a, b) => `${a.kind}${a.link}`.localeCompare(`${b.kind}${b.link}`));
    expect(got).toEqual(want);
  });

  it('maps content findings back to the markdown line and column', () => {
    const byLink = (link: string) => findings.find((f) => f.link === link);
    const file = path.join(dir, 'content/guide/links.md');
    expect(byLink('/docs/nope/')?.position).toEqual({ file, line: 15, column: 1 });
    expect(byLink('#nowhere')?.position).toEqual({ file, line: 18, column: 1 });
    expect(byLink('./missing.md')?.position).toEqual({ file, line: 19, column: 1 });
    expect(byLink('[the guide][guide-link]')?.position).toEqual({ file, line: 20, column: 1 });
    expect(byLink('./img/none.png')?.position).toEqual({ file, line: 24, column: 1 });
  });

  it('reports a link broken on 5 or more pages once, as probably from the navbar, footer or theme', () => {
    const navbar = findings.filter((f) => f.link === '/docs/missing-from-navbar/');
    expect(navbar).toHaveLength(1);
    expect(navbar[0]?.pages?.length).toBeGreaterThanOrEqual(5);
    expect(navbar[0]?.hint).toContain('navbar, the footer or the theme');
  });

  it("puts a broken navbar link at its line in config.yaml, also when the config's validated form comes from the cache", async () => {
    const config = path.join(dir, 'config.yaml');
    const line = (await readFile(config, 'utf8')).split('\n').findIndex((l) => l.includes('label: Broken, to: /missing-from-navbar/')) + 1;
    const first = findings.find((f) => f.link === '/docs/missing-from-navbar/');
    expect(first?.position).toMatchObject({ file: config, line });
    // The first run cached the validated config: this one takes it from there and parses the YAML only to place the finding.
    const again = await runCli(['check', '--config', config, '--format', 'json']);
    const cached = (JSON.parse(again.stdout) as { findings: Finding[] }).findings.find((f) => f.link === '/docs/missing-from-navbar/');
    expect(cached?.position).toEqual(first?.position);
  });

  it('names both files of a duplicate route and uses the first by path', () => {
    const dup = findings.find((f) => f.kind === 'duplicate-route');
    expect(dup?.message).toBe('duplicate route /guide/second/: guide/zz-dup.md and guide/second.md both produce it; guide/second.md is used');
  });

  it('prints text with positions and a summary, and GitHub annotations under GitHub Actions', async () => {
    const text = await runCli(['check', '--config', path.join(dir, 'config.yaml')]);
    expect(text.stderr).toContain('content/guide/links.md:15:1: warning: broken link "/docs/nope/"');
    expect(text.stdout).toMatch(/checked 12 pages, 10 findings \(0 errors, 10 warnings\)/);
    const gh = await runCli(['check', '--config', path.join(dir, 'config.yaml')], { env: { GITHUB_ACTIONS: 'true' } });
    expect(gh.stdout).toContain('::warning file=content/guide/links.md,line=15,col=1::broken link "/docs/nope/"');
  });

  it('does not touch out/ and exits 1 with --strict or error severities', async () => {
    await expect(stat(path.join(dir, 'out'))).rejects.toThrow();
    expect((await runCli(['check', '--config', path.join(dir, 'config.yaml'), '--strict'])).code).toBe(1);
    const strictJson = await runCli(['check', '--config', path.join(dir, 'config.yaml'), '--strict', '--format', 'json']);
    expect(strictJson.code).toBe(1);
    expect((JSON.parse(strictJson.stdout) as { ok: boolean }).ok).toBe(false);
    const config = path.join(dir, 'config.yaml');
    const original = await readFile(config, 'utf8');
    await writeFile(config, `${original}\nchecks:\n  onBrokenLinks: error\n  onBrokenAnchors: ignore\n  onBrokenMarkdownLinks: ignore\n  onDuplicateRoutes: ignore\n`);
    const result = await runCli(['check', '--config', config, '--format', 'json']);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as { ok: boolean }).ok).toBe(false);
    const kinds = new Set((JSON.parse(result.stdout) as { findings: Finding[] }).findings.map((f) => f.kind));
    expect(kinds).toEqual(new Set(['broken-link', 'missing-image']));
    const build = await runCli(['build', '--config', config]);
    expect(build.code).toBe(1);
    await expect(stat(path.join(dir, 'out'))).rejects.toThrow();
    // A build that fails on its findings lists them in its JSON too, as check does.
    const buildJson = await runCli(['build', '--config', config, '--format', 'json']);
    expect(buildJson.code).toBe(1);
    const failed = JSON.parse(buildJson.stdout) as { ok: boolean; error: string; findings: Finding[] };
    expect(failed.ok).toBe(false);
    expect(failed.error).toContain('broken link');
    expect(failed.findings.filter((f) => f.severity === 'error').map((f) => f.kind)).toContain('broken-link');
    await expect(stat(path.join(dir, 'out'))).rejects.toThrow();
    await writeFile(config, original);
  });
});

describe('agreement with an independent crawler', () => {
  let server: Awaited<ReturnType<typeof serveBuild>>;
  beforeAll(async () => {
    expect((await runCli(['build', '--config', path.join(dir, 'config.yaml')])).code).toBe(0);
    server = await serveBuild(path.join(dir, 'out'), '/docs/');
  });
  afterAll(() => server.close());

  it('linkinator finds the same broken links in the served site', async () => {
    const checker = new LinkChecker();
    const result = await checker.check({
      path: `${server.origin}/docs/`,
      recurse: true,
      checkFragments: true,
      concurrency: 8,
      timeout: 10_000,
      linksToSkip: async (link) => !link.startsWith(`${server.origin}/docs/`) || link.includes('/assets/'),
    });
    const broken = result.links.filter((l) => l.state === 'BROKEN');
    const brokenPaths = new Set(broken.map((l) => new URL(l.url).pathname + (l.failureDetails?.some((d) => String((d as { message?: string }).message ?? '').includes('ragment')) ? new URL(l.url).hash : '')));
    // Every broken link docsgen reports, linkinator reports too (as 404s), and nothing else is broken.
    for (const expected of ['/docs/nope/', '/docs/missing-from-navbar/', '/docs/guide/ghost/', '/docs/guide/links/missing.md', '/docs/guide/links/img/none.png']) {
      expect([...brokenPaths].some((p) => p.startsWith(expected)), expected).toBe(true);
    }
    // Swagger UI's form of an operation anchor (#/tag/operationId) has no element: the API page's
    // script translates it, and docsgen checks that the operation exists; linkinator cannot know.
    const swaggerForm = /#\/[^/]+\/[^/]+$/;
    const unexpected = broken.filter((l) => !/\/(nope|missing-from-navbar|ghost|missing\.md|none\.png)|#(no-such-heading|nowhere)$/.test(l.url) && !swaggerForm.test(l.url));
    expect(unexpected.map((l) => l.url)).toEqual([]);
  });
});
