/**
 * Bad input that used to build silently (exit 0, no finding): each now gets a finding at its file,
 * line and column, saying what is wrong and what to do.
 */
import { describe, it, expect } from 'vitest';
import { cp, mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ROOT, copyFixture, runCli } from '../helpers.ts';

const edit = async (file: string, change: (text: string) => string) => writeFile(file, change(await readFile(file, 'utf8')));

describe('bad input that used to build silently', () => {
  it('an unclosed code fence or admonition: a warning at its line and column, an error with --strict', async () => {
    const dir = await copyFixture('basic');
    const page = path.join(dir, 'content/guide/second.md');
    await edit(page, (text) => `${text}\n\n:::note\nA note never closed.\n\nText.\n\n\`\`\`js\nconst rest = 'of the page';\n`);
    const lines = (await readFile(page, 'utf8')).split('\n');
    const fenceLine = lines.indexOf('```js') + 1;
    const noteLine = lines.indexOf(':::note') + 1;
    const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`content/guide/second.md:${noteLine}:1: warning: :::note is never closed: the rest of the page is inside it`);
    expect(result.stderr).toContain(`content/guide/second.md:${fenceLine}:1: warning: code fence \`\`\` is never closed: the rest of the page is shown as code`);
    expect(result.stderr).toContain('hint: close the code block with a line holding ```');
    const strict = await runCli(['build', '--strict', '--config', path.join(dir, 'config.yaml')]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain(`content/guide/second.md:${fenceLine}:1: error: code fence`);
  });
});

describe('a page showing an image from the site root that content/_static/ does not hold', () => {
  it('is a missing-image warning at its line, which goes once the file is added', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    const page = path.join(dir, 'content/guide/second.md');
    await edit(page, (text) => `${text}\n![Diagram](/img/diagram.svg)\n`);
    const line = (await readFile(page, 'utf8')).split('\n').findIndex((l) => l.includes('/img/diagram.svg')) + 1;
    const result = await runCli(['build', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`content/guide/second.md:${line}:1: warning: missing image "/img/diagram.svg"`);
    expect(result.stderr).toContain('hint: a path from the site root names a file of content/_static/');
    // Added: the next build (the page's markdown from the cache) no longer reports it.
    await mkdir(path.join(dir, 'content/_static/img'), { recursive: true });
    await writeFile(path.join(dir, 'content/_static/img/diagram.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>');
    const fixed = await runCli(['build', '--config', config]);
    expect(fixed.stderr).not.toContain('missing image');
    expect(await readFile(path.join(dir, 'out/img/diagram.svg'), 'utf8')).toContain('<svg');
  });
});

describe('config.yaml naming an image content/_static/ does not hold', () => {
  it('a missing favicon or navbar logo: a warning at its key in config.yaml, an error with --strict', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    await edit(config, (text) => text.replace('favicon: favicon.svg', 'favicon: img/nope.svg').replace('  title: Fixture\n', '  title: Fixture\n  logo:\n    alt: Logo\n    src: img/logo-missing.svg\n    srcDark: favicon.svg\n'));
    const result = await runCli(['build', '--config', config]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`config.yaml:5:1: warning: favicon "img/nope.svg" is not in content/_static/: every page links a missing file`);
    expect(result.stderr).toContain('hint: add the file as content/_static/img/nope.svg, or fix the path');
    expect(result.stderr).toContain(`config.yaml:18:5: warning: navbar.logo.src "img/logo-missing.svg" is not in content/_static/`);
    expect(result.stderr).not.toContain('srcDark');
    expect(result.stdout + result.stderr).toMatch(/2 findings \(0 errors, 2 warnings\)/);
    const strict = await runCli(['build', '--strict', '--config', config]);
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('config.yaml:5:1: error: favicon "img/nope.svg"');
  });

  it('a favicon or logo written from the site root (/favicon.svg) or with the base is published at the base, as the check reads it', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    await edit(config, (text) => text.replace('favicon: favicon.svg', 'favicon: /favicon.svg').replace('  title: Fixture\n', '  title: Fixture\n  logo:\n    alt: Logo\n    src: /favicon.svg\n    srcDark: /docs/favicon.svg\n'));
    const result = await runCli(['build', '--config', config]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toMatch(/0 findings/);
    const html = await readFile(path.join(dir, 'out/guide/first/index.html'), 'utf8');
    expect(html).toContain('<link rel="icon" href="/docs/favicon.svg">');
    expect(html).toMatch(/<img class="navbar__logo logo--light logo--has-dark" src="\/docs\/favicon.svg"/);
    expect(html).toMatch(/<img class="navbar__logo logo--dark" src="\/docs\/favicon.svg"/);
  });
});

describe("the theme's stylesheets", () => {
  it('a CSS syntax error fails the build at its line and column; other esbuild warnings are warnings', async () => {
    const dir = await copyFixture('basic');
    const config = path.join(dir, 'config.yaml');
    await cp(path.join(ROOT, 'theme'), path.join(dir, 'theme'), { recursive: true });
    const css = path.join(dir, 'theme/styles/main.css');
    const original = await readFile(css, 'utf8');
    const line = original.split('\n').findIndex((l) => l.startsWith('a { color: var(--c-link);')) + 1;
    expect(line).toBeGreaterThan(1);
    // The closing brace of one rule left out: every later rule would be nested inside it.
    await writeFile(css, original.replace(/\na \{ color: var\(--c-link\);([^}]*)\}/, '\na { color: var(--c-link);$1'));
    const broken = await runCli(['build', '--config', config]);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(new RegExp(`theme/styles/main\\.css:\\d+:\\d+: error: CSS syntax error in the theme: Expected "\\}" to go with "\\{" \\(.*line ${line}, column 3\\)`));
    expect(broken.stderr).toContain('hint: fix the stylesheet here');
    await writeFile(css, original.replace('\n.visually-hidden {', '\n.stray { @ }\n.visually-hidden {'));
    const stray = await runCli(['build', '--config', config]);
    expect(stray.code).toBe(1);
    expect(stray.stderr).toContain(`theme/styles/main.css:${line + 6}:10: error: CSS syntax error in the theme: Expected identifier but found "@"`);
    await writeFile(css, original.replace('\n.visually-hidden {', '\n.odd { colr: red; }\n.visually-hidden {'));
    const odd = await runCli(['build', '--config', config]);
    expect(odd.code).toBe(0);
    expect(odd.stderr).toContain(`theme/styles/main.css:${line + 6}:8: warning: theme stylesheet: "colr" is not a known CSS property`);
  });
});

describe('images that cannot be read as images', () => {
  it('random bytes named .png, a header-only .png and an SVG cut short: a warning where each is used', async () => {
    const dir = await copyFixture('basic');
    const img = path.join(dir, 'content/guide/img');
    await writeFile(path.join(img, 'noise.png'), Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256)));
    const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const header = [0, 0, 0, 13, ...Buffer.from('IHDR'), 0, 0, 0, 10, 0, 0, 0, 10, 8, 6, 0, 0, 0, 0, 0, 0, 0];
    await writeFile(path.join(img, 'header-only.png'), Buffer.from([...signature, ...header]));
    const svg = path.join(img, 'diagram.svg');
    await edit(svg, (text) => text.slice(0, text.lastIndexOf('</svg>') - 10));
    const page = path.join(dir, 'content/guide/second.md');
    await edit(page, (text) => `${text}\n\n![Noise](./img/noise.png)\n\nText ![Header only](img/header-only.png)\n`);
    const lines = (await readFile(page, 'utf8')).split('\n');
    const noise = lines.indexOf('![Noise](./img/noise.png)') + 1;
    const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`content/guide/second.md:${noise}:1: warning: image "./img/noise.png" could not be read as an image: its bytes are not a PNG, JPEG, GIF, WebP or AVIF image`);
    expect(result.stderr).toContain(`content/guide/second.md:${noise + 2}:6: warning: image "img/header-only.png" could not be read as an image: it holds no image data (no IDAT chunk)`);
    expect(result.stderr).toMatch(/content\/guide\/first\.md:\d+:1: warning: image "\.\/img\/diagram\.svg" could not be read as an image: it is not well-formed/);
    expect(result.stderr).toContain('hint: replace the file with a valid image');
  });

  it('an HTML page or a script shown as an image is not published (it would run on the site origin): a warning where it is used', async () => {
    const dir = await copyFixture('basic');
    await writeFile(path.join(dir, 'content/guide/img/page.html'), '<script src="/docs/pwn.js"></script>\n');
    await writeFile(path.join(dir, 'content/guide/img/pwn.js'), 'alert(document.domain)\n');
    const page = path.join(dir, 'content/guide/second.md');
    await edit(page, (text) => `${text}\n\n![Page](./img/page.html)\n\n<img src="img/pwn.js" alt="Script">\n`);
    const lines = (await readFile(page, 'utf8')).split('\n');
    const at = lines.indexOf('![Page](./img/page.html)') + 1;
    const result = await runCli(['build', '--config', path.join(dir, 'config.yaml')]);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`content/guide/second.md:${at}:1: warning: image "./img/page.html" could not be read as an image: only .png, .jpg, .jpeg, .gif, .webp, .avif, .svg, .ico, .bmp files are published as images`);
    expect(result.stderr).toContain(`content/guide/second.md:${at + 2}:1: warning: image "img/pwn.js" could not be read as an image`);
    const published = await readdir(path.join(dir, 'out/assets/img'));
    expect(published.filter((name) => /\.(html|js)$/.test(name))).toEqual([]);
  });
});
