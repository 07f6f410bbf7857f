/** The allow-list sanitizer and the URL policy: payloads, a property test, and what documentation keeps. */
import { describe, it, expect, beforeAll } from 'vitest';
import fc from 'fast-check';
import { createMarkdownRenderer, type MarkdownRenderer } from '../../src/markdown/render.ts';
import { createCodeHighlighter } from '../../src/markdown/highlight.ts';
import { renderDescription } from '../../src/openapi/markdown.ts';
import { sanitizeHtmlFragment } from '../../src/markdown/sanitize.ts';
import { allowedUrl } from '../../src/markdown/sanitize-url.ts';
import { XSS_PAYLOADS } from './xss-corpus.ts';
import { unsafeParts } from './html-safety.ts';

let render: MarkdownRenderer;

beforeAll(async () => {
  render = createMarkdownRenderer({
    highlighter: await createCodeHighlighter(['json', 'js']),
    baseUrl: '/docs/',
    routeOfDoc: (rel) => (rel === 'guide/other.md' ? '/docs/guide/other/' : undefined),
    urlOfAsset: (rel) => (rel === 'img/a.svg' ? '/docs/assets/img/a-1.svg' : undefined),
  });
});

describe('the safety check used by these tests', () => {
  it('catches every kind of unsafe HTML (so a passing payload test means something)', () => {
    expect(unsafeParts('<script>x</script>')).toEqual(['<script> element']);
    expect(unsafeParts('<img src=x onerror=alert(1)>')).toEqual(['event handler onerror on <img>']);
    expect(unsafeParts('<a href="java&#9;script:x">a</a>')).toHaveLength(1);
    expect(unsafeParts('<a href=" JAVASCRIPT:x">a</a>')).toHaveLength(1);
    expect(unsafeParts('<img src="data:text/html,x">')).toHaveLength(1);
    expect(unsafeParts('<svg><a xlink:href="javascript:x"></a></svg>').length).toBeGreaterThan(1);
    // docsgen's own icon and tab pass only in their exact shape.
    expect(unsafeParts('<svg class="admonition-icon" aria-hidden="true" viewBox="0 0 16 16"><path d="M1 1h2"></path></svg>')).toEqual([]);
    expect(unsafeParts('<svg class="admonition-icon" aria-hidden="true"><a xlink:href="javascript:x"></a></svg>').length).toBeGreaterThan(0);
    expect(unsafeParts('<button type="button" role="tab" class="tabs__tab" aria-selected="true">A</button>')).toEqual([]);
    expect(unsafeParts('<button type="button" role="tab" class="tabs__tab" onclick="x()">A</button>').length).toBeGreaterThan(0);
    expect(unsafeParts('<iframe srcdoc="<script>x</script>"></iframe>').length).toBe(2);
    expect(unsafeParts('<noscript><p title="</noscript><img src=x onerror=alert(1)>">').length).toBeGreaterThan(0);
    expect(unsafeParts('<p style="position:fixed">x</p>')).toEqual(['style attribute on <p>']);
    expect(unsafeParts('<p>fine <a href="https://example.com">x</a> <img src="data:image/png;base64,AA"></p>')).toEqual([]);
  });
});

describe('XSS payload corpus', () => {
  it.each(XSS_PAYLOADS.map((p) => [p.name, p] as const))('%s: renders without script', (_name, payload) => {
    const html = render(`# Page\n\nBefore.\n\n${payload.markdown}\n\nAfter.\n`, 'guide/xss.md').html;
    expect(unsafeParts(html)).toEqual([]);
    expect(html).toContain('Before.');
    // The rest of the page survives, unless the payload opened a script or style it never closed.
    if (!payload.swallowsRest) expect(html).toContain('After.');
  });

  it('reports what it removed, with the line and column of the source', () => {
    const out = render('# T\n\nText\n\n<iframe srcdoc="x"></iframe>\n\n[a](javascript:alert(1)) <a href="java&#9;script:x" onclick="y">b</a>\n', 'a.md');
    const removed = out.findings.removed ?? [];
    expect(removed).toContainEqual({ message: 'raw HTML <iframe> removed (with its content): the element is not allowed in content', line: 5, column: 1 });
    expect(removed).toContainEqual({ message: 'attribute onclick removed from <a>: not allowed in content', line: 7, column: 26 });
    expect(removed.some((r) => r.line === 7 && r.column === 1 && r.message.startsWith('href="javascript:alert(1)" removed'))).toBe(true);
    expect(removed.some((r) => r.line === 7 && r.column === 26 && r.message.startsWith('href="java\\u0009script:x" removed'))).toBe(true);
  });

  it('reports an unsafe markdown link on a page without raw HTML too', () => {
    const out = render('Text with [a link](JavaScript:alert(1)) and <javascript:alert(2)>.\n', 'a.md');
    expect(out.html).toBe('<p>Text with <a>a link</a> and <a>javascript:alert(2)</a>.</p>');
    expect(out.findings.removed).toEqual([
      { message: 'link URL "JavaScript:alert(1)" removed: only http(s), mailto and site URLs are allowed', line: 1, column: 11 },
      { message: 'link URL "javascript:alert(2)" removed: only http(s), mailto and site URLs are allowed', line: 1, column: 45 },
    ]);
  });
});

// Pieces a generator mixes: markdown, raw HTML with attributes in every quoting, and URL schemes
// in every spelling a browser accepts.
const scheme = fc.constantFrom('javascript:', 'JaVaScRiPt:', 'java&#9;script:', 'java&#x0A;script:', '&#x6A;avascript:', '&#106;avascript&#58;', ' javascript:', '\u0001javascript:', 'javascript&colon;', 'vbscript:', 'data:text/html,', 'data:image/svg+xml,', 'data:image/png;base64,', 'http://', 'https://', 'mailto:', '//', './', '#', '');
const url = fc.tuple(scheme, fc.constantFrom('alert(1)', 'window.__xss=1', 'example.com/a', '<script>alert(1)</script>', '"><img src=x onerror=alert(1)>')).map(([s, rest]) => s + rest);
const attributeName = fc.constantFrom('href', 'src', 'xlink:href', 'srcdoc', 'formaction', 'action', 'onclick', 'onerror', 'ontoggle', 'onload', 'onfocus', 'style', 'id', 'name', 'data', 'background', 'poster', 'open', 'autofocus', 'class', 'width', 'title', 'srcset', 'cite');
const attributeValue = fc.oneof(url, fc.constantFrom('alert(1)', '__docsgen_data', 'legacy', 'x:expression(alert(1))', 'admonition'));
const attribute = fc.tuple(attributeName, attributeValue, fc.constantFrom('"', "'", '', '`')).map(([name, value, quote]) => (quote === '' ? ` ${name}=${value.replace(/\s/g, '')}` : ` ${name}=${quote}${value}${quote}`));
const tagName = fc.constantFrom('a', 'img', 'iframe', 'svg', 'math', 'mtext', 'mglyph', 'script', 'style', 'object', 'embed', 'base', 'meta', 'form', 'input', 'button', 'details', 'summary', 'div', 'p', 'noscript', 'template', 'textarea', 'title', 'select', 'table', 'td', 'animate', 'set', 'use', 'foreignObject', 'xmp', 'noembed', 'frame', 'kbd', 'span', 'video', 'source', 'area', 'link');
const openTag = fc.tuple(tagName, fc.array(attribute, { maxLength: 4 }), fc.boolean()).map(([name, attrs, selfClose]) => `<${name}${attrs.join('')}${selfClose ? '/' : ''}>`);
const closeTag = tagName.map((name) => `</${name}>`);
const markdownPiece = fc.oneof(
  url.map((u) => `[x](${u})`),
  url.map((u) => `<${u}>`),
  url.map((u) => `![i](${u})`),
  url.map((u) => `[r][ref]\n\n[ref]: ${u}\n`),
  fc.constantFrom('\n\n', '\n', '# ', '## Heading {#custom}\n', ':::note\n', ':::\n', '```\n', '`', '*', '- ', '| a |\n|---|\n| b |\n', '<!--', '-->', '"', "'", '>', 'text ', '&lt;script&gt;', '[^1]\n\n[^1]: n\n'),
);
const page = fc.array(fc.oneof(markdownPiece, openTag, closeTag, attribute), { minLength: 1, maxLength: 25 }).map((parts) => parts.join(''));

describe('property: no mixture of markdown, raw HTML, attributes and URL schemes yields script', () => {
  it('keeps the invariant on the output as parse5 parses it', () => {
    fc.assert(
      fc.property(page, (markdown) => {
        const problems = unsafeParts(render(markdown, 'guide/fuzz.md').html);
        if (problems.length > 0) throw new Error(`${problems.join('; ')}\n--- for ---\n${markdown}`);
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 400) },
    );
  });

  it('keeps it for OpenAPI descriptions and config HTML too', () => {
    fc.assert(
      fc.property(page, (text) => {
        expect(unsafeParts(renderDescription(text))).toEqual([]);
        expect(unsafeParts(sanitizeHtmlFragment(text).html)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

describe('what documentation keeps', () => {
  it('keeps details/summary, kbd, sup/sub, br, images with size, tables with alignment, abbr and figures', () => {
    const raw = [
      '<details open><summary>More</summary>Hidden <kbd>Ctrl</kbd>+<kbd>K</kbd></details>',
      '<p>H<sub>2</sub>O and x<sup>2</sup><br>next</p>',
      '<img src="https://example.com/a.png" width="320" height="200" alt="Alt" title="Title" loading="lazy">',
      '<table><thead><tr><th align="right" colspan="2">A</th></tr></thead><tbody><tr><td align="center">1</td><td rowspan="1">2</td></tr></tbody></table>',
      '<abbr title="Media Object Server">MOS</abbr> <figure><img src="img/a.svg" alt="d"><figcaption>Caption</figcaption></figure>',
    ].join('\n\n');
    const html = render(raw, 'x.md').html;
    expect(html).toContain('<details open><summary>More</summary>Hidden <kbd>Ctrl</kbd>+<kbd>K</kbd></details>');
    expect(html).toContain('<p>H<sub>2</sub>O and x<sup>2</sup><br>next</p>');
    expect(html).toContain('<img src="https://example.com/a.png" width="320" height="200" alt="Alt" title="Title" loading="lazy" decoding="async">');
    expect(html).toContain('<th align="right" colspan="2">A</th>');
    expect(html).toContain('<td align="center">1</td><td rowspan="1">2</td>');
    expect(html).toContain('<abbr title="Media Object Server">MOS</abbr>');
    expect(html).toContain('<figure><img src="/docs/assets/img/a-1.svg" alt="d" loading="lazy" decoding="async"><figcaption>Caption</figcaption></figure>');
  });

  it('keeps ids as written (no user-content- prefix), heading ids and {#custom-id} on pages with raw HTML', () => {
    const out = render('## Install {#setup}\n\n## Ports\n\n<a id="legacy"></a><a name="old-name"></a>\n\n<h3 id="raw-heading">Raw</h3>\n\n[to legacy](#legacy)\n', 'x.md');
    expect(out.html).toContain('<h2 id="setup">Install<a class="hash-link" href="#setup"');
    expect(out.html).toContain('<h2 id="ports">Ports');
    expect(out.html).toContain('<a id="legacy"></a><a name="old-name"></a>');
    expect(out.html).toContain('<h3 id="raw-heading">Raw');
    expect(out.html).toContain('<a href="#legacy">to legacy</a>');
    expect(out.html).not.toContain('user-content-legacy');
  });

  it('keeps admonitions, task lists, footnotes and highlighted code on a page with raw HTML', () => {
    const out = render(':::tip[Hint]\nUse <kbd>F5</kbd>.\n:::\n\n- [x] done\n\nNote[^1]\n\n[^1]: Text.\n\n```json\n{"a": 1}\n```\n', 'x.md');
    expect(out.html).toMatch(/<div class="admonition admonition-tip" role="note"><p class="admonition-title"><svg class="admonition-icon"[^>]*>(<path d="[^"]*"><\/path>)+<\/svg><span class="visually-hidden">Tip: <\/span>Hint<\/p><div class="admonition-content">/);
    expect(out.html).toContain('<li class="task-list-item"><input type="checkbox" checked disabled> done</li>');
    expect(out.html).toContain('<a href="#user-content-fn-1" id="user-content-fnref-1" data-footnote-ref="" aria-describedby="footnote-label">1</a>');
    expect(out.html).toContain('<section data-footnotes="" class="footnotes">');
    expect(out.html).toMatch(/<pre class="shiki shiki-themes github-light-high-contrast github-dark-default" style="--shiki-light:/);
    expect(out.findings.removed).toBeUndefined();
  });

  it('says which class names it dropped and which input it turned into a checkbox, and writes no empty class', () => {
    const out = render('<p style="color:red" class="lead">p</p>\n\n<div class="admonition wide">d</div>\n\n<form><input type="text" value="t"></form>', 'x.md');
    expect(out.html).toContain('<p>p</p>');
    expect(out.html).toContain('<div class="admonition">d</div>');
    expect(out.html).toContain('<input type="checkbox" disabled>');
    expect(out.html).not.toContain('class=""');
    expect(out.findings.removed?.map((r) => [r.message, r.line])).toEqual([
      ['attribute style removed from <p>: not allowed in content', 1],
      ['class "lead" removed from <p>: content may use only the classes the theme gives its own markup', 1],
      ['class "wide" removed from <div>: content may use only the classes the theme gives its own markup', 3],
      ['raw HTML <form> removed (its text is kept): the element is not allowed in content', 5],
      ['attribute value removed from <input>: not allowed in content', 5],
      ['<input type="text"> turned into a disabled checkbox: content may hold only the checkboxes of task lists', 5],
    ]);
  });

  it('refuses the ids the theme owns, so content cannot clobber the page data or the shell', () => {
    const out = render('<div id="__docsgen_data">x</div><p id="main-content">y</p><a name="docsgen-x">z</a><p id="fine">ok</p>', 'x.md');
    expect(out.html).toBe('<div>x</div><p>y</p><a>z</a><p id="fine">ok</p>');
    expect(out.findings.removed?.map((r) => r.message)).toEqual([
      'id="__docsgen_data" removed from <div>: the theme\'s own ids and ids starting with "__" or "docsgen" are reserved',
      'id="main-content" removed from <p>: the theme\'s own ids and ids starting with "__" or "docsgen" are reserved',
      'name="docsgen-x" removed from <a>: the theme\'s own ids and ids starting with "__" or "docsgen" are reserved',
    ]);
  });

  it('keeps http(s), mailto, site paths and data:image URLs, as the browser reads them', () => {
    const out = render('<a href="HTTPS://example.com/a">a</a> <a href="mailto:x@example.com">m</a> <a href="/docs/x/">p</a> <img src="data:image/png;base64,iVBORw0KGgo=" alt="dot">', 'x.md');
    expect(out.html).toContain('<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">a</a>');
    expect(out.html).toContain('<a href="mailto:x@example.com">m</a>');
    expect(out.html).toContain('<a href="/docs/x/">p</a>');
    expect(out.html).toContain('<img src="data:image/png;base64,iVBORw0KGgo=" alt="dot"');
  });
});

describe('URL policy', () => {
  it.each([
    ['https://example.com/a?b#c', 'link', 'https://example.com/a?b#c'],
    ['HTTP://example.com', 'link', 'http://example.com'],
    ['mailto:a@example.com', 'link', 'mailto:a@example.com'],
    ['../other/#x', 'link', '../other/#x'],
    ['/docs/a/', 'link', '/docs/a/'],
    ['#anchor', 'link', '#anchor'],
    ['//cdn.example.com/x', 'link', '//cdn.example.com/x'],
    ['  https://example.com  ', 'link', 'https://example.com'],
    ['data:image/png;base64,AAAA', 'image', 'data:image/png;base64,AAAA'],
    ['DATA:image/svg+xml,<svg/>', 'image', 'data:image/svg+xml,<svg/>'],
  ] as const)('allows %j as a %s', (value, use, expected) => {
    expect(allowedUrl(value, use)).toBe(expected);
  });

  it.each([
    ['javascript:alert(1)', 'link'],
    ['JAVASCRIPT:alert(1)', 'link'],
    ['java\tscript:alert(1)', 'link'],
    ['java\nscript:alert(1)', 'link'],
    ['\u0001\u0020javascript:alert(1)', 'link'],
    ['java\u0000script:alert(1)', 'link'],
    ['vbscript:msgbox(1)', 'link'],
    ['data:text/html,<script>alert(1)</script>', 'link'],
    ['data:image/png;base64,AAAA', 'link'],
    ['data:text/html,<script>alert(1)</script>', 'image'],
    ['javascript:alert(1)', 'image'],
    ['file:///etc/passwd', 'link'],
    ['x-custom:thing', 'link'],
    ['mailto:a@example.com', 'image'],
    // A site path to the eye, another host to the browser (which reads \ as /).
    ['/\\evil.example/x', 'link'],
    ['\\\\evil.example/x', 'link'],
    ['\\/evil.example/x', 'link'],
    ['/\\evil.example/x.png', 'image'],
  ] as const)('refuses %j as a %s', (value, use) => {
    expect(allowedUrl(value, use)).toBeUndefined();
  });
});

describe('other HTML from input', () => {
  it('OpenAPI descriptions show raw HTML as text, lose script URLs and keep their markdown', () => {
    const html = renderDescription('**Bold** [ok](https://example.com) [bad](javascript:alert(1)) <img src=x onerror=alert(1)> <a href="#x" id="__docsgen">r</a>');
    expect(html).toContain('<strong>Bold</strong>');
    expect(html).toContain('<a href="https://example.com"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(unsafeParts(html)).toEqual([]);
  });

  it('the announcement bar keeps links and formatting and loses script', () => {
    const { html, removed } = sanitizeHtmlFragment('Release <b>5.4</b> is out: <a href="/docs/whats-new/" onclick="x()">read</a><script>alert(1)</script><img src=x onerror=alert(1)>');
    expect(html).toBe('Release <b>5.4</b> is out: <a href="/docs/whats-new/">read</a><img src="x">');
    expect(removed.map((r) => r.message)).toEqual([
      'attribute onclick removed from <a>: not allowed in content',
      'raw HTML <script> removed (with its content): the element is not allowed in content',
      'attribute onerror removed from <img>: not allowed in content',
    ]);
  });
});
