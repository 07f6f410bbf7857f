/**
 * Loads and validates the OpenAPI specs named in config.yaml with a real validator
 * (@apidevtools/swagger-parser), and turns each into the data the API page prerenders.
 */
import { readFile } from 'node:fs/promises';
import { hashText } from '../cache/fingerprint.ts';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import path from 'node:path';
import { parse as parseYaml, parseDocument, LineCounter } from 'yaml';
import { locateKey } from '../schema/yaml.ts';
import { DocsgenError, type SourcePosition } from '../errors.ts';
import type { ApiOperation, ApiPageData } from '../../theme/data.ts';

export interface LoadedApiSpec {
  id: string;
  route: string;
  file: string;
  fileName: string;
  raw: string;
  document: OpenApiDocument;
}

interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
}

export interface OpenApiDocument {
  openapi?: string;
  swagger?: string;
  info: { title: string; version: string; description?: string };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/**
 * Validation takes a few hundred milliseconds, so a spec that passed is remembered by its content
 * hash (with the validator's version) under the project's cache folder.
 */
export async function loadApiSpec(entry: { id: string; route: string; spec: string }, rootDir: string, cacheDir?: string): Promise<LoadedApiSpec> {
  const file = path.resolve(rootDir, entry.spec);
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (error) {
    throw new DocsgenError(`cannot read the API spec (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`, {
      position: { file },
      hint: `check the "spec" path of the API entry "${entry.id}" in config.yaml`,
    });
  }
  // A spec that parsed and validated before is read back from the cache as JSON (YAML parsing and
  // validation take a few hundred milliseconds), keyed by its content and the docsgen version.
  const cached = cacheDir ? path.join(cacheDir, `openapi-${hashText(raw, DOCSGEN_VERSION)}.json`) : undefined;
  const validated = cached ? await readCachedJson<OpenApiDocument>(cached) : undefined;
  if (validated) return { id: entry.id, route: entry.route, file, fileName: path.basename(file), raw, document: validated };
  let parsed: unknown;
  try {
    parsed = file.endsWith('.json') ? JSON.parse(raw) : parseYaml(raw);
  } catch (error) {
    const linePos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    throw new DocsgenError(`the API spec is not valid ${file.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message.split('\n')[0]}`, {
      position: { file, ...(linePos ? { line: linePos.line, column: linePos.col } : {}) },
      hint: 'fix the syntax at this position',
    });
  }
  try {
    // validate() mutates its argument while dereferencing, so it gets its own copy.
    const { default: SwaggerParser } = await import('@apidevtools/swagger-parser');
    await SwaggerParser.validate(structuredClone(parsed) as never);
  } catch (error) {
    const problem = firstProblem(error);
    throw new DocsgenError(`the API spec is not a valid OpenAPI document: ${problem.pointer ? `${problem.pointer}: ` : ''}${problem.message}`, {
      position: problem.keyPath && !file.endsWith('.json') ? positionInYaml(raw, file, problem.keyPath) : { file },
      hint: 'fix the spec at the JSON pointer shown; https://spec.openapis.org lists what each field takes',
    });
  }
  if (cached) await writeCachedJson(cached, parsed);
  return { id: entry.id, route: entry.route, file, fileName: path.basename(file), raw, document: parsed as OpenApiDocument };
}

interface ValidationProblem {
  pointer?: string;
  keyPath?: (string | number)[];
  message: string;
}

/** The validator's first complaint, as a JSON pointer (and key path) plus a message. */
function firstProblem(error: unknown): ValidationProblem {
  const details = (error as { details?: { instancePath?: string; path?: (string | number)[]; message?: string; params?: Record<string, unknown> }[] }).details;
  const detail = Array.isArray(details) ? details[0] : undefined;
  if (detail) {
    const keyPath = detail.instancePath !== undefined ? pointerToKeyPath(detail.instancePath) : (detail.path ?? []);
    const extra = detail.params?.additionalProperty;
    const full = typeof extra === 'string' ? [...keyPath, extra] : keyPath;
    const message = typeof extra === 'string' ? `unexpected key "${extra}"` : (detail.message ?? 'invalid');
    return { pointer: `#/${full.map((p) => String(p).replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`, keyPath: full, message };
  }
  const message = (error as Error).message ?? String(error);
  return { message: message.split('\n').slice(0, 3).join(' ') };
}

function pointerToKeyPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer.slice(1).split('/').map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function positionInYaml(text: string, file: string, keyPath: (string | number)[]): SourcePosition {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  return locateKey(doc, keyPath, (offset) => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line, column: col };
  }, file);
}

/** Operation anchors follow Swagger UI's deep links (`#/tag/operationId`), so both agree. */
export function operationAnchor(tag: string, operationId: string | undefined, method: string, apiPath: string): string {
  return `/${tag}/${operationId ?? `${method}_${apiPath.replace(/[^A-Za-z0-9]+/g, '_')}`}`;
}

export function apiPageData(spec: LoadedApiSpec, specUrl: string, renderMarkdown: (text: string) => string): ApiPageData {
  const doc = spec.document;
  const tagOrder = (doc.tags ?? []).map((t) => t.name);
  const byTag = new Map<string, ApiOperation[]>();
  for (const [apiPath, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method] as OpenApiOperation | undefined;
      if (!op) continue;
      const tag = op.tags?.[0] ?? 'default';
      if (!tagOrder.includes(tag)) tagOrder.push(tag);
      const list = byTag.get(tag) ?? [];
      list.push({
        anchor: operationAnchor(tag, op.operationId, method, apiPath),
        ...(op.operationId ? { operationId: op.operationId } : {}),
        method: method.toUpperCase(),
        path: apiPath,
        summary: op.summary ?? '',
        deprecated: op.deprecated === true,
      });
      byTag.set(tag, list);
    }
  }
  return {
    id: spec.id,
    title: doc.info.title,
    version: doc.info.version,
    descriptionHtml: renderMarkdown(doc.info.description ?? ''),
    specUrl,
    specFileName: spec.fileName,
    servers: (doc.servers ?? []).map((s) => s.url),
    tags: tagOrder
      .filter((name) => byTag.has(name))
      .map((name) => ({
        name,
        descriptionHtml: renderMarkdown(doc.tags?.find((t) => t.name === name)?.description ?? ''),
        operations: byTag.get(name) ?? [],
      })),
  };
}
