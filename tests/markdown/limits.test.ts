/** Deeply nested input fails before parsing with the file, line and what to do; reasonable depth renders. */
import { describe, it, expect, beforeAll } from 'vitest';
import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkMarkdownLimits, MAX_BLOCK_NESTING, MAX_HTML_NESTING, MAX_INLINE_NESTING, MAX_LINES, MAX_PARAGRAPH_MARKUP } from '../../src/markdown/limits.ts';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';
import { DocsgenError } from '../../src/errors.ts';
import { copyFixture, runCli } from '../helpers.ts';

const nestedList = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- level ${i + 1}`).join('\n');

function nestingError(markdown: string): DocsgenError {
  try {
    checkMarkdownLimits(markdown, 'guide/deep.md');
  } catch (error) {
    expect(error).toBeInstanceOf(DocsgenError);
    return error as DocsgenError;
  }
  throw new Error('expected a nesting error');
}

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer({ highlighter: await createCodeHighlighter(['json']), baseUrl: '/d/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
});

describe('nesting limits', () => {
  it('1,000 nested list levels stop at the first line deeper than the limit', () => {
    const error = nestingError(`intro\n\n${nestedList(1000)}`);
    expect(error.position).toEqual({ file: 'guide/deep.md', line: 2 + MAX_BLOCK_NESTING + 1, column: 2 * MAX_BLOCK_NESTING + 1 });
    expect(error.message).toContain(`more than ${MAX_BLOCK_NESTING} levels`);
    expect(error.hint).toContain('flatten');
  });

  it('10,000 nested block quotes, on one line or one per line', () => {
    expect(nestingError(`${'>'.repeat(10_000)} deep`).position).toMatchObject({ line: 1, column: MAX_BLOCK_NESTING + 1 });
    const perLine = Array.from({ length: 10_000 }, (_, i) => `${'>'.repeat(i + 1)} q`).join('\n');
    expect(nestingError(perLine).position?.line).toBe(MAX_BLOCK_NESTING + 1);
  });

  it('nested admonitions, footnote definitions and ordered lists count too', () => {
    expect(nestingError(Array.from({ length: 100 }, () => '::::note').join('\n')).position?.line).toBe(MAX_BLOCK_NESTING + 1);
    expect(nestingError(Array.from({ length: 100 }, (_, i) => `${'    '.repeat(i)}[^${i}]: note`).join('\n')).position?.line).toBe(MAX_BLOCK_NESTING + 1);
    expect(nestingError(Array.from({ length: 100 }, (_, i) => `${'   '.repeat(i)}1. item`).join('\n')).position?.line).toBe(MAX_BLOCK_NESTING + 1);
  });

  it('emphasis, brackets and raw HTML nested in one paragraph', () => {
    expect(nestingError(`${'*a '.repeat(3000)}x${' a*'.repeat(3000)}`).message).toContain('emphasis markers');
    expect(nestingError(`${'![a '.repeat(3000)}x${'](y)'.repeat(3000)}`).message).toContain('"["');
    expect(nestingError(`text\n\n${'<div>'.repeat(10_000)}\n`).message).toContain(`more than ${MAX_HTML_NESTING} HTML elements`);
    expect(nestingError(`${'[a '.repeat(MAX_INLINE_NESTING + 1)}`).position?.column).toBe(3 * MAX_INLINE_NESTING + 1);
  });

  it('a paragraph dense with markup, and a page of too many lines', () => {
    const entities = nestingError('&amp;&#x41;&bogus; '.repeat(5000));
    expect(entities.message).toContain(`more than ${MAX_PARAGRAPH_MARKUP} markup characters`);
    expect(entities.hint).toContain('split it into several paragraphs');
    expect(nestingError('*a* _b_ **c** '.repeat(5000)).position?.line).toBe(1);
    const blank = nestingError(`# Title\n${'\n'.repeat(MAX_LINES + 10)}text`);
    expect(blank.position).toEqual({ file: 'guide/deep.md', line: MAX_LINES + 1, column: 1 });
    expect(blank.message).toContain('more than 250,000 lines');
    // The same markup spread over paragraphs or table rows is fine.
    expect(() => checkMarkdownLimits('*a* _b_ **c**\n\n'.repeat(5000), 'ok.md')).not.toThrow();
    expect(() => checkMarkdownLimits(`| a | b |\n|---|---|\n${'| *a* [b](c) | &amp; |\n'.repeat(5000)}`, 'ok.md')).not.toThrow();
  });

  it('what documentation does is fine: the limit itself, code fences, closed HTML, tables, lazy lines', () => {
    const fine = [
      nestedList(MAX_BLOCK_NESTING),
      `${'>'.repeat(MAX_BLOCK_NESTING)} deepest quote`,
      `\`\`\`\n${'> '.repeat(200)}\n${'- '.repeat(200)}\n${'<div>'.repeat(500)}\n\`\`\``,
      `${'<div>\n'.repeat(200)}${'</div>\n'.repeat(200)}`,
      Array.from({ length: 300 }, () => '| [optional | *a |').join('\n'),
      `${'`[` '.repeat(300)}`,
      `- item\nlazy continuation\n> quote\nlazy\n\n${'\\['.repeat(300)}`,
    ];
    for (const markdown of fine) expect(() => checkMarkdownLimits(markdown, 'ok.md')).not.toThrow();
    expect(render(nestedList(MAX_BLOCK_NESTING), 'ok.md').html).toContain(`level ${MAX_BLOCK_NESTING}`);
  });

  it('the renderer refuses before parsing, with the page\'s line', () => {
    expect(() => render(nestedList(1000), 'guide/deep.md')).toThrow(DocsgenError);
  });
});

describe('a build with a deeply nested page', () => {
  it('fails with file:line:column, the limit and a hint; no stack trace', async () => {
    const dir = await copyFixture('basic');
    try {
      await writeFile(path.join(dir, 'content/guide/deep.md'), `---\ntitle: Deep\n---\n\n${nestedList(1000)}\n\n${'>'.repeat(10_000)} quote\n`);
      const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`content/guide/deep.md:${4 + MAX_BLOCK_NESTING + 1}:${2 * MAX_BLOCK_NESTING + 1}: error: lists, block quotes and admonitions are nested more than ${MAX_BLOCK_NESTING} levels deep here`);
      expect(result.stderr).toContain('hint: docsgen renders at most');
      expect(result.stderr).not.toMatch(/RangeError|docsgen bug|\n\s+at /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
