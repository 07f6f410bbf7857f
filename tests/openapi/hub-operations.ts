/** The hub REST API's operations as its reference page shows them, for tests of their samples. */
import type { ApiOperationView } from '../../theme/api-model.ts';
import { loadApiSpec } from '../../src/openapi/load.ts';
import { referencePages } from '../../src/openapi/reference-model.ts';
import { createDescriptionRenderer } from '../../src/openapi/markdown.ts';
import { ROOT } from '../helpers.ts';

export async function hubOperations(): Promise<ApiOperationView[]> {
  const spec = await loadApiSpec({ id: 'hub', route: 'api', spec: 'openapi/hub-rest-api-1.6.0.yaml' }, ROOT);
  const pages = referencePages(spec, { baseUrl: '/docs/', specUrl: '/docs/api/hub.yaml', specLocation: 'https://docs.example.com/docs/api/hub.yaml', description: createDescriptionRenderer() });
  return pages.flatMap((page) => page.model.tags.flatMap((tag) => tag.operations));
}
