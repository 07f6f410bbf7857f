/**
 * Category pages, as Docusaurus readers know them: a category's page lists its items as cards. A
 * folder's index.md with `layout: category` shows its text and then the cards; a category without
 * an index.md gets a generated page at the folder's route (config `docs.generatedIndex`, on by
 * default), so the category's label in the sidebar and in breadcrumbs leads somewhere.
 *
 * Generated pages are steps of the reading order, as in Docusaurus: previous and next links pass
 * through them (readingOrder). They carry no doc id, so the navbar's docs item, which leads to the
 * first doc, skips them (flattenSidebar).
 */
import type { CategoryCard, SidebarCategory, SidebarItem } from '../../theme/data.ts';

/** The sidebar with a route for each category that has no page of its own and whose folder route is free. */
export function withGeneratedIndexes(items: readonly SidebarItem[], taken: ReadonlySet<string>): SidebarItem[] {
  return items.map((item) => {
    if (item.type !== 'category') return item;
    const children = item.items ? withGeneratedIndexes(item.items, taken) : item.items;
    const route = `/${item.key}/`;
    if (item.route !== undefined || taken.has(route)) return { ...item, items: children };
    return { ...item, route, items: children };
  });
}

/** True for a category whose page docsgen generates (it has a route but no doc). */
export function hasGeneratedIndex(category: SidebarCategory): category is SidebarCategory & { route: string } {
  return category.route !== undefined && category.docId === undefined;
}

/** The cards of a category's page: each item with its description, or how many pages a sub-category holds. */
export function categoryCards(category: SidebarCategory, descriptionOf: (route: string) => string): CategoryCard[] {
  return (category.items ?? []).flatMap((item): CategoryCard[] => {
    if (item.type === 'link') return [{ kind: 'page', label: item.label, route: item.route, description: descriptionOf(item.route) }];
    const route = item.route ?? firstRoute(item.items ?? []);
    if (!route) return [];
    const count = countPages(item);
    return [{ kind: 'category', label: item.label, route, description: `${count} ${count === 1 ? 'page' : 'pages'}` }];
  });
}

function countPages(category: SidebarCategory): number {
  return (category.items ?? []).reduce((sum, item) => sum + (item.type === 'link' ? 1 : countPages(item) + (item.route ? 1 : 0)), 0);
}

function firstRoute(items: readonly SidebarItem[]): string | undefined {
  for (const item of items) {
    const route = item.type === 'link' ? item.route : (item.route ?? firstRoute(item.items ?? []));
    if (route) return route;
  }
  return undefined;
}
