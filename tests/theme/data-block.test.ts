/**
 * The data block leaves a doc page's sidebar to its HTML: what the browser reads back from the
 * rendered `nav.sidebar` must be the sidebar the generator rendered, field for field (docId aside,
 * which the browser never needed), or hydration and client navigation would show another sidebar.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { build } from 'esbuild';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { DocSidebar } from '../../theme/components/DocSidebar.tsx';
import { RouterContext, SiteContext, type Router } from '../../theme/context.tsx';
import { pageForDataBlock } from '../../theme/data-block.ts';
import type { DocPageData, SidebarItem, SiteData } from '../../theme/data.ts';
import { ROOT, launchChromium } from '../helpers.ts';

const SIDEBAR: SidebarItem[] = [
  { type: 'link', label: 'Intro & <overview>', route: '/intro/', docId: 'intro' },
  {
    type: 'category',
    key: 'guide',
    label: "Operator's guide",
    route: '/guide/',
    docId: 'guide/index',
    collapsed: true,
    items: [
      { type: 'link', label: 'First', route: '/guide/first/', docId: 'guide/first' },
      { type: 'category', key: 'guide/deep', label: 'Deep "quoted"', collapsed: false, items: [{ type: 'link', label: 'Deeper', route: '/guide/deep/deeper/', docId: 'guide/deep/deeper' }] },
      { type: 'category', key: 'guide/closed', label: 'Closed shell', route: '/guide/closed/', collapsed: true, items: null, itemsUrl: '/docs/assets/sidebar/abc.json' },
    ],
  },
  { type: 'category', key: 'reference', label: 'Reference', collapsed: false, items: null, itemsUrl: '/docs/assets/sidebar/def.json' },
];

const SITE = { baseUrl: '/docs/' } as SiteData;

function pageOf(sidebar: SidebarItem[]): DocPageData {
  const doc = { id: 'guide/first', breadcrumbs: [], section: 1, sidebar };
  return { kind: 'doc', route: '/guide/first/', title: 'First', description: '', html: '<p>Body</p>', toc: [], hideToc: false, doc };
}

/** What the page's HTML is on the server: the sidebar, the content element and the data block. */
function documentHtml(page: DocPageData, activeRoute: string): string {
  const router: Router = { page, navigate: () => undefined, prefetch: () => undefined, loadSidebarCategory: async () => undefined };
  const sidebar = renderToString(
    createElement(SiteContext.Provider, { value: SITE }, createElement(RouterContext.Provider, { value: router }, createElement(DocSidebar, { items: page.doc.sidebar, activeRoute }))),
  );
  const data = JSON.stringify({ site: SITE, page: pageForDataBlock(page) });
  return `<!doctype html><html><body>${sidebar}<div data-page-html>${page.html}</div><script id="__docsgen_data" type="application/json">${data}</script></body></html>`;
}

const withoutDocIds = (items: SidebarItem[] | null): SidebarItem[] | null =>
  items && items.map((item) => (item.type === 'link' ? { type: item.type, label: item.label, route: item.route } : { ...withoutDocId(item), items: withoutDocIds(item.items) }));
const withoutDocId = <T extends { docId?: string }>(item: T): Omit<T, 'docId'> => {
  const { docId: _dropped, ...rest } = item;
  return rest;
};

let browser: Browser;
let reader: string;

beforeAll(async () => {
  browser = await launchChromium();
  const bundled = await build({ entryPoints: [path.join(ROOT, 'theme/data-block.ts')], bundle: true, write: false, format: 'iife', globalName: 'dataBlock' });
  reader = bundled.outputFiles[0]?.text ?? '';
}, 60_000);
afterAll(() => browser?.close());

describe('the page data block', () => {
  it('does not repeat the content or the sidebar', () => {
    const block = JSON.stringify(pageForDataBlock(pageOf(SIDEBAR)));
    expect(block).not.toContain('Body');
    expect(block).not.toContain('Deeper');
    expect(block).toContain('"breadcrumbs"');
  });

  for (const activeRoute of ['/guide/first/', '/guide/deep/deeper/', '/elsewhere/']) {
    it(`reads the sidebar back from the HTML in a browser, every field as rendered (active ${activeRoute})`, async () => {
      const page = await browser.newPage();
      try {
        await page.setContent(documentHtml(pageOf(SIDEBAR), activeRoute));
        await page.addScriptTag({ content: reader });
        const read = await page.evaluate(() => (window as unknown as { dataBlock: typeof import('../../theme/data-block.ts') }).dataBlock.readPageDocument(document));
        expect(read.page.html).toBe('<p>Body</p>');
        expect(read.page.kind === 'doc' && read.page.doc.sidebar).toEqual(withoutDocIds(SIDEBAR));
        expect(read.page.kind === 'doc' && read.page.doc.id).toBe('guide/first');
      } finally {
        await page.close();
      }
    }, 30_000);
  }
});
