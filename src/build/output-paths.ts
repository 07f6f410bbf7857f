/**
 * Where the files that are not pages go in out/, and which of them never change under their URL
 * (a server may let browsers keep those for ever). Files under assets/ are named by their
 * contents (the bundle, images, the search index's shards and fragments), except those named by
 * what they are: the search index's manifest, whose URL stays the same so that no page names a
 * build's index (see search.ts), the index `docsgen serve` rewrites in place on every edit, and a
 * sidebar category's items file, named by its folder. Those must be revalidated like pages.
 */
import { ASSETS_DIR } from '../bundle/client.ts';

/** The embedded search index's entry file (its manifest). */
export const SEARCH_INDEX_REL = `${ASSETS_DIR}/search-index/index.json`;

/** The folder of the search index's shards and fragments under `docsgen serve` (elsewhere named by their bytes). */
export const DEV_SEARCH_FILES = 'dev';

/** The folder of the sidebar categories' items files. */
export const SIDEBAR_ITEMS_DIR = `${ASSETS_DIR}/sidebar`;

const NAMED_BY_WHAT_THEY_ARE = [`${SIDEBAR_ITEMS_DIR}/`, `${ASSETS_DIR}/search-index/${DEV_SEARCH_FILES}/`];

export function isImmutable(rel: string): boolean {
  return rel.startsWith(`${ASSETS_DIR}/`) && rel !== SEARCH_INDEX_REL && !NAMED_BY_WHAT_THEY_ARE.some((folder) => rel.startsWith(folder));
}
