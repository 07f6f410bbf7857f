/** The sanitizer inside a real build: findings name the file and position, ids from raw HTML stay link targets. */
import { describe, it, expect, beforeAll } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';

interface JsonFinding {
  kind: string;
  message: string;
  position: { file: string; line?: number; column?: number };
}

let dir: string;
let findings: JsonFinding[];

beforeAll(async () => {
  dir = await copyFixture('basic');
  await writeFile(
    path.join(dir, 'content/guide/legacy.md'),
    '---\ntitle: Legacy anchors\n---\n\nOld text.\n\n<a id="legacy"></a>\n\n## Setup {#custom-setup}\n\n<iframe src="https://example.com"></iframe>\n\nSee [the setup](#custom-setup) and [gone](#nowhere).\n',
  );
  await writeFile(path.join(dir, 'content/guide/linker.md'), '---\ntitle: Linker\n---\n\nGo to [the legacy anchor](./legacy.md#legacy) or [click](javascript:alert(1)).\n');
  const config = path.join(dir, 'config.yaml');
  await writeFile(config, (await readFile(config, 'utf8')).replace('content: Fixture announcement', 'content: \'Fixture <b>bar</b> <a href="javascript:alert(1)">x</a>\''));
  const result = await runCli(['build', '--config', config, '--format', 'json']);
  expect(result.code, result.stderr).toBe(0);
  findings = (JSON.parse(result.stdout) as { findings: JsonFinding[] }).findings;
}, 120_000);

describe('sanitizing in a build', () => {
  it('reports removed raw HTML and refused URLs as warnings at file:line:column', () => {
    const removed = findings.filter((f) => f.kind === 'removed-html');
    expect(removed.map((f) => [path.basename(f.position.file), f.position.line, f.position.column, f.message])).toEqual([
      ['legacy.md', 11, 1, 'raw HTML <iframe> removed (with its content): the element is not allowed in content'],
      ['linker.md', 5, 50, 'link URL "javascript:alert(1)" removed: only http(s), mailto and site URLs are allowed'],
    ]);
  });

  it('a link to an <a id> written in raw HTML resolves; the anchor check still catches a missing one', async () => {
    const anchors = findings.filter((f) => f.kind === 'broken-anchor');
    expect(anchors.map((f) => f.message).join('\n')).toContain('#nowhere');
    expect(anchors.map((f) => f.message).join('\n')).not.toContain('#legacy');
    expect(anchors.map((f) => f.message).join('\n')).not.toContain('#custom-setup');
    const html = await readFile(path.join(dir, 'out/guide/legacy/index.html'), 'utf8');
    expect(html).toContain('<a id="legacy"></a>');
    expect(html).toContain('<h2 id="custom-setup">Setup');
  });

  it('sanitises the announcement bar and reports it against its config key', async () => {
    const warning = findings.find((f) => f.kind === 'config' && f.message.startsWith('announcementBar.content:'));
    expect(warning?.message).toBe('announcementBar.content: href="javascript:alert(1)" removed from <a>: only http(s), mailto and site URLs are allowed');
    expect(path.basename(warning?.position.file ?? '')).toBe('config.yaml');
    expect(warning?.position.line).toBe(10);
    const html = await readFile(path.join(dir, 'out/guide/legacy/index.html'), 'utf8');
    expect(html).toContain('<div class="announcement__content">Fixture <b>bar</b> <a>x</a></div>');
    expect(html).not.toContain('javascript:alert');
  });
});
