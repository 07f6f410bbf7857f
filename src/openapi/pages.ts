/**
 * The routes of every API reference: the pages' data and their prerendered HTML, made by the
 * theme's own React components (its `renderApiReference`) from the reference model. The result is
 * remembered by the spec's content, the theme and the site's addresses: a warm build neither loads
 * the markdown toolchain nor renders the spec again. Deleting the cache folder is always safe.
 */
import path from 'node:path';
import type { ApiReferenceModel } from '../../theme/api-model.ts';
import type { ApiPageData } from '../../theme/data.ts';
import { hashText } from '../cache/fingerprint.ts';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { withBase } from '../../theme/urls.ts';
import { DocsgenError } from '../errors.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import type { LoadedApiSpec } from './load.ts';
import { referencePages } from './reference-model.ts';

export interface ApiRoutePage {
  /** Route relative to the base, without slashes ("rhubapi", "github/repos"). */
  route: string;
  data: ApiPageData;
  html: string;
}

export interface ApiPagesOptions {
  baseUrl: string;
  /** The site's origin (config `url`), against which relative server URLs resolve. */
  siteUrl: string;
  cacheDir: string;
  /** Loads the theme's server entry; it must export renderApiReference. */
  loadTheme: () => Promise<unknown>;
  themeHash: string;
}

type RenderApiReference = (model: ApiReferenceModel) => string;

export async function apiReferencePages(spec: LoadedApiSpec, options: ApiPagesOptions): Promise<ApiRoutePage[]> {
  const specUrl = `${withBase(options.baseUrl, `/${spec.route}/`)}${spec.fileName}`;
  // `url-policy-2`: the descriptions' links follow the URL policy (sanitize-url.ts); a page made
  // under an earlier policy is made again.
  const key = hashText(DOCSGEN_VERSION, 'url-policy-2', options.themeHash, spec.id, spec.route, String(spec.splitByTag), specUrl, options.siteUrl, spec.raw);
  const file = path.join(options.cacheDir, `api-pages-${key}.json`);
  const cached = await readCachedJson<ApiRoutePage[]>(file);
  if (cached) return cached;
  const render = await themeRenderer(options.loadTheme);
  const { createDescriptionRenderer } = await import('./markdown.ts');
  const made = referencePages(spec, {
    baseUrl: options.baseUrl,
    specUrl,
    specLocation: new URL(specUrl, options.siteUrl).href,
    description: createDescriptionRenderer(),
  });
  const { highlightReferences } = await import('./highlight-code.ts');
  await highlightReferences(made.map((page) => page.model));
  const pages = made.map((page) => ({
    route: page.route,
    data: { ...page.data, schemas: page.model.schemas.map(({ name, anchor }) => ({ name, anchor })) },
    html: render(page.model),
  }));
  await writeCachedJson(file, pages);
  return pages;
}

async function themeRenderer(loadTheme: () => Promise<unknown>): Promise<RenderApiReference> {
  const theme = (await loadTheme()) as { renderApiReference?: RenderApiReference };
  if (typeof theme.renderApiReference !== 'function') {
    throw new DocsgenError('the theme does not export renderApiReference, which renders the API reference pages', {
      hint: "export it from the theme's server.tsx (docsgen's own theme/server.tsx shows how), or remove the project's theme/ folder to use docsgen's theme",
    });
  }
  return theme.renderApiReference;
}
