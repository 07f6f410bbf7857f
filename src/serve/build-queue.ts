/**
 * One build at a time, for the processes that build again on every change (`docsgen serve`,
 * `docsgen build --watch`). Changes that arrive during a build are merged and run next, as one
 * update when every waiting batch was one; `undefined` asks for a full build, which covers them all.
 */
import type { FileChange } from '../build/builder.ts';

export interface BuildQueue {
  /** Queues a build; resolves when the queue is idle again. */
  push(changes: FileChange[] | undefined): Promise<void>;
  /** Resolves after the next build settles. */
  settled(): Promise<void>;
  /** Resolves when no build runs or waits (at once when none does). */
  idle(): Promise<void>;
}

export function createBuildQueue(run: (changes: FileChange[] | undefined) => Promise<void>): BuildQueue {
  let running: Promise<void> | undefined;
  let waiting: { changes: FileChange[] | undefined } | undefined;
  let listeners: (() => void)[] = [];
  const drain = async (): Promise<void> => {
    while (waiting) {
      const next = waiting;
      waiting = undefined;
      await run(next.changes);
    }
    running = undefined;
    const done = listeners;
    listeners = [];
    done.forEach((fn) => fn());
  };
  return {
    push: (changes) => {
      if (!waiting) waiting = { changes };
      else waiting = { changes: waiting.changes && changes ? [...waiting.changes, ...changes] : undefined };
      running ??= drain();
      return running;
    },
    settled: () => new Promise((resolve) => listeners.push(resolve)),
    idle: () => running ?? Promise.resolve(),
  };
}
