/**
 * Watches what a build reads: content/, theme/, openapi/ and config.yaml. It watches the project
 * folder itself (filtered), not those folders, so that a folder deleted and created again — as a
 * branch switch does — is still watched.
 *
 * Changes are batched until the project has been quiet for QUIET_MS: an editor's save (truncate,
 * then write), a file copied in pieces or a branch switch touching many files comes as one batch,
 * read after its last write, as webpack's watcher does with its 20 ms `aggregateTimeout`.
 *
 * chokidar's `awaitWriteFinish` stays on, with no stability wait: without it, chokidar drops a
 * file's change that comes within 50 ms of the one it last reported (a fix saved just after a
 * broken save would never be built); with it, every change is reported once its size is read.
 * Its own wait (the file unchanged for 20 ms) repeated the batch window's job and added 22 ms to
 * every save, on the path that `docsgen serve` must finish in 100 ms.
 *
 * chokidar's `atomic` option is off: it held every removal back 100 ms, so a rename or a save
 * through a temporary file came as two batches (two builds, two reloads). The batch is folded
 * path by path instead (net-changes.ts), and waits longer only while a file it holds is gone.
 */
import path from 'node:path';
import { watch } from 'chokidar';
import type { FileChange } from '../build/builder.ts';
import { createChangeBatch } from './net-changes.ts';

export interface ProjectWatcher {
  /** Resolves once the watcher has seen the project's files: changes from then on are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const WATCHED_FOLDERS = ['content', 'theme', 'openapi'];
/**
 * A save's writes arrive within a millisecond or two; a file copied in pieces, a few apart. More
 * than chokidar's 5 ms: it ignores a file's events within 5 ms of one it handled, and the batch,
 * read after this window, is what sees those writes.
 */
const QUIET_MS = 20;
/** How long a batch holding a removed file waits for it to be written again: chokidar's `atomic` default. */
const REWRITE_MS = 100;
const FILE_EVENTS = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

export function watchProject(
  root: string,
  configFile: string,
  onChanges: (changes: FileChange[]) => void,
  onError: (message: string) => void,
  quietMs = QUIET_MS,
): ProjectWatcher {
  const relevant = (file: string): boolean => {
    if (file === root || file === configFile) return true;
    const rel = path.relative(root, file);
    const top = rel.split(path.sep)[0] ?? '';
    return WATCHED_FOLDERS.includes(top) && !rel.split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules');
  };
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (file) => !relevant(path.resolve(file)),
    awaitWriteFinish: { stabilityThreshold: 0, pollInterval: 1 },
    atomic: false,
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  const pending = createChangeBatch();
  let timer: ReturnType<typeof setTimeout> | undefined;
  watcher.on('all', (event, file) => {
    if (!FILE_EVENTS.has(event)) return;
    pending.push({ path: path.resolve(file), event: event as FileChange['event'] });
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = pending.take();
      if (batch.length > 0) onChanges(batch);
    }, pending.awaitsRewrite() ? Math.max(quietMs, REWRITE_MS) : quietMs);
  });
  watcher.on('error', (error) => onError(`watcher: ${String(error)}`));
  return {
    ready,
    close: async () => {
      if (timer) clearTimeout(timer);
      await watcher.close();
    },
  };
}
