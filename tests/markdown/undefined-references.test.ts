/**
 * A reference without a definition is no link (CommonMark leaves `[text][label]` as text): each is
 * a finding at its line and column. Defined references, shortcuts and brackets in code are not.
 */
import { describe, it, expect, beforeAll } from 'vitest';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer({ highlighter: await createCodeHighlighter(['js']), baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
});

const undefinedIn = (markdown: string) => render(markdown, 'page.md').findings.undefinedReferences ?? [];

describe('undefined references', () => {
  it('reports a full and a collapsed reference that no definition names, where each is written', () => {
    const page = ['# Title', '', 'See [the hub API][hub-api] and', 'then [Setup][] too.', '', '- in a list: **[bold][missing]**'].join('\n');
    expect(undefinedIn(page)).toEqual([
      { source: '[the hub API][hub-api]', label: 'hub-api', line: 3, column: 5 },
      { source: '[Setup][]', label: 'Setup', line: 4, column: 6 },
      { source: '[bold][missing]', label: 'missing', line: 6, column: 16 },
    ]);
    expect(render(page, 'page.md').html).toContain('[the hub API][hub-api]');
  });

  it('says nothing of defined references (any case), shortcuts, brackets in code, or escaped brackets', () => {
    const page = [
      'A [defined][Ref] link and [ref][] again.',
      '',
      'Press [Enter] to go on; [optional] parts.',
      '',
      'Index with `a[0][1]`, and in a block:',
      '',
      '```js',
      'x[0][1] = 2;',
      '```',
      '',
      'An escaped \\[not a link\\]\\[x\\] one.',
      '',
      '[ref]: https://example.com/',
    ].join('\n');
    expect(undefinedIn(page)).toEqual([]);
  });

  it('finds one whose text has markup by its label, at the label', () => {
    expect(undefinedIn('Read [*the* guide][guide] first.')).toEqual([{ source: '][guide]', label: 'guide', line: 1, column: 18 }]);
  });
});
