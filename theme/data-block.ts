/**
 * The page's data block (`<script id="__docsgen_data" type="application/json">`) and what it leaves
 * to the HTML around it. The browser needs a page's data to hydrate it and, after a client
 * navigation, to show the next page; most of that data is already in the prerendered HTML. The
 * block does not repeat the two largest parts: the content (the `[data-page-html]` element's
 * inner HTML) and a doc page's sidebar (the `nav.sidebar` element, which carries every field of its
 * items). At 1,000 pages the sidebar alone was a fifth of each page.
 *
 * The generator writes the block with `pageForDataBlock`; the browser reads it back with
 * `readPageDocument`, from the document it loaded or from one it fetched.
 */
import type { DocMeta, PageData, SidebarCategory, SidebarItem, SiteData } from './data.ts';
import { withoutBase } from './urls.ts';

export const PAGE_DATA_ELEMENT_ID = '__docsgen_data';

/** The attributes of a sidebar category that its HTML would not otherwise show (see DocSidebar). */
export const SIDEBAR_ATTRIBUTES = { key: 'data-key', collapsed: 'data-collapsed', itemsUrl: 'data-items-url' } as const;

type DataBlockPage = Omit<PageData, 'html'> & { html: ''; doc?: Omit<DocMeta, 'sidebar'> };

/** The page as its data block carries it: without its content's HTML and its sidebar. */
export function pageForDataBlock(page: PageData): DataBlockPage {
  if (page.kind !== 'doc') return { ...page, html: '' };
  const { sidebar: _inTheHtml, ...doc } = page.doc;
  return { ...page, html: '', doc };
}

/** The site and page data of a docsgen page, with the parts the block leaves to the HTML read back. */
export function readPageDocument(doc: Document): { site: SiteData; page: PageData } {
  const data = JSON.parse(doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent ?? '{}') as { site: SiteData; page: PageData };
  const html = doc.querySelector('[data-page-html]')?.innerHTML ?? '';
  const page = { ...data.page, html } as PageData;
  if (page.kind === 'doc') {
    const nav = doc.querySelector('nav.sidebar');
    page.doc = { ...page.doc, sidebar: nav ? readSidebar(nav, data.site.baseUrl) : [] };
  }
  return { site: data.site, page };
}

/** The sidebar items a `nav.sidebar` element shows, as the theme rendered them (see DocSidebar). */
export function readSidebar(nav: Element, baseUrl: string): SidebarItem[] {
  const list = childOf(nav, 'UL');
  return list ? readList(list, baseUrl) : [];
}

function readList(list: Element, baseUrl: string): SidebarItem[] {
  const items: SidebarItem[] = [];
  for (const li of Array.from(list.children)) {
    if (li.tagName !== 'LI') continue;
    const item = li.hasAttribute(SIDEBAR_ATTRIBUTES.key) ? readCategory(li, baseUrl) : readLink(li, baseUrl);
    if (item) items.push(item);
  }
  return items;
}

function readLink(li: Element, baseUrl: string): SidebarItem | undefined {
  const link = childOf(li, 'A');
  const href = link?.getAttribute('href');
  if (!link || href === null || href === undefined) return undefined;
  return { type: 'link', label: link.textContent ?? '', route: withoutBase(baseUrl, href) };
}

function readCategory(li: Element, baseUrl: string): SidebarCategory {
  const row = li.firstElementChild;
  const head = row?.firstElementChild;
  const href = head?.tagName === 'A' ? head.getAttribute('href') : null;
  const list = li.querySelector(':scope > .menu__collapsible > ul');
  const itemsUrl = li.getAttribute(SIDEBAR_ATTRIBUTES.itemsUrl);
  return {
    type: 'category',
    key: li.getAttribute(SIDEBAR_ATTRIBUTES.key) ?? '',
    label: head?.textContent ?? '',
    ...(href !== null ? { route: withoutBase(baseUrl, href) } : {}),
    collapsed: li.getAttribute(SIDEBAR_ATTRIBUTES.collapsed) === 'true',
    items: list ? readList(list, baseUrl) : null,
    ...(itemsUrl !== null ? { itemsUrl } : {}),
  };
}

function childOf(parent: Element, tagName: string): Element | undefined {
  return Array.from(parent.children).find((child) => child.tagName === tagName);
}
