/**
 * `docsgen build --no-cache`: a build that reads nothing of what earlier builds left in
 * `.docsgen/cache` (validated inputs, rendered pages, highlighted blocks, the manifest of the
 * previous out/), as if it were the first build, and writes all of it afresh for the next one.
 * Nothing is deleted. It is the way out when an incremental build missed a change (input files
 * are recognised by size and modification time) without removing the folder by hand.
 *
 * The setting is scoped to one build's asynchronous work (AsyncLocalStorage), so the dev server
 * and builds running side by side in one process (the tests) keep their caches.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const withoutReads = new AsyncLocalStorage<true>();

/** Runs `build` with every read of the project cache answering "not cached". */
export function withoutCacheReads<T>(build: () => Promise<T>): Promise<T> {
  return withoutReads.run(true, build);
}

/** False inside withoutCacheReads: each cache treats every lookup as a miss. */
export function cacheReadsAllowed(): boolean {
  return withoutReads.getStore() !== true;
}
