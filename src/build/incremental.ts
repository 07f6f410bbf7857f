/**
 * Incremental `docsgen build`. A build still fills a new temporary folder and swaps it in for out/
 * (see src/emit/swap.ts), so out/ is replaced atomically, a failed build leaves it as it was, and
 * what it ends up holding is what a full build would write. What changes is how the folder is
 * filled, using the manifest of the previous build into the same out/ (manifest.ts):
 * - nothing changed (every input file signed the same, every file of out/ as the manifest
 *   recorded it): out/ is already what a full build would write, so nothing is written at all and
 *   the previous result is reported again;
 * - otherwise every page is composed as usual, and a page whose key (what its document is made
 *   from: its data, the site's data, the assets, the theme, docsgen itself) matches the previous
 *   build's, and whose file in out/ is unchanged, is not rendered: its file is hard-linked into the
 *   new folder (copied where links are not possible). No page names a build's search index (its
 *   manifest keeps its URL), so an edit to one page's text leaves every other page's key as it was.
 *   A file named by its contents (the bundle, content images, the search index's shards: see
 *   output-paths.ts) that the previous build wrote under the same name and that is unchanged is
 *   linked the same way: the same name is the same bytes. Any other file that is not a page (a
 *   sidebar category's items, a static file) is linked when its bytes hash as the manifest records.
 * A file in out/ edited, touched, replaced or removed since the last build is never reused: it is
 * rendered again. A site whose pages depend on what the signature cannot see (custom React pages,
 * "Last updated" dates from git) is never taken as up to date; its unchanged pages are still reused.
 */
import { lstatSync, type Stats } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageData } from '../../theme/data.ts';
import type { BuildResult, BuilderOptions } from './builder.ts';
import { hashText } from '../cache/fingerprint.ts';
import { htmlHashOf } from '../cache/markdown-cache.ts';
import { projectCacheDir } from '../cache/json-cache.ts';
import { outputFolder, realPathOf } from '../emit/folder-facts.ts';
import { DOCSGEN_ROOT, DOCSGEN_VERSION } from '../paths.ts';
import type { LinkTargets } from '../checks/link-targets.ts';
import { createStoredTargetsMemo, readPageTargets, targetsFile, writePageTargets, type PageTargets, type StoredPageTargets, type StoredTargetsMemo } from './page-targets.ts';
import { fileRecordOf, inputSignature, manifestFile, outputIntact, readManifest, sameFile, snapshotOutput, writeManifest, type BuildManifest, type FileRecord } from './manifest.ts';

export interface IncrementalBuild {
  realOutDir: string;
  manifestPath: string;
  previous: BuildManifest | undefined;
  /** Input roots signed at the start of this build, and their signature. */
  roots: string[];
  signature: string;
  extra: string[];
}

/** Options and environment that change what a build writes or reports. */
function signedOptions(options: BuilderOptions, realOutDir: string): string[] {
  return [DOCSGEN_VERSION, options.mode, String(options.strict ?? false), realOutDir, process.env.NODE_ENV ?? ''];
}

/**
 * The files a build reads: config.yaml, content/, the project's theme or docsgen's, and the folder
 * of each API spec (a spec may refer to files beside it; one that refers to files elsewhere is not
 * followed: change the spec itself, or build with an empty cache, after editing those).
 */
export function inputRoots(configFile: string, specFiles: readonly string[]): string[] {
  const rootDir = path.dirname(path.resolve(configFile));
  const roots = [path.resolve(configFile), path.join(rootDir, 'content'), path.join(rootDir, 'theme'), path.join(DOCSGEN_ROOT, 'theme')];
  return [...new Set([...roots, ...specFiles.map((spec) => path.dirname(path.resolve(rootDir, spec)))])].sort();
}

/** Before config.yaml is read, the spec folders are those of the last build (a changed config.yaml changes the signature anyway). */
function defaultRoots(configFile: string, previous: BuildManifest | undefined): string[] {
  return [...new Set([...inputRoots(configFile, []), ...(previous?.inputs.roots ?? [])])].sort();
}

/** Signs the inputs before anything is read (`docsgen build` only), so a file edited during the build counts as changed next time. */
export async function startIncremental(options: BuilderOptions): Promise<IncrementalBuild | undefined> {
  if (options.mode !== 'build') return undefined;
  const { realOutDir, manifestPath } = await outputOf(options);
  const previous = await readManifest(manifestPath);
  return signInputs(options, realOutDir, manifestPath, previous, defaultRoots(options.configFile, previous));
}

/**
 * The same for an edit applied to out/ in place (`build --watch`): its roots are those of the build
 * it edits, and the previous manifest is not read (nothing of out/ is reused from it; at 10,000
 * pages reading it cost 60 ms before the edited page could be written).
 */
export async function startInPlaceEdit(options: BuilderOptions, roots: readonly string[]): Promise<IncrementalBuild> {
  const { realOutDir, manifestPath } = await outputOf(options);
  return signInputs(options, realOutDir, manifestPath, undefined, [...roots].sort());
}

async function outputOf(options: BuilderOptions): Promise<{ realOutDir: string; manifestPath: string }> {
  const rootDir = path.dirname(path.resolve(options.configFile));
  const realOutDir = await realPathOf(outputFolder(options.configFile, options.outDir));
  return { realOutDir, manifestPath: manifestFile(projectCacheDir(rootDir), realOutDir) };
}

async function signInputs(options: BuilderOptions, realOutDir: string, manifestPath: string, previous: BuildManifest | undefined, roots: string[]): Promise<IncrementalBuild> {
  const extra = signedOptions(options, realOutDir);
  return { realOutDir, manifestPath, previous, roots, extra, signature: await inputSignature(roots, extra) };
}

/** The previous build's result, when out/ is already exactly what this build would write. */
export async function upToDateResult(build: IncrementalBuild, started: number): Promise<BuildResult | undefined> {
  const { previous } = build;
  if (!previous || previous.inputs.signature !== build.signature || previous.inputs.roots.length === 0) return undefined;
  if (!(await outputIntact(build.realOutDir, previous.files))) return undefined;
  const { pages, findings, warnings, baseUrl } = previous.result;
  return { pages, findings, warnings, baseUrl, outDir: build.realOutDir, seconds: (performance.now() - started) / 1000, records: [], timings: [] };
}

/** A file of the previous out/ still exactly as that build left it, and what it is now (size, modification time, inode). */
export interface PreviousFile {
  source: string;
  identity: FileRecord;
}

/** A page of the previous build that this build can take as it is: its file, and what the checks read of it (or its HTML to read them from). */
export type PreviousPage = PreviousFile & ({ targets: LinkTargets } | { html: string });

export interface PageReuse {
  /** `htmlHash`: the hash of `page.html` (htmlHashOf) when the caller has it already (RenderedMarkdown.htmlHash). */
  keyOf(page: PageData, htmlHash?: string): string;
  /** The previous document of this page when its key and its file are unchanged. */
  previous(rel: string, key: string): Promise<PreviousPage | undefined>;
  /** Every page's key, for the next build's manifest. */
  readonly keys: Map<string, string>;
  /** What the checks read of every page, by file, for the next build (pages.ts fills it). */
  readonly targets: Map<string, PageTargets>;
}

/** `context`: what documents are made from besides their own data (see PageRenderer.context). */
export function pageReuse(build: IncrementalBuild | undefined, context: string, themeHash: string): PageReuse {
  const base = hashText(DOCSGEN_VERSION, themeHash, context);
  const keys = new Map<string, string>();
  const previous = build?.previous;
  return {
    keys,
    targets: new Map(),
    keyOf: pageKeyer(base),
    previous: async (rel, key) => {
      keys.set(rel, key);
      if (!build || previous?.files[rel]?.key !== key) return undefined;
      const file = await unchangedPreviousFile(build, rel);
      if (!file) return undefined;
      const targets = (await storedTargetsOf(build)).lookup(rel, key);
      if (targets) return { ...file, targets };
      const html = await readFile(file.source, 'utf8').catch(() => undefined);
      return html === undefined ? undefined : { ...file, html };
    },
  };
}

/** The targets the last build stored, read once per build when a page is first reused; the build's write goes on from them. */
const storedTargets = new WeakMap<IncrementalBuild, Promise<StoredPageTargets>>();

function storedTargetsOf(build: IncrementalBuild): Promise<StoredPageTargets> {
  let stored = storedTargets.get(build);
  if (!stored) storedTargets.set(build, (stored = readPageTargets(targetsFile(build.manifestPath))));
  return stored;
}

/**
 * Keys pages from what their document is made of. Two parts are not serialised with the rest: the
 * page's HTML enters by its hash, which a page from the markdown cache brings with it, and a doc's
 * sidebar, shared by the pages of its folder (see routes.ts), is hashed once per folder. At 10,000
 * pages, serialising and hashing each page whole cost 2 s of a one-page edit's build: the HTML was
 * half of it, the sidebar 85 % of the rest.
 */
function pageKeyer(base: string): PageReuse['keyOf'] {
  const sidebarKeys = new WeakMap<object, string>();
  const sidebarKeyOf = (sidebar: object) => {
    let key = sidebarKeys.get(sidebar);
    if (key === undefined) sidebarKeys.set(sidebar, (key = hashText(JSON.stringify(sidebar))));
    return key;
  };
  return (page, htmlHash) => {
    const html = htmlHash ?? htmlHashOf(page.html);
    if (page.kind !== 'doc') return hashText(base, html, JSON.stringify({ ...page, html: '' }));
    const { sidebar, ...doc } = page.doc;
    return hashText(base, html, sidebarKeyOf(sidebar), JSON.stringify({ ...page, html: '', doc }));
  };
}

/** The previous build's file at `rel`, when it is still exactly as that build left it. */
export async function unchangedPreviousFile(build: IncrementalBuild, rel: string): Promise<PreviousFile | undefined> {
  const record = build.previous?.files[rel];
  if (!record) return undefined;
  const file = path.join(build.realOutDir, rel);
  // Synchronously, as the manifest's snapshot does: an fs.promises call costs several times the CPU.
  return sameFile(record, lstatOrUndefined(file)) ? { source: file, identity: record } : undefined;
}

function lstatOrUndefined(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/** What the manifest recorded of out/, kept by `build --watch` so that an edit records only the files it wrote. */
export interface RecordedOutput {
  files: Record<string, FileRecord>;
  targets: StoredTargetsMemo;
}

/**
 * Records the build just committed. A full build records every file of out/ as it now is (as its
 * commit left them, when that moved files in place: listing out/ again cost 0.2 s at 10,000
 * pages); an edit applied in place (`edit`) records the files it wrote and removed over what the
 * previous record holds, so a file edited by hand meanwhile keeps its old record (the next build
 * renders it again).
 */
export async function finishIncremental(
  build: IncrementalBuild,
  done: {
    roots: string[];
    volatile: boolean;
    result: BuildManifest['result'];
    keys: ReadonlyMap<string, string>;
    /**
     * The hash of each file that is neither a page nor named by its contents, as the build wrote it
     * (not for an edit: a file it rewrites in place then keeps no key, and is written again next time).
     */
    fileKeys?: ReadonlyMap<string, string>;
    targets: ReadonlyMap<string, PageTargets>;
    /** Every file of out/ as the commit left it, when it knows (see OutputTarget.committedFiles); else out/ is listed. */
    files?: Record<string, FileRecord>;
  },
  edit?: { recorded: RecordedOutput; written: readonly string[]; removed: readonly string[] },
): Promise<RecordedOutput> {
  const roots = [...new Set(done.roots)].sort();
  const sameRoots = roots.length === build.roots.length && roots.every((r, i) => r === build.roots[i]);
  // Roots first seen in this build (a new API spec folder) are signed now, as the build leaves them.
  const signature = done.volatile ? '' : sameRoots ? build.signature : await inputSignature(roots, build.extra);
  const files = edit ? recordEdit(build.realOutDir, edit) : (done.files ?? (await snapshotOutput(build.realOutDir)));
  if (!edit) for (const [rel, key] of done.fileKeys ?? []) if (files[rel] && files[rel].key !== key) files[rel] = { ...files[rel], key };
  const kept = new Map<string, { key: string; targets: PageTargets }>();
  for (const [rel, key] of done.keys) {
    const record = files[rel];
    if (!record) continue;
    // A new record only where the key is new: an edit keeps every other page's.
    if (record.key !== key) files[rel] = { ...record, key };
    const targets = done.targets.get(rel);
    if (targets) kept.set(rel, { key, targets });
  }
  // Targets are used only for a page whose key the manifest and the targets file both give (pageReuse),
  // so either file surviving alone after a failed write cannot pair a page with another build's targets.
  const targets = edit?.recorded.targets ?? (await storedTargets.get(build))?.memo ?? createStoredTargetsMemo();
  await writePageTargets(targetsFile(build.manifestPath), kept, targets);
  await writeManifest(build.manifestPath, { outDir: build.realOutDir, inputs: { roots: done.volatile ? [] : roots, signature }, result: done.result, files });
  return { files, targets };
}

function recordEdit(outDir: string, edit: { recorded: RecordedOutput; written: readonly string[]; removed: readonly string[] }): Record<string, FileRecord> {
  // Updated in place: the record is `build --watch`'s own, and copying 30,000 records (10,000 pages)
  // cost more than the edit's other changes to it.
  const files = edit.recorded.files;
  for (const rel of edit.removed) delete files[rel];
  for (const rel of edit.written) {
    const info = lstatSync(path.join(outDir, rel), { throwIfNoEntry: false });
    if (info) files[rel] = fileRecordOf(info);
    else delete files[rel];
  }
  return files;
}
