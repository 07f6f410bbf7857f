/**
 * The operations of an OpenAPI document in reading order: grouped by their first tag, tags in the
 * order of the document's `tags` list (then first use), each with its anchor. An operation without
 * tags goes under "default", as Swagger UI shows it; one with several tags is shown under the
 * first and listed, with a link to it, under each of the others.
 */
import { createUniqueIds, operationAnchor, operationKey, tagAnchor } from './anchors.ts';
import { isObject, keyPathToPointer, type KeyPath } from './pointer.ts';

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function isHttpMethod(key: string): key is (typeof HTTP_METHODS)[number] {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

export interface OperationEntry {
  method: string;
  path: string;
  /** The first tag: the operation is shown there. */
  tag: string;
  /** Its other tags, which list it with a link (as Redoc and Swagger UI show it under each). */
  otherTags: string[];
  operation: Record<string, unknown>;
  pathItem: Record<string, unknown>;
  /** Where the operation is in the document, for findings. */
  keyPath: KeyPath;
  key: string;
  anchor: string;
}

export interface TagEntry {
  name: string;
  anchor: string;
  description: string;
  /** The tag's `externalDocs`, as the document gives it. */
  externalDocs?: unknown;
  operations: OperationEntry[];
  /** Operations shown under another (their first) tag that also carry this one. */
  also: OperationEntry[];
}

export function listOperations(document: Record<string, unknown>): OperationEntry[] {
  const paths = isObject(document.paths) ? document.paths : {};
  const unique = createUniqueIds();
  const entries: OperationEntry[] = [];
  for (const [path, pathItem] of Object.entries(paths)) {
    if (!isObject(pathItem)) continue;
    // In the document's order, as Redoc and Swagger UI show them (a fixed method order put a
    // path's DELETE before the PATCH its author wrote first).
    for (const method of Object.keys(pathItem).filter(isHttpMethod)) {
      const operation = pathItem[method];
      if (!isObject(operation)) continue;
      const tags = Array.isArray(operation.tags) ? operation.tags.filter((t): t is string => typeof t === 'string' && t.trim() !== '') : [];
      const operationId = typeof operation.operationId === 'string' ? operation.operationId : undefined;
      const key = operationKey(operationId, method, path);
      entries.push({
        method,
        path,
        tag: tags[0] ?? 'default',
        otherTags: [...new Set(tags.slice(1))].filter((tag) => tag !== tags[0]),
        operation,
        pathItem,
        keyPath: ['paths', path, method],
        key,
        anchor: unique(operationAnchor(key)),
      });
    }
  }
  return entries;
}

export function groupByTag(document: Record<string, unknown>, operations: OperationEntry[]): TagEntry[] {
  const declared = Array.isArray(document.tags) ? document.tags.filter(isObject) : [];
  const order = declared.map((t) => String(t.name ?? '')).filter(Boolean);
  const byTag = new Map<string, OperationEntry[]>();
  const alsoByTag = new Map<string, OperationEntry[]>();
  const add = (map: Map<string, OperationEntry[]>, tag: string, entry: OperationEntry) => {
    if (!order.includes(tag)) order.push(tag);
    const list = map.get(tag);
    if (list) list.push(entry);
    else map.set(tag, [entry]);
  };
  for (const entry of operations) {
    add(byTag, entry.tag, entry);
    for (const tag of entry.otherTags) add(alsoByTag, tag, entry);
  }
  const unique = createUniqueIds();
  return order
    .filter((name) => byTag.has(name) || alsoByTag.has(name))
    .map((name) => {
      const tag = declared.find((t) => t.name === name);
      const description = tag?.description;
      return {
        name,
        anchor: unique(tagAnchor(name)),
        description: typeof description === 'string' ? description : '',
        ...(tag?.externalDocs !== undefined ? { externalDocs: tag.externalDocs } : {}),
        operations: byTag.get(name) ?? [],
        also: alsoByTag.get(name) ?? [],
      };
    });
}

export function operationPointer(entry: OperationEntry): string {
  return keyPathToPointer(entry.keyPath);
}
