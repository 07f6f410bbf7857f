/**
 * The first Ctrl+C or SIGTERM, for the long-running commands (`docsgen serve`, `docsgen build
 * --watch`): they listen from the start, so a signal that arrives during a build ends the process
 * cleanly once that build is done, instead of killing it half-way.
 */
export interface StopSignal {
  promise: Promise<void>;
  /** Stops listening: from then on a signal ends the process as usual. */
  dispose(): void;
}

/** Resolves on the first SIGINT or SIGTERM; later ones are ignored until dispose(). */
export function firstStopSignal(): StopSignal {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  const stop = () => resolve();
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return {
    promise,
    dispose: () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    },
  };
}
