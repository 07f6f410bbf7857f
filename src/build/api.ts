/**
 * Stage "api": each OpenAPI spec of config.yaml loaded and checked, and its reference pages (data
 * and prerendered HTML, made by the theme's components; one page, or one per tag for a large API).
 */
import { loadApiSpec, type LoadedApiSpec } from '../openapi/load.ts';
import { apiReferencePages, type ApiRoutePage } from '../openapi/pages.ts';
import { loadThemeServer } from '../render/theme-loader.ts';
import type { Project } from './project.ts';

export interface ApiPage {
  spec: LoadedApiSpec;
  pages: ApiRoutePage[];
}

export async function loadApiPages(project: Project, themeHash: string): Promise<ApiPage[]> {
  const { config } = project;
  const specs = await Promise.all(config.api.map((entry, index) => loadApiSpec(entry, project.rootDir, project.projectCache, () => project.loaded.locate(['api', index, 'spec']))));
  // One theme load for every spec (it compiles the theme when its cache misses).
  let theme: Promise<unknown> | undefined;
  const loadTheme = () => (theme ??= loadThemeServer(project.themeDir, project.docsgenCache, themeHash));
  return Promise.all(
    specs.map(async (spec) => ({
      spec,
      pages: await apiReferencePages(spec, { baseUrl: config.baseUrl, siteUrl: config.url, cacheDir: project.projectCache, themeHash, loadTheme }),
    })),
  );
}
