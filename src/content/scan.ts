/**
 * Walks content/: markdown docs with their front matter, `_category_.yaml` per folder, and the
 * static files under `_static/` (copied to the site root as they are).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { DocsgenError } from '../errors.ts';
import { parseMarkdownFile, type FrontMatter, type Warning } from './frontmatter.ts';
import { parseCategory, type CategoryMeta } from './category.ts';
import { routeFromRelativePath } from './slug.ts';

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
}

const CATEGORY_FILE = '_category_.yaml';

export async function scanContent(contentDir: string, options: { includeDrafts: boolean }): Promise<ContentScan> {
  const files = await listFiles(contentDir);
  const docs: DocSource[] = [];
  const categories = new Map<string, CategoryMeta>();
  const assets: string[] = [];
  const customPages: string[] = [];
  const warnings: Warning[] = [];

  await Promise.all(
    files.map(async (relPath) => {
      const file = path.join(contentDir, relPath);
      const base = path.posix.basename(relPath);
      if (base === CATEGORY_FILE) {
        const dir = path.posix.dirname(relPath);
        categories.set(dir === '.' ? '' : dir, parseCategory(await readText(file), file, dir === '.' ? '' : dir));
        return;
      }
      if (relPath.endsWith('.page.tsx') && !relPath.startsWith('_static/')) {
        customPages.push(relPath);
        return;
      }
      if (!relPath.endsWith('.md')) {
        assets.push(relPath);
        return;
      }
      const read = await readDoc(contentDir, relPath);
      warnings.push(...read.warnings);
      if (read.doc.frontMatter.draft && !options.includeDrafts) return;
      docs.push(read.doc);
    }),
  );
  if (docs.length === 0) {
    throw new DocsgenError('content/ holds no markdown pages', {
      position: { file: contentDir },
      hint: 'add at least one .md file (for example content/index.md) or point --content at the right folder',
    });
  }
  docs.sort((a, b) => (a.relPath < b.relPath ? -1 : 1));
  assets.sort();
  customPages.sort();
  return { docs, categories, assets, customPages, warnings };
}

/** One markdown page: read, front matter checked, route and title derived. The scan and the dev server's updates share it. */
export async function readDoc(contentDir: string, relPath: string): Promise<{ doc: DocSource; warnings: Warning[] }> {
  const file = path.join(contentDir, relPath);
  const raw = await readText(file);
  const parsed = parseMarkdownFile(raw, file);
  return { doc: toDoc(file, relPath, raw, parsed.frontMatter, parsed.body, parsed.bodyLineOffset), warnings: parsed.warnings };
}

async function readText(file: string): Promise<string> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    throw new DocsgenError(`cannot read this file (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`, {
      position: { file },
      hint: 'check that the file exists and that you may read it',
    });
  }
}

/** Every file below `dir`, as sorted POSIX relative paths; dot files and node_modules are skipped. */
async function listFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(path.join(root, rel), { withFileTypes: true });
    } catch (error) {
      throw new DocsgenError(`cannot read the content folder (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`, {
        position: { file: path.join(root, rel) },
        hint: 'create the folder or pass the right one',
      });
    }
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.name.startsWith('.') || entry.name === 'node_modules') return;
        const child = rel ? `${rel}/${entry.name}` : entry.name;
        if (entry.isDirectory()) await walk(child);
        // Symlinks are listed too: one that cannot be read is reported rather than silently skipped.
        else if (entry.isFile() || entry.isSymbolicLink()) out.push(child);
      }),
    );
  };
  await walk('');
  return out.sort();
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
  return {
    file,
    relPath,
    dir,
    id,
    route,
    frontMatter,
    markdown: '\n'.repeat(bodyLineOffset) + body,
    title: frontMatter.title ?? firstHeading(body) ?? titleFromFileName(relPath),
    frontMatterText: raw.slice(0, raw.length - body.length),
  };
}

function firstHeading(body: string): string | undefined {
  const match = /^#\s+(.+?)\s*#*\s*$/m.exec(body);
  return match?.[1];
}

function titleFromFileName(relPath: string): string {
  const base = path.posix.basename(relPath, '.md');
  const name = base === 'index' ? path.posix.basename(path.posix.dirname(relPath)) || 'Home' : base;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
