/**
 * `docsgen check` on links into API pages (missing operations, Swagger UI's deep-link form,
 * operations on another page of a split API) and on spec problems (checks.onInvalidApiSpec).
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli, ROOT } from '../helpers.ts';
import type { Finding } from '../../src/checks/findings.ts';

let dir: string;

async function check(extra: string[] = []): Promise<{ code: number; findings: Finding[] }> {
  const result = await runCli(['check', '--config', path.join(dir, 'config.yaml'), '--format', 'json', ...extra]);
  return { code: result.code, findings: (JSON.parse(result.stdout) as { findings: Finding[] }).findings };
}

beforeAll(async () => {
  dir = await copyFixture('basic');
  await copyFile(path.join(ROOT, 'tests/fixtures/openapi/scene-graph-cycles.json'), path.join(dir, 'openapi/scenes.json'));
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('  - { id: mini, route: api, spec: openapi/mini.yaml }', '  - { id: mini, route: api, spec: openapi/mini.yaml }\n  - { id: scenes, route: scenes, spec: openapi/scenes.json, splitByTag: true }'));
  await writeFile(
    path.join(dir, 'content/guide/api-links.md'),
    [
      '---',
      'title: API links',
      '---',
      '',
      '[ok](/api/#operation/listThings) [tag](/api/#tag/things) [swagger form](/api/#/things/listThings) [split](/scenes/nodes/#operation/listLinks)',
      '',
      '[typo](/api/#operation/listThing)',
      '',
      '[swagger typo](/api/#/things/listThing)',
      '',
      '[other page](/scenes/scenes/#operation/listLinks)',
      '',
    ].join('\n'),
  );
}, 60_000);

describe('links into API pages', () => {
  it('accepts existing operations (also in Swagger UI form) and explains the broken ones at their line', async () => {
    const { code, findings } = await check();
    expect(code).toBe(0);
    const file = path.join(dir, 'content/guide/api-links.md');
    const anchors = findings.filter((f) => f.kind === 'broken-anchor').map((f) => `${f.position.file === file ? f.position.line : f.position.file} ${f.message} | ${f.hint}`);
    expect(anchors.sort()).toEqual([
      '11 operation "listLinks" is on /docs/scenes/nodes/, not on /docs/scenes/scenes/ | link to /docs/scenes/nodes/#operation/listLinks',
      '7 no operation "listThing" on the API page /docs/api/ | did you mean #operation/listThings?',
      '9 no operation "listThing" in tag "things" on the API page /docs/api/ | did you mean #operation/listThings?',
    ]);
  });

  it('spec problems are warnings by default, errors with --strict or checks.onInvalidApiSpec: error, and can be ignored', async () => {
    const spec = path.join(dir, 'openapi/mini.yaml');
    await writeFile(spec, (await readFile(spec, 'utf8')).replace("'200':", "'200':\n          example: {}"));
    const warned = await check();
    expect(warned.code).toBe(0);
    expect(warned.findings.filter((f) => f.kind === 'invalid-api-spec').map((f) => [f.severity, f.position.line, f.message])).toEqual([['warn', 14, 'unexpected key "example" at GET /things → responses → 200']]);
    expect((await check(['--strict'])).code).toBe(1);
    const config = path.join(dir, 'config.yaml');
    const original = await readFile(config, 'utf8');
    await writeFile(config, `${original}\nchecks:\n  onInvalidApiSpec: error\n`);
    expect((await check()).code).toBe(1);
    await writeFile(config, `${original}\nchecks:\n  onInvalidApiSpec: ignore\n`);
    expect((await check()).findings.filter((f) => f.kind === 'invalid-api-spec')).toEqual([]);
    await writeFile(config, original);
  });
});
