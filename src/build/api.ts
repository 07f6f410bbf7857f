/**
 * Stage "api": each OpenAPI spec of config.yaml loaded and validated, and the data of its API page.
 */
import { loadApiSpec, type LoadedApiSpec } from '../openapi/load.ts';
import { cachedApiPageData } from '../openapi/page-data-cache.ts';
import type { ApiPageData } from '../../theme/data.ts';
import { withBase } from '../../theme/urls.ts';
import type { Project } from './project.ts';

export interface ApiPage {
  spec: LoadedApiSpec;
  data: ApiPageData;
}

export async function loadApiPages(project: Project): Promise<ApiPage[]> {
  const { config } = project;
  const specs = await Promise.all(config.api.map((entry) => loadApiSpec(entry, project.rootDir, project.projectCache)));
  return Promise.all(
    specs.map(async (spec) => ({
      spec,
      data: await cachedApiPageData(spec, `${withBase(config.baseUrl, `/${spec.route}/`)}${spec.fileName}`, project.projectCache),
    })),
  );
}
