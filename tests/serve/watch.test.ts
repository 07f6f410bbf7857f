/**
 * The project watcher that `docsgen serve` and `docsgen build --watch` share: it reports what a
 * build reads, and a file written in several pieces is reported once its last piece is written,
 * so a build never reads it half-written. The batch window is given as 250 ms here, far above
 * the pauses the tests make, so a loaded machine cannot split a batch. Whole files are written
 * synchronously: a file written by a promise may sit empty between its open and its write for as
 * long as the machine is busy, and a batch may then read it so (the next change builds it again).
 */
import { describe, it, expect, beforeEach, afterEach } from 'vitest';
import { mkdtemp, mkdir, open, rm, writeFile } from 'node:fs/promises';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { watchProject, type ProjectWatcher } from '../../src/serve/watch.ts';
import type { FileChange } from '../../src/build/builder.ts';

const QUIET_MS = 250;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let root: string;
let watcher: ProjectWatcher;
/** Each batch reported, with the text of every changed file as the build would read it then. */
let batches: { changes: FileChange[]; texts: Map<string, string> }[];

/** `quietMs` 'serve': the window `docsgen serve` uses. */
async function startWatching(quietMs: number | 'serve' = QUIET_MS): Promise<void> {
  batches = [];
  watcher = watchProject(
    root,
    path.join(root, 'config.yaml'),
    (changes) => {
      const texts = new Map(changes.filter((c) => c.event !== 'unlink' && c.event !== 'unlinkDir' && c.event !== 'addDir').map((c) => [path.relative(root, c.path), readFileSync(c.path, 'utf8')]));
      batches.push({ changes, texts });
    },
    (message) => {
      throw new Error(message);
    },
    quietMs === 'serve' ? undefined : quietMs,
  );
  await watcher.ready;
}

/** Watches again with the window `docsgen serve` uses: the longer test window would hide a batch split in two. */
async function watchWithServeWindow(): Promise<void> {
  await watcher.close();
  await startWatching('serve');
}

async function nextBatches(count: number): Promise<void> {
  for (let waited = 0; batches.length < count; waited += 10) {
    if (waited > 10_000) throw new Error(`expected ${count} batches, got ${batches.length}`);
    await pause(10);
  }
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-watch-'));
  await mkdir(path.join(root, 'content'));
  await mkdir(path.join(root, 'theme'));
  await writeFile(path.join(root, 'config.yaml'), 'title: Watched\n');
  await writeFile(path.join(root, 'content/page.md'), '# Page\n');
  await startWatching();
});

afterEach(async () => {
  await watcher.close();
  await rm(root, { recursive: true, force: true });
});

describe('watchProject', () => {
  it('reports a page written in pieces once, after its last piece, so it is read whole', async () => {
    const pieces = ['---\ntitle: Written in pieces\n', '---\n\n# Heading\n', '\nThe last paragraph.\n'];
    const file = await open(path.join(root, 'content/page.md'), 'w');
    for (const piece of pieces) {
      await file.write(piece);
      await pause(20);
    }
    await file.close();
    await nextBatches(1);
    await pause(QUIET_MS + 100);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.texts.get('content/page.md')).toBe(pieces.join(''));
  });

  it('reports a save made just after the last batch (chokidar alone drops a change within 50 ms of the one before)', async () => {
    // Its own watcher, with the window `docsgen serve` uses, writing again the moment the first batch arrives.
    await watcher.close();
    const page = path.join(root, 'content/page.md');
    const texts: string[] = [];
    let second: () => void = () => {};
    const secondSeen = new Promise<void>((resolve) => (second = resolve));
    watcher = watchProject(root, path.join(root, 'config.yaml'), () => {
      texts.push(readFileSync(page, 'utf8'));
      if (texts.length === 1) writeFileSync(page, '# Fixed at once\n');
      else second();
    }, (message) => {
      throw new Error(message);
    });
    await watcher.ready;
    writeFileSync(page, '---\ntitle: [not closed\n---\n');
    await secondSeen;
    expect(texts).toEqual(['---\ntitle: [not closed\n---\n', '# Fixed at once\n']);
  });

  it('reports the changes of several files made together as one batch', async () => {
    writeFileSync(path.join(root, 'content/page.md'), '# Page, edited\n');
    writeFileSync(path.join(root, 'content/new.md'), '# New page\n');
    writeFileSync(path.join(root, 'config.yaml'), 'title: Watched, edited\n');
    await nextBatches(1);
    await pause(QUIET_MS + 100);
    expect(batches).toHaveLength(1);
    const reported = batches[0]?.changes.map((c) => `${c.event} ${path.relative(root, c.path)}`);
    expect(reported).toEqual(expect.arrayContaining(['change content/page.md', 'add content/new.md', 'change config.yaml']));
    expect(batches[0]?.texts.get('content/new.md')).toBe('# New page\n');
  });

  it('reports nothing for files a build does not read', async () => {
    writeFileSync(path.join(root, 'NOTES.txt'), 'not a source\n');
    await mkdir(path.join(root, 'content/.hidden'));
    writeFileSync(path.join(root, 'content/.hidden/draft.md'), '# Hidden\n');
    writeFileSync(path.join(root, 'content/page.md'), '# Page, edited\n');
    await nextBatches(1);
    await pause(QUIET_MS + 100);
    expect(batches.flatMap((b) => b.changes.map((c) => path.relative(root, c.path)))).toEqual(['content/page.md']);
  });

  it('reports a save made through a temporary file as one change of the page, not a file added to content/', async () => {
    // As `sed … > page.md.tmp && mv page.md.tmp page.md` does: with chokidar's removals held back 100 ms, the temporary file came as a second batch.
    await watchWithServeWindow();
    writeFileSync(path.join(root, 'content/page.md.tmp'), '# Saved through a temporary file\n');
    await pause(5); // two commands: the watcher sees the temporary file before it is renamed
    renameSync(path.join(root, 'content/page.md.tmp'), path.join(root, 'content/page.md'));
    await nextBatches(1);
    await pause(QUIET_MS + 200);
    expect(batches.map((b) => b.changes.map((c) => `${c.event} ${path.relative(root, c.path)}`))).toEqual([['change content/page.md']]);
    expect(batches[0]?.texts.get('content/page.md')).toBe('# Saved through a temporary file\n');
  });

  it('reports a rename as one batch: the old name gone and the new one added', async () => {
    await watchWithServeWindow();
    renameSync(path.join(root, 'content/page.md'), path.join(root, 'content/renamed.md'));
    await nextBatches(1);
    await pause(QUIET_MS + 200);
    expect(batches).toHaveLength(1);
    expect(batches[0]?.changes.map((c) => `${c.event} ${path.relative(root, c.path)}`).sort()).toEqual(['add content/renamed.md', 'unlink content/page.md']);
  });

  it('waits for a page deleted and written again a moment later, with the window serve uses, and reports it changed', async () => {
    await watchWithServeWindow();
    unlinkSync(path.join(root, 'content/page.md'));
    await pause(30); // longer than a save's batch window (20 ms), shorter than the wait for a rewrite
    writeFileSync(path.join(root, 'content/page.md'), '# Written again\n');
    await nextBatches(1);
    await pause(300);
    expect(batches.map((b) => b.changes.map((c) => `${c.event} ${path.relative(root, c.path)}`))).toEqual([['change content/page.md']]);
  });
});
