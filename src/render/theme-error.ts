/**
 * A theme component that throws while rendering a page is the theme's error, not docsgen's: it is
 * said with the page and the theme file, line and column that threw, read from the compiled theme's
 * source map (written beside it by theme-loader.ts), instead of "a docsgen bug".
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DocsgenError, type SourcePosition } from '../errors.ts';
import { themeSourceMapFile } from './theme-loader.ts';

/** The compiled theme's files are named so (theme-loader.ts). */
const COMPILED_THEME = /[\\/]theme-server-[^\\/]+\.mjs$/;

export function themeRenderError(error: unknown, themeDir: string, route: string): unknown {
  if (error instanceof DocsgenError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const frame = themeSourceFrame(error, themeDir);
  return new DocsgenError(`the theme failed to render ${route}: ${message}`, {
    ...(frame ? { position: frame } : {}),
    hint: `fix the theme's component${frame ? ' at this position' : ` in ${themeDir}`} (DOCSGEN_DEBUG=1 prints the whole stack)`,
    cause: error,
  });
}

/**
 * The innermost frame of the stack in the compiled theme, as the position in the theme's own source:
 * the map names the theme's files relative to its folder (theme-loader.ts), here this project's.
 */
function themeSourceFrame(error: unknown, themeDir: string): SourcePosition | undefined {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  for (const [, location = '', line, column] of stack.matchAll(/((?:file:\/\/)?\/[^\s()]+):(\d+):(\d+)\)?$/gm)) {
    const compiled = location.startsWith('file://') ? fileURLToPath(location) : location;
    if (!COMPILED_THEME.test(compiled)) continue;
    const entry = sourceMapOf(compiled)?.findEntry(Number(line) - 1, Number(column) - 1);
    if (!entry || !('originalSource' in entry)) return undefined;
    const named = entry.originalSource.startsWith('file://') ? fileURLToPath(entry.originalSource) : entry.originalSource;
    const source = path.isAbsolute(named) ? named : path.resolve(themeDir, named);
    return { file: source, line: entry.originalLine + 1, column: entry.originalColumn + 1 };
  }
  return undefined;
}

function sourceMapOf(compiled: string): SourceMap | undefined {
  try {
    return new SourceMap(JSON.parse(readFileSync(themeSourceMapFile(compiled), 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  } catch {
    return undefined; // compiled before the theme had source maps, or removed since
  }
}
