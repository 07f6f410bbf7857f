/** One build at a time (src/serve/build-queue.ts): batches that arrive during a build run next, merged. */
import { describe, it, expect } from 'vitest';
import { createBuildQueue } from '../../src/serve/build-queue.ts';
import type { FileChange } from '../../src/build/builder.ts';

const change = (name: string): FileChange[] => [{ path: `/site/content/${name}.md`, event: 'change' }];

function recordingQueue() {
  const runs: (string[] | 'full')[] = [];
  let release: () => void = () => undefined;
  const queue = createBuildQueue(async (changes) => {
    runs.push(changes ? changes.map((c) => c.path.replace(/.*\//, '')) : 'full');
    await new Promise<void>((resolve) => (release = resolve));
  });
  return { queue, runs, finishBuild: () => release() };
}

describe('build queue', () => {
  it('runs the batches that arrived during a build once, merged, after it', async () => {
    const { queue, runs, finishBuild } = recordingQueue();
    void queue.push(change('a'));
    void queue.push(change('b'));
    void queue.push(change('c'));
    expect(runs).toEqual([['a.md']]);
    finishBuild();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual([['a.md'], ['b.md', 'c.md']]);
    const idle = queue.idle();
    finishBuild();
    await idle;
    expect(runs).toHaveLength(2);
  });

  it('runs one full build for waiting batches when any of them asks for one', async () => {
    const { queue, runs, finishBuild } = recordingQueue();
    void queue.push(change('a'));
    void queue.push(change('b'));
    void queue.push(undefined);
    void queue.push(change('c'));
    finishBuild();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(runs).toEqual([['a.md'], 'full']);
    finishBuild();
    await queue.idle();
  });

  it('is idle at once when nothing runs', async () => {
    const { queue } = recordingQueue();
    await expect(queue.idle()).resolves.toBeUndefined();
  });
});
