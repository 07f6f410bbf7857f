/**
 * The API page's data (operations with their descriptions rendered from markdown), remembered by
 * the spec's content: a warm build then neither loads the markdown toolchain nor renders the spec's
 * descriptions again. Deleting the cache folder is always safe.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { ApiPageData } from '../../theme/data.ts';
import { hashText } from '../cache/fingerprint.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { apiPageData, type LoadedApiSpec } from './load.ts';

export async function cachedApiPageData(spec: LoadedApiSpec, specUrl: string, cacheDir: string): Promise<ApiPageData> {
  const file = path.join(cacheDir, `api-page-${hashText(DOCSGEN_VERSION, spec.id, spec.route, specUrl, spec.raw)}.json`);
  try {
    return JSON.parse(await readFile(file, 'utf8')) as ApiPageData;
  } catch {
    // Not cached yet (or unreadable): render it.
  }
  const { renderUntrustedMarkdown } = await import('../markdown/safe.ts');
  const data = apiPageData(spec, specUrl, renderUntrustedMarkdown);
  await mkdir(cacheDir, { recursive: true })
    .then(() => writeFile(file, JSON.stringify(data)))
    .catch(() => undefined); // a cache that cannot be written only costs speed
  return data;
}
