/**
 * The postings of the embedded index while it is built and kept: for each search key, the pages
 * that contain it (by page id, ascending) with the field and count of each, and the pages' other
 * spellings of the key. A page's keys can be taken out and put back, so that an edit of one page
 * updates only that page's keys instead of reading every page's keys again (at 10,000 pages,
 * reading them all was about a second of every edit).
 */
import { forEachPageKey } from './keys-memo.ts';
import type { TermShard } from '../../theme/search/types.ts';

export class Postings {
  /** key → [page id, code, page id, code, …] by ascending page id; code is field * 64 + count (at most 63). */
  private readonly lists = new Map<string, number[]>();
  /** key → each other spelling of it → how many pages have that spelling. */
  private readonly spellings = new Map<string, Map<string, number>>();
  /** The keys in order, once asked for, kept as keys come and go (sorting 200,000 keys again took 0.1 s of an edit). */
  private sorted: string[] | undefined;
  /** Keys added, removed or changed since the last shards were cut (none before the first cut: nothing to compare with). */
  private dirty = new Set<string>();
  /** The last shards cut, by first key, with their last key (see shards()). */
  private cut: { shardChars: number; byFirst: Map<string, { last: string; shard: TermShard }> } | undefined;

  /** Adds a page's keys (encoded as in keys-memo.ts). */
  add(id: number, encodedKeys: string): void {
    forEachPageKey(encodedKeys, (key, field, count, words) => {
      this.markChanged(key);
      const code = field * 64 + Math.min(63, count);
      const list = this.lists.get(key);
      if (!list) this.addKey(key, [id, code]);
      else if (list.length === 0 || (list[list.length - 2] as number) < id) list.push(id, code); // a build adds pages in order
      else list.splice(pairPosition(list, id), 0, id, code);
      for (const word of words ?? []) this.countSpelling(key, word, 1);
    });
  }

  /** Takes out a page's keys, as `add` put them in. */
  remove(id: number, encodedKeys: string): void {
    forEachPageKey(encodedKeys, (key, _field, _count, words) => {
      this.markChanged(key);
      const list = this.lists.get(key);
      if (!list) return;
      const at = pairPosition(list, id);
      if (list[at] === id) list.splice(at, 2);
      if (list.length === 0) this.removeKey(key);
      for (const word of words ?? []) this.countSpelling(key, word, -1);
    });
  }

  /**
   * Replaces a page's keys: only the keys whose entry differs are taken out and put back, so that
   * the shards of the others are left as they were (an edit keeps most of a page's words).
   */
  replace(id: number, before: string, after: string): void {
    const entriesBefore = new Set(before.split('|'));
    const entriesAfter = after.split('|');
    const unchanged = new Set(entriesAfter.filter((entry) => entriesBefore.has(entry)));
    const changed = (entries: Iterable<string>) => [...entries].filter((entry) => entry !== '' && !unchanged.has(entry)).join('|');
    this.remove(id, changed(entriesBefore));
    this.add(id, changed(entriesAfter));
  }

  /** Only once shards were cut: a build adds every key of every page before it cuts the first ones. */
  private markChanged(key: string): void {
    if (this.cut) this.dirty.add(key);
  }

  private addKey(key: string, list: number[]): void {
    this.lists.set(key, list);
    if (this.sorted) this.sorted.splice(sortedPosition(this.sorted, key), 0, key);
  }

  private removeKey(key: string): void {
    this.lists.delete(key);
    if (this.sorted) this.sorted.splice(sortedPosition(this.sorted, key), 1);
  }

  private countSpelling(key: string, word: string, by: 1 | -1): void {
    let words = this.spellings.get(key);
    if (!words) this.spellings.set(key, (words = new Map()));
    const pages = (words.get(word) ?? 0) + by;
    if (pages > 0) words.set(word, pages);
    else words.delete(word);
    if (words.size === 0) this.spellings.delete(key);
  }

  /**
   * Cuts the sorted keys into shards of about `shardChars` characters of postings each. In a shard,
   * a key's list gives each page as the gap from the key's previous page, then the page's code.
   * A shard with the same first and last key as last time and no key added, removed or changed
   * between them is the same object as last time: after an edit only the shards of its keys are
   * made again (at 10,000 pages making all 140 was 0.1 s of every edit, serialising them as much).
   */
  shards(shardChars: number): TermShard[] {
    const sorted = (this.sorted ??= [...this.lists.keys()].sort());
    const previous = this.cut?.shardChars === shardChars ? this.cut.byFirst : new Map<string, { last: string; shard: TermShard }>();
    const dirty = [...this.dirty].sort();
    this.dirty.clear();
    const byFirst = new Map<string, { last: string; shard: TermShard }>();
    const starts = this.cutPoints(shardChars, [...previous.keys()], dirty);
    const shards = starts.map((start, i) => {
      const end = starts[i + 1] ?? sorted.length;
      const first = sorted[start] ?? '';
      const last = sorted[end - 1] ?? '';
      const known = previous.get(first);
      const shard = known && known.last === last && !anyKeyBetween(dirty, first, last) ? known.shard : this.makeShard(sorted, start, end);
      byFirst.set(first, { last, shard });
      return shard;
    });
    this.cut = { shardChars, byFirst };
    return shards;
  }

  /**
   * Where each shard starts in the sorted keys: a shard ends before the key that would take it past
   * `shardChars`. With the first keys of the last cut (`previousFirsts`) and the keys changed since
   * (`dirty`, sorted), only the stretch from the shard before the first changed key's is walked
   * again (whether a shard ends depends on the key after it, which may be the changed one): once
   * past the last changed key, a cut at a key where a shard began last time means every later cut
   * is where it was (walking all 200,000 keys of 10,000 pages took 0.05 s of an edit).
   */
  private cutPoints(shardChars: number, previousFirsts: readonly string[], dirty: readonly string[]): number[] {
    const sorted = this.sorted ?? [];
    const positionOf = (key: string) => sortedPosition(sorted, key);
    const firstDirty = dirty[0];
    const lastDirty = dirty[dirty.length - 1] ?? '';
    if (previousFirsts.length > 0 && firstDirty === undefined) return previousFirsts.map(positionOf);
    // The shard before the one that holds the first changed key is the first walked again.
    const walkFrom = firstDirty === undefined ? 0 : Math.max(0, firstNotBefore(previousFirsts.length, (i) => (previousFirsts[i] as string) <= firstDirty) - 2);
    const starts = [0, ...previousFirsts.slice(1, walkFrom + 1).map(positionOf)];
    const resumeAt = new Map(previousFirsts.map((key, i) => [key, i]));
    let size = 0;
    for (let i = starts[starts.length - 1] as number; i < sorted.length; i++) {
      const key = sorted[i] as string;
      const postingChars = (this.lists.get(key) as number[]).length * 3;
      if (size > 0 && size + postingChars > shardChars) {
        const resume = key > lastDirty ? resumeAt.get(key) : undefined;
        if (resume !== undefined) return [...starts, ...previousFirsts.slice(resume).map(positionOf)];
        starts.push(i);
        size = 0;
      }
      size += key.length + postingChars;
      for (const word of this.spellings.get(key)?.keys() ?? []) size += word.length + 6;
    }
    return starts;
  }

  private makeShard(sorted: readonly string[], start: number, end: number): TermShard {
    const shard: TermShard = { keys: [], postings: [], forms: [] };
    for (let i = start; i < end; i++) {
      const key = sorted[i] as string;
      shard.keys.push(key);
      shard.postings.push(withGaps(this.lists.get(key) as number[]));
      for (const word of [...(this.spellings.get(key)?.keys() ?? [])].sort()) shard.forms.push([word, shard.keys.length - 1]);
    }
    return shard;
  }
}

/** Whether a key of `sortedKeys` lies from `first` to `last`. */
function anyKeyBetween(sortedKeys: readonly string[], first: string, last: string): boolean {
  const at = sortedPosition(sortedKeys, first);
  return at < sortedKeys.length && (sortedKeys[at] as string) <= last;
}

/** The first of `count` positions that is not `before` the sought item (binary search over an ordered list). */
function firstNotBefore(count: number, before: (position: number) => boolean): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(middle)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Where page `id` is, or would go, in a list of [id, code] pairs by ascending id. */
function pairPosition(list: readonly number[], id: number): number {
  return firstNotBefore(list.length / 2, (pair) => (list[pair * 2] as number) < id) * 2;
}

/** Where `key` is, or would go, in keys sorted as Array.prototype.sort sorts strings (by UTF-16 code units). */
function sortedPosition(sorted: readonly string[], key: string): number {
  return firstNotBefore(sorted.length, (i) => (sorted[i] as string) < key);
}

function withGaps(list: readonly number[]): number[] {
  const gaps = list.slice();
  for (let i = gaps.length - 2; i >= 2; i -= 2) gaps[i] = (list[i] as number) - (list[i - 2] as number);
  return gaps;
}
