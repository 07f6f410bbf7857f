/**
 * Builds the browser code with esbuild: the client entry (React, the shell, the router) plus the
 * lazily loaded parts (search modal, Swagger UI) as their own chunks, and the API pages' own
 * stylesheet, all with content hashes. Nothing route-specific goes in: the bundle is the same for
 * 10 pages or 10,000.
 */
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import type { BuildOptions, BuildResult, Message, Metafile, OutputFile, Plugin } from 'esbuild';
import { DocsgenError, DocsgenErrors } from '../errors.ts';
import { DOCSGEN_NODE_MODULES } from '../paths.ts';
import { markUsed } from '../cache/prune.ts';
import { isInside } from '../emit/output-guard.ts';

export interface ClientBundle {
  /** Files to write, by path relative to out/. */
  files: Map<string, Uint8Array>;
  entry: string;
  css: string[];
  preload: string[];
  /**
   * Scripts a route of one kind needs before it hydrates, beyond the entry's (the search, landing,
   * not-found or custom page's component, theme/client/page-views.ts): preloaded by such routes, so
   * their hydration does not wait for the entry to ask for them.
   */
  pagePreload: Partial<Record<OnDemandPageKind, string[]>>;
  lazyCss: { search?: string; api?: string };
  /**
   * Stylesheets that only pages of one kind link: the API reference's (16 KB, 3 KB gzip) was in
   * every doc page's render-blocking stylesheet.
   */
  pageCss: { api?: string };
  /** What esbuild warned about in the theme's own stylesheets (not syntax errors: those fail the bundle). */
  cssWarnings?: CssProblem[];
  /**
   * Files only the API reference's Swagger UI loads (its chunk, styles and what they alone import),
   * by path relative to out/: a site without an API page does not publish them (1.6 MB).
   */
  apiOnlyFiles: string[];
}

export const ASSETS_DIR = 'assets';

/** The page components a theme may import on demand (theme/page-views.ts), by page kind. */
const ON_DEMAND_PAGES = { search: 'pages/SearchPage.tsx', landing: 'pages/LandingPage.tsx', notfound: 'pages/NotFoundPage.tsx', page: 'pages/CustomPage.tsx' } as const;
export type OnDemandPageKind = keyof typeof ON_DEMAND_PAGES;

/** A message of esbuild's about a stylesheet of the theme, at its file (absolute; inside compileClient, relative to the theme), line and (1-based) column. */
export interface CssProblem {
  message: string;
  file: string;
  line: number;
  column: number;
}

/**
 * The bundle depends only on the theme, the installed packages, the base path and minification,
 * so it is cached under that fingerprint and rebuilt only when one of them changes.
 */
export async function bundleClient(options: { themeDir: string; baseUrl: string; minify: boolean; cacheDir?: string; fingerprint?: string }): Promise<ClientBundle> {
  const cacheFolder = options.cacheDir && options.fingerprint ? path.join(options.cacheDir, `client-${options.fingerprint}`) : undefined;
  if (cacheFolder) {
    const cached = await readCachedBundle(cacheFolder);
    if (cached) {
      markUsed(cacheFolder); // kept by the cache's pruning (src/cache/prune.ts)
      return withThemePaths(cached, options.themeDir);
    }
  }
  const bundle = await compileClient(options);
  if (cacheFolder) await writeCachedBundle(cacheFolder, bundle);
  return withThemePaths(bundle, options.themeDir);
}

/** The stylesheet warnings' files (paths inside the theme in the bundle and its cache) in this project's theme. */
function withThemePaths(bundle: ClientBundle, themeDir: string): ClientBundle {
  if (!bundle.cssWarnings) return bundle;
  return { ...bundle, cssWarnings: bundle.cssWarnings.map((problem) => ({ ...problem, file: path.join(themeDir, problem.file) })) };
}

async function readCachedBundle(folder: string): Promise<ClientBundle | undefined> {
  try {
    const manifest = JSON.parse(await readFile(path.join(folder, 'manifest.json'), 'utf8')) as Omit<ClientBundle, 'files'> & { files: string[] };
    const files = new Map<string, Uint8Array>();
    await Promise.all(manifest.files.map(async (rel) => files.set(rel, await readFile(path.join(folder, 'files', rel)))));
    return { ...manifest, apiOnlyFiles: manifest.apiOnlyFiles ?? [], pageCss: manifest.pageCss ?? {}, pagePreload: manifest.pagePreload ?? {}, files };
  } catch {
    return undefined;
  }
}

async function writeCachedBundle(folder: string, bundle: ClientBundle): Promise<void> {
  const temp = `${folder}.${process.pid}.tmp`;
  try {
    for (const [rel, contents] of bundle.files) {
      await mkdir(path.dirname(path.join(temp, 'files', rel)), { recursive: true });
      await writeFile(path.join(temp, 'files', rel), contents);
    }
    const { files, ...rest } = bundle;
    await writeFile(path.join(temp, 'manifest.json'), JSON.stringify({ ...rest, files: [...files.keys()] }));
    await rename(temp, folder);
  } catch {
    await rm(temp, { recursive: true, force: true }); // a cache that cannot be written only costs speed
  }
}

async function compileClient(options: { themeDir: string; baseUrl: string; minify: boolean }): Promise<ClientBundle> {
  const entries: Record<string, string> & { main: string; search: string; api: string; 'search-styles': string; 'api-styles': string } = {
    main: path.join(options.themeDir, 'client/entry.tsx'),
    search: path.join(options.themeDir, 'search/modal.tsx'),
    api: path.join(options.themeDir, 'client/api/mount-swagger.tsx'),
    // Lazy parts' styles are entries of their own: CSS imported by a lazily loaded module would
    // otherwise be merged into the main stylesheet.
    'search-styles': path.join(options.themeDir, 'search/search.css'),
    'api-styles': path.join(options.themeDir, 'client/api/api.css'),
    ...pageStyleEntries(options.themeDir),
  };
  let result: BuiltBundle;
  try {
    const { build } = await import('esbuild'); // only when the cached bundle is stale
    const buildOptions = {
      entryPoints: entries,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'browser',
      // The browsers the site supports, and nothing older: with 'es2020' besides, esbuild lowered
      // what all of them run (class fields and private members through helpers every page loaded,
      // `??=`), 0.3 KB gzip of every page's reading JS.
      target: ['chrome100', 'firefox100', 'safari15'],
      minify: options.minify,
      sourcemap: false,
      write: false,
      metafile: true,
      legalComments: 'none',
      outdir: path.join('/virtual-out', ASSETS_DIR),
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      assetNames: '[name]-[hash]',
      publicPath: options.baseUrl + ASSETS_DIR,
      jsx: 'automatic',
      loader: { '.svg': 'file', '.png': 'file', '.woff2': 'file', '.woff': 'file', '.ttf': 'file', '.gif': 'file' },
      define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
      logLevel: 'silent',
      // A project's own theme resolves react & co. from docsgen's installation.
      nodePaths: [DOCSGEN_NODE_MODULES],
    } satisfies BuildOptions;
    result = await buildWithEntryCodeTogether(build, buildOptions, entries.main);
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { file: string; line: number; column: number } }[] }).errors?.[0];
    throw new DocsgenError(`the theme does not compile: ${first?.text ?? (error as Error).message}`, {
      ...(first?.location ? { position: { file: path.resolve(first.location.file), line: first.location.line, column: first.location.column + 1 } } : {}),
      hint: 'fix the theme source at this position',
    });
  }
  const { errors: cssErrors, warnings: cssWarnings } = themeCssProblems(result.warnings, options.themeDir);
  if (cssErrors.length > 0) {
    // A stylesheet esbuild had to guess at: every rule after the slip can end up nested inside
    // another, which unstyles every page. The build stops rather than publish that.
    const errors = cssErrors.map(
      (problem) =>
        new DocsgenError(`CSS syntax error in the theme: ${problem.message}`, {
          position: { file: problem.file, line: problem.line, column: problem.column },
          hint: 'fix the stylesheet here (a missing "}" or ";", a stray "@" or brace): the rules after it would be read as nested in the one before, unstyling every page',
        }),
    );
    throw errors.length === 1 ? errors[0] : new DocsgenErrors(errors);
  }
  const files = new Map<string, Uint8Array>();
  for (const file of result.outputFiles) files.set(path.relative('/virtual-out', file.path).split(path.sep).join('/'), file.contents);
  const outputs = result.metafile.outputs;
  const find = (entryFile: string) => {
    const rel = metafileEntryPoint(entryFile);
    const [outPath, meta] = Object.entries(outputs).find(([p, o]) => o.entryPoint === rel && !p.endsWith('.map')) ?? [];
    if (!outPath || !meta) throw new DocsgenError(`esbuild produced no output for ${rel}`);
    const url = (p: string) => options.baseUrl + outputRel(p);
    return {
      out: outPath,
      js: url(outPath),
      css: meta.cssBundle ? url(meta.cssBundle) : undefined,
      imports: meta.imports.filter((i) => i.kind === 'import-statement').map((i) => url(i.path)),
    };
  };
  const main = find(entries.main);
  const pagePreload: ClientBundle['pagePreload'] = {};
  for (const [kind, file] of Object.entries(ON_DEMAND_PAGES) as [OnDemandPageKind, string][]) {
    const scripts = onDemandScripts(outputs, path.join(options.themeDir, file), main.out);
    if (scripts.length > 0) pagePreload[kind] = scripts.map((out) => options.baseUrl + outputRel(out));
  }
  const searchCss = find(entries['search-styles']).js;
  const apiCss = find(entries['api-styles']).js;
  const apiPageStyles = entries['api-page-styles'];
  const apiPageCss = apiPageStyles ? find(apiPageStyles).js : undefined;
  return {
    files,
    entry: main.js,
    css: main.css ? [main.css] : [],
    preload: main.imports,
    pagePreload,
    lazyCss: { search: searchCss, api: apiCss },
    pageCss: apiPageCss ? { api: apiPageCss } : {},
    apiOnlyFiles: apiOnlyOutputs(outputs, [entries.api, entries['api-styles'], ...(apiPageStyles ? [apiPageStyles] : [])]),
    ...(cssWarnings.length > 0 ? { cssWarnings } : {}),
  };
}

/**
 * The scripts a module the entry imports on demand (`import()`) brings that the entry's own do not:
 * its output and the chunks it imports statically, all the way down. Nothing when the theme does
 * not import that module on demand (a project's older copy of the theme has it in the entry).
 */
function onDemandScripts(outputs: Metafile['outputs'], moduleFile: string, entryOut: string): string[] {
  const rel = metafileEntryPoint(moduleFile);
  const own = Object.keys(outputs).find((out) => outputs[out]?.entryPoint === rel && out.endsWith('.js'));
  if (!own) return [];
  const entryScripts = staticClosure(outputs, entryOut);
  return [...staticClosure(outputs, own)].filter((out) => !entryScripts.has(out));
}

interface BuiltBundle {
  outputFiles: OutputFile[];
  metafile: Metafile;
  warnings: Message[];
}

/**
 * Builds the bundle with the modules the entry always loads in one chunk. esbuild gives every set of
 * entries that reach a module a chunk of its own, and the lazily loaded parts (the API page's
 * controls, the search page, the search modal, Swagger UI, medium-zoom…) are entries of their own:
 * every module of the entry's that one of them imports too (storage, urls, scroll memory, the focus
 * trap, constants, the site context, React, esbuild's helpers…) was a chunk of a few hundred bytes
 * that every page loaded anyway, each with its own imports and gzip overhead, compressed apart
 * from the rest (2.5 KB gzip of the API page's 71.5 KB, in ten chunks).
 *
 * A lazily loaded part only ever runs after the entry has loaded, so every module the entry loads
 * is in the browser before any of them. A first build shows those modules; in the second, each lazy
 * ES module is built as if it imported them all as well (side-effect imports appended to its
 * source; imports are hoisted wherever they stand), so they all have the same set of entries, hence
 * one chunk, which the entry's file imports. Nothing runs twice or earlier: a module is evaluated
 * once, and a lazy part finds that chunk evaluated. The stylesheets those imports would give the
 * lazy parts that had none (copies of the main one; esbuild's stylesheet of a script is linked by
 * nothing but the entry's) are left out.
 */
async function buildWithEntryCodeTogether(build: (options: BuildOptions) => Promise<BuildResult>, buildOptions: BuildOptions, mainEntry: string): Promise<BuiltBundle> {
  const built = async (options: BuildOptions): Promise<BuiltBundle> => {
    const result = await build(options);
    if (!result.metafile || !result.outputFiles) throw new Error('esbuild returned no metafile or output files');
    return { outputFiles: result.outputFiles, metafile: result.metafile, warnings: result.warnings };
  };
  // The first build only shows which modules go where: unminified, and without Swagger UI (which
  // only the lazily loaded Try it imports), it takes a third of the time of the real one.
  const first = await built({ ...buildOptions, minify: false, external: [...(buildOptions.external ?? []), 'swagger-ui-react'] });
  const outputs = first.metafile.outputs;
  const mainRel = metafileEntryPoint(mainEntry);
  const mainOut = Object.keys(outputs).find((out) => outputs[out]?.entryPoint === mainRel && out.endsWith('.js'));
  if (!mainOut) return built(buildOptions);
  const loaded = staticClosure(outputs, mainOut);
  // Only ES modules: a bare import of a CommonJS one (React) would add a call to it in every lazy
  // chunk; they come along with the theme's modules that import them.
  const isEsm = (input: string) => first.metafile.inputs[input]?.format === 'esm' && !/^[\w-]+:/.test(input);
  const always = new Set([...loaded].flatMap((out) => Object.keys(outputs[out]?.inputs ?? {})).filter(isEsm));
  const lazy = new Set(
    Object.entries(outputs)
      .filter(([out, meta]) => meta.entryPoint !== undefined && !loaded.has(out) && isEsm(meta.entryPoint) && !always.has(meta.entryPoint))
      .map(([, meta]) => meta.entryPoint ?? ''),
  );
  const hadStylesheet = new Set(Object.values(outputs).flatMap((meta) => (meta.entryPoint !== undefined && meta.cssBundle ? [meta.entryPoint] : [])));
  if (always.size === 0 || lazy.size === 0) return built(buildOptions);
  const imports = [...always].map((input) => `import ${JSON.stringify(path.resolve(input))};`).join('');
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const plugin: Plugin = {
    name: 'docsgen-entry-code-together',
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: new RegExp(`^(?:${[...lazy].map((rel) => escape(path.resolve(rel))).join('|')})$`) }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        const extension = path.extname(args.path).slice(1);
        const loader = extension === 'tsx' || extension === 'jsx' ? extension : /^[cm]?ts$/.test(extension) ? 'ts' : 'js';
        // At the end, so that the module's own lines and columns (in esbuild's messages) stay as they are.
        return { contents: `${source}\n;${imports}\n`, loader, resolveDir: path.dirname(args.path) };
      });
    },
  };
  const second = await built({ ...buildOptions, plugins: [...(buildOptions.plugins ?? []), plugin] });
  const stray = new Set<string>();
  for (const meta of Object.values(second.metafile.outputs)) {
    if (meta.entryPoint !== undefined && lazy.has(meta.entryPoint) && !hadStylesheet.has(meta.entryPoint) && meta.cssBundle) {
      stray.add(meta.cssBundle);
      delete meta.cssBundle;
    }
  }
  for (const css of stray) delete second.metafile.outputs[css];
  return { ...second, outputFiles: second.outputFiles.filter((file) => !stray.has(path.relative(process.cwd(), file.path).split(path.sep).join('/'))) };
}

/** An output and every output it imports statically, directly or through others. */
function staticClosure(outputs: Metafile['outputs'], start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (out: string) => {
    if (seen.has(out) || !outputs[out]) return;
    seen.add(out);
    for (const imported of outputs[out].imports) if (imported.kind === 'import-statement') visit(imported.path);
  };
  visit(start);
  return seen;
}

/**
 * esbuild's messages about the theme's own stylesheets (logLevel is silent: they would be lost).
 * esbuild reads past a CSS syntax error (`Unexpected "@"`, `Expected "}"`), so those arrive as
 * warnings too; they are errors here. Other warnings (an unknown property, a `//` comment) stay
 * warnings. Packages' stylesheets are not the author's to fix and are left out.
 */
function themeCssProblems(messages: readonly Message[], themeDir: string): { errors: CssProblem[]; warnings: CssProblem[] } {
  const errors: CssProblem[] = [];
  const warnings: CssProblem[] = [];
  const root = path.resolve(themeDir);
  for (const message of messages) {
    const location = message.location;
    if (!location || !location.file.endsWith('.css')) continue;
    const file = path.resolve(location.file);
    if (!isInside(file, root)) continue;
    const note = message.notes.find((n) => n.location && n.location.file === location.file);
    // esbuild's note: 'The unbalanced "{" is here:' → '(the unbalanced "{" is at line 22, column 3)'.
    const noteText = note ? note.text.replace(/\s+is here:?\s*$/, ' is at').replace(/[:.]\s*$/, ':').replace(/^./, (c) => c.toLowerCase()) : '';
    const where = note?.location ? ` (${noteText} line ${note.location.line}, column ${note.location.column + 1})` : '';
    const problem = { message: `${message.text}${where}`, file, line: location.line, column: location.column + 1 };
    // Warnings are kept in the cached bundle, which any project with the same theme may reuse: by
    // path inside the theme (see bundleClient).
    if (message.id === 'css-syntax-error') errors.push(problem);
    else warnings.push({ ...problem, file: path.relative(themeDir, file).split(path.sep).join('/') });
  }
  return { errors, warnings };
}

/**
 * The API page's stylesheet as an entry of its own, linked by API pages only. A project's older
 * copy of the theme, whose API page still imports it into the main stylesheet, has it twice there.
 */
function pageStyleEntries(themeDir: string): Record<string, string> {
  const apiPage = path.join(themeDir, 'styles/api.css');
  return existsSync(apiPage) ? { 'api-page-styles': apiPage } : {};
}

/**
 * The outputs that nothing but the API entries reaches: every output the other entries reach,
 * through static and dynamic imports alike, is kept; the walk stops at the API entries' outputs.
 */
function apiOnlyOutputs(outputs: Metafile['outputs'], apiEntries: readonly string[]): string[] {
  const apiEntryRels = new Set(apiEntries.map(metafileEntryPoint));
  const isApiEntry = (out: string) => apiEntryRels.has(outputs[out]?.entryPoint ?? '');
  const reached = new Set<string>();
  const visit = (out: string) => {
    if (reached.has(out) || isApiEntry(out) || !outputs[out]) return;
    reached.add(out);
    const meta = outputs[out];
    for (const imported of meta.imports) visit(imported.path);
    if (meta.cssBundle) visit(meta.cssBundle);
  };
  for (const [out, meta] of Object.entries(outputs)) if (meta.entryPoint && !apiEntryRels.has(meta.entryPoint)) visit(out);
  return Object.keys(outputs).filter((out) => !reached.has(out)).map(outputRel);
}

/** An entry file as esbuild's metafile names it: relative to the working directory, with "/". */
function metafileEntryPoint(file: string): string {
  return path.relative(process.cwd(), file).split(path.sep).join('/');
}

/** A metafile output path (relative to the working directory) as a path relative to out/. */
function outputRel(metafilePath: string): string {
  return path.relative('/virtual-out', path.resolve('/', metafilePath.replace(/^.*?virtual-out/, 'virtual-out'))).split(path.sep).join('/');
}
