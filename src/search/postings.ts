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

  /** Adds a page's keys (encoded as in keys-memo.ts). */
  add(id: number, encodedKeys: string): void {
    forEachPageKey(encodedKeys, (key, field, count, words) => {
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
      const list = this.lists.get(key);
      if (!list) return;
      const at = pairPosition(list, id);
      if (list[at] === id) list.splice(at, 2);
      if (list.length === 0) this.removeKey(key);
      for (const word of words ?? []) this.countSpelling(key, word, -1);
    });
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
   */
  shards(shardChars: number): TermShard[] {
    const shards: TermShard[] = [];
    let current: TermShard = { keys: [], postings: [], forms: [] };
    let size = 0;
    this.sorted ??= [...this.lists.keys()].sort();
    for (const key of this.sorted) {
      const list = this.lists.get(key) as number[];
      if (size > 0 && size + list.length * 3 > shardChars) {
        shards.push(current);
        current = { keys: [], postings: [], forms: [] };
        size = 0;
      }
      current.keys.push(key);
      current.postings.push(withGaps(list));
      size += key.length + list.length * 3;
      for (const word of [...(this.spellings.get(key)?.keys() ?? [])].sort()) {
        current.forms.push([word, current.keys.length - 1]);
        size += word.length + 6;
      }
    }
    if (current.keys.length > 0 || shards.length === 0) shards.push(current);
    return shards;
  }
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
