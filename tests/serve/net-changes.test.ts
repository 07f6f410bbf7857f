/** Folding a batch of watcher events into what a build finds changed (src/serve/net-changes.ts). */
import { describe, it, expect } from 'vitest';
import { createChangeBatch, netChanges } from '../../src/serve/net-changes.ts';
import type { FileChange } from '../../src/build/builder.ts';

const events = (...list: string[]): FileChange[] =>
  list.map((item) => {
    const [event, file] = item.split(' ') as [FileChange['event'], string];
    return { path: `/p/${file}`, event };
  });
const described = (changes: FileChange[]) => changes.map((c) => `${c.event} ${c.path.slice(3)}`);

describe('netChanges', () => {
  it('drops a temporary file that came and went, keeping the save it made', () => {
    expect(described(netChanges(events('add a.md.tmp', 'change a.md', 'unlink a.md.tmp')))).toEqual(['change a.md']);
  });

  it('reports a file deleted and written again as changed', () => {
    expect(described(netChanges(events('unlink a.md', 'add a.md')))).toEqual(['change a.md']);
  });

  it('reports a rename as the old name gone and the new one added', () => {
    expect(described(netChanges(events('unlink a.md', 'add b.md')))).toEqual(['unlink a.md', 'add b.md']);
  });

  it('reports a new file written in several steps as added, and one changed then deleted as deleted', () => {
    expect(described(netChanges(events('add n.md', 'change n.md', 'change n.md', 'change old.md', 'unlink old.md')))).toEqual(['add n.md', 'unlink old.md']);
  });

  it('drops a folder there before and after, and keeps a folder made or removed', () => {
    expect(described(netChanges(events('unlinkDir d', 'addDir d', 'addDir e', 'unlinkDir f')))).toEqual(['addDir e', 'unlinkDir f']);
  });

  it('keeps the events of a path that turned from file to folder as they came', () => {
    expect(described(netChanges(events('unlink x', 'addDir x')))).toEqual(['unlink x', 'addDir x']);
  });
});

describe('createChangeBatch', () => {
  it('awaits a rewrite exactly while a file it holds was there and is gone', () => {
    const batch = createChangeBatch();
    for (const event of events('add a.md.tmp', 'unlink a.md.tmp')) batch.push(event);
    expect(batch.awaitsRewrite()).toBe(false);
    batch.push(events('unlink a.md')[0]!);
    expect(batch.awaitsRewrite()).toBe(true);
    batch.push(events('add a.md')[0]!);
    expect(batch.awaitsRewrite()).toBe(false);
    batch.push(events('unlink b.md')[0]!);
    expect(described(batch.take())).toEqual(['change a.md', 'unlink b.md']);
    expect(batch.awaitsRewrite()).toBe(false);
    expect(batch.take()).toEqual([]);
  });
});
