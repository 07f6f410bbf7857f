/** One request per key, shared while it runs and after it answered; a failure is asked again. */
import { describe, it, expect } from 'vitest';
import { requestOnce } from '../../theme/request-once.ts';

describe('a request made once', () => {
  it('is shared by every caller of the same key', async () => {
    const pending = new Map<string, Promise<number>>();
    let started = 0;
    const start = async () => ++started;
    const [a, b] = await Promise.all([requestOnce(pending, 'x', start), requestOnce(pending, 'x', start)]);
    expect([a, b, await requestOnce(pending, 'x', start)]).toEqual([1, 1, 1]);
    expect(await requestOnce(pending, 'y', start)).toBe(2);
  });

  it('is forgotten when it fails, so that the next caller tries again', async () => {
    const pending = new Map<number, Promise<string>>();
    await expect(requestOnce(pending, 1, async () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(pending.has(1)).toBe(false);
    expect(await requestOnce(pending, 1, async () => 'answer')).toBe('answer');
  });

  it('starts again when asked for a fresh answer, and a failure of the replaced one keeps the new one', async () => {
    const pending = new Map<string, Promise<string>>();
    let fail: (error: Error) => void = () => undefined;
    const first = requestOnce(pending, 'p', () => new Promise<string>((_, reject) => (fail = reject)));
    const fresh = requestOnce(pending, 'p', async () => 'new', { fresh: true });
    fail(new Error('old'));
    await expect(first).rejects.toThrow('old');
    expect(await requestOnce(pending, 'p', async () => 'other')).toBe('new');
    expect(await fresh).toBe('new');
  });
});
