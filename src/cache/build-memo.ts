/**
 * The bookkeeping every memo of the project cache shares: entries an earlier build stored are
 * looked up by key; an entry found or added is kept for this build; saving writes the kept
 * entries only when some lookup missed or some stored entry was not used, so an unchanged site
 * writes nothing and the file never grows with entries of pages that are gone. How entries are
 * keyed and stored (JSON, lines of text) is each memo's own.
 */
export interface BuildMemo<V> {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** Writes this build's entries when they differ from the stored ones; a failed write only costs speed. */
  save(): Promise<void>;
}

export function buildMemo<V>(earlier: ReadonlyMap<string, V>, write: (entries: ReadonlyMap<string, V>) => Promise<void>): BuildMemo<V> {
  const used = new Map<string, V>();
  let missed = false;
  return {
    get(key) {
      const hit = earlier.get(key);
      if (hit === undefined) missed = true;
      else used.set(key, hit);
      return hit;
    },
    set(key, value) {
      used.set(key, value);
    },
    async save() {
      if (!missed && used.size === earlier.size) return;
      await write(used);
    },
  };
}
