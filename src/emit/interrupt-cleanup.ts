/**
 * A one-shot build stopped by Ctrl+C, SIGTERM or SIGHUP while it writes its staging folder left
 * that folder beside out/ (1,400 entries for a 1,500-page site) until the next run swept it. The
 * folder now goes before the process ends, then the signal ends it as it would have.
 *
 * Only where nothing else listens for the signal: `build --watch` and `serve` stop on it in their
 * own way, and finish the build under way first. A folder with an apply journal is kept: its files
 * are moving into out/, which the next run completes (swap.ts); signals are held back then anyway.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { APPLY_JOURNAL } from './apply-in-place.ts';
import { hasMarkerSync } from './folder-marker.ts';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

/** Removes `stagingDir` if the process is interrupted; returns the function that stops watching. */
export function removeOnInterrupt(stagingDir: string): () => void {
  const watched = SIGNALS.filter((signal) => process.listenerCount(signal) === 0);
  const stop = () => {
    for (const signal of watched) process.off(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    stop();
    if (hasMarkerSync(stagingDir, 'output') && !existsSync(path.join(stagingDir, APPLY_JOURNAL))) {
      rmSync(stagingDir, { recursive: true, force: true });
    }
    process.kill(process.pid, signal);
  }
  for (const signal of watched) process.on(signal, onSignal);
  return stop;
}
