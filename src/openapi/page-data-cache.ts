/**
 * The API page's data (operations with their descriptions rendered from markdown), remembered by
 * the spec's content: a warm build then neither loads the markdown toolchain nor renders the spec's
 * descriptions again. Deleting the cache folder is always safe.
 */
import path from 'node:path';
import type { ApiPageData } from '../../theme/data.ts';
import { hashText } from '../cache/fingerprint.ts';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { apiPageData, type LoadedApiSpec } from './load.ts';

export async function cachedApiPageData(spec: LoadedApiSpec, specUrl: string, cacheDir: string): Promise<ApiPageData> {
  const file = path.join(cacheDir, `api-page-${hashText(DOCSGEN_VERSION, spec.id, spec.route, specUrl, spec.raw)}.json`);
  const cached = await readCachedJson<ApiPageData>(file);
  if (cached) return cached;
  const { renderUntrustedMarkdown } = await import('../markdown/safe.ts');
  const data = apiPageData(spec, specUrl, renderUntrustedMarkdown);
  await writeCachedJson(file, data);
  return data;
}
