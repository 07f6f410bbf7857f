/**
 * The YAML checks (the YAML parser's use with zod and the schemas, about 90 ms to load) are loaded
 * only when some YAML is not in the checked-YAML memo or config.yaml is not in the project cache:
 * a build that follows an edit to a page's text never loads them.
 */
import { describe, it, expect, vi, beforeEach } from 'vitest';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** How many times each check module was loaded. */
const loaded = new Map<string, number>();
const CHECKS = { 'front matter': '../../src/content/front-matter-check.ts', category: '../../src/content/category-check.ts', config: '../../src/config/parse.ts' };

/** A scan and a config load as a new build process does them: every module loaded afresh, the checks' loads counted. */
async function freshBuildInputs(root: string) {
  vi.resetModules();
  for (const [name, module] of Object.entries(CHECKS)) {
    vi.doMock(module, async (original) => {
      loaded.set(name, (loaded.get(name) ?? 0) + 1);
      return original();
    });
  }
  const { loadYamlMemo } = await import('../../src/cache/yaml-memo.ts');
  const { scanContent } = await import('../../src/content/scan.ts');
  const { loadConfig } = await import('../../src/config/load.ts');
  const config = await loadConfig(path.join(root, 'config.yaml'));
  const memo = await loadYamlMemo(path.join(root, '.docsgen', 'cache'));
  const scan = await scanContent(path.join(root, 'content'), { includeDrafts: true, yamlMemo: memo });
  await memo.save();
  return { config, scan };
}

beforeEach(() => loaded.clear());

describe('YAML checks loaded on demand', () => {
  it('are not loaded when every YAML input is unchanged, and are loaded for the one that changed', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'docsgen-lazy-checks-'));
    await mkdir(path.join(root, 'content', 'guide'), { recursive: true });
    await writeFile(path.join(root, 'config.yaml'), 'title: T\nurl: https://x.example\nbaseUrl: /docs/\n');
    await writeFile(path.join(root, 'content', 'index.md'), '---\ntitle: Home\n---\n# Home\n');
    await writeFile(path.join(root, 'content', 'guide', '_category_.yaml'), 'label: Guide\n');
    await writeFile(path.join(root, 'content', 'guide', 'a.md'), '---\ntitle: A\n---\nText.\n');

    const cold = await freshBuildInputs(root);
    expect(Object.fromEntries(loaded)).toEqual({ config: 1, 'front matter': 1, category: 1 });

    // A page's text edited below its front matter: nothing to check.
    loaded.clear();
    await writeFile(path.join(root, 'content', 'guide', 'a.md'), '---\ntitle: A\n---\nText, edited.\n');
    const warm = await freshBuildInputs(root);
    expect(Object.fromEntries(loaded)).toEqual({});
    expect(warm.config.config).toEqual(cold.config.config);
    expect(warm.scan.docs.map((d) => d.frontMatter)).toEqual(cold.scan.docs.map((d) => d.frontMatter));
    expect(warm.scan.categories).toEqual(cold.scan.categories);
    // config.yaml's positions are still found, from the YAML alone.
    expect(warm.config.locate(['baseUrl'])).toEqual(cold.config.locate(['baseUrl']));

    // Its front matter edited: only that check is loaded.
    await writeFile(path.join(root, 'content', 'guide', 'a.md'), '---\ntitle: A, renamed\n---\nText, edited.\n');
    const renamed = await freshBuildInputs(root);
    expect(Object.fromEntries(loaded)).toEqual({ 'front matter': 1 });
    expect(renamed.scan.docs.find((d) => d.relPath === 'guide/a.md')?.title).toBe('A, renamed');
    await rm(root, { recursive: true, force: true });
  });
});
