/** "Last updated" times from one git log, cached per commit; no git or no repository means no dates, not an error. */
import { describe, it, expect } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readLastUpdateTimes } from '../../src/build/git-times.ts';

function commit(dir: string, date: string, message: string): void {
  const env = { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
  execFileSync('git', ['add', '-A'], { cwd: dir, env });
  execFileSync('git', ['commit', '-q', '-m', message], { cwd: dir, env });
}

async function project(): Promise<{ root: string; content: string; cache: string }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-git-times-'));
  const content = path.join(root, 'content');
  await mkdir(path.join(content, 'a'), { recursive: true });
  return { root, content, cache: path.join(root, '.docsgen', 'cache') };
}

describe('last update times', () => {
  it('gives each page the time of the last commit that touched it, read in one pass', async () => {
    const { root, content, cache } = await project();
    execFileSync('git', ['init', '-q'], { cwd: root });
    await writeFile(path.join(content, 'one.md'), '# One');
    await writeFile(path.join(content, 'a', 'two.md'), '# Two');
    commit(root, '2026-01-01T00:00:00Z', 'first');
    await writeFile(path.join(content, 'a', 'two.md'), '# Two, edited');
    commit(root, '2026-02-01T00:00:00Z', 'second');
    await writeFile(path.join(content, 'new.md'), '# Not committed');
    const times = await readLastUpdateTimes(content, cache, ['one.md', 'a/two.md', 'new.md']);
    expect(Object.fromEntries(times)).toEqual({ 'one.md': Date.parse('2026-01-01T00:00:00Z') / 1000, 'a/two.md': Date.parse('2026-02-01T00:00:00Z') / 1000 });
  });

  it('answers from its cache while HEAD stays the same', async () => {
    const { root, content, cache } = await project();
    execFileSync('git', ['init', '-q'], { cwd: root });
    await writeFile(path.join(content, 'one.md'), '# One');
    commit(root, '2026-01-01T00:00:00Z', 'first');
    await readLastUpdateTimes(content, cache, ['one.md']);
    const [entry] = await readdir(cache);
    const file = path.join(cache, entry ?? '');
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ 'one.md': Date.parse('2026-01-01T00:00:00Z') / 1000 });
    await writeFile(file, JSON.stringify({ 'one.md': 42 }));
    expect((await readLastUpdateTimes(content, cache, ['one.md'])).get('one.md')).toBe(42);
  });

  it('gives no dates, and no error, outside a repository or without git', async () => {
    const { content, cache } = await project();
    await writeFile(path.join(content, 'one.md'), '# One');
    expect((await readLastUpdateTimes(content, cache, ['one.md'])).size).toBe(0);
    const pathBefore = process.env.PATH;
    process.env.PATH = '';
    try {
      expect((await readLastUpdateTimes(content, cache, ['one.md'])).size).toBe(0);
    } finally {
      process.env.PATH = pathBefore;
    }
  });
});
