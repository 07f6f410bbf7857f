/**
 * The caches' pruning (src/cache/prune.ts): entries a build no longer uses go, what it used and
 * what another process may be using stay, and nothing docsgen did not name is ever touched.
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { familyOf, lastSweptAt, markSwept, markUsed, PRUNE_POLICY, pruneFamilies, sweepDue, sweepEntries, sweepManifests } from '../../src/cache/prune.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);
const hash = (n: number) => n.toString(16).padStart(32, 'a');

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'docsgen-prune-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Makes `name` in `dir` (a folder with a file when `folder`), last modified `age` ms before NOW. */
function make(name: string, age: number, options: { folder?: boolean; under?: string } = {}): string {
  const file = path.join(options.under ?? dir, name);
  mkdirSync(path.dirname(file), { recursive: true });
  if (options.folder) {
    mkdirSync(file, { recursive: true });
    writeFileSync(path.join(file, 'manifest.json'), '{}');
  } else writeFileSync(file, '{}');
  const seconds = (NOW - age) / 1000;
  utimesSync(file, seconds, seconds);
  return file;
}

const left = (folder = dir) => readdirSync(folder).sort();

describe('familyOf', () => {
  it('groups entries by the name they share before the hash', () => {
    expect(familyOf(`api-pages-${hash(1)}.json`)).toBe('api-pages.json');
    expect(familyOf(`config-html-${hash(1)}.json`)).toBe('config-html.json');
    expect(familyOf(`theme-server-${'0123456789abcdef'}.mjs`)).toBe('theme-server.mjs');
    expect(familyOf(`client-${'0123456789abcdef'}`)).toBe('client');
    expect(familyOf(`cli-${'0123456789abcdef'}`)).toBe('cli');
  });

  it('does not take names docsgen does not give entries', () => {
    for (const name of ['CACHEDIR.TAG', 'builds', 'markdown', 'search-keys.txt', 'checked-yaml.json', 'notes-2026.json', 'my-file.json']) {
      expect(familyOf(name)).toBeUndefined();
    }
  });
});

describe('pruneFamilies', () => {
  const clock = { now: NOW, buildStarted: NOW - 30_000 };

  it('keeps what the build used and the four newest others of a family, and removes the rest', () => {
    const used = make(`api-pages-${hash(0)}.json`, 5_000);
    for (let n = 1; n <= 6; n++) make(`api-pages-${hash(n)}.json`, n * DAY - 12 * 60 * MINUTE);
    const removed = pruneFamilies(dir, clock);
    expect(removed.sort()).toEqual([`api-pages-${hash(5)}.json`, `api-pages-${hash(6)}.json`]);
    expect(left()).toEqual([0, 1, 2, 3, 4].map((n) => `api-pages-${hash(n)}.json`));
    expect(existsSync(used)).toBe(true);
  });

  it('counts each family on its own', () => {
    for (let n = 1; n <= 5; n++) make(`openapi-${hash(n)}.json`, n * MINUTE * 60);
    make(`config-${hash(9)}.json`, 2 * DAY);
    pruneFamilies(dir, clock);
    expect(left()).toEqual([...[1, 2, 3, 4].map((n) => `openapi-${hash(n)}.json`), `config-${hash(9)}.json`].sort());
  });

  it('removes an unused entry older than a week even when it is among the newest', () => {
    make(`config-${hash(1)}.json`, 8 * DAY);
    make(`config-${hash(2)}.json`, 6 * DAY);
    expect(pruneFamilies(dir, clock)).toEqual([`config-${hash(1)}.json`]);
  });

  it('never removes what was touched in the last ten minutes, in use by another process maybe', () => {
    for (let n = 1; n <= 8; n++) make(`theme-server-${hash(n)}.mjs`, n * MINUTE);
    // Ten minutes of grace even for a build that began long before.
    expect(pruneFamilies(dir, { now: NOW, buildStarted: NOW - 60 * MINUTE })).toEqual([]);
    expect(left()).toHaveLength(8);
  });

  it('keeps all a long build used, however long ago it began', () => {
    for (let n = 1; n <= 7; n++) make(`openapi-${hash(n)}.json`, 20 * MINUTE + n * 1000);
    expect(pruneFamilies(dir, { now: NOW, buildStarted: NOW - 30 * MINUTE })).toEqual([]);
  });

  it('removes a folder entry whole (a client bundle, a compiled CLI)', () => {
    for (let n = 1; n <= 6; n++) make(`client-${hash(n).slice(-16)}`, n * DAY / 2, { folder: true });
    pruneFamilies(dir, clock);
    expect(left()).toEqual([1, 2, 3, 4].map((n) => `client-${hash(n).slice(-16)}`));
  });

  it('removes temporary files a killed process left a day ago, not one being written', () => {
    make(`client-${hash(1).slice(-16)}.4242.tmp`, 2 * DAY, { folder: true });
    make(`theme-server-${hash(2)}.mjs.4242.k3j5.tmp`, 2 * DAY);
    make(`cli-${hash(3).slice(-16)}.tmp-4242`, 2 * DAY, { folder: true });
    make(`page-${hash(4)}.mjs.4243.tmp`, 5_000);
    expect(pruneFamilies(dir, clock)).toHaveLength(3);
    expect(left()).toEqual([`page-${hash(4)}.mjs.4243.tmp`]);
  });

  it('leaves alone what docsgen did not name, however old, and never follows a link', () => {
    make('CACHEDIR.TAG', 400 * DAY);
    make('search-keys.txt', 400 * DAY);
    make(`entry-${hash(1)}.json`, 1 * DAY, { under: path.join(dir, 'builds') });
    const outside = mkdtempSync(path.join(os.tmpdir(), 'docsgen-prune-outside-'));
    writeFileSync(path.join(outside, 'keep.txt'), 'mine');
    for (let n = 1; n <= 6; n++) symlinkSync(outside, path.join(dir, `client-${hash(n).slice(-16)}`));
    expect(pruneFamilies(dir, clock)).toEqual([]);
    expect(readdirSync(outside)).toEqual(['keep.txt']);
    rmSync(outside, { recursive: true, force: true });
  });

  it('does nothing when the folder does not exist', () => {
    expect(pruneFamilies(path.join(dir, 'missing'), clock)).toEqual([]);
  });
});

describe('markUsed', () => {
  it('makes an old entry count as used by the build', () => {
    const entry = make(`openapi-${hash(1)}.json`, 30 * DAY);
    for (let n = 2; n <= 6; n++) make(`openapi-${hash(n)}.json`, n * MINUTE * 60);
    markUsed(entry);
    pruneFamilies(dir, { now: Date.now(), buildStarted: Date.now() - 1000 });
    expect(existsSync(entry)).toBe(true);
  });
});

describe('the daily sweep of per-page entries', () => {
  it('removes entries neither live nor written in the last 30 days', () => {
    const markdown = path.join(dir, 'markdown');
    const live = hash(1);
    make(`${live.slice(0, 2)}/${live}.json`, 300 * DAY, { under: markdown });
    const stale = hash(2);
    make(`${stale.slice(0, 2)}/${stale}.json`, 31 * DAY, { under: markdown });
    const recent = `bb${hash(3).slice(2)}`;
    make(`${recent.slice(0, 2)}/${recent}.json`, 29 * DAY, { under: markdown });
    make('xy/notes.txt', 300 * DAY, { under: markdown });
    const removed = sweepEntries(markdown, { isLive: (key) => key === live, maxAgeMs: PRUNE_POLICY.markdownMaxAgeMs, now: NOW });
    expect(removed).toBe(1);
    expect(existsSync(path.join(markdown, stale.slice(0, 2), `${stale}.json`))).toBe(false);
    expect(existsSync(path.join(markdown, live.slice(0, 2), `${live}.json`))).toBe(true);
    expect(existsSync(path.join(markdown, 'bb', `${recent}.json`))).toBe(true);
    expect(existsSync(path.join(markdown, 'xy/notes.txt'))).toBe(true);
  });

  it('keeps at most as many dead entries as live ones, the newest, and none written in the last ten minutes goes', () => {
    const markdown = path.join(dir, 'markdown');
    const at = (n: number) => path.join(markdown, hash(n).slice(0, 2), `${hash(n)}.json`);
    // Two pages live; five dead entries of earlier versions, 1 to 5 days old, and one just written.
    for (const n of [1, 2]) make(`${hash(n).slice(0, 2)}/${hash(n)}.json`, 300 * DAY, { under: markdown });
    for (const n of [3, 4, 5, 6, 7]) make(`${hash(n).slice(0, 2)}/${hash(n)}.json`, (n - 2) * DAY, { under: markdown });
    make(`${hash(8).slice(0, 2)}/${hash(8)}.json`, 1000, { under: markdown });
    const live = new Set([hash(1), hash(2)]);
    const removed = sweepEntries(markdown, { isLive: (key) => live.has(key), maxAgeMs: PRUNE_POLICY.markdownMaxAgeMs, now: NOW, keepDead: live.size, graceMs: PRUNE_POLICY.graceMs });
    expect(removed).toBe(4);
    expect([1, 2, 3, 4, 5, 6, 7, 8].filter((n) => existsSync(at(n)))).toEqual([1, 2, 3, 8]);
  });

  it('removes the manifests of output folders no build wrote into for 30 days', () => {
    const builds = path.join(dir, 'builds');
    make(`${hash(1)}.json`, 31 * DAY, { under: builds });
    make(`${hash(1)}.targets.json`, 31 * DAY, { under: builds });
    make(`${hash(2)}.json`, 2 * DAY, { under: builds });
    make(`${hash(2)}.targets.json`, 2 * DAY, { under: builds });
    make('notes.json', 400 * DAY, { under: builds });
    expect(sweepManifests(builds, { maxAgeMs: PRUNE_POLICY.manifestMaxAgeMs, now: NOW })).toBe(2);
    expect(left(builds)).toEqual([`${hash(2)}.json`, `${hash(2)}.targets.json`, 'notes.json']);
  });

  it('is due a day after the last sweep, never for a cache not swept yet, and reading when it was changes nothing', () => {
    expect(lastSweptAt(dir)).toBeUndefined();
    expect(sweepDue(undefined, NOW + 400 * DAY)).toBe(false);
    expect(lastSweptAt(dir)).toBeUndefined();
    markSwept(dir, NOW);
    const swept = lastSweptAt(dir);
    expect(Math.abs((swept ?? 0) - NOW)).toBeLessThan(1000);
    expect(sweepDue(swept, NOW + 23 * 60 * MINUTE)).toBe(false);
    expect(sweepDue(swept, NOW + DAY + MINUTE)).toBe(true);
    // A stamp from the future (a clock set back) does not stop sweeping for good.
    expect(sweepDue(swept, NOW - DAY)).toBe(true);
  });
});
