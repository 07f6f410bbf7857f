/** WriteSlots (src/emit/write-slots.ts): writes in flight are bounded, and each finished write lets one waiting caller go on. */
import { describe, it, expect } from 'vitest';
import { WriteSlots } from '../../src/emit/write-slots.ts';

function deferred() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('WriteSlots', () => {
  it('lets a caller go on at once below the limit, and holds it at the limit', async () => {
    const slots = new WriteSlots(3);
    const writes = Array.from({ length: 3 }, deferred);
    let passed = 0;
    for (const write of writes.slice(0, 2)) await slots.started(write.promise).then(() => passed++);
    void slots.started(writes[2]!.promise).then(() => passed++);
    await tick();
    expect(passed).toBe(2);
    writes[0]!.resolve();
    await tick();
    expect(passed).toBe(3);
  });

  it('lets exactly one waiting caller go on per finished write, the longest waiting first', async () => {
    const slots = new WriteSlots(2);
    const writes = Array.from({ length: 6 }, deferred);
    const order: number[] = [];
    // Six callers at once, as a build's pages are when they come from the cache in a batch.
    writes.forEach((write, i) => void slots.started(write.promise).then(() => order.push(i)));
    await tick();
    expect(order).toEqual([0]);
    writes[0]!.resolve();
    await tick();
    expect(order).toEqual([0, 1]);
    writes[5]!.resolve();
    await tick();
    expect(order).toEqual([0, 1, 2]);
    for (const write of writes) write.resolve();
    await tick();
    expect(order).toEqual([0, 1, 2, 3, 4, 5]);
    await expect(slots.settled()).resolves.toBeUndefined();
  });

  it('settles once every write started has finished', async () => {
    const slots = new WriteSlots(64);
    const write = deferred();
    await slots.started(write.promise);
    let settled = false;
    void slots.settled().then(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    write.resolve();
    await tick();
    expect(settled).toBe(true);
  });
});
