/**
 * Custom React pages: a `*.page.tsx` file in content/ becomes a route (`about.page.tsx` →
 * `/about/`). Its default export is a React component, prerendered inside the theme's shell; its
 * optional `title` and `description` exports fill the document head. In the browser the page's
 * HTML is kept as rendered (the shell around it is interactive).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mkdir, writeFile, rename } from 'node:fs/promises';
import { Script } from 'node:vm';
import type { ComponentType } from 'react';
import { DocsgenError } from '../errors.ts';
import { DOCSGEN_NODE_MODULES } from '../paths.ts';
import { hashText } from '../cache/fingerprint.ts';
import { normalizeRoute } from '../content/slug.ts';
import { reactThroughRequire, REQUIRE_BANNER } from '../render/react-through-require.ts';

export const CUSTOM_PAGE_SUFFIX = '.page.tsx';

export interface CustomPage {
  file: string;
  route: string;
  title: string;
  description: string;
  html: string;
}

export function routeOfCustomPage(relPath: string): string {
  const withoutSuffix = relPath.slice(0, -CUSTOM_PAGE_SUFFIX.length);
  return normalizeRoute(`/${withoutSuffix.replace(/(^|\/)index$/, '')}`);
}

/** How long one page may take to render before the build calls it stuck: far beyond any real page's milliseconds. */
export const RENDER_LIMIT_MS = 30_000;

export async function renderCustomPages(contentDir: string, relPaths: readonly string[], cacheDir: string, renderLimitMs = RENDER_LIMIT_MS): Promise<CustomPage[]> {
  if (relPaths.length === 0) return [];
  const [{ build }, { createElement }, { renderToString }] = await Promise.all([import('esbuild'), import('react'), import('react-dom/server')]);
  await mkdir(cacheDir, { recursive: true });
  return Promise.all(
    relPaths.map(async (relPath) => {
      const file = path.join(contentDir, relPath);
      let code: string;
      try {
        const result = await build({ entryPoints: [file], bundle: true, format: 'esm', platform: 'node', target: 'node20', write: false, packages: 'external', jsx: 'automatic', nodePaths: [DOCSGEN_NODE_MODULES], logLevel: 'silent', loader: { '.css': 'empty' }, plugins: [reactThroughRequire], banner: { js: REQUIRE_BANNER } });
        code = result.outputFiles[0]?.text ?? '';
      } catch (error) {
        const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
        throw new DocsgenError(`this page does not compile: ${first?.text ?? (error as Error).message}`, {
          position: { file, ...(first?.location ? { line: first.location.line, column: first.location.column + 1 } : {}) },
          hint: 'fix the page source at this position',
        });
      }
      const compiled = path.join(cacheDir, `page-${hashText(file, code)}.mjs`);
      const temp = `${compiled}.${process.pid}.tmp`;
      await writeFile(temp, code);
      await rename(temp, compiled);
      const module = (await import(pathToFileURL(compiled).href)) as { default?: unknown; title?: unknown; description?: unknown };
      if (typeof module.default !== 'function') {
        throw new DocsgenError('this page has no default export of a React component', {
          position: { file, line: 1, column: 1 },
          hint: 'add "export default function MyPage() { return <main>…</main>; }"',
        });
      }
      let html: string;
      try {
        html = withinTime(() => renderToString(createElement(module.default as ComponentType)), renderLimitMs);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') {
          throw new DocsgenError(`this page did not finish rendering within ${renderLimitMs / 1000} s, so the build stopped it`, {
            position: { file },
            hint: 'a component renders once, on the server: look for a loop whose condition never changes',
          });
        }
        throw new DocsgenError(`this page failed to render: ${(error as Error).message}`, { position: { file }, hint: 'fix the component so it renders without browser APIs' });
      }
      return {
        file,
        route: routeOfCustomPage(relPath),
        title: typeof module.title === 'string' ? module.title : path.basename(relPath, CUSTOM_PAGE_SUFFIX),
        description: typeof module.description === 'string' ? module.description : '',
        html,
      };
    }),
  );
}

/**
 * Runs `work` (synchronous) and stops it after `ms`. A page's component is the user's code: one that
 * loops forever would hang the build without a word. A script run with a timeout is the one way
 * Node stops the main thread's JavaScript from outside; everything `work` calls counts.
 */
const RUN_WORK = new Script('globalThis.__docsgenTimedWork()');

function withinTime<T>(work: () => T, ms: number): T {
  const slot = globalThis as { __docsgenTimedWork?: () => T };
  slot.__docsgenTimedWork = work;
  try {
    return RUN_WORK.runInThisContext({ timeout: ms }) as T;
  } finally {
    delete slot.__docsgenTimedWork;
  }
}
