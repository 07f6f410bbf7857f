/**
 * The announcement bar's links (HTML in config.yaml): site paths get the base, and each link is
 * checked on every page like the page's own, a broken one reported at its line and column in
 * config.yaml, under any base.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';
import type { Finding } from '../../src/checks/findings.ts';

const BAR =
  'content: \'Read <a href="/guide/second/">the second page</a>, <a href="/missing/">a page not there</a>, ' +
  '<a href="/guide/second/#nowhere">an anchor not there</a> and <a href="/docs/guide/">the old base</a>\'';

/** The fixture with the bar above and another base; its findings from `docsgen check`, twice (the second from the caches). */
async function checked(baseUrl: string): Promise<{ config: string; runs: Finding[][] }> {
  const dir = await copyFixture('basic');
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('baseUrl: /docs/', `baseUrl: ${baseUrl}`).replace('content: Fixture announcement', BAR));
  const runs: Finding[][] = [];
  for (let i = 0; i < 2; i++) {
    const result = await runCli(['check', '--config', config, '--format', 'json']);
    expect(result.code, result.stderr).toBe(0);
    runs.push((JSON.parse(result.stdout) as { findings: Finding[] }).findings);
  }
  return { config, runs };
}

/** Line and column of the n-th occurrence of `text` in the file. */
async function whereWritten(file: string, text: string, nth = 1): Promise<{ file: string; line: number; column: number }> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  let seen = 0;
  for (const [i, line] of lines.entries()) {
    for (let at = line.indexOf(text); at !== -1; at = line.indexOf(text, at + 1)) {
      if (++seen === nth) return { file, line: i + 1, column: at + 1 };
    }
  }
  throw new Error(`${text} not in ${file}`);
}

const linkFindings = (findings: Finding[]) =>
  findings
    .filter((f) => f.kind === 'broken-link' || f.kind === 'broken-anchor')
    .map((f) => ({ kind: f.kind, link: f.link, position: f.position }))
    .sort((a, b) => `${a.link}`.localeCompare(`${b.link}`));

describe('links of the announcement bar under the base /docs/v5/', () => {
  let result: Awaited<ReturnType<typeof checked>>;
  beforeAll(async () => {
    result = await checked('/docs/v5/');
  }, 120_000);

  const expected = async (config: string) => [
    { kind: 'broken-link', link: '/docs/v5/docs/guide/', position: await whereWritten(config, '/docs/guide/') },
    { kind: 'broken-anchor', link: '/docs/v5/guide/second/#nowhere', position: await whereWritten(config, '/guide/second/', 2) },
    { kind: 'broken-link', link: '/docs/v5/missing/', position: await whereWritten(config, '/missing/') },
  ];

  it('checks them resolved under the base, and reports each broken one once, at its line and column in config.yaml', async () => {
    const { config, runs } = result;
    expect(linkFindings(runs[0] ?? [])).toEqual(await expected(config));
    const grouped = (runs[0] ?? []).find((f) => f.link === '/docs/v5/missing/');
    expect(grouped?.pages?.length).toBeGreaterThanOrEqual(5);
    expect(grouped?.hint).toContain('announcement bar');
  });

  it('places them the same when the config and the bar come from the caches', async () => {
    expect(linkFindings(result.runs[1] ?? [])).toEqual(await expected(result.config));
  });
});

describe('links of the announcement bar under the base /', () => {
  it('reports a path written with another base at its line and column', async () => {
    const { config, runs } = await checked('/');
    expect(linkFindings(runs[0] ?? [])).toEqual([
      { kind: 'broken-link', link: '/docs/guide/', position: await whereWritten(config, '/docs/guide/') },
      { kind: 'broken-anchor', link: '/guide/second/#nowhere', position: await whereWritten(config, '/guide/second/', 2) },
      { kind: 'broken-link', link: '/missing/', position: await whereWritten(config, '/missing/') },
    ]);
  }, 120_000);
});
