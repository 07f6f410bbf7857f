/** Ids and hrefs come from an HTML tokenizer: text that looks like an attribute is no anchor. */
import { describe, it, expect } from 'vitest';
import { writeFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { collectLinkTargets, markdownPageParts, rawPart, tokenizeLinkTargets } from '../../src/checks/link-targets.ts';
import { build } from '../../src/build.ts';
import { copyFixture, runCli } from '../helpers.ts';
import type { Finding } from '../../src/checks/findings.ts';

describe('collecting ids and hrefs', () => {
  it('reads real attributes only: not prose, code, comments, scripts or other attribute values', () => {
    const html = [
      '<p>Write id="ghost" or name="n" in prose, href="/nope" too.</p>',
      '<pre><code>&lt;a id="code-ghost" href="/code"&gt;</code></pre>',
      '<!-- <a id="comment-ghost" href="/comment"> -->',
      '<script>var s = \'<a id="script-ghost" href="/script">\';</script>',
      '<img alt=\' id="alt-ghost"\' title="a href=&quot;/attr&quot;">',
      '<h2 ID="Real">R</h2><A NAME="legacy" HREF="/x?a=1&amp;b=2">x</A><a href=\'single\' id=unquoted>y</a>',
      '<div id="first" id="second"></div>',
    ].join('\n');
    const { ids, hrefs } = collectLinkTargets(html);
    expect([...ids].sort()).toEqual(['Real', 'first', 'legacy', 'unquoted']);
    expect(hrefs).toEqual(['/x?a=1&b=2', 'single']);
  });

  it('reads the theme around a page\'s markdown with the markdown\'s own (tokenized) targets, with the same result as tokenizing the whole page', () => {
    const content = '<h2 id="setup">Setup</h2><p>Text id="ghost" <a href="#setup">up</a> &amp; <a href="../x/">x</a></p>';
    const announcement = 'New: <a href="/docs/new/" id="bar-link">release</a>, write id="not-an-id"';
    const page = [
      '<html><head><title>A &quot;page&quot;</title></head><body>',
      `<div class="announcement__content">${announcement}</div>`,
      '<nav><a class="navbar__link" href="/docs/guide/">Guide</a><a href="/docs/a?x=1&amp;y=2">A</a></nav>',
      `<main id="main-content"><div class="markdown">${content}</div></main>`,
      '<script id="__docsgen_data" type="application/json">{"html":"<p id=\\"json-ghost\\">"}</script></body></html>',
    ].join('');
    const fast = collectLinkTargets(page, (v) => v, markdownPageParts({ html: content, linkTargets: tokenizeLinkTargets(content) }, rawPart(announcement)));
    const whole = collectLinkTargets(page);
    expect([...fast.ids].sort()).toEqual([...whole.ids].sort());
    expect(fast.hrefs).toEqual(whole.hrefs);
    expect([...whole.ids].sort()).toEqual(['__docsgen_data', 'bar-link', 'main-content', 'setup']);
    expect(whole.hrefs).toEqual(['/docs/new/', '/docs/guide/', '/docs/a?x=1&y=2', '#setup', '../x/']);
  });

  it('tokenizes the whole page when a raw part is not in it verbatim', () => {
    const page = '<nav><a href="/a">a</a></nav><main><p>id="ghost"</p><h2 id="real">r</h2></main>';
    const targets = collectLinkTargets(page, (v) => v, [{ html: '<p>changed</p>', ids: ['wrong'], hrefs: [] }]);
    expect([...targets.ids]).toEqual(['real']);
    expect(targets.hrefs).toEqual(['/a']);
  });

  it('passes every kept value through the string pool, including those of raw parts', () => {
    const content = '<h2 id="in-content">c</h2><a href="#in-content">c</a>';
    const page = `<nav id="nav"><a href="/n">n</a></nav><main>${content}</main>`;
    const kept = (value: string) => `kept:${value}`;
    for (const parts of [[], markdownPageParts({ html: content, linkTargets: tokenizeLinkTargets(content) }, undefined)]) {
      const targets = collectLinkTargets(page, kept, parts);
      for (const value of [...targets.ids, ...targets.hrefs]) expect(value.startsWith('kept:')).toBe(true);
      expect(targets.ids.size).toBe(2);
    }
  });
});

describe('duplicate ids in a page\'s content', () => {
  it('the tokenizer names an id (or <a name>) found again, once, and keeps every id once', () => {
    const found = tokenizeLinkTargets('<h2 id="same">A</h2><h2 id="same">B</h2><a name="same"></a><p id="one">x</p><a name="two"></a><p id="two">y</p>');
    expect(found.ids).toEqual(['same', 'one', 'two']);
    expect(found.duplicateIds).toEqual(['same', 'two']);
    expect(tokenizeLinkTargets('<h2 id="a">A</h2><p id="b">B</p>').duplicateIds).toBeUndefined();
  });

  it('a built page whose headings share a {#custom-id} gets a broken-anchor warning naming the id; headings with the same text do not', async () => {
    const dir = await copyFixture('basic');
    try {
      await writeFile(path.join(dir, 'content/guide/dups.md'), '---\ntitle: Dups\n---\n\n## One {#same}\n\n## Two {#same}\n\n## Three\n\n## Three\n');
      const result = await runCli(['check', '--config', path.join(dir, 'config.yaml'), '--format', 'json']);
      const findings = (JSON.parse(result.stdout) as { findings: Finding[] }).findings.filter((f) => f.position?.file === path.join(dir, 'content/guide/dups.md'));
      expect(findings.map((f) => [f.kind, f.message])).toEqual([['broken-anchor', 'duplicate id "same": more than one element of this page has it, and a link to #same lands on the first']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the anchor check on a built site', () => {
  it('a page whose prose contains id="ghost" has a broken #ghost anchor', async () => {
    const dir = await copyFixture('basic');
    try {
      await writeFile(
        path.join(dir, 'content/guide/ghost.md'),
        '---\ntitle: Ghost\n---\n\nAn attribute written as text: id="ghost", and `<a id="code-ghost">` in code.\n\n```html\n<a id="block-ghost"></a>\n```\n\n<a id="real-anchor"></a>\n\n[to the ghost](#ghost) [in code](#code-ghost) [in a block](#block-ghost) [real](#real-anchor)\n',
      );
      const result = await build({ configFile: path.join(dir, 'config.yaml'), mode: 'check' });
      const anchors = result.findings.filter((f) => f.kind === 'broken-anchor' && f.position.file.endsWith('ghost.md'));
      expect(anchors.map((f) => f.link).sort()).toEqual(['#block-ghost', '#code-ghost', '#ghost']);
      expect(anchors.find((f) => f.link === '#ghost')?.position).toMatchObject({ line: 13, column: 1 });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
