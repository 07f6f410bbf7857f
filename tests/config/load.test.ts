import { describe, it, expect } from 'vitest';
import { parseConfig } from '../../src/config/load.ts';
import { DocsgenError, DocsgenErrors, formatError } from '../../src/errors.ts';

function errorsOf(text: string): DocsgenErrors {
  try {
    parseConfig(text, '/site/config.yaml');
  } catch (error) {
    if (error instanceof DocsgenErrors) return error;
    if (error instanceof DocsgenError) return new DocsgenErrors([error]);
    throw error;
  }
  throw new Error('expected the config to be rejected');
}

describe('config validation', () => {
  it('fills in defaults: locale en, delimiter |, dark mode, warnings for checks', () => {
    const { config } = parseConfig('title: T\nurl: https://x.example\nbaseUrl: /docs/\n', '/site/config.yaml');
    expect(config.locale).toBe('en');
    expect(config.titleDelimiter).toBe('|');
    expect(config.colorMode).toEqual({ defaultMode: 'dark', disableSwitch: false, respectPrefersColorScheme: false });
    expect(config.checks.onBrokenLinks).toBe('warn');
    expect(config.search.searchPagePath).toBe('search');
  });

  it('names the key path, line and column of an unknown key', () => {
    const error = errorsOf('title: T\nurl: https://x.example\nbaseUrl: /docs/\nnavbar:\n  items:\n    - label: A\n      colour: red\n');
    const first = error.errors[0];
    expect(first?.message).toBe('unknown key "navbar.items[0].colour"');
    expect(first?.position).toEqual({ file: '/site/config.yaml', line: 7, column: 7 });
  });

  it('reports a wrong type at its key', () => {
    const error = errorsOf('title: T\nurl: https://x.example\nbaseUrl: /docs/\ncolorMode:\n  disableSwitch: "yes"\n');
    expect(error.errors[0]?.message).toBe('"colorMode.disableSwitch" must be true or false');
    expect(error.errors[0]?.position?.line).toBe(5);
  });

  it('reports YAML syntax errors with line and column', () => {
    const error = errorsOf('title: T\nurl: [unclosed\n');
    expect(error.errors[0]?.message).toMatch(/^invalid YAML/);
    expect(error.errors[0]?.position?.line).toBeGreaterThanOrEqual(2);
    expect(formatError(error)).toMatch(/^\/site\/config\.yaml:\d+:\d+: error: invalid YAML/);
  });

  it('rejects a base path without slashes', () => {
    const error = errorsOf('title: T\nurl: https://x.example\nbaseUrl: docs\n');
    expect(error.errors[0]?.message).toContain('"baseUrl"');
  });

  it('accepts the real site config', async () => {
    const { loadConfig } = await import('../../src/config/load.ts');
    const { config } = await loadConfig('config.yaml');
    expect(config.baseUrl).toBe('/suite-5.4.sp1/');
    expect(config.docs.version.label).toBe('5.4 SP1');
    expect(config.footer?.logo?.width).toBe(200);
    const dropdown = config.navbar.items.find((i) => i.type === 'dropdown');
    const labels = dropdown?.items?.map((i) => i.label) ?? [];
    for (const expected of ['Suite 5.6', 'Suite 5.5', 'Suite 5.5 SP1', 'Suite 5.4 SP1', 'Suite 5.4', 'Suite 5.3', 'Suite 4.27', 'Hub 1.3', 'Talent tracking 2.1', 'Talent tracking 2.0', 'Camera tracking 1.1', 'EVO II']) {
      expect(labels).toContain(expected);
    }
    const legacy = dropdown?.items?.filter((i) => i.legacy).map((i) => i.label);
    expect(legacy).toEqual(expect.arrayContaining(['Suite 5.3', 'Suite 4.27', 'Hub 1.3']));
  });
  it('remembers a validated config by its text, and validates changed text again', async () => {
    const { loadConfig } = await import('../../src/config/load.ts');
    const { mkdtemp, writeFile, readdir } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
    const file = path.join(dir, 'config.yaml');
    await writeFile(file, 'title: T\nurl: https://x.example\nbaseUrl: /docs/\n');
    const first = await loadConfig(file);
    expect((await readdir(path.join(dir, '.docsgen', 'cache'))).some((f) => f.startsWith('config-'))).toBe(true);
    const second = await loadConfig(file);
    expect(second.config).toEqual(first.config);
    expect(second.locate(['baseUrl'])).toEqual({ file, line: 3, column: 1 });
    await writeFile(file, 'title: T\nurl: https://x.example\nbaseUrl: /docs/\nunknownKey: 1\n');
    await expect(loadConfig(file)).rejects.toThrow(/unknown key "unknownKey"/);
  });
});
