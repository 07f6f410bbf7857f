/**
 * One owner for every path of out/. Pages, docsgen's own files, `content/_static/` and the
 * generated sitemap.xml and robots.txt can name the same path, or one can need as a folder a path
 * another writes as a file (a page slugged `/robots.txt` is `robots.txt/index.html`). Written in
 * turn, the last one won a full build while an incremental build kept the reused one, and a file
 * over a page's folder failed the build with EISDIR. Settled here, before anything is written, by
 * one rule the same in every build: docsgen's own files, then pages, then static files, then the
 * generated sitemap and robots.txt. A static file takes a generated one's place without a word (that
 * is how a site publishes its own robots.txt); any other file that loses is a finding, and a page
 * that would lose is an error, as its links, sidebar entry and search records already point at it.
 */
import { DocsgenError } from '../errors.ts';
import type { Finding } from '../checks/findings.ts';
import type { SourcePosition } from '../errors.ts';

/** Who wants a path of out/, in the order they win. */
export type OutputOwner =
  /** The bundle, the search index, the sidebar's items, content images, API specs. */
  | { kind: 'docsgen' }
  /**
   * A page's document (`route` as the reader sees it; `source` its file, when it has one; `movedBy`
   * what sets its path: "the slug in a.md's front matter", "api[].route in config.yaml").
   */
  | { kind: 'page'; route: string; source?: string; movedBy?: string }
  /** A file of `content/_static/` (`source`: its path). */
  | { kind: 'static'; source: string }
  /** sitemap.xml and robots.txt. */
  | { kind: 'generated' };

export interface ClaimedPath {
  rel: string;
  owner: OutputOwner;
}

const RANK: Record<OutputOwner['kind'], number> = { docsgen: 0, page: 1, static: 2, generated: 3 };

/**
 * The paths each claim may write: `claims` in any order, each path kept by the first in rank
 * (then in the given order) that does not collide with one kept before. `configFile` is where a
 * finding about a page without a source file points.
 */
export function settleOutputPaths(claims: readonly ClaimedPath[], configFile: string): { kept: Set<ClaimedPath>; findings: Finding[] } {
  const ranked = claims.map((claim, order) => ({ claim, order })).sort((a, b) => RANK[a.claim.owner.kind] - RANK[b.claim.owner.kind] || a.order - b.order);
  const files = new Map<string, ClaimedPath>();
  const folders = new Map<string, ClaimedPath>();
  const kept = new Set<ClaimedPath>();
  const findings: Finding[] = [];
  for (const { claim } of ranked) {
    const winner = collisionOf(claim.rel, files, folders);
    if (!winner) {
      files.set(claim.rel, claim);
      for (const folder of foldersOf(claim.rel)) if (!folders.has(folder)) folders.set(folder, claim);
      kept.add(claim);
      continue;
    }
    const finding = lostTo(claim, winner, configFile);
    if (finding) findings.push(finding);
  }
  return { kept, findings };
}

/** The claim kept before that `rel` collides with: the same path, a file where `rel` needs a folder, or a folder where `rel` is a file. */
function collisionOf(rel: string, files: ReadonlyMap<string, ClaimedPath>, folders: ReadonlyMap<string, ClaimedPath>): ClaimedPath | undefined {
  return files.get(rel) ?? foldersOf(rel).map((folder) => files.get(folder)).find(Boolean) ?? folders.get(rel);
}

/** `a/b/c.html` → `a`, `a/b`. */
function foldersOf(rel: string): string[] {
  const parts = rel.split('/');
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join('/'));
}

/** What a lost claim is reported as; undefined for a generated file a static one replaces. */
function lostTo(loser: ClaimedPath, winner: ClaimedPath, configFile: string): Finding | undefined {
  const why = clash(loser, winner);
  switch (loser.owner.kind) {
    case 'generated':
      if (winner.owner.kind === 'static') return undefined;
      return finding(positionOf(winner, configFile), `${loser.rel} is not generated: ${why}`, 'give the page another slug');
    case 'static':
      return finding({ file: loser.owner.source }, `this static file is not published: ${why}`, winner.owner.kind === 'page' ? 'move or rename the static file, or give the page another slug' : 'move or rename the static file: docsgen writes its own files there');
    case 'page':
      throw new DocsgenError(`the page ${loser.owner.route} cannot be written: ${why}`, {
        position: positionOf(loser, configFile),
        hint: winner.owner.kind === 'page' ? movePageHint(loser.owner, winner.owner) : 'give the page another slug, outside the folders docsgen writes its own files in',
      });
    case 'docsgen':
      return undefined; // two of docsgen's own files on one path would be a bug in docsgen, not the site's
  }
}

/** Move one of two pages on one path: each by what sets its path. */
function movePageHint(loser: { route: string; movedBy?: string }, winner: { route: string; movedBy?: string }): string {
  const by = (page: { route: string; movedBy?: string }) => `${page.route} by ${page.movedBy ?? 'its slug'}`;
  if (winner.movedBy === undefined) return `move ${by(loser)}: ${winner.route} has a path of its own`;
  return `move one of the two pages: ${by(loser)}, or ${by(winner)}`;
}

/** How the two paths collide, in the loser's terms. */
function clash(loser: ClaimedPath, winner: ClaimedPath): string {
  const owner = describe(winner);
  if (loser.rel === winner.rel) return `out/${loser.rel} is ${owner}`;
  if (loser.rel.startsWith(`${winner.rel}/`)) return `out/${loser.rel} needs out/${winner.rel} to be a folder, and that is ${owner}`;
  return `out/${loser.rel} would be a file where ${owner} needs a folder (out/${winner.rel})`;
}

function describe(claim: ClaimedPath): string {
  switch (claim.owner.kind) {
    case 'page':
      return `the page ${claim.owner.route}`;
    case 'static':
      return `a file of content/_static/`;
    case 'generated':
      return `the generated ${claim.rel}`;
    case 'docsgen':
      return `one of docsgen's own files`;
  }
}

function positionOf(claim: ClaimedPath, configFile: string): SourcePosition {
  return claim.owner.kind === 'page' && claim.owner.source ? { file: claim.owner.source, line: 1, column: 1 } : { file: configFile };
}

function finding(position: SourcePosition, message: string, hint: string): Finding {
  return { kind: 'duplicate-route', message, position, hint };
}
