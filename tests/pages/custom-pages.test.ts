import { describe, it, expect, afterAll } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { renderCustomPages, routeOfCustomPage } from '../../src/pages/custom-pages.ts';
import { DocsgenError } from '../../src/errors.ts';
import { ROOT } from '../helpers.ts';

async function site(files: Record<string, string>): Promise<{ content: string; cache: string }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-pages-'));
  const content = path.join(dir, 'content');
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(content, rel)), { recursive: true });
    await writeFile(path.join(content, rel), text);
  }
  // Compiled pages import react from docsgen's own node_modules, so they are cached inside it.
  await mkdir(path.join(ROOT, 'node_modules/.cache'), { recursive: true });
  const cache = await mkdtemp(path.join(ROOT, 'node_modules/.cache/docsgen-test-pages-'));
  created.push(dir, cache);
  return { content, cache };
}

const created: string[] = [];
afterAll(() => Promise.all(created.map((dir) => rm(dir, { recursive: true, force: true }))));

describe('custom React pages', () => {
  it('map file names to exact routes', () => {
    expect(routeOfCustomPage('about.page.tsx')).toBe('/about/');
    expect(routeOfCustomPage('team/index.page.tsx')).toBe('/team/');
    expect(routeOfCustomPage('index.page.tsx')).toBe('/');
  });

  it('prerender the default export with the title and description exports', async () => {
    const { content, cache } = await site({
      'about.page.tsx': "export const title = 'About us';\nexport const description = 'Who we are';\nexport default function About() { return <section><h2>Team</h2></section>; }\n",
      'plain.page.tsx': 'export default () => <p>plain</p>;\n',
    });
    const pages = await renderCustomPages(content, ['about.page.tsx', 'plain.page.tsx'], cache);
    expect(pages.map(({ route, title, description, html }) => ({ route, title, description, html }))).toEqual([
      { route: '/about/', title: 'About us', description: 'Who we are', html: '<section><h2>Team</h2></section>' },
      { route: '/plain/', title: 'plain', description: '', html: '<p>plain</p>' },
    ]);
  });

  it('render with the same React that renders them: hooks and named imports from react work', async () => {
    // The page loads React through require() (src/render/react-through-require.ts) while docsgen
    // renders it with its import of react-dom/server: two copies of React would throw on useState.
    const { content, cache } = await site({
      'counter.page.tsx': "import { useState, Fragment } from 'react';\nexport default function Counter() { const [n] = useState(3); return <Fragment><p>{n}</p></Fragment>; }\n",
    });
    const [page] = await renderCustomPages(content, ['counter.page.tsx'], cache);
    expect(page?.html).toBe('<p>3</p>');
  });

  it('stop a page whose component never finishes rendering, with an error at its file, and render the next build', async () => {
    const { content, cache } = await site({
      'stuck.page.tsx': 'export default function Stuck() {\n  let n = 0;\n  while (n >= 0) n = (n + 1) % 10;\n  return <p>{n}</p>;\n}\n',
      'fine.page.tsx': 'export default () => <p>fine</p>;\n',
    });
    const stuck = await renderCustomPages(content, ['stuck.page.tsx'], cache, 300).catch((e: unknown) => e);
    expect(stuck).toBeInstanceOf(DocsgenError);
    expect((stuck as DocsgenError).message).toBe('this page did not finish rendering within 0.3 s, so the build stopped it');
    expect((stuck as DocsgenError).position).toEqual({ file: path.join(content, 'stuck.page.tsx') });
    expect((stuck as DocsgenError).hint).toContain('a loop whose condition never changes');
    expect((await renderCustomPages(content, ['fine.page.tsx'], cache, 300))[0]?.html).toBe('<p>fine</p>');
  });

  it('name the file and line of a page that does not compile, and a page without a default export', async () => {
    const { content, cache } = await site({ 'broken.page.tsx': 'export default function Broken() {\n  return <p>unclosed;\n}\n', 'named.page.tsx': 'export function Named() { return null; }\n' });
    const broken = await renderCustomPages(content, ['broken.page.tsx'], cache).catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(DocsgenError);
    expect((broken as DocsgenError).message).toMatch(/^this page does not compile/);
    expect((broken as DocsgenError).position).toMatchObject({ file: path.join(content, 'broken.page.tsx'), line: expect.any(Number) });
    const named = await renderCustomPages(content, ['named.page.tsx'], cache).catch((e: unknown) => e);
    expect((named as DocsgenError).message).toBe('this page has no default export of a React component');
  });
});
