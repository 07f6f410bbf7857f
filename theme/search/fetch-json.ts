/**
 * JSON files of the search index, fetched once per page load. Shared by the launcher (which
 * preloads the index's entry when the pointer or focus reaches the search button) and the search
 * client, so the preloaded answer is the one the first search uses. The manifest names the folder
 * of the other files by their hash, so what one page load fetched belongs to one build; only
 * `docsgen serve`, which rewrites its index in place, tells the page to forget it, and a deploy
 * that removed the folder makes the search client read the manifest again (IndexFileGone).
 */
import { requestOnce } from '../request-once.ts';

const pending = new Map<string, Promise<unknown>>();

/** Dispatched on window by docsgen serve's live-reload client once the index was rewritten. */
export const SEARCH_UPDATED_EVENT = 'docsgen:search-updated';

/** Every answer fetched so far is forgotten: the next search asks again. */
export function forgetFetchedJson(): void {
  pending.clear();
}

/**
 * A file the manifest named is no longer there: the site was deployed again since this page read
 * the manifest, and the new build's files are in another folder.
 */
export class IndexFileGone extends Error {}

/**
 * The index's manifest is of another format than this page's code reads: the site was deployed,
 * with a docsgen that changed the format, after this page was loaded. Only a reload brings code
 * that reads it. Recognised by its name, so the search page need not load this module to tell.
 */
export class SiteUpdated extends Error {
  override name = 'SiteUpdated';
}

/** `revalidate`: asks the server again, past the answer kept and the browser's HTTP cache. */
export function fetchJson(url: string, options: { revalidate?: boolean } = {}): Promise<unknown> {
  // A failed request is forgotten, so that the next search (or Retry) asks again.
  return requestOnce(
    pending,
    url,
    () =>
      fetch(url, options.revalidate ? { cache: 'no-cache' } : {}).then((response) => {
        if (response.status === 404) throw new IndexFileGone(`the search index has no ${url} (any more)`);
        if (!response.ok) throw new Error(`the search index answered ${response.status} for ${url}`);
        return response.json() as Promise<unknown>;
      }),
    { fresh: options.revalidate ?? false },
  );
}
