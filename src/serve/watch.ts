/**
 * Watches what a build reads: content/, theme/, openapi/ and config.yaml. It watches the project
 * folder itself (filtered), not those folders, so that a folder deleted and created again — as a
 * branch switch does — is still watched. Changes are batched over a short quiet period.
 */
import path from 'node:path';
import { watch } from 'chokidar';
import type { FileChange } from '../build/builder.ts';

export interface ProjectWatcher {
  /** Resolves once the watcher has seen the project's files: changes from then on are reported. */
  ready: Promise<void>;
  close(): Promise<void>;
}

const WATCHED_FOLDERS = ['content', 'theme', 'openapi'];
const QUIET_MS = 15;
const FILE_EVENTS = new Set<string>(['add', 'change', 'unlink', 'addDir', 'unlinkDir']);

export function watchProject(root: string, configFile: string, onChanges: (changes: FileChange[]) => void, onError: (message: string) => void): ProjectWatcher {
  const relevant = (file: string): boolean => {
    if (file === root || file === configFile) return true;
    const rel = path.relative(root, file);
    const top = rel.split(path.sep)[0] ?? '';
    return WATCHED_FOLDERS.includes(top) && !rel.split(path.sep).some((part) => part.startsWith('.') || part === 'node_modules');
  };
  const watcher = watch(root, {
    ignoreInitial: true,
    ignored: (file) => !relevant(path.resolve(file)),
    awaitWriteFinish: { stabilityThreshold: 20, pollInterval: 10 },
  });
  const ready = new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
  let pending: FileChange[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  watcher.on('all', (event, file) => {
    if (!FILE_EVENTS.has(event)) return;
    pending.push({ path: path.resolve(file), event: event as FileChange['event'] });
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      const batch = pending;
      pending = [];
      onChanges(batch);
    }, QUIET_MS);
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
