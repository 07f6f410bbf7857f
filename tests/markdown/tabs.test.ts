/** Tabs in markdown: `::::tabs` / `:::tab[Label]` become the WAI-ARIA tabs pattern. */
import { describe, it, expect, beforeAll } from 'vitest';
import { parse } from 'parse5';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';

let render: MarkdownRenderer;
beforeAll(async () => {
  render = createMarkdownRenderer({ highlighter: await createCodeHighlighter(['bash']), baseUrl: '/', routeOfDoc: () => undefined, urlOfAsset: () => undefined });
});

const SOURCE = '::::tabs{groupId="os"}\n:::tab[Linux]\nRun `apt install hub`.\n:::\n:::tab[Windows]\nRun the **installer**.\n:::\n::::\n';

describe('tabs', () => {
  it('build a tablist of buttons and one labelled panel per tab, the first selected', () => {
    const html = render(SOURCE, 'a.md').html;
    expect(html).toContain('<div class="tabs" data-group-id="os"><div role="tablist" class="tabs__list">');
    expect(html).toContain('<button type="button" role="tab" id="docsgen-tabs-1-tab-0" class="tabs__tab" aria-selected="true" aria-controls="docsgen-tabs-1-panel-0" tabindex="0">Linux</button>');
    expect(html).toContain('<button type="button" role="tab" id="docsgen-tabs-1-tab-1" class="tabs__tab" aria-selected="false" aria-controls="docsgen-tabs-1-panel-1" tabindex="-1">Windows</button>');
    expect(html).toContain('<div role="tabpanel" id="docsgen-tabs-1-panel-0" class="tabs__panel" aria-labelledby="docsgen-tabs-1-tab-0" tabindex="0" data-active="">');
    expect(html).toContain('<div role="tabpanel" id="docsgen-tabs-1-panel-1" class="tabs__panel" aria-labelledby="docsgen-tabs-1-tab-1" tabindex="0">');
    expect(html).toContain('<strong>installer</strong>');
  });

  it('label each panel for readers without JavaScript, and number unlabelled tabs', () => {
    const html = render('::::tabs\n:::tab\nA\n:::\n:::tab[B]\nB\n:::\n::::\n', 'a.md').html;
    expect(html).toContain('<p class="tabs__panel-label">Tab 1</p>');
    expect(html).toContain('<p class="tabs__panel-label">B</p>');
    expect(html).not.toContain('data-group-id');
  });

  it('give every tab set of a page its own ids, also on pages with raw HTML', () => {
    const html = render(`Press <kbd>Enter</kbd>.\n\n${SOURCE}\n${SOURCE}`, 'a.md').html;
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.filter((id) => id?.startsWith('docsgen-tabs-'))).toHaveLength(8);
    expect(new Set(ids).size).toBe(ids.length);
    expect(html).toContain('docsgen-tabs-2-panel-1');
  });

  it('refuse a groupId that is not a plain name, and keep what an author wrote without tabs as text', () => {
    expect(render('::::tabs{groupId="a b<"}\n:::tab[X]\nx\n:::\n::::\n', 'a.md').html).not.toContain('data-group-id');
    expect(render('::::tabs\nNo tabs here.\n::::\n', 'a.md').html).toContain('::::tabs');
  });

  it('produce well-formed HTML (every panel closes inside its tab set)', () => {
    const html = render(SOURCE, 'a.md').html;
    type Node = { nodeName: string; childNodes?: Node[] };
    const document = parse(`<body>${html}</body>`) as unknown as Node;
    const body = document.childNodes?.find((n) => n.nodeName === 'html')?.childNodes?.find((n) => n.nodeName === 'body');
    expect(body?.childNodes?.filter((n) => n.nodeName === 'div')).toHaveLength(1);
  });
});

describe('tabs written so that they make no tabs', () => {
  const misplaced = (markdown: string) => (render(markdown, 'page.md').findings.misplaced ?? []).map(({ message, line, column }) => ({ message: message.split(/[,:] /)[0], line, column }));

  it('warns at a tab outside a tabs container, a tabs container without a tab, and text beside the tabs', () => {
    expect(misplaced(':::tab[Lonely]\ntext\n:::\n')).toEqual([{ message: ':::tab is not inside ::::tabs', line: 1, column: 1 }]);
    expect(misplaced('::::tabs\nno tab here\n::::\n')).toEqual([{ message: 'this tabs container holds no :::tab', line: 1, column: 1 }]);
    expect(misplaced('Intro.\n\n::::tabs\nstray\n:::tab[A]\nx\n:::\n::::\n')).toEqual([{ message: 'this tabs container holds text outside its tabs', line: 3, column: 1 }]);
  });

  it('says nothing of tabs written as the README shows them', () => {
    expect(misplaced('::::tabs{groupId="os"}\n:::tab[Linux]\na\n:::\n:::tab[Windows]\nb\n:::\n::::\n')).toEqual([]);
  });
});

