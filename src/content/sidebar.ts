/**
 * The one default sidebar, generated from the folder tree: a folder is a category (its
 * `_category_.yaml` gives label, position and collapsed; its index.md is the category's page), and
 * items are ordered by position, then by name.
 */
import path from 'node:path';
import type { CategoryMeta, DocSource } from './scan.ts';
import type { SidebarItem, SidebarCategory } from '../../theme/data.ts';

interface Sortable {
  position: number | undefined;
  name: string;
  item: SidebarItem;
}

export function buildSidebar(docs: readonly DocSource[], categories: ReadonlyMap<string, CategoryMeta>): SidebarItem[] {
  const docsByDir = new Map<string, DocSource[]>();
  const dirs = new Set<string>();
  for (const doc of docs) {
    if (doc.frontMatter.layout === 'landing') continue;
    const list = docsByDir.get(doc.dir) ?? [];
    list.push(doc);
    docsByDir.set(doc.dir, list);
    // Register every ancestor folder so that folders holding only sub-folders still become categories.
    for (let dir = doc.dir; dir; dir = parentDir(dir)) dirs.add(dir);
  }

  const childDirs = new Map<string, string[]>();
  for (const dir of dirs) {
    const parent = parentDir(dir);
    const list = childDirs.get(parent) ?? [];
    list.push(dir);
    childDirs.set(parent, list);
  }

  const build = (dir: string): SidebarItem[] => {
    const entries: Sortable[] = [];
    for (const doc of docsByDir.get(dir) ?? []) {
      if (isIndexDoc(doc) && dir !== '') continue; // the category's own page
      entries.push({
        position: doc.frontMatter.sidebar_position,
        name: path.posix.basename(doc.relPath, '.md'),
        item: { type: 'link', label: doc.frontMatter.sidebar_label ?? doc.title, route: doc.route, docId: doc.id },
      });
    }
    for (const sub of childDirs.get(dir) ?? []) {
      const meta = categories.get(sub);
      const indexDoc = (docsByDir.get(sub) ?? []).find(isIndexDoc);
      const category: SidebarCategory = {
        type: 'category',
        key: sub,
        label: meta?.label ?? indexDoc?.frontMatter.sidebar_label ?? titleCase(path.posix.basename(sub)),
        collapsed: meta?.collapsed ?? true,
        items: build(sub),
      };
      if (indexDoc) {
        category.route = indexDoc.route;
        category.docId = indexDoc.id;
      }
      entries.push({ position: meta?.position ?? indexDoc?.frontMatter.sidebar_position, name: path.posix.basename(sub), item: category });
    }
    entries.sort(compareEntries);
    return entries.map((e) => e.item);
  };
  return build('');
}

function compareEntries(a: Sortable, b: Sortable): number {
  if (a.position !== undefined && b.position !== undefined && a.position !== b.position) return a.position - b.position;
  if (a.position !== undefined && b.position === undefined) return -1;
  if (a.position === undefined && b.position !== undefined) return 1;
  return a.name.localeCompare(b.name, 'en', { numeric: true });
}

function isIndexDoc(doc: DocSource): boolean {
  const base = path.posix.basename(doc.relPath, '.md');
  return base === 'index' || base === 'README';
}

function parentDir(dir: string): string {
  const parent = path.posix.dirname(dir);
  return parent === '.' ? '' : parent;
}

function titleCase(name: string): string {
  const words = name.replace(/[-_]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The order of previous/next links, as Docusaurus's pagination has it: every doc, and every
 * category's generated page, in sidebar order (a category's page before its items). Plain links
 * (to the API page, say) are not pages of the docs and are left out.
 */
export function readingOrder(items: readonly SidebarItem[]): { route: string; label: string }[] {
  const out: { route: string; label: string }[] = [];
  const walk = (list: readonly SidebarItem[]): void => {
    for (const item of list) {
      const isGeneratedPage = item.type === 'category' && item.docId === undefined;
      if (item.route && (item.docId || isGeneratedPage)) out.push({ route: item.route, label: item.label });
      if (item.type === 'category') walk(item.items ?? []);
    }
  };
  walk(items);
  return out;
}

/** Docs in sidebar order (a category's page before its items); the first is where the navbar's docs item leads. */
export function flattenSidebar(items: readonly SidebarItem[]): { route: string; label: string; docId: string }[] {
  const out: { route: string; label: string; docId: string }[] = [];
  const walk = (list: readonly SidebarItem[]): void => {
    for (const item of list) {
      // Every item the generator builds for a doc has its docId (only the browser's copies lack it).
      if (item.route && item.docId) out.push({ route: item.route, label: item.label, docId: item.docId });
      if (item.type === 'category') walk(item.items ?? []);
    }
  };
  walk(items);
  return out;
}

/** The chain of categories from the top to the item whose route is `route`. */
export function sidebarTrail(items: readonly SidebarItem[], route: string): SidebarCategory[] {
  return trailsByRoute(items).get(route) ?? [];
}

/**
 * Every route of the tree with its chain of categories (from the top down to, and including, the
 * category whose own page it is), in one walk. Asking the tree once per page instead made a build
 * quadratic in the number of pages: 7 s of a 10,000-page build.
 */
export function trailsByRoute(items: readonly SidebarItem[]): Map<string, SidebarCategory[]> {
  const trails = new Map<string, SidebarCategory[]>();
  const walk = (list: readonly SidebarItem[], chain: SidebarCategory[]) => {
    for (const item of list) {
      if (item.type === 'category') {
        const inner = [...chain, item];
        if (item.route !== undefined && !trails.has(item.route)) trails.set(item.route, inner);
        walk(item.items ?? [], inner);
      } else if (!trails.has(item.route)) {
        trails.set(item.route, chain);
      }
    }
  };
  walk(items, []);
  return trails;
}

/**
 * The sidebar as one page carries it: the categories on the way to the page (its `trail`) open with
 * their items, every other category as a closed shell whose items the browser fetches when the
 * reader opens it. A page's HTML so grows with the depth of its place in the tree, not with the
 * size of the site.
 */
export function pruneSidebar(items: readonly SidebarItem[], trail: readonly SidebarCategory[], itemsUrlOf: (key: string) => string): SidebarItem[] {
  const open = new Set(trail.map((category) => category.key));
  const prune = (list: readonly SidebarItem[]): SidebarItem[] =>
    list.map((item) => {
      if (item.type !== 'category') return item;
      if (open.has(item.key)) return { ...item, items: prune(item.items ?? []) };
      return shellOf(item, itemsUrlOf);
    });
  return prune(items);
}

export function shellOf(category: SidebarCategory, itemsUrlOf: (key: string) => string): SidebarCategory {
  return { ...category, items: null, itemsUrl: itemsUrlOf(category.key) };
}

/** Every category of the tree, for writing one items file per category. */
export function allCategories(items: readonly SidebarItem[]): SidebarCategory[] {
  return items.flatMap((item) => (item.type === 'category' ? [item, ...allCategories(item.items ?? [])] : []));
}

/** Index of the top-level item that holds the page whose trail is `trail` (or whose route is `route`), or -1. */
export function sectionOf(items: readonly SidebarItem[], route: string, trail: readonly SidebarCategory[]): number {
  const top = trail[0];
  return items.findIndex((item) => (item.type === 'link' ? item.route === route : item === top));
}
