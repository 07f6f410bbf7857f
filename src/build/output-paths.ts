/**
 * Where the files that are not pages go in out/, and which of them never change under their URL
 * (a server may let browsers keep those for ever). Files under assets/ are named by their
 * contents (the bundle, images, the search index's shards and fragments), except two kinds named
 * by what they are: the search index's manifest, whose URL stays the same so that no page names a
 * build's index (see search.ts), and a sidebar category's items file, named by its folder. Those
 * must be revalidated like pages.
 */
import { ASSETS_DIR } from '../bundle/client.ts';

/** The embedded search index's entry file (its manifest). */
export const SEARCH_INDEX_REL = `${ASSETS_DIR}/search-index/index.json`;

/** The folder of the sidebar categories' items files. */
export const SIDEBAR_ITEMS_DIR = `${ASSETS_DIR}/sidebar`;

export function isImmutable(rel: string): boolean {
  return rel.startsWith(`${ASSETS_DIR}/`) && rel !== SEARCH_INDEX_REL && !rel.startsWith(`${SIDEBAR_ITEMS_DIR}/`);
}
