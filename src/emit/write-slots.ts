/**
 * Bounds the writes in flight: a caller starts its write, then waits while `limit` or more are in
 * flight; each write that finishes lets the longest-waiting caller go on. Promise.race over the
 * writes in flight, used before, added a reaction to every pending write on every call: a
 * 10,000-page incremental build, whose pages are linked far faster than the disk settles them,
 * ran out of memory with it.
 */
export class WriteSlots {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  /** Tracks `write` (which must not reject); resolves when the caller may start another. */
  async started(write: Promise<void>): Promise<void> {
    this.inFlight.add(write);
    void write.finally(() => {
      this.inFlight.delete(write);
      this.waiting.shift()?.();
    });
    if (this.inFlight.size >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Settles when every write started so far has finished. */
  async settled(): Promise<void> {
    await Promise.all(this.inFlight);
  }
}
