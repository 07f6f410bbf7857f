import { describe, it, expect } from 'vitest';
import { parseConfig } from '../../src/config/parse.ts';
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

  it('rejects a search URL pattern the browser could not compile, at its line, and keeps one it can', () => {
    const base = 'title: T\nurl: https://x.example\nbaseUrl: /docs/\n';
    const bad = errorsOf(`${base}search:\n  externalUrlRegex: "([a-z"\n  replaceSearchResultPathname: { from: "*x", to: "/" }\n`);
    expect(bad.errors.map((e) => [e.message.replace(/ \(.*\)$/, ''), e.position?.line])).toEqual([
      ['"search.externalUrlRegex" must be a JavaScript regular expression', 5],
      ['"search.replaceSearchResultPathname.from" must be a JavaScript regular expression', 6],
    ]);
    expect(bad.errors[0]?.message).toMatch(/Unterminated character class/);
    const { config } = parseConfig(`${base}search:\n  externalUrlRegex: "^https://other\\\\.example/"\n`, '/site/config.yaml');
    expect(config.search.externalUrlRegex).toBe('^https://other\\.example/');
  });

  it('rejects, at their line, a url a browser cannot open or that holds a password, a base with dot segments, a locale that is no language tag, and a link with a bad port', () => {
    const cases: [string, string, number, RegExp][] = [
      ['title: T\nurl: "https://host:99999"\nbaseUrl: /docs/\n', '"url"', 2, /a URL a browser can open/],
      ['title: T\nurl: "http://[::1"\nbaseUrl: /docs/\n', '"url"', 2, /a URL a browser can open/],
      ['title: T\nurl: "https://user:pw@host.example"\nbaseUrl: /docs/\n', '"url"', 2, /user name or password/],
      ['title: T\nurl: https://x.example\nbaseUrl: "/../"\n', '"baseUrl"', 3, /"\." or "\.\." as a segment/],
      ['title: T\nurl: https://x.example\nbaseUrl: "/docs/./"\n', '"baseUrl"', 3, /"\." or "\.\." as a segment/],
      ['title: T\nurl: https://x.example\nbaseUrl: /docs/\nlocale: "en US"\n', '"locale"', 4, /language tag/],
      ['title: T\nurl: https://x.example\nbaseUrl: /docs/\nlocale: ""\n', '"locale"', 4, /language tag/],
      ['title: T\nurl: https://x.example\nbaseUrl: /docs/\ndocs:\n  editUrl: "https://[bad/"\n', '"docs.editUrl"', 5, /http\(s\) URL/],
      ['title: T\nurl: https://x.example\nbaseUrl: /docs/\nnavbar:\n  items:\n    - { label: A, href: "http://host:99999/" }\n', '"navbar.items[0].href"', 6, /http\(s\) or mailto URL/],
    ];
    for (const [text, key, line, message] of cases) {
      const error = errorsOf(text).errors[0];
      expect(error?.message, text).toContain(key);
      expect(error?.message, text).toMatch(message);
      expect(error?.position?.line, text).toBe(line);
    }
    for (const ok of ['url: "http://localhost:8080"', 'locale: de-CH', 'baseUrl: /docs/5.4.sp1/']) {
      const text = `title: T\nurl: https://x.example\nbaseUrl: /docs/\n${ok}\n`.replace(/^(url|baseUrl): .*\n(?=[\s\S]*^\1: )/m, '');
      expect(() => parseConfig(text, '/site/config.yaml'), ok).not.toThrow();
    }
  });

  it('rejects a hosted search with only some of appId, apiKey and indexName, and a search host with a scheme or a space', () => {
    const base = 'title: T\nurl: https://x.example\nbaseUrl: /docs/\nsearch:\n';
    const partial = errorsOf(`${base}  appId: A\n`).errors[0];
    expect(partial?.message).toBe('"search.appId" needs "apiKey" and "indexName" too: the hosted search service is used only with all three (leave all out for the embedded index)');
    expect(partial?.position?.line).toBe(5);
    const hosted = `${base}  appId: A\n  apiKey: k\n  indexName: i\n  hosts:\n`;
    for (const bad of ['not a host', 'https://search.example.com', 'search.example.com/path', '127.0.0.1:99999']) {
      expect(errorsOf(`${hosted}    - { url: "${bad}" }\n`).errors[0]?.message, bad).toContain('"search.hosts[0].url" must be a host name or address with an optional port');
    }
    expect(() => parseConfig(`${hosted}    - { url: "127.0.0.1:7700", protocol: http }\n    - { url: search.example.com }\n`, '/site/config.yaml')).not.toThrow();
  });

  it('rejects two API entries with one route or one id, at the second one', () => {
    const base = 'title: T\nurl: https://x.example\nbaseUrl: /docs/\napi:\n  - { id: hub, route: api, spec: a.yaml }\n';
    const route = errorsOf(`${base}  - { id: other, route: api, spec: b.yaml }\n`).errors[0];
    expect(route?.message).toBe('"api[1].route" is "api", as in API entry 1: each API needs its own route');
    expect(route?.position?.line).toBe(6);
    expect(errorsOf(`${base}  - { id: hub, route: other, spec: b.yaml }\n`).errors[0]?.message).toBe('"api[1].id" is "hub", as in API entry 1: each API needs its own id');
  });

  it('rejects a base path without slashes', () => {
    const error = errorsOf('title: T\nurl: https://x.example\nbaseUrl: docs\n');
    expect(error.errors[0]?.message).toContain('"baseUrl"');
  });

  it('accepts only http(s), mailto and site paths as links, and says so at the line of the bad one', () => {
    const base = 'title: T\nurl: https://x.example\nbaseUrl: /docs/\n';
    const bad = [
      ['navbar:\n  items:\n    - label: A\n      href: "javascript:alert(1)"\n', 'navbar.items[0].href', 7, '"javascript:" URLs are not allowed'],
      ['navbar:\n  items:\n    - label: A\n      to: " JaVa\\tScRiPt:alert(1)"\n', 'navbar.items[0].to', 7, '"javascript:" URLs are not allowed'],
      ['footer:\n  links:\n    - title: C\n      items:\n        - { label: X, href: "data:text/html,<script>alert(1)</script>" }\n', 'footer.links[0].items[0].href', 8, '"data:" URLs are not allowed'],
      ['navbar:\n  logo: { alt: L, src: "vbscript:x" }\n', 'navbar.logo.src', 5, '"vbscript:" URLs are not allowed'],
      ['search:\n  missingResultsUrl: "ftp://x.example/{query}"\n', 'search.missingResultsUrl', 5, 'must be an http(s) URL'],
      ['search:\n  replaceSearchResultPathname: { from: "^.*$", to: "javascript:alert(1)//" }\n', 'search.replaceSearchResultPathname.to', 5, '"javascript:" URLs are not allowed'],
      ['search:\n  replaceSearchResultPathname: { from: "^/", to: "//evil.example/" }\n', 'search.replaceSearchResultPathname.to', 5, 'part of a path inside the site'],
      ['announcementBar:\n  id: a\n  content: Hi\n  backgroundColor: "#123456;background-image:url(https://x.example/t.png);position:fixed"\n', 'announcementBar.backgroundColor', 7, 'must be a CSS colour'],
      ['announcementBar:\n  id: a\n  content: Hi\n  textColor: "red} body{display:none"\n', 'announcementBar.textColor', 7, 'must be a CSS colour'],
    ] as const;
    for (const [yaml, key, line, words] of bad) {
      const error = errorsOf(base + yaml).errors[0];
      expect(error?.message, key).toContain(`"${key}" must be`);
      expect(error?.message, key).toContain(words);
      expect(error?.position?.line, key).toBe(line);
    }
    const good = 'navbar:\n  items:\n    - { label: A, href: "https://example.com/" }\n    - { label: B, to: /faq/ }\n    - { label: C, href: "mailto:docs@example.com" }\n    - { label: D, to: rhubapi }\n';
    expect(parseConfig(base + good, '/site/config.yaml').config.navbar.items).toHaveLength(4);
    const colours = ['"#0b3d91"', '"#fff"', 'navy', '"rgb(11 61 145 / 0.9)"', '"hsl(220, 86%, 30%)"', '"var(--brand)"'];
    for (const colour of colours) expect(parseConfig(`${base}announcementBar:\n  id: a\n  content: Hi\n  backgroundColor: ${colour}\n`, '/site/config.yaml').config.announcementBar, colour).toBeDefined();
    expect(parseConfig(`${base}search:\n  replaceSearchResultPathname: { from: "^/old/", to: /new/ }\n`, '/site/config.yaml').config.search.replaceSearchResultPathname?.to).toBe('/new/');
  });

  it('explains url and baseUrl mistakes in words, not as a regular expression', () => {
    const url = errorsOf('title: T\nurl: https://x.example/docs\nbaseUrl: /docs/\n').errors[0];
    expect(url?.message).toBe('"url" must be the site\'s origin, "https://" or "http://" and a host with no path, like https://docs.example.com (put the path in "baseUrl")');
    const base = errorsOf('title: T\nurl: https://x.example\nbaseUrl: docs/\n').errors[0];
    expect(base?.message).toContain('must start and end with "/"');
    expect(base?.message).not.toMatch(/\^|\$\)|\[A-Z/);
  });

  it('lists the allowed keys for an unknown one, and names a missing one', () => {
    const unknown = errorsOf('title: T\nurl: https://x.example\nbaseUrl: /docs/\ncolorMode:\n  default: dark\n').errors[0];
    expect(unknown?.hint).toContain('allowed here: defaultMode, disableSwitch, respectPrefersColorScheme');
    const missing = errorsOf('title: T\nbaseUrl: /docs/\n').errors[0];
    expect(missing?.message).toBe('missing key "url"');
  });

  it('accepts the real site config', async () => {
    const { loadConfig } = await import('../../src/config/load.ts');
    const { config } = await loadConfig('config.yaml');
    expect(config.baseUrl).toBe('/suite-5.4.sp1/');
    expect(config.docs.version.label).toBe('5.4 SP1');
    expect(config.footer?.logo?.width).toBe(200);
    const dropdown = config.navbar.items.find((i) => i.type === 'dropdown');
    const labels = dropdown?.items?.map((i) => i.label) ?? [];
    for (const expected of ['Suite 5.6', 'Suite 5.5', 'Suite 5.5 SP1', 'Suite 5.4 SP1', 'Suite 5.4', 'Suite 5.3', 'Suite 4.27', 'Hub 1.3', 'Talent tracking 2.1', 'Talent tracking 2.0', 'Camera tracking 1.1', 'Hardware unit']) {
      expect(labels).toContain(expected);
    }
    const legacy = dropdown?.items?.filter((i) => i.legacy).map((i) => i.label);
    expect(legacy).toEqual(expect.arrayContaining(['Suite 5.3', 'Suite 4.27', 'Hub 1.3']));
  });
  it('reads a config saved as UTF-16 with its byte-order mark, and says what to do with a folder given as the config', async () => {
    const { loadConfig } = await import('../../src/config/load.ts');
    const { mkdtemp, mkdir, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
    const text = 'title: Überblick\nurl: https://x.example\nbaseUrl: /docs/\n';
    const le = path.join(dir, 'le.yaml');
    await writeFile(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    expect((await loadConfig(le)).config.title).toBe('Überblick');
    const be = path.join(dir, 'be.yaml');
    await writeFile(be, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    expect((await loadConfig(be)).config.title).toBe('Überblick');
    await mkdir(path.join(dir, 'folder.yaml'));
    const error = await loadConfig(path.join(dir, 'folder.yaml')).catch((e: unknown) => e);
    expect(formatError(error)).toBe(`${path.join(dir, 'folder.yaml')}: error: cannot read the config file (EISDIR)\n  hint: this is a folder: pass the config file itself with --config`);
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

describe('positions inside a string value (links of the announcement bar)', () => {
  const BASE = 'title: T\nurl: https://x.example\nbaseUrl: /docs/\n';
  const at = (text: string, texts: string[]) => parseConfig(BASE + text, '/site/config.yaml').locateInValue(['announcementBar', 'content'], texts);

  it('finds each text in a quoted or plain value, in order, a repeated one at its next occurrence', () => {
    const single = `announcementBar:\n  id: a\n  content: 'Read <a href="/new/">new</a>, <a href="/up/">up</a> and <a href="/new/">new</a> again'\n`;
    expect(at(single, ['/new/', '/up/', '/new/'])).toEqual([
      { file: '/site/config.yaml', line: 6, column: 27 },
      { file: '/site/config.yaml', line: 6, column: 52 },
      { file: '/site/config.yaml', line: 6, column: 78 },
    ]);
    const double = `announcementBar:\n  id: a\n  content: "Read <a href=\\"/new/\\">new</a>"\n`;
    expect(at(double, ['/new/'])).toEqual([{ file: '/site/config.yaml', line: 6, column: 28 }]);
  });

  it('finds texts on the lines of a block scalar', () => {
    const block = 'announcementBar:\n  id: a\n  content: |\n    Release out.\n    Read <a href="/new/">new</a>\n    and <a href="/up/">up</a>.\n';
    expect(at(block, ['/new/', '/up/']).map((p) => [p.line, p.column])).toEqual([
      [8, 19],
      [9, 18],
    ]);
  });

  it('puts a text not written as it reads at the start of the value, and a missing key at its parent', () => {
    const escaped = `announcementBar:\n  id: a\n  content: "Read <a href=\\"/n\\x65w/\\">new</a>"\n`;
    expect(at(escaped, ['/new/'])).toEqual([{ file: '/site/config.yaml', line: 6, column: 12 }]);
    expect(parseConfig(BASE, '/site/config.yaml').locateInValue(['announcementBar', 'content'], ['/x/'])).toEqual([{ file: '/site/config.yaml', line: 1, column: 1 }]);
  });

  it('answers the same for a config whose validated form comes from the cache', async () => {
    const { loadConfig } = await import('../../src/config/load.ts');
    const { mkdtemp, writeFile } = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-config-'));
    const file = path.join(dir, 'config.yaml');
    await writeFile(file, `${BASE}announcementBar:\n  id: a\n  content: 'Read <a href="/new/">new</a>'\n`);
    const fresh = await loadConfig(file);
    const cached = await loadConfig(file);
    expect(cached.locateInValue(['announcementBar', 'content'], ['/new/'])).toEqual([{ file, line: 6, column: 27 }]);
    expect(fresh.locateInValue(['announcementBar', 'content'], ['/new/'])).toEqual([{ file, line: 6, column: 27 }]);
  });
});
