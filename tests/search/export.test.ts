import { describe, it, expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli } from '../helpers.ts';
import type { SearchRecord } from '../../theme/search/types.ts';

describe('docsgen search export', () => {
  it('writes DocSearch-shaped records (pages, headings, text and API operations) for the hosted service', async () => {
    const dir = await copyFixture('basic');
    const output = path.join(dir, 'records.json');
    // Once seen running for the whole test timeout in CI (2026-11-28); if it happens again, the
    // failure says where docsgen was.
    const result = await runCli(['search', 'export', '--config', path.join(dir, 'config.yaml'), '--output', output], { hangAfterMs: 45_000 });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/wrote \d+ search records/);
    const records = JSON.parse(await readFile(output, 'utf8')) as SearchRecord[];
    const page = records.find((r) => r.type === 'lvl1' && r.hierarchy.lvl1 === 'Glossary');
    expect(page).toMatchObject({ url: '/docs/reference/glossary/', language: 'en', docusaurus_tag: 'docs-default-current' });
    expect(Object.keys(page?.hierarchy ?? {})).toEqual(['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6']);
    expect(page?.hierarchy.lvl0).toBe('Reference');
    const heading = records.find((r) => r.type === 'lvl2' && r.hierarchy.lvl2 === 'Render engine');
    expect(heading?.url).toBe('/docs/reference/glossary/#render-engine');
    expect(records.some((r) => r.type === 'content' && r.content === 'The renderer.' && r.url.endsWith('#render-engine'))).toBe(true);
    const operation = records.find((r) => r.hierarchy.lvl2 === 'List things');
    expect(operation).toMatchObject({ url: '/docs/api/#operation/listThings', type: 'lvl2', content: 'GET /things — List things (listThings)' });
    expect(operation?.hierarchy).toMatchObject({ lvl0: 'Mini API 1.0.0', lvl1: 'things', lvl2: 'List things', lvl3: null });
    // Export does not touch out/.
    await expect(readFile(path.join(dir, 'out/index.html'))).rejects.toThrow();
  });
});
