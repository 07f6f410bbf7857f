/**
 * What a build keeps of a page must not keep the page's file text. V8 makes a cut of a long string
 * (`slice`, a regular expression's match, a YAML value) a view of the whole string: a title cut out
 * of the file kept all 5 KB of each page alive until the end of a 10,000-page build (about 50 MB).
 */
import { describe, it, expect, afterAll } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { scanContent, type DocSource } from '../../src/content/scan.ts';
import { ownCopy } from '../../src/own-copy.ts';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const PAGES = 100;
const BODY_KB = 200;
const dirs: string[] = [];
afterAll(async () => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function siteOfLongPages(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'docsgen-doc-memory-'));
  dirs.push(root);
  const content = path.join(root, 'content');
  await mkdir(content);
  const body = 'Paragraph text of a long page, with words to search for.\n\n'.repeat((BODY_KB * 1024) / 59);
  for (let i = 0; i < PAGES; i++) {
    // Half the pages take their title from the front matter, half from their first heading.
    const text = i % 2 === 0 ? `---\ntitle: Front matter title number ${i}\ndescription: What page ${i} is about, in one sentence.\n---\n\n${body}` : `# First heading title number ${i}\n\n${body}`;
    await writeFile(path.join(content, `page-${i}.md`), text);
  }
  return content;
}

/** What `keep` takes of each doc; the scan itself is unreachable once this returns. */
async function keptOfScan<T>(content: string, keep: (doc: DocSource) => T): Promise<T[]> {
  const scan = await scanContent(content, { includeDrafts: false });
  return scan.docs.map(keep);
}

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

describe('what a doc keeps of its file', () => {
  it('keeps its title, description and front matter text without the file text they came from', async () => {
    const content = await siteOfLongPages();
    await keptOfScan(content, () => 0); // loads the YAML parser and the schemas before measuring
    const before = heapUsed();
    const kept = await keptOfScan(content, (doc) => ({ title: doc.title, description: doc.frontMatter.description, frontMatterText: doc.frontMatterText }));
    const after = heapUsed();
    expect(kept).toHaveLength(PAGES);
    expect(kept.filter((doc) => doc.title.startsWith('Front matter title'))).toHaveLength(PAGES / 2);
    expect(kept.filter((doc) => doc.title.startsWith('First heading title'))).toHaveLength(PAGES / 2);
    // The files are 20 MB together; what is kept of them is a few KB.
    expect(after - before).toBeLessThan(2 * 1024 * 1024);
  });

  it('keeps the markdown once, in a string of its own', async () => {
    const content = await siteOfLongPages();
    await keptOfScan(content, () => 0); // loads the YAML parser and the schemas before measuring
    const before = heapUsed();
    const kept = await keptOfScan(content, (doc) => ({ title: doc.title, markdown: doc.markdown }));
    const after = heapUsed();
    expect(kept.every((doc) => doc.markdown.length >= BODY_KB * 1000)).toBe(true);
    // One copy of each body (front matter blanked), not the body and the file it was cut from.
    expect(after - before).toBeLessThan(PAGES * BODY_KB * 1024 * 1.3);
  });
});

describe('ownCopy', () => {
  it('returns the same text, lone surrogates included', () => {
    for (const text of ['', 'short', 'a title long enough to be cut', `emoji 😀 and a lone half \uD83D of one, long enough`, 'é'.repeat(40)]) {
      expect(ownCopy(text)).toBe(text);
    }
  });
});
