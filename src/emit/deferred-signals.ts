/**
 * Holds back Ctrl+C, SIGTERM and SIGHUP while a short critical step runs (the output swap), then
 * delivers the first one received as if it had just arrived: to the listeners the process had,
 * or, with none, Node's default (the process ends). SIGKILL cannot be held back; the swap's
 * leftovers make that case recoverable instead (see swap.ts).
 */
type Listener = (...args: unknown[]) => void;

const DEFERRED: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

// Re-entrant: swaps running at once in one process share one hold.
let depth = 0;
let saved = new Map<NodeJS.Signals, Listener[]>();
let received: NodeJS.Signals | undefined;
const remember = (signal: NodeJS.Signals) => {
  received ??= signal;
};

function hold(): void {
  if (depth++ > 0) return;
  received = undefined;
  saved = new Map();
  for (const signal of DEFERRED) {
    saved.set(signal, process.rawListeners(signal) as Listener[]);
    process.removeAllListeners(signal);
    process.on(signal, remember);
  }
}

function release(): void {
  if (--depth > 0) return;
  for (const signal of DEFERRED) {
    process.removeListener(signal, remember);
    for (const listener of saved.get(signal) ?? []) process.on(signal, listener);
  }
  if (received) process.kill(process.pid, received);
}

export async function withSignalsDeferred<T>(step: () => Promise<T>): Promise<T> {
  hold();
  try {
    return await step();
  } finally {
    release();
  }
}
