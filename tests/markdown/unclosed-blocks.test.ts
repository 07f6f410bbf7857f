/**
 * A code fence or a `:::` container that is never closed runs to the end of the page (CommonMark),
 * which is kept, but said: a warning at its opening marker. Closed ones say nothing.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer({ highlighter: await createCodeHighlighter(['js', 'ts']), baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
});

const unclosed = (markdown: string) => (render(markdown, 'page.md').findings.unclosed ?? []).map(({ message, line, column }) => ({ message, line, column }));

const page = Array.from({ length: 30 }, (_, i) => `Line ${i + 1} of the page.\n`);

describe('unclosed code fences and containers', () => {
  it('a fence opened at line 20 and never closed: the rest of the page is code, with a warning at the fence', () => {
    const lines = [...page];
    lines.splice(19, 0, '```js\n');
    const markdown = lines.join('');
    const result = render(markdown, 'page.md');
    // CommonMark's rendering is kept: lines 20 to 30 are one code block.
    expect(result.html.replace(/<[^>]+>/g, '')).toContain('Line 29 of the page.\nLine 30 of the page.');
    expect(result.html).toMatch(/<\/p>\n<div class="code-block"><pre [^>]*><code>(?:(?!<\/code>).)*Line <\/span><span[^>]*>30<(?:(?!<\/code>).)*<\/code><\/pre><\/div>$/s);
    expect(unclosed(markdown)).toEqual([{ message: 'code fence ``` is never closed: the rest of the page is shown as code', line: 20, column: 1 }]);
    expect(result.findings.unclosed?.[0]?.hint).toContain('close the code block with a line holding ```');
  });

  it('names the fence as written (tildes, longer fences) and where it is (inside a list item)', () => {
    expect(unclosed('Text.\n\n~~~~\ncode\n')).toEqual([{ message: 'code fence ~~~~ is never closed: the rest of the page is shown as code', line: 3, column: 1 }]);
    expect(unclosed('- item\n\n  ```\n  code\n- next\n\nText.\n')).toEqual([
      { message: 'code fence ``` is never closed: the rest of the list item or block quote holding it is shown as code', line: 3, column: 3 },
    ]);
    expect(unclosed('> ````js\n> code\n> ```\n')).toEqual([{ message: 'code fence ```` is never closed: the rest of the page is shown as code', line: 1, column: 3 }]);
    expect(unclosed('Text.\n\n```')).toEqual([{ message: 'code fence ``` is never closed: the rest of the page is shown as code', line: 3, column: 1 }]);
    expect(unclosed('Text.\n\n```\nfoo ```\n')).toHaveLength(1);
  });

  it('an admonition (or tabs) never closed: a warning at its opening line', () => {
    expect(unclosed('Intro.\n\n:::warning[Careful]\nText.\n\n## Next section\n\nMore.\n')).toEqual([
      { message: ':::warning is never closed: the rest of the page is inside it', line: 3, column: 1 },
    ]);
    expect(unclosed('::::tabs\n:::tab[A]\nx\n:::\n')).toEqual([{ message: '::::tabs is never closed: the rest of the page is inside it', line: 1, column: 1 }]);
  });

  it('an HTML comment that starts a block and is never closed hides the rest: a warning at the <!--; a closed or inline one gives none', () => {
    const message = 'an HTML comment (<!--) is never closed: the rest of the page is hidden inside it';
    const markdown = 'Before\n\n<!-- draft note\n\n## Hidden heading\n\nHidden text\n';
    expect(unclosed(markdown)).toEqual([{ message, line: 3, column: 1 }]);
    expect(render(markdown, 'page.md').html).not.toContain('Hidden');
    expect(unclosed('- item\n\n  <!-- in a list\n\n  more\n')).toEqual([{ message, line: 3, column: 3 }]);
    expect(unclosed('A\n\n<!-- closed\nlater -->\n\nB\n')).toEqual([]);
    expect(unclosed('A <!-- inline, which CommonMark keeps as text\n')).toEqual([]);
  });

  it('closed fences and containers give no finding', () => {
    const closed = [
      '```js\nconst a = 1;\n```\n',
      '```js\nconst a = 1;\n```',
      '~~~\ncode\n~~~\n',
      '~~~~\ncode\n~~~~~~   \n',
      '````md\n```js\ninner\n```\n````\n',
      '```\n```\n',
      '  ```\n  code\n  ```\n',
      '- item\n\n  ```js\n  x\n  ```\n- next\n',
      '1. one\n   ```\n   x\n   ```\n',
      '> ```\n> x\n> ```\n',
      '- > ```\n  > x\n  > ```\n',
      '```js\r\nx\r\n```\r\n',
      '    ```\n    indented code, no fence\n',
      ':::note\nText.\n:::\n',
      ':::tip[Title]\n```js\nx\n```\n:::\n',
      '> :::note\n> hi\n> :::\n',
      '::::tabs{groupId="os"}\n:::tab[Windows]\nRun it.\n:::\n:::tab[Linux]\nInstall it.\n:::\n::::\n',
      'Text with `inline` code and a host:8080 text directive.\n',
    ];
    for (const markdown of closed) expect([markdown, unclosed(markdown)]).toEqual([markdown, []]);
  });

  it('says a container nested with as many colons as the one around it is closed too early, and how to nest it', () => {
    const found = (render(':::tabs\n:::tab[A]\nalpha\n:::\n:::tab[B]\nbeta\n:::\n:::\n', 'page.md').findings.unclosed ?? [])[0];
    expect(found).toMatchObject({ message: ':::tab is never closed: the :::tabs around it ends at the first closing ::: line, which was meant for this one', line: 2, column: 1 });
    expect(found?.hint).toBe('give the outer container more colons than the ones inside it: ::::tabs … ::::');
    // Nested as it should be: nothing to say. An inner one left open inside a deeper outer one is just unclosed.
    expect(unclosed('::::tabs\n:::tab[A]\nalpha\n:::\n::::\n')).toEqual([]);
    expect(unclosed('::::note\n:::tip\ninner\n::::\n')[0]?.message).toBe(':::tip is never closed: the rest of the ::::note around it is inside it');
  });
});
