/**
 * JSON files of the search index, fetched once per page load. Shared by the launcher (which
 * preloads the index's entry when the pointer or focus reaches the search button) and the search
 * client, so the preloaded answer is the one the first search uses. Index files are named by the
 * index's hash, so a cached answer never goes stale.
 */
const pending = new Map<string, Promise<unknown>>();

export function fetchJson(url: string): Promise<unknown> {
  let request = pending.get(url);
  if (!request) {
    request = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`the search index answered ${response.status} for ${url}`);
      return response.json() as Promise<unknown>;
    });
    // A failed request is forgotten, so that the next search (or Retry) asks again.
    request.catch(() => pending.delete(url));
    pending.set(url, request);
  }
  return request;
}
