/** HTML from config.yaml (the announcement bar): sanitised as raw HTML in pages is, with its site paths resolved against the base. */
import { describe, it, expect } from 'vitest';
import { resolveConfigHref, sanitizeConfigHtml } from '../../src/render/config-html.ts';
import { sanitizeHtmlFragment } from '../../src/markdown/sanitize.ts';

describe('resolveConfigHref: a root-relative link is a site path', () => {
  it('gets the base, as a /path link in a page does', () => {
    expect(resolveConfigHref('/whats-new/', '/suite-5.4.sp1/')).toBe('/suite-5.4.sp1/whats-new/');
    expect(resolveConfigHref('/whats-new/', '/docs/v5/')).toBe('/docs/v5/whats-new/');
    expect(resolveConfigHref('/upgrade-note/#steps', '/docs/v5/')).toBe('/docs/v5/upgrade-note/#steps');
    expect(resolveConfigHref('/search/?q=hub', '/docs/v5/')).toBe('/docs/v5/search/?q=hub');
    expect(resolveConfigHref('/', '/docs/v5/')).toBe('/docs/v5/');
  });

  it('is unchanged under the base "/" and when it already starts with the base', () => {
    expect(resolveConfigHref('/whats-new/', '/')).toBe('/whats-new/');
    expect(resolveConfigHref('/suite-5.4.sp1/whats-new/', '/suite-5.4.sp1/')).toBe('/suite-5.4.sp1/whats-new/');
    expect(resolveConfigHref('/docs/v5', '/docs/v5/')).toBe('/docs/v5');
  });

  it('leaves URLs with a scheme, //host, fragments, queries and relative paths as written', () => {
    for (const href of ['https://docs.example.com/suite-5.6/', 'mailto:docs@example.com', '//cdn.example.com/x', '#top', '?q=1', 'whats-new/', '']) {
      expect(resolveConfigHref(href, '/docs/v5/')).toBe(href);
    }
  });
});

describe('sanitizeConfigHtml', () => {
  const BAR = 'Release 5.4 SP1 is out. Read <a href="/whats-new/">what is new</a> and the <a href="/upgrade-note/">upgrade note</a>.';

  it('resolves the links of the real bar against any base, and lists them with what config.yaml wrote', async () => {
    const underV5 = await sanitizeConfigHtml(BAR, '/docs/v5/');
    expect(underV5.html).toBe('Release 5.4 SP1 is out. Read <a href="/docs/v5/whats-new/">what is new</a> and the <a href="/docs/v5/upgrade-note/">upgrade note</a>.');
    expect(underV5.links).toEqual([
      { href: '/docs/v5/whats-new/', written: '/whats-new/' },
      { href: '/docs/v5/upgrade-note/', written: '/upgrade-note/' },
    ]);
    expect(underV5.removed).toEqual([]);
    const underRoot = await sanitizeConfigHtml(BAR, '/');
    expect(underRoot.html).toBe(BAR);
    expect(underRoot.links.map((l) => l.href)).toEqual(['/whats-new/', '/upgrade-note/']);
  });

  it('keeps links outside the site, fragments and links that already have the base', async () => {
    const html = '<a href="https://docs.example.com/suite-5.6/">5.6</a> <a href="#x">here</a> <a href="/docs/v5/faq/">FAQ</a> <a href="//cdn.example.com/a">cdn</a>';
    const result = await sanitizeConfigHtml(html, '/docs/v5/');
    expect(result.html).toBe(html);
    expect(result.links.map((l) => l.href)).toEqual(['https://docs.example.com/suite-5.6/', '#x', '/docs/v5/faq/', '//cdn.example.com/a']);
  });

  it('still removes what the content sanitizer removes, and its output is HTML the sanitizer leaves as it is', async () => {
    const html =
      'Hi <script>alert(1)</script><a href="javascript:alert(1)">js</a> <a href=" /spaced/" onclick="alert(1)">s</a> ' +
      '<a href="/\\evil.example/">bs</a> <img src="x" onerror="alert(1)"><iframe src="/x/"></iframe><a href="/ok/" style="color:red">ok</a>';
    const result = await sanitizeConfigHtml(html, '/docs/v5/');
    expect(result.html).not.toMatch(/script|javascript:|onclick|onerror|iframe|style=/i);
    expect(result.removed.length).toBeGreaterThanOrEqual(6);
    // What the URL policy kept is resolved (a leading space is not part of the URL a browser reads).
    // A browser reads "/\" as "//", another host, though it looks like a site path: the policy
    // removes it (sanitize-url.ts), never giving it the base or keeping it as a link out.
    expect(result.links.map((l) => l.href)).toEqual(['/docs/v5/spaced/', '/docs/v5/ok/']);
    expect(result.html).not.toContain('evil.example');
    expect(sanitizeHtmlFragment(result.html)).toEqual({ html: result.html, removed: [] });
    expect(result.removed.map((r) => r.message)).toEqual(sanitizeHtmlFragment(html).removed.map((r) => r.message));
  });

  it('plain text and HTML without links pass unchanged', async () => {
    expect(await sanitizeConfigHtml('Fixture announcement', '/docs/')).toEqual({ html: 'Fixture announcement', removed: [], links: [] });
    expect(await sanitizeConfigHtml('<b>New</b> &amp; better', '/docs/')).toEqual({ html: '<b>New</b> &#x26; better', removed: [], links: [] });
  });
});
