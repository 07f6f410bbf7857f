/**
 * Makes micromark's `EditMap.consume` cost what the edit touches instead of the whole document.
 *
 * micromark (4.0.x, with micromark-util-edit-map 1.0.0, the latest at the time of writing) applies
 * an edit to the document's event list for every "lazy" line that closes a container: the blank
 * line after a block quote, a heading after a list, the paragraph after a footnote definition.
 * The upstream `consume` copies the untouched prefix of the list out and back in on every call, so
 * a page with n such places costs O(n × page): a 250 KB page of ordinary documentation took
 * seconds, a 1 MB page more than a minute. This version leaves the prefix in place and rebuilds
 * only the tail after the first edit; the result is the same array (a property test compares the
 * two on random edits), and parsing becomes linear in the page's size.
 *
 * Installed once, when the markdown renderer loads; the original is kept for that test.
 */
import { EditMap, type Change } from 'micromark-util-edit-map';

type Events = Change[2];

export const upstreamConsume: EditMap['consume'] = EditMap.prototype.consume;

export function consumeKeepingPrefix(this: EditMap, events: Events): undefined {
  const map = this.map;
  map.sort((a, b) => a[0] - b[0]);
  if (map.length === 0) return;
  // Cut the list back to the first edit, from the last edit down, keeping each tail and insertion.
  const pieces: Events[] = [];
  for (let index = map.length - 1; index >= 0; index--) {
    const [at, remove, add] = map[index] as Change;
    pieces.push(events.slice(at + remove), add);
    events.length = at;
  }
  // `events` now holds the untouched prefix: append the pieces in document order.
  for (let index = pieces.length - 1; index >= 0; index--) {
    for (const event of pieces[index] as Events) events.push(event);
  }
  map.length = 0;
  this.index.clear();
}

export function installLinearEditMap(): void {
  EditMap.prototype.consume = consumeKeepingPrefix;
}

installLinearEditMap();
