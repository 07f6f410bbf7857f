/**
 * config.yaml and the OpenAPI specs are UTF-8: a byte in another encoding is an error at its line
 * and column (it showed "�" on every page), and a byte-order mark is read, in JSON too.
 */
import { describe, it, expect } from 'vitest';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';

describe('encodings of config.yaml and the specs', () => {
  it('a Latin-1 byte in config.yaml or a spec is an error at its line and column, with a hint', async () => {
    const site = await copyFixture('basic');
    const config = path.join(site, 'config.yaml');
    const text = await readFile(config, 'utf8');
    const line = text.split('\n').findIndex((l) => l.startsWith('title:')) + 1;
    await writeFile(config, Buffer.from(text.replace(/^title: .*$/m, 'title: Caf\u00e9'), 'latin1'));
    const bad = await runCli(['check', '--config', config]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`config.yaml:${line}:11: error: config.yaml is not UTF-8 text`);
    expect(bad.stderr).toContain('hint: save the file as UTF-8');
    await writeFile(config, text);
    const spec = path.join(site, 'openapi/mini.yaml');
    const specText = await readFile(spec, 'utf8');
    await writeFile(spec, Buffer.from(specText.replace('A tiny API.', 'Caf\u00e9 API.'), 'latin1'));
    const badSpec = await runCli(['check', '--config', config]);
    expect(badSpec.code).toBe(1);
    expect(badSpec.stderr).toMatch(/mini\.yaml:\d+:\d+: error: the API spec is not UTF-8 text/);
    await rm(site, { recursive: true, force: true });
  }, 120_000);

  it('reads a JSON spec that starts with a byte-order mark', async () => {
    const site = await copyFixture('basic');
    const config = path.join(site, 'config.yaml');
    await writeFile(path.join(site, 'openapi/mini.json'), `\ufeff${JSON.stringify({ openapi: '3.0.3', info: { title: 'J', version: '1' }, paths: {} })}`);
    await writeFile(config, (await readFile(config, 'utf8')).replace('openapi/mini.yaml', 'openapi/mini.json'));
    const result = await runCli(['check', '--config', config]);
    expect(result.stderr).not.toContain('not valid JSON');
    expect(result.code, result.stderr).toBe(0);
    await rm(site, { recursive: true, force: true });
  }, 120_000);
});
