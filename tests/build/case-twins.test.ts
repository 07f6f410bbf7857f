/** Routes that differ only in case are both built, and named: a disk or host that ignores case keeps one. */
import { describe, it, expect } from 'vitest';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';
import type { Finding } from '../../src/checks/findings.ts';

describe('pages whose routes differ only in case', () => {
  it('builds both and reports the second at its file, naming both routes and files', async () => {
    const site = await copyFixture('basic');
    await writeFile(path.join(site, 'content/guide/setup.md'), '---\ntitle: Lower\n---\n\nx\n');
    await writeFile(path.join(site, 'content/guide/Setup.md'), '---\ntitle: Upper\n---\n\ny\n');
    const result = await runCli(['check', '--config', path.join(site, 'config.yaml'), '--format', 'json']);
    const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings.filter((f) => f.kind === 'duplicate-route');
    expect(findings.map((f) => [f.message, f.position?.file])).toEqual([
      [
        'route /guide/setup/ of guide/setup.md differs from /guide/Setup/ of guide/Setup.md only in case: where the site is copied to a disk or host that ignores case (macOS, Windows), one page replaces the other',
        path.join(site, 'content/guide/setup.md'),
      ],
    ]);
    expect((JSON.parse(result.stdout) as { pages: number }).pages).toBeGreaterThan(0);
  });
});
