import { describe, it, expect } from 'vitest';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { collectVariables, expandVariables, expandDocVariables } from '../../src/content/variables.ts';
import { DocsgenErrors } from '../../src/errors.ts';
import { copyFixture, runCli } from '../helpers.ts';

const here = { locate: (keyPath: (string | number)[]) => ({ file: 'config.yaml', line: keyPath.length, column: 3 }) };
const vars = collectVariables({ release: '5.4 SP1', port: 10540, ports: { cii: 1235 }, dir: 'C:\\cache' }, here);

function errorsOf(fn: () => unknown): { message: string; line?: number; column?: number; hint?: string }[] {
  try {
    fn();
  } catch (error) {
    if (error instanceof DocsgenErrors) return error.errors.map((e) => ({ message: e.message, line: e.position?.line, column: e.position?.column, hint: e.hint }));
    throw error;
  }
  return [];
}

describe('site variables', () => {
  it('flattens nested maps into dotted names and turns numbers into text', () => {
    expect([...vars]).toEqual([
      ['release', '5.4 SP1'],
      ['port', '10540'],
      ['ports.cii', '1235'],
      ['dir', 'C:\\cache'],
    ]);
  });

  it('rejects lists and bad names, at their key in config.yaml', () => {
    const errors = errorsOf(() => collectVariables({ list: [1, 2], 'bad name': 'x' }, here));
    expect(errors.map((e) => e.message)).toEqual(['variable "list" must be a string, a number, true/false or a map of them', 'variable name "bad name" is not allowed']);
    expect(errors[0]?.line).toBe(2);
  });

  it('expands references with or without spaces, in text and in code alike', () => {
    const text = 'Release {{ release }}, port `{{port}}`.\n\n```text\nCII {{ ports.cii }} in {{ dir }}\n```\n';
    expect(expandVariables(text, vars, { file: 'a.md', line: 1, column: 1 })).toBe('Release 5.4 SP1, port `10540`.\n\n```text\nCII 1235 in C:\\cache\n```\n');
  });

  it('writes literal braces for \\{{', () => {
    expect(expandVariables('Handlebars: \\{{ name }} and {{ release }}', vars, { file: 'a.md', line: 1, column: 1 })).toBe('Handlebars: {{ name }} and 5.4 SP1');
  });

  it('reports every unknown or malformed reference at its line and column', () => {
    const errors = errorsOf(() => expandVariables('ok {{ release }}\nthen {{ Release }} and\n  {{ nope }} {{ two words }}', vars, { file: 'a.md', line: 1, column: 1 }));
    expect(errors).toEqual([
      expect.objectContaining({ message: 'unknown variable "Release"', line: 2, column: 6, hint: expect.stringContaining('did you mean "release"') }),
      expect.objectContaining({ message: 'unknown variable "nope"', line: 3, column: 3, hint: expect.stringContaining('define it under "vars:"') }),
      expect.objectContaining({ message: '"{{ two words }}" is not a variable reference', line: 3, column: 14 }),
    ]);
  });

  it('leaves text without references untouched (the same string)', () => {
    const text = 'no braces { here } or }}';
    expect(expandVariables(text, vars, { file: 'a.md' })).toBe(text);
  });

  it('expands the title, description and sidebar label, and the title taken from the first heading', () => {
    const raw = '---\ntitle: What is new in {{ release }}\ndescription: Changes in {{ release }}\n---\n\n# Ignored\n';
    const doc = expandDocVariables(
      { file: '/c/new.md', frontMatterText: raw.slice(0, raw.indexOf('\n\n# Ignored') + 1), title: 'What is new in {{ release }}', markdown: '\n\n\n\n\n# Ignored\n', frontMatter: { title: 'What is new in {{ release }}', description: 'Changes in {{ release }}' } },
      vars,
    );
    expect(doc.title).toBe('What is new in 5.4 SP1');
    expect(doc.frontMatter.description).toBe('Changes in 5.4 SP1');
    const fromHeading = expandDocVariables({ file: '/c/h.md', frontMatterText: '', title: 'Hub {{ release }}', markdown: '# Hub {{ release }}\n', frontMatter: {} }, vars);
    expect(fromHeading.title).toBe('Hub 5.4 SP1');
    expect(fromHeading.markdown).toBe('# Hub 5.4 SP1\n');
  });

  it('points at an unknown reference in front matter', () => {
    const raw = '---\ntitle: Ok\ndescription: About {{ relase }}\n---\nBody\n';
    const errors = errorsOf(() => expandDocVariables({ file: '/c/x.md', frontMatterText: raw.slice(0, raw.indexOf('Body')), title: 'Ok', markdown: '\n\n\n\nBody\n', frontMatter: { title: 'Ok', description: 'About {{ relase }}' } }, vars));
    expect(errors).toEqual([expect.objectContaining({ message: 'unknown variable "relase"', line: 3, column: 20 })]);
  });
});

describe('site variables in a build', () => {
  it('appear in the page, its title and code blocks; an unknown one fails the build at file:line:column', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    await writeFile(config, `${await readFile(config, 'utf8')}\nvars:\n  release: "5.4 SP1"\n  ports:\n    mos: 10540\n  version: 1.10\n  zip: 01234\n  hex: 0x1F\n  big: 12345678901234567890\n`);
    const page = path.join(dir, 'content/guide/second.md');
    const original = await readFile(page, 'utf8');
    await writeFile(page, original.replace('title: Second page', 'title: Second page for {{ release }}') + '\nRelease {{ release }} listens on {{ ports.mos }}; write \\{{ for braces.\n\nAs written: {{ version }} {{ zip }} {{ hex }} {{ big }}.\n\n```sh\ncurl http://192.0.2.10:{{ ports.mos }}/\n```\n');
    const ok = await runCli(['build', '--config', config]);
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const html = await readFile(path.join(dir, 'out/guide/second/index.html'), 'utf8');
    expect(html).toContain('<title>Second page for 5.4 SP1');
    expect(html).toContain('Release 5.4 SP1 listens on 10540; write {{ for braces.');
    expect(html).toMatch(/192\.0\.2\.10:.*10540/);
    // Numbers as config.yaml writes them: YAML alone reads 1.1, 1234, 31 and 12345678901234567000.
    expect(html).toContain('As written: 1.10 01234 0x1F 12345678901234567890.');
    expect(html).not.toContain('{{ release }}');

    await writeFile(page, `${original}\nSee {{ relese }}.\n`);
    const bad = await runCli(['build', '--config', config]);
    expect(bad.code).toBe(1);
    const line = original.split('\n').length + 1;
    expect(bad.stderr).toContain(`${page}:${line}:5: error: unknown variable "relese"`);
    expect(bad.stderr).toContain('did you mean');
  }, 60_000);
});
