/**
 * Stage "git times": when each page was last changed, for "Last updated on …" (config
 * `docs.showLastUpdateTime`). One `git log` over content/ answers for every page at once (newest
 * commits first, so a file's first appearance is its last change) and stops as soon as every
 * page has been seen, instead of one `git log -1` per page. The answer is cached per commit of
 * HEAD. Without git, outside a repository or for files never committed, pages simply show no date.
 */
import { execFile, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import path from 'node:path';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { hashText } from '../cache/fingerprint.ts';

/** Seconds since the epoch of each file's last commit, by path relative to content/. */
export type LastUpdateTimes = ReadonlyMap<string, number>;

const COMMIT_MARK = '\u001e';

export async function readLastUpdateTimes(contentDir: string, cacheDir: string, relPaths: readonly string[]): Promise<LastUpdateTimes> {
  const head = await gitOutput(contentDir, ['rev-parse', 'HEAD']);
  if (!head) return new Map();
  const cacheFile = path.join(cacheDir, `git-times-${hashText(head, contentDir, ...relPaths)}.json`);
  const cached = await readCachedJson<Record<string, number>>(cacheFile);
  if (cached) return new Map(Object.entries(cached));
  const times = await logTimes(contentDir, new Set(relPaths));
  await writeCachedJson(cacheFile, Object.fromEntries(times));
  return times;
}

function gitOutput(cwd: string, args: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile('git', args, { cwd, encoding: 'utf8' }, (error, stdout) => resolve(error ? undefined : stdout.trim() || undefined));
  });
}

/** Reads `git log` newest first until every wanted file has its time (or the history ends). */
function logTimes(contentDir: string, wanted: ReadonlySet<string>): Promise<Map<string, number>> {
  return new Promise((resolve) => {
    const times = new Map<string, number>();
    const args = ['-c', 'core.quotePath=false', 'log', `--format=${COMMIT_MARK}%ct`, '--name-only', '--no-renames', '--relative', '--', '.'];
    const git = spawn('git', args, { cwd: contentDir, stdio: ['ignore', 'pipe', 'ignore'] });
    git.on('error', () => resolve(times));
    let time = 0;
    const lines = createInterface({ input: git.stdout });
    lines.on('line', (line) => {
      if (line.startsWith(COMMIT_MARK)) time = Number(line.slice(1));
      else if (line && wanted.has(line) && !times.has(line)) {
        times.set(line, time);
        if (times.size === wanted.size) git.kill();
      }
    });
    lines.on('close', () => resolve(times));
  });
}
