/**
 * Loads the theme's server entry. It is compiled with esbuild into a cache file named by its
 * content hash and imported from there, so `docsgen serve` picks up theme edits without a restart
 * and a syntax error in the theme is reported with its file, line and column.
 */
import { mkdir, writeFile, access, rename } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'esbuild';
import { DocsgenError } from '../errors.ts';
import { isInside } from '../emit/output-guard.ts';
import { DOCSGEN_NODE_MODULES } from '../paths.ts';
import { markUsed } from '../cache/prune.ts';
import { reactThroughRequire, REQUIRE_BANNER } from './react-through-require.ts';
import type { PageData, SiteData } from '../../theme/data.ts';

export interface ThemeServer {
  renderRoute(site: SiteData, page: PageData): string;
  documentTitle(site: { title: string; titleDelimiter: string }, page: PageData): string;
}

/**
 * Server rendering never runs the lazily loaded browser parts (search modal, Swagger UI) nor their
 * stylesheets; stubbing them keeps their heavy packages out of the server bundle.
 */
const browserOnlyStubs: Plugin = {
  name: 'docsgen-browser-only-stubs',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\.css$/ }, (args) => ({ path: args.path, namespace: 'docsgen-stub' }));
    // Matched on the import as written ('../search/modal.tsx', './mount-swagger.tsx'): a pattern
    // with the folder of mount-swagger missed its relative import, and the server then loaded
    // Swagger UI (about 280 ms) on every build, the rebuild of one edited page included.
    pluginBuild.onResolve({ filter: /(?:^|\/)(?:search\/modal|mount-swagger)\.tsx$/ }, (args) => ({ path: args.path, namespace: 'docsgen-stub' }));
    pluginBuild.onLoad({ filter: /.*/, namespace: 'docsgen-stub' }, () => ({ contents: 'export {};', loader: 'js' }));
  },
};

/** `theme-server-<hash>.map` beside `theme-server-<hash>.mjs`: a name the cache's pruning knows (a family entry). */
export function themeSourceMapFile(compiled: string): string {
  return compiled.replace(/\.mjs$/, '.map');
}

/**
 * The source map with the theme's files named relative to the theme's folder: the compiled theme is
 * shared by every project whose theme holds the same files (its name is their hash), so an error is
 * placed in the theme of the project being built, not of the one that compiled it (theme-error.ts).
 */
function themeRelativeMap(mapText: string, cachedFile: string, themeDir: string): string {
  const map = JSON.parse(mapText) as { sources?: string[] };
  map.sources = (map.sources ?? []).map((source) => {
    const file = path.resolve(path.dirname(cachedFile), source);
    return isInside(file, path.resolve(themeDir)) ? path.relative(themeDir, file).split(path.sep).join('/') : file;
  });
  return JSON.stringify(map);
}

export async function loadThemeServer(themeDir: string, cacheDir: string, themeHash: string): Promise<ThemeServer> {
  // The compiled theme is reused while no file of the theme changed.
  const cachedFile = path.join(cacheDir, `theme-server-${themeHash}.mjs`);
  try {
    await access(cachedFile);
    markUsed(cachedFile); // kept by the cache's pruning (src/cache/prune.ts)
    markUsed(themeSourceMapFile(cachedFile));
    return (await import(pathToFileURL(cachedFile).href)) as ThemeServer;
  } catch {
    // not compiled yet
  }
  let code: string;
  let map: string | undefined;
  try {
    const { build } = await import('esbuild'); // only when the compiled theme is stale
    const result = await build({
      entryPoints: [path.join(themeDir, 'server.tsx')],
      bundle: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      write: false,
      // Named so the source map's paths are relative to where the file is written.
      outfile: cachedFile,
      // In a file of its own, read only when a component throws (theme-error.ts): Node's own
      // source-map support would parse it on every load, 8-20 ms of every build.
      sourcemap: 'external',
      sourcesContent: false,
      packages: 'external',
      jsx: 'automatic',
      loader: { '.css': 'empty', '.svg': 'empty' },
      plugins: [browserOnlyStubs, reactThroughRequire],
      banner: { js: REQUIRE_BANNER },
      logLevel: 'silent',
      // A project's own theme resolves react & co. from docsgen's installation.
      nodePaths: [DOCSGEN_NODE_MODULES],
      define: { 'process.env.NODE_ENV': '"production"' },
    });
    code = result.outputFiles.find((file) => file.path === cachedFile)?.text ?? '';
    map = result.outputFiles.find((file) => file.path === `${cachedFile}.map`)?.text;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new DocsgenError(`the theme does not compile: ${first?.text ?? (error as Error).message}`, {
      ...(first?.location ? { position: { file: path.resolve(first.location.file), line: first.location.line, column: first.location.column + 1 } } : {}),
      hint: 'fix the theme source at this position',
    });
  }
  // The compiled file resolves react & co. from docsgen's node_modules, so it lives in its cache.
  await mkdir(cacheDir, { recursive: true });
  // Unique per call: two loads in one process must not write the same temporary file.
  const temp = `${cachedFile}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  // Before the file that it maps, so a reader finds both; named as a cache entry of its own family.
  if (map !== undefined) await writeFile(themeSourceMapFile(cachedFile), themeRelativeMap(map, cachedFile, themeDir));
  await writeFile(temp, code);
  await rename(temp, cachedFile);
  return (await import(pathToFileURL(cachedFile).href)) as ThemeServer;
}
