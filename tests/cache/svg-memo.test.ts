/** SVG images found free of script by an earlier build: not parsed again while their text is the same; a scripted one is refused every time. */
import { describe, it, expect } from 'vitest';
import { mkdtemp, mkdir, writeFile, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cleanSvgKey, loadCleanSvgMemo, loadWellFormedSvgMemo, wellFormedSvgKey } from '../../src/cache/svg-memo.ts';
import { hashAssets } from '../../src/content/assets.ts';
import { scriptedSvgErrors, svgText } from '../../src/content/svg-script.ts';
import { withoutCacheReads } from '../../src/cache/reads.ts';
import { hashText } from '../../src/cache/fingerprint.ts';
import { DOCSGEN_VERSION } from '../../src/paths.ts';

const DRAWING = '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>';
const SCRIPTED = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';

async function project(files: Record<string, string>) {
  const root = await mkdtemp(path.join(tmpdir(), 'docsgen-svg-memo-'));
  const contentDir = path.join(root, 'content');
  await mkdir(path.join(contentDir, 'img'), { recursive: true });
  for (const [rel, text] of Object.entries(files)) await writeFile(path.join(contentDir, rel), text);
  return { root, contentDir, cacheRoot: path.join(root, '.docsgen', 'cache'), memoFile: path.join(root, '.docsgen', 'cache', 'clean-svgs.txt') };
}

/** What a build's content stage does: load the memo, check every SVG, save. Returns the files refused. */
async function check(contentDir: string, cacheRoot: string, rels: string[]) {
  const memo = await loadCleanSvgMemo(cacheRoot);
  const errors = await scriptedSvgErrors({ contentDir, root: contentDir }, rels, memo);
  await memo.save();
  return errors.map((e) => path.relative(contentDir, e.position?.file ?? ''));
}

const stored = async (file: string) => (await readFile(file, 'utf8')).split('\n').filter(Boolean);

describe('clean SVG memo', () => {
  it('keeps clean images only, refuses a scripted one every time, and keeps only the images of the last build', async () => {
    const { root, contentDir, cacheRoot, memoFile } = await project({ 'img/a.svg': DRAWING, 'img/b.svg': SCRIPTED });
    for (let run = 0; run < 2; run++) expect(await check(contentDir, cacheRoot, ['img/a.svg', 'img/b.svg'])).toEqual(['img/b.svg']);
    expect(await stored(memoFile)).toEqual([cleanSvgKey(DRAWING)]);
    await writeFile(path.join(contentDir, 'img', 'b.svg'), DRAWING.replace('width="1"', 'width="2"'));
    expect(await check(contentDir, cacheRoot, ['img/a.svg', 'img/b.svg'])).toEqual([]);
    expect((await stored(memoFile)).sort()).toEqual([cleanSvgKey(DRAWING), cleanSvgKey(DRAWING.replace('width="1"', 'width="2"'))].sort());
    expect(await check(contentDir, cacheRoot, ['img/b.svg'])).toEqual([]);
    expect(await stored(memoFile)).toEqual([cleanSvgKey(DRAWING.replace('width="1"', 'width="2"'))]);
    await rm(root, { recursive: true, force: true });
  });

  it('takes a stored text as checked, by its exact text as the check reads it, and --no-cache reads nothing from it', async () => {
    const { root, contentDir, cacheRoot, memoFile } = await project({ 'img/a.svg': SCRIPTED });
    // A planted entry shows that the memo is what decides: the scripted file passes while its text is the one stored.
    await mkdir(cacheRoot, { recursive: true });
    await writeFile(memoFile, cleanSvgKey(svgText(new TextEncoder().encode(SCRIPTED)) ?? ''));
    expect(await check(contentDir, cacheRoot, ['img/a.svg'])).toEqual([]);
    expect(await withoutCacheReads(() => check(contentDir, cacheRoot, ['img/a.svg']))).toEqual(['img/a.svg']);
    await writeFile(path.join(contentDir, 'img', 'a.svg'), `${SCRIPTED}\n`);
    expect(await check(contentDir, cacheRoot, ['img/a.svg'])).toEqual(['img/a.svg']);
    await rm(root, { recursive: true, force: true });
  });

  it('checks again an image an earlier rule found clean: entries of older check versions are not trusted', async () => {
    // Keys as earlier docsgen builds wrote them: "clean svg" before entity declarations were
    // refused, "clean svg 2" before attribute declarations and a DOCTYPE's quoted ">" were.
    const entity = `<!DOCTYPE svg [<!ENTITY s "<script xmlns='http://www.w3.org/2000/svg'>alert(1)</script>">]><svg xmlns="http://www.w3.org/2000/svg">&s;</svg>`;
    const attlist = `<!DOCTYPE svg SYSTEM "a>b" [<!ATTLIST svg onload CDATA "alert(1)">]><svg xmlns="http://www.w3.org/2000/svg"/>`;
    const { root, contentDir, cacheRoot, memoFile } = await project({ 'img/ent.svg': entity, 'img/att.svg': attlist });
    await mkdir(cacheRoot, { recursive: true });
    await writeFile(memoFile, [hashText(DOCSGEN_VERSION, 'clean svg', entity), hashText(DOCSGEN_VERSION, 'clean svg', attlist), hashText(DOCSGEN_VERSION, 'clean svg 2', attlist)].join('\n'));
    expect((await check(contentDir, cacheRoot, ['img/att.svg', 'img/ent.svg'])).sort()).toEqual(['img/att.svg', 'img/ent.svg']);
    await rm(root, { recursive: true, force: true });
  });

  it('well-formed SVGs: their end tags are not read again while their text is the same; an ill-formed one is unreadable every time', async () => {
    const ILL = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><g><rect/></svg>';
    const { root, contentDir, cacheRoot } = await project({ 'img/a.svg': DRAWING, 'img/b.svg': ILL });
    const memoFile = path.join(cacheRoot, 'well-formed-svgs.txt');
    /** What the content stage does with the images: load the memo, hash them, save; the unreadable ones. */
    const unreadable = async () => {
      const memo = await loadWellFormedSvgMemo(cacheRoot);
      const assets = await hashAssets({ contentDir, root: contentDir }, ['img/a.svg', 'img/b.svg'], '/', [], memo);
      await memo.save();
      return [...assets].flatMap(([rel, asset]) => (asset.size && 'unreadable' in asset.size ? [rel] : []));
    };
    for (let run = 0; run < 2; run++) expect(await unreadable()).toEqual(['img/b.svg']);
    expect(await stored(memoFile)).toEqual([wellFormedSvgKey(DRAWING)]);
    // A planted entry shows that the memo decides; --no-cache reads nothing from it.
    await writeFile(memoFile, [wellFormedSvgKey(DRAWING), wellFormedSvgKey(ILL)].join('\n'));
    expect(await unreadable()).toEqual([]);
    expect(await withoutCacheReads(unreadable)).toEqual(['img/b.svg']);
    await rm(root, { recursive: true, force: true });
  });
});
