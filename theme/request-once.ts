/**
 * A request made once and shared by everyone who asks for the same key while it runs or after it
 * answered (prefetch and navigation, the search launcher and the search client, a sidebar
 * category opened twice, a term shard two query words need). A failed request is forgotten, so
 * that asking again tries again; `fresh` starts a new request that replaces the one kept.
 */
export function requestOnce<K, T>(pending: Map<K, Promise<T>>, key: K, start: () => Promise<T>, options: { fresh?: boolean } = {}): Promise<T> {
  const known = options.fresh ? undefined : pending.get(key);
  if (known) return known;
  const request = start();
  pending.set(key, request);
  request.catch(() => {
    if (pending.get(key) === request) pending.delete(key);
  });
  return request;
}
