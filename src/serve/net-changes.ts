/**
 * What a batch of watcher events comes to, path by path. Editors and tools save in steps that
 * are not edits of their own: `sed … > page.md.tmp && mv page.md.tmp page.md` adds and removes a
 * temporary file, some editors delete a file and write it again. Reported as they came, a build
 * would see a file added to content/ (a full build and a reload) where a page's text changed (an
 * update in place). Folded, the batch says what a build finds now against what it found before.
 */
import type { FileChange } from '../build/update.ts';

type WatchEvent = FileChange['event'];

const ADDS = new Set<WatchEvent>(['add', 'addDir']);
const REMOVALS = new Set<WatchEvent>(['unlink', 'unlinkDir']);
const DIR_EVENTS = new Set<WatchEvent>(['addDir', 'unlinkDir']);

export interface ChangeBatch {
  push(change: FileChange): void;
  /**
   * True while the batch holds a file that was there and is gone: an editor that deletes a file
   * and writes it again may take longer than a save's few milliseconds to write it, so the batch
   * waits for it a while (as chokidar's `atomic` option did, reporting the removal 100 ms late
   * and outside the batch).
   */
  awaitsRewrite(): boolean;
  /** The folded changes (see netChange), emptying the batch. */
  take(): FileChange[];
}

export function createChangeBatch(): ChangeBatch {
  let byPath = new Map<string, WatchEvent[]>();
  let removed = 0; // paths whose events so far come to an `unlink`
  return {
    push({ path, event }) {
      const events = byPath.get(path) ?? [];
      byPath.set(path, events);
      removed -= isRemoval(path, events) ? 1 : 0;
      events.push(event);
      removed += isRemoval(path, events) ? 1 : 0;
    },
    awaitsRewrite: () => removed > 0,
    take() {
      const changes = [...byPath].flatMap(([path, events]) => netChange(path, events));
      byPath = new Map();
      removed = 0;
      return changes;
    },
  };
}

/** The changes `events` (in order) report; for tests and one-off use. */
export function netChanges(events: readonly FileChange[]): FileChange[] {
  const batch = createChangeBatch();
  for (const event of events) batch.push(event);
  return batch.take();
}

function isRemoval(path: string, events: readonly WatchEvent[]): boolean {
  return events.length > 0 && netChange(path, events).some((c) => c.event === 'unlink');
}

/**
 * One change for a path: `change` for a file there before the batch and after it, `add` or
 * `unlink` for one that appeared or went, nothing for one that came and went (a temporary file)
 * or a folder there before and after (its files report their own changes). A path that turned
 * from file to folder or back keeps its events as they came.
 */
function netChange(path: string, events: readonly WatchEvent[]): FileChange[] {
  const first = events[0]!;
  const isDir = DIR_EVENTS.has(first);
  if (events.some((event) => DIR_EVENTS.has(event) !== isDir)) return events.map((event) => ({ path, event }));
  const existedBefore = !ADDS.has(first);
  const existsAfter = !REMOVALS.has(events[events.length - 1]!);
  if (existedBefore && existsAfter) return isDir ? [] : [{ path, event: 'change' }];
  if (existsAfter) return [{ path, event: isDir ? 'addDir' : 'add' }];
  if (existedBefore) return [{ path, event: isDir ? 'unlinkDir' : 'unlink' }];
  return [];
}
