import { describe, it, expect } from 'vitest';
import { readFile, writeFile, rm, symlink, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { copyFixture, runCli, type CliResult } from '../helpers.ts';

/** Builds a good copy first, applies the breakage, builds again, and checks out/ is as it was. */
async function breakAndBuild(breakIt: (dir: string) => Promise<void>): Promise<{ dir: string; result: CliResult; unchanged: boolean }> {
  const dir = await copyFixture('basic');
  const config = path.join(dir, 'config.yaml');
  expect((await runCli(['build', '--config', config])).code).toBe(0);
  const before = await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8');
  await breakIt(dir);
  const result = await runCli(['build', '--config', config]);
  const after = await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8').catch(() => '');
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/); // never a stack trace
  expect((await readdir(dir)).filter((n) => n.startsWith('.docsgen-'))).toEqual([]);
  return { dir, result, unchanged: before === after };
}

const patchConfig = (dir: string, from: string, to: string) =>
  readFile(path.join(dir, 'config.yaml'), 'utf8').then((text) => writeFile(path.join(dir, 'config.yaml'), text.replace(from, to)));

describe('bad input gives a clear message, the right exit code and an untouched out/', () => {
  it('invalid YAML in _category_.yaml', async () => {
    const { dir, result, unchanged } = await breakAndBuild((d) => writeFile(path.join(d, 'content/guide/_category_.yaml'), 'label: [Guide\nposition: 1\n'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`${path.join(dir, 'content/guide/_category_.yaml')}:\\d+:\\d+: error: invalid YAML`));
    expect(unchanged).toBe(true);
  });

  it('a control character written as an escape in config.yaml or front matter: refused at its key', async () => {
    const { dir, result, unchanged } = await breakAndBuild((d) => patchConfig(d, 'tagline: A small site the tests build', 'tagline: "A small\\0site"'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(dir, 'config.yaml')}:2:1: error: "tagline" holds the control character U+0000, which no page can show`);
    expect(unchanged).toBe(true);
    const inPage = await breakAndBuild(async (d) => {
      const file = path.join(d, 'content/guide/second.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace('title: Second page', 'title: Second page\nkeywords: [ok, "bell\\x07"]'));
    });
    expect(inPage.result.code).toBe(1);
    expect(inPage.result.stderr).toMatch(/content\/guide\/second\.md:3:\d+: error: "keywords\[1\]" in front matter holds the control character U\+0007/);
    expect(inPage.unchanged).toBe(true);
  });

  it('an unknown front matter key is a warning with its position', async () => {
    const { result } = await breakAndBuild(async (d) => {
      const file = path.join(d, 'content/guide/second.md');
      await writeFile(file, (await readFile(file, 'utf8')).replace('title: Second page', 'title: Second page\nauthor: someone'));
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`content/guide/second.md:3:1: warning: unknown front matter key "author" is ignored`);
  });

  it('duplicate doc ids', async () => {
    const { result, unchanged } = await breakAndBuild((d) => writeFile(path.join(d, 'content/guide/copy.md'), '---\ntitle: Copy\nid: first\n---\n\nText.\n'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/content\/guide\/(copy|first)\.md:1:1: error: duplicate doc id "guide\/first"/);
    expect(unchanged).toBe(true);
  });

  it('an SVG image with script: refused at its line and column, with what to do', async () => {
    const { dir, result, unchanged } = await breakAndBuild((d) =>
      writeFile(path.join(d, 'content/guide/img/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg">\n  <rect width="4" height="4"\n        onclick="fetch(\'/steal?\' + document.cookie)"/>\n</svg>\n'),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(dir, 'content/guide/img/diagram.svg')}:3:9: error: this SVG image contains the onclick attribute`);
    expect(result.stderr).toContain('remove the script, event handler or script URL');
    expect(unchanged).toBe(true);
  });

  it('an SVG image whose DTD or style sheet can add a script (images and _static/): refused at its line and column', async () => {
    const entity = `<!DOCTYPE svg [<!ENTITY s "<script xmlns='http://www.w3.org/2000/svg'>alert(document.domain)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&s;</svg>`;
    const { dir, result, unchanged } = await breakAndBuild(async (d) => {
      await writeFile(path.join(d, 'content/guide/img/ent.svg'), entity);
      await writeFile(path.join(d, 'content/guide/first.md'), `${await readFile(path.join(d, 'content/guide/first.md'), 'utf8')}\n![diagram](./img/ent.svg)\n`);
      await writeFile(path.join(d, 'content/_static/ent.svg'), entity);
      await writeFile(path.join(d, 'content/_static/t.xsl'), '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"/>');
      await writeFile(path.join(d, 'content/_static/styled.svg'), '<?xml version="1.0"?>\n<?xml-stylesheet type="text/xsl" href="/docs/t.xsl"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    });
    expect(result.code).toBe(1);
    for (const file of ['content/guide/img/ent.svg', 'content/_static/ent.svg']) {
      expect(result.stderr).toContain(`${path.join(dir, file)}:1:1: error: this SVG image contains a DOCTYPE with declarations of its own, which can add a script this check does not see`);
    }
    expect(result.stderr).toContain(`${path.join(dir, 'content/_static/styled.svg')}:2:1: error: this SVG image contains a style sheet instruction (<?xml-stylesheet?>)`);
    expect(result.stderr).toContain('keep the DOCTYPE, if any, without its [ … ] part');
    expect(unchanged).toBe(true);
  });

  it('an unreadable file', async () => {
    const { result, unchanged } = await breakAndBuild((d) => symlink(path.join(d, 'does-not-exist.md'), path.join(d, 'content/guide/broken.md')));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('content/guide/broken.md: error: cannot read this file (ENOENT)');
    expect(unchanged).toBe(true);
  });

  it('an empty content/ folder', async () => {
    const { result, unchanged } = await breakAndBuild(async (d) => {
      await rm(path.join(d, 'content'), { recursive: true });
      await mkdir(path.join(d, 'content'));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: content/ holds no markdown pages');
    expect(unchanged).toBe(true);
  });

  it('an invalid OpenAPI file is a finding at its line and column, and the page still builds', async () => {
    const { dir, result } = await breakAndBuild(async (d) => {
      const file = path.join(d, 'openapi/mini.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace("'200':", "'299x':"));
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('openapi/mini.yaml:13:9: warning: "299x" is not a response code (at GET /things → responses)');
    expect(result.stderr).toContain('hint: response codes are three digits such as 200 or 404, a range such as 4XX, or "default"');
    expect(await readFile(path.join(dir, 'out/api/index.html'), 'utf8')).toContain('299x');
  });

  it('a Swagger 2.0 file cannot be rendered: an error that says so and how to convert it', async () => {
    const { result, unchanged } = await breakAndBuild(async (d) => {
      const file = path.join(d, 'openapi/mini.yaml');
      await writeFile(file, (await readFile(file, 'utf8')).replace('openapi: 3.0.3', "swagger: '2.0'"));
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('openapi/mini.yaml:1:1: error: this is a Swagger 2.0 file (OpenAPI 2); docsgen renders OpenAPI 3.0 and 3.1');
    expect(result.stderr).toContain('npx swagger2openapi');
    expect(unchanged).toBe(true);
  });

  it('a doc navbar item with an unknown doc id points at the config line', async () => {
    const { dir, result, unchanged } = await breakAndBuild((d) => patchConfig(d, '    - { type: link, label: API, to: api, position: left }', '    - { type: link, label: API, to: api, position: left }\n    - { type: doc, docId: guide/nope, label: Nope }'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(dir, 'config.yaml')}:20:20: error: navbar item "Nope" names the doc id "guide/nope", which does not exist`);
    expect(unchanged).toBe(true);
  });

  it('a doc navbar item naming a draft is no error (the item is hidden)', async () => {
    const { result } = await breakAndBuild(async (d) => {
      await writeFile(path.join(d, 'content/guide/later.md'), '---\ntitle: Later\ndraft: true\n---\n\nNot yet.\n');
      await patchConfig(d, '    - { type: link, label: API, to: api, position: left }', '    - { type: link, label: API, to: api, position: left }\n    - { type: doc, docId: guide/later, label: Later }');
    });
    expect(result.code).toBe(0);
  });

  it('a custom React page builds, and one without a default export is an error', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    await writeFile(path.join(dir, 'content/about.page.tsx'), "export const title = 'About the fixture';\nexport default function About() {\n  return <section><h1>About</h1><p>Made with React.</p></section>;\n}\n");
    expect((await runCli(['build', '--config', config])).code).toBe(0);
    const html = await readFile(path.join(dir, 'out/about/index.html'), 'utf8');
    expect(html).toContain('<title>About the fixture | Fixture Docs</title>');
    expect(html).toContain('<p>Made with React.</p>');
    const before = await readFile(path.join(dir, 'out/about/index.html'), 'utf8');
    await writeFile(path.join(dir, 'content/about.page.tsx'), "export const title = 'About';\nexport function About() {\n  return <p>no default</p>;\n}\n");
    const result = await runCli(['build', '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${path.join(dir, 'content/about.page.tsx')}:1:1: error: this page has no default export of a React component`);
    expect(await readFile(path.join(dir, 'out/about/index.html'), 'utf8')).toBe(before);
  });

  it('an unknown sidebar id', async () => {
    const { result, unchanged } = await breakAndBuild((d) => patchConfig(d, '{ type: docSidebar, label: Guide, position: left }', '{ type: docSidebar, sidebarId: other, label: Guide, position: left }'));
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/config\.yaml:\d+:\d+: error: navbar item "Guide" names the sidebar "other", which does not exist/);
    expect(unchanged).toBe(true);
  });
});
