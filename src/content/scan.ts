/**
 * Walks content/: markdown docs with their front matter, `_category_.yaml` per folder, and the
 * static files under `_static/` (copied to the site root as they are).
 */
import path from 'node:path';
import { DocsgenError, DocsgenErrors } from '../errors.ts';
import { parseMarkdownFile, type FrontMatter, type Warning } from './frontmatter.ts';
import { ownCopy } from '../own-copy.ts';
import { parseCategory, type CategoryMeta } from './category.ts';
import { routeFromRelativePath } from './slug.ts';
import { contentRoot, listContentFiles, readContentFile, type ContentListing, type ContentWarning } from './files.ts';
import { decodeContentText, type EncodingWarning } from './encoding.ts';
import type { YamlMemo } from '../cache/yaml-memo.ts';

export interface DocSource {
  /** Absolute path. */
  file: string;
  /** POSIX path relative to content/, e.g. `installations/licensing/hub-licensing.md`. */
  relPath: string;
  /** Folder of the doc relative to content/ ('' at the root). */
  dir: string;
  id: string;
  /** Route relative to the base path: starts and ends with "/" ("/" is the landing page). */
  route: string;
  frontMatter: FrontMatter;
  /** The whole file with the front matter blanked out, so parser positions are file positions. */
  markdown: string;
  title: string;
  /** The file's front matter block as written (fences included), for positions in it. */
  frontMatterText: string;
}

export type { CategoryMeta } from './category.ts';

export interface ContentScan {
  docs: DocSource[];
  categories: Map<string, CategoryMeta>;
  /** POSIX paths relative to content/ of every non-markdown file (images, `_static`). */
  assets: string[];
  /** POSIX paths relative to content/ of custom React pages (`*.page.tsx`). */
  customPages: string[];
  warnings: Warning[];
  /** Files left out or read by a guess: links leaving content/, encodings, files that changed. */
  fileWarnings: ContentWarning[];
  /** The real path of content/, for reading its files safely later (see files.ts). */
  root: string;
}

/** A folder's category file, by the name Docusaurus also reads; where a folder has two, the first named here is used. */
const CATEGORY_FILES = ['_category_.yaml', '_category_.yml', '_category_.json'];

export async function scanContent(contentDir: string, options: { includeDrafts: boolean; yamlMemo?: YamlMemo }): Promise<ContentScan> {
  const listing = await listContentFiles(contentDir);
  const docs: DocSource[] = [];
  const categories = new Map<string, CategoryMeta>();
  const assets: string[] = [];
  const customPages: string[] = [];
  const warnings: Warning[] = [];
  const fileWarnings: ContentWarning[] = [...listing.warnings];
  const categoryFiles: { dir: string; base: string; meta: CategoryMeta }[] = [];

  // Every page's error, not only the first: a renamed folder or a bad front matter key often
  // breaks many pages at once, and one error per run would take a build per page to find them.
  const errors: DocsgenError[] = [];
  await Promise.all(
    listing.files.map((relPath) => collectError(errors, async () => {
      const file = path.join(contentDir, relPath);
      const base = path.posix.basename(relPath);
      // `_static/` is published as it is, a README.md or a category file there included.
      if (relPath.startsWith('_static/')) {
        assets.push(relPath);
        return;
      }
      if (CATEGORY_FILES.includes(base)) {
        const parent = path.posix.dirname(relPath);
        const dir = parent === '.' ? '' : parent;
        const text = await readContentText(listing, contentDir, relPath, fileWarnings);
        // JSON is YAML: one parser with positions reads both.
        if (text !== undefined) categoryFiles.push({ dir, base, meta: await parseCategory(text, file, dir, options.yamlMemo) });
        return;
      }
      if (relPath.endsWith('.page.tsx')) {
        customPages.push(relPath);
        return;
      }
      if (!relPath.endsWith('.md')) {
        assets.push(relPath);
        return;
      }
      // A page named `_x.md`, or in a folder named `_x/`, is a partial, as Docusaurus has it: not published.
      if (relPath.split('/').some((segment) => segment.startsWith('_'))) return;
      const read = await readDoc(contentDir, relPath, listing, options.yamlMemo);
      warnings.push(...read.warnings);
      fileWarnings.push(...read.fileWarnings);
      if (!read.doc || (read.doc.frontMatter.draft && !options.includeDrafts)) return;
      docs.push(read.doc);
    })),
  );
  throwCollected(errors);
  for (const found of categoryFiles.sort((a, b) => CATEGORY_FILES.indexOf(a.base) - CATEGORY_FILES.indexOf(b.base))) {
    const used = categories.get(found.dir);
    if (!used) {
      categories.set(found.dir, found.meta);
      continue;
    }
    fileWarnings.push({
      message: `this folder has two category files; ${path.basename(used.file)} is used and this one is left out`,
      position: { file: found.meta.file },
      hint: 'keep one category file per folder',
    });
  }
  if (docs.length === 0) {
    throw new DocsgenError('content/ holds no markdown pages', {
      position: { file: contentDir },
      hint: 'add at least one .md file (for example content/index.md); content/ is the folder beside the config file that --config names',
    });
  }
  docs.sort((a, b) => (a.relPath < b.relPath ? -1 : 1));
  assets.sort();
  customPages.sort();
  fileWarnings.sort((a, b) => (a.position.file < b.position.file ? -1 : 1));
  return { docs, categories, assets, customPages, warnings, fileWarnings, root: listing.root };
}

/** Runs `task`, keeping a DocsgenError for later; any other error is a bug and goes on at once. */
async function collectError(errors: DocsgenError[], task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch (error) {
    if (!(error instanceof DocsgenError)) throw error;
    errors.push(...(error instanceof DocsgenErrors ? error.errors : [error]));
  }
}

/** Throws the errors collected, in file order, so that runs print them alike. */
function throwCollected(errors: DocsgenError[]): void {
  if (errors.length === 0) return;
  const key = (error: DocsgenError) => [error.position?.file ?? '', error.position?.line ?? 0] as const;
  const sorted = errors.sort((a, b) => {
    const [fileA, lineA] = key(a);
    const [fileB, lineB] = key(b);
    return fileA === fileB ? lineA - lineB : fileA < fileB ? -1 : 1;
  });
  throw sorted.length === 1 ? sorted[0] : new DocsgenErrors(sorted);
}

/**
 * One markdown page: read (see files.ts and encoding.ts), front matter checked, route and title
 * derived; no doc when the file is left out (gone, not text, pointing outside content/). The scan
 * and the dev server's updates share it.
 */
export async function readDoc(
  contentDir: string,
  relPath: string,
  listing?: Pick<ContentListing, 'root'>,
  yamlMemo?: YamlMemo,
): Promise<{ doc?: DocSource; warnings: Warning[]; fileWarnings: ContentWarning[] }> {
  const file = path.join(contentDir, relPath);
  const fileWarnings: ContentWarning[] = [];
  const raw = await readContentText(listing ?? (await contentRoot(contentDir)), contentDir, relPath, fileWarnings);
  if (raw === undefined) return { warnings: [], fileWarnings };
  const parsed = await parseMarkdownFile(raw, file, yamlMemo);
  return { doc: toDoc(file, relPath, raw, parsed.frontMatter, parsed.body, parsed.bodyLineOffset), warnings: parsed.warnings, fileWarnings };
}

/** The text of a content file, or undefined (with a warning) when it is left out. */
async function readContentText(listing: Pick<ContentListing, 'root'>, contentDir: string, relPath: string, warnings: ContentWarning[]): Promise<string | undefined> {
  const read = await readContentFile(listing, contentDir, relPath);
  if ('warning' in read) {
    warnings.push(read.warning);
    return undefined;
  }
  const decoded = decodeContentText(read.bytes);
  const file = path.join(contentDir, relPath);
  const report = ({ message, hint, line, column }: EncodingWarning) =>
    warnings.push({ message, hint, position: { file, ...(line !== undefined ? { line, column: column ?? 1 } : {}) } });
  if ('notText' in decoded) {
    report(decoded.notText);
    return undefined;
  }
  if (decoded.warning) report(decoded.warning);
  return decoded.text;
}

/**
 * `#` and `?` end a URL's path, `%` starts an escape and servers refuse `\\`: a page whose route holds
 * one could never be reached by its links, the sidebar's or the sitemap's. Nor can a control
 * character (a tab or a newline in a file name), which browsers strip from a URL.
 */
function refuseUnreachableRoute(route: string, file: string, fromSlug: boolean): void {
  const found = /[#?%\\\u0000-\u001f\u007f]/.exec(route)?.[0];
  if (found === undefined) return;
  const bad = /[\u0000-\u001f\u007f]/.test(found) ? `\\u${found.charCodeAt(0).toString(16).padStart(4, '0')}` : found;
  throw new DocsgenError(`this page's route ${JSON.stringify(route).slice(1, -1)} holds "${bad}", which a URL's path cannot hold as it is: no link could reach the page`, {
    position: { file },
    hint: fromSlug ? `take "${bad}" out of the slug in the front matter` : `rename the file or its folder without "${bad}", or give the page a slug: in its front matter`,
  });
}

function toDoc(
  file: string,
  relPath: string,
  raw: string,
  frontMatter: FrontMatter,
  body: string,
  bodyLineOffset: number,
): DocSource {
  const dirName = path.posix.dirname(relPath);
  const dir = dirName === '.' ? '' : dirName;
  const withoutExt = relPath.slice(0, -3);
  const id = frontMatter.id ? (dir && !frontMatter.id.includes('/') ? `${dir}/${frontMatter.id}` : frontMatter.id) : withoutExt;
  const route = routeFromRelativePath(relPath, frontMatter.slug);
  refuseUnreachableRoute(route, file, frontMatter.slug !== undefined);
  return {
    file,
    relPath,
    dir,
    id,
    route,
    frontMatter,
    // Joined, not cut: once V8 flattens the joined string it no longer refers to `raw`.
    markdown: '\n'.repeat(bodyLineOffset) + body,
    // Copies, not cuts of `raw`: a doc is kept for the whole build, and a cut keeps all of `raw`.
    title: frontMatter.title ?? ownCopy(firstHeading(body) ?? titleFromFileName(relPath)),
    frontMatterText: ownCopy(raw.slice(0, raw.length - body.length)),
  };
}

/** The text of the first `# heading`, without a closing `#` sequence. No backtracking regex: a line may be megabytes long. */
function firstHeading(body: string): string | undefined {
  const line = /^#[ \t]+(.*)$/m.exec(body)?.[1];
  if (line === undefined) return undefined;
  let text = line.trimEnd();
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  if (end === 0 || text[end - 1] === ' ' || text[end - 1] === '\t') text = text.slice(0, end).trimEnd();
  return text || undefined;
}

function titleFromFileName(relPath: string): string {
  const base = path.posix.basename(relPath, '.md');
  const name = base === 'index' ? path.posix.basename(path.posix.dirname(relPath)) || 'Home' : base;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
