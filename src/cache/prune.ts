/**
 * Keeps docsgen's caches from growing without bound. Every entry is named by a hash of what it was
 * made from, so each edit of a theme, a spec or a page adds a new one and the old one is never read
 * again: a compiled client bundle is 2-4 MB, an API reference's pages 0.5 MB (35 MB for GitHub's
 * spec), the compiled CLI 13 MB. Models: webpack's filesystem cache (`maxAge`, unused entries
 * dropped) and Gradle's (entries unused for days removed, at most once a day).
 *
 * What counts as used: an entry read or written since the build began (a read refreshes the file's
 * modification time: see json-cache.ts, theme-loader.ts, client.ts, bin/docsgen). Nothing touched
 * in the last ten minutes is removed, so a build running at the same moment in another process
 * keeps what it is using. Only names docsgen gives its entries are considered: anything else in the
 * folders (the manifests, the memos, CACHEDIR.TAG, a file someone put there) is left alone.
 */
import { lstatSync, readdirSync, rmSync, utimesSync, writeFileSync, type Dirent } from 'node:fs';
import path from 'node:path';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export const PRUNE_POLICY = {
  /** Per family, this many entries the build did not use are kept besides those it used (a branch switched back and forth). */
  keepUnused: 4,
  /** An unused family entry older than this goes even when it is among those kept. */
  maxUnusedAgeMs: 7 * DAY,
  /** Nothing touched this recently is removed: another process may be using it. */
  graceMs: 10 * MINUTE,
  /** A temporary file left by a killed process (a live one renames its file within seconds). */
  staleTempMs: DAY,
  /**
   * How often the per-page entries (markdown, highlighted blocks) are swept: at 10,000 pages, with
   * 40,000 markdown entries, the sweep took 0.29 s (2026-11-28).
   */
  sweepEveryMs: DAY,
  /** A page's markdown entry that matches none of the site's pages now. */
  markdownMaxAgeMs: 30 * DAY,
  /** A highlighted block: its age counts from when it was written, since reusing a page's HTML does not read it. */
  highlightMaxAgeMs: 90 * DAY,
  /** The manifest of an output folder no build wrote into for this long (see sweepManifests). */
  manifestMaxAgeMs: 30 * DAY,
};

export type PrunePolicy = typeof PRUNE_POLICY;

export interface PruneClock {
  now: number;
  /** When the build began (ms since the epoch): what it read or wrote since then is in use. */
  buildStarted: number;
}

/** An entry of a family: `<family>-<hash>[.ext]`, e.g. `api-pages-3f9c….json`, `client-0a1b…` (a folder). */
const FAMILY_ENTRY = /^(.+)-[0-9a-f]{12,}(\.[a-z]+)?$/;
/**
 * The temporary names docsgen writes before renaming an entry into place: `<entry>.<pid>[.<random>].tmp`,
 * and bin/docsgen's `cli-<hash>.tmp-<pid>`.
 */
const TEMP_ENTRY = /^.+-[0-9a-f]{12,}(\.[a-z]+)?(\.\d+(\.[0-9a-z]+)?\.tmp|\.tmp-\d+)$/;

/** `api-pages.json` for `api-pages-<hash>.json`; undefined for a name docsgen does not give entries. */
export function familyOf(name: string): string | undefined {
  const match = FAMILY_ENTRY.exec(name);
  return match ? `${match[1]}${match[2] ?? ''}` : undefined;
}

interface Entry {
  name: string;
  mtimeMs: number;
}

/**
 * Removes from `dir` (not below it) the family entries the build did not use beyond the newest
 * `keepUnused` of each family, those unused for `maxUnusedAgeMs`, and stale temporary files.
 * Returns the names removed.
 */
export function pruneFamilies(dir: string, clock: PruneClock, policy: PrunePolicy = PRUNE_POLICY): string[] {
  const families = new Map<string, Entry[]>();
  const removed: string[] = [];
  const inUseSince = Math.min(clock.buildStarted, clock.now - policy.graceMs);
  for (const entry of listEntries(dir)) {
    if (TEMP_ENTRY.test(entry.name)) {
      if (entry.mtimeMs < clock.now - policy.staleTempMs && remove(dir, entry.name)) removed.push(entry.name);
      continue;
    }
    const family = familyOf(entry.name);
    if (!family) continue;
    const members = families.get(family);
    if (members) members.push(entry);
    else families.set(family, [entry]);
  }
  for (const entries of families.values()) {
    const unused = entries.filter((entry) => entry.mtimeMs < inUseSince).sort((a, b) => b.mtimeMs - a.mtimeMs);
    unused.forEach((entry, rank) => {
      const kept = rank < policy.keepUnused && entry.mtimeMs >= clock.now - policy.maxUnusedAgeMs;
      if (!kept && remove(dir, entry.name)) removed.push(entry.name);
    });
  }
  return removed;
}

/**
 * Removes the per-page entries under `dir/<2 characters>/<key>.json` that are not live and were
 * last written more than `maxAgeMs` ago, and, beyond the newest `keepDead` of those not live, the
 * older ones (never one written in the last `graceMs`): an upgrade of docsgen leaves every page's
 * entry dead at once, and the cap keeps the folder at most twice the site. Returns how many were
 * removed.
 */
export function sweepEntries(
  dir: string,
  options: { isLive: (key: string) => boolean; maxAgeMs: number; now: number; keepDead?: number; graceMs?: number },
): number {
  const dead: { shardDir: string; entry: Entry }[] = [];
  for (const shard of listNames(dir)) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    const shardDir = path.join(dir, shard);
    for (const entry of listEntries(shardDir)) {
      const key = /^([0-9a-f]+)\.json$/.exec(entry.name)?.[1];
      if (key && !options.isLive(key)) dead.push({ shardDir, entry });
    }
  }
  dead.sort((a, b) => b.entry.mtimeMs - a.entry.mtimeMs);
  const keepDead = options.keepDead ?? Infinity;
  const recent = options.now - (options.graceMs ?? 0);
  let removed = 0;
  dead.forEach(({ shardDir, entry }, rank) => {
    const expired = entry.mtimeMs < options.now - options.maxAgeMs || (rank >= keepDead && entry.mtimeMs < recent);
    if (expired && remove(shardDir, entry.name)) removed++;
  });
  return removed;
}

/**
 * Removes the build manifests in `dir` (`<hash>.json` and `<hash>.targets.json`, one pair per output
 * folder) that no build rewrote for `maxAgeMs`: their folder was deleted, or is built no more. Each
 * build that writes rewrites its own. Returns how many were removed.
 */
export function sweepManifests(dir: string, options: { maxAgeMs: number; now: number }): number {
  let removed = 0;
  for (const entry of listEntries(dir)) {
    if (!/^[0-9a-f]{16,}(\.targets)?\.json$/.test(entry.name) || entry.mtimeMs >= options.now - options.maxAgeMs) continue;
    if (remove(dir, entry.name)) removed++;
  }
  return removed;
}

const SWEPT_STAMP = 'last-sweep';

/** When the per-page entries of `cacheRoot` were last swept (ms since the epoch); undefined: never. */
export function lastSweptAt(cacheRoot: string): number | undefined {
  return modifiedAt(path.join(cacheRoot, SWEPT_STAMP));
}

/**
 * True when a sweep made at `lastSwept` is more than `sweepEveryMs` old, or in the future (a clock
 * set back must not stop sweeping for good). A cache never swept is not due: see pruneCaches.
 */
export function sweepDue(lastSwept: number | undefined, now: number, policy: PrunePolicy = PRUNE_POLICY): boolean {
  return lastSwept !== undefined && (lastSwept < now - policy.sweepEveryMs || lastSwept > now);
}

export function markSwept(cacheRoot: string, now: number): void {
  const file = path.join(cacheRoot, SWEPT_STAMP);
  try {
    writeFileSync(file, 'docsgen swept the per-page cache entries at the time this file was modified\n');
    utimesSync(file, now / 1000, now / 1000);
  } catch {
    // A read-only cache: the sweep runs again next time.
  }
}

/** Marks a cache entry (file or folder) as used now, so that pruning keeps it. */
export function markUsed(entry: string): void {
  try {
    const now = Date.now() / 1000;
    utimesSync(entry, now, now);
  } catch {
    // Gone or read-only: at worst it is compiled again later.
  }
}

function listNames(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function listEntries(dir: string): Entry[] {
  let dirents: Dirent[];
  try {
    dirents = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const entries: Entry[] = [];
  for (const dirent of dirents) {
    if (dirent.isSymbolicLink()) continue; // never followed, never removed: docsgen makes no links
    const mtimeMs = modifiedAt(path.join(dir, dirent.name));
    if (mtimeMs !== undefined) entries.push({ name: dirent.name, mtimeMs });
  }
  return entries;
}

function modifiedAt(file: string): number | undefined {
  try {
    return lstatSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function remove(dir: string, name: string): boolean {
  try {
    rmSync(path.join(dir, name), { recursive: true, force: true });
    return true;
  } catch {
    return false; // in use on another system, or read-only: tried again next build
  }
}
