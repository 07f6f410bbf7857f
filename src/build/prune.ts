/**
 * Stage "cache": after a build, the cache entries it made obsolete go (see src/cache/prune.ts):
 * the compiled theme, client bundles, API pages, validated specs and configs it no longer uses,
 * in the project's cache and in docsgen's own; once a day, the markdown entries of pages that no
 * longer exist in that form, long-unused highlighted blocks, and the manifests of output folders
 * no longer built.
 */
import path from 'node:path';
import { lastSweptAt, markSwept, PRUNE_POLICY, pruneFamilies, sweepDue, sweepEntries, sweepManifests, type PrunePolicy } from '../cache/prune.ts';
import type { MarkdownCache } from '../cache/markdown-cache.ts';
import type { Content } from './content.ts';
import type { Project } from './project.ts';

export interface PruneInput {
  project: Project;
  content: Content;
  markdownCache: MarkdownCache;
  /** When the build began (ms since the epoch). */
  buildStarted: number;
}

export interface PruneReport {
  removed: string[];
  /** Per-page entries removed by the daily sweep (undefined: no sweep was due). */
  swept?: number;
}

export function pruneCaches(input: PruneInput, now = Date.now(), policy: PrunePolicy = PRUNE_POLICY): PruneReport {
  const clock = { now, buildStarted: input.buildStarted };
  const { projectCache, docsgenCache } = input.project;
  const removed = [...pruneFamilies(projectCache, clock, policy), ...pruneFamilies(docsgenCache, clock, policy)];
  const lastSwept = lastSweptAt(projectCache);
  // A cache never swept is stamped now and swept a day later: a cold build (a new cache) has
  // nothing to sweep, and listing the 10,000 entries it just wrote would only slow it down.
  if (lastSwept === undefined) markSwept(projectCache, now);
  if (!sweepDue(lastSwept, now, policy)) return { removed };
  const live = new Set(input.content.allDocs.map((doc) => input.markdownCache.keyOf(doc.relPath, doc.markdown)));
  const swept =
    sweepEntries(path.join(projectCache, 'markdown'), { isLive: (key) => live.has(key), maxAgeMs: policy.markdownMaxAgeMs, now, keepDead: live.size, graceMs: policy.graceMs }) +
    sweepEntries(path.join(projectCache, 'highlight'), { isLive: () => false, maxAgeMs: policy.highlightMaxAgeMs, now }) +
    sweepManifests(path.join(projectCache, 'builds'), { maxAgeMs: policy.manifestMaxAgeMs, now });
  markSwept(projectCache, now);
  return { removed, swept };
}
