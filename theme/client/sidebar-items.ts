/**
 * The sidebar as the browser knows it across client navigations. Each page carries only the
 * categories on its own trail with their items (the others are shells, see pruneSidebar). The
 * reader's open/closed state, though, is kept per category from page to page, so a category that
 * was open on the previous page can be a shell on the next one. Every category's items seen on any
 * page, or fetched, are remembered here and filled into later pages' shells, so such a category
 * shows its items at once instead of waiting for a fetch that nothing had started.
 */
import type { SidebarItem } from '../data.ts';
import { requestOnce } from '../request-once.ts';

export type KnownCategories = ReadonlyMap<string, SidebarItem[]>;

/** `known` plus the items of every category that `items` carries in full. */
export function rememberCategories(known: KnownCategories, items: readonly SidebarItem[] | undefined): KnownCategories {
  if (!items) return known;
  let next: Map<string, SidebarItem[]> | undefined;
  const walk = (list: readonly SidebarItem[]): void => {
    for (const item of list) {
      if (item.type !== 'category' || item.items === null) continue;
      if (known.get(item.key) !== item.items) (next ??= new Map(known)).set(item.key, item.items);
      walk(item.items);
    }
  };
  walk(items);
  return next ?? known;
}

/** The page's sidebar with every shell whose items are known filled in (at any depth). */
export function fillKnownCategories(items: SidebarItem[] | undefined, known: KnownCategories): SidebarItem[] | undefined {
  if (!items || known.size === 0) return items;
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const children = item.items ?? known.get(item.key) ?? null;
    return { ...item, items: children ? (fillKnownCategories(children, known) ?? null) : null };
  });
}

const pending = new Map<string, Promise<SidebarItem[]>>();

/**
 * Fetches a shell's items once, however many components ask; a failure may be retried. `fresh`
 * (the reader's Retry) always starts a new request: one begun before the click, perhaps while the
 * network was still failing, is not the answer to it.
 */
export function fetchCategoryItems(url: string, options: { fresh?: boolean } = {}): Promise<SidebarItem[]> {
  return requestOnce(
    pending,
    url,
    () =>
      fetch(url).then(async (response) => {
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return (await response.json()) as SidebarItem[];
      }),
    options,
  );
}
