/**
 * What else the API page's filter matches an operation by, besides its method, path, summary and
 * operationId (as Redoc and Scalar search): its tags, the words of its description, its parameters'
 * names, the property names of its request and response bodies (two levels deep) and its response
 * status codes ("422" lists the calls that can reject their input), as one string
 * of distinct lower-case words. They are in the page once, in the column's data (the browser adds
 * them to the operations' `data-filter` text, theme/client/api/reference.ts), and only for the
 * operations the page shows: the overview of a split API lists every operation without them (for
 * GitHub's 1,223 they would make it 2.5 times bigger gzip).
 */
import type { OperationEntry } from './operations.ts';
import { isObject, resolveRefs } from './pointer.ts';
import { parametersOf } from './operation-view.ts';

const PROPERTY_DEPTH = 2;

export function operationFilterWords(document: Record<string, unknown>, entry: OperationEntry): string {
  const op = entry.operation;
  // By lower case, each as first written: the filter finds camelCase parts ("space" in minimumFreeSpace).
  const words = new Map<string, string>();
  const add = (text: unknown) => {
    if (typeof text !== 'string') return;
    for (const word of text.split(/[^\p{L}\p{N}_-]+/u)) if (word.length > 1 && !words.has(word.toLowerCase())) words.set(word.toLowerCase(), word);
  };
  [entry.tag, ...entry.otherTags].forEach(add);
  add(plainText(op.description));
  for (const parameter of parametersOf({ document }, entry)) add(parameter.name);
  const schemas: unknown[] = [];
  const body = resolveRefs(document, op.requestBody).value;
  if (isObject(body)) schemas.push(...mediaSchemas(body.content));
  for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    add(status);
    const resolved = resolveRefs(document, response).value;
    if (isObject(resolved)) schemas.push(...mediaSchemas(resolved.content));
  }
  for (const schema of schemas) propertyNames(document, schema, PROPERTY_DEPTH, new Set(), add);
  // What the filter reads already.
  for (const known of [op.operationId, op.summary, entry.path, entry.method]) if (typeof known === 'string') for (const word of known.toLowerCase().split(/\s+/)) words.delete(word);
  return [...words.values()].join(' ');
}

/** The text of a description, its markdown and HTML marks and link targets left out. */
function plainText(description: unknown): string {
  if (typeof description !== 'string') return '';
  return description.replace(/<[^>]*>/g, ' ').replace(/\]\([^)]*\)/g, ' ').replace(/https?:\/\/\S+/g, ' ');
}

function mediaSchemas(content: unknown): unknown[] {
  return Object.values(isObject(content) ? content : {}).flatMap((media) => (isObject(media) && media.schema !== undefined ? [media.schema] : []));
}

function propertyNames(document: Record<string, unknown>, node: unknown, depth: number, seen: Set<unknown>, add: (name: string) => void): void {
  const schema = resolveRefs(document, node).value;
  if (depth === 0 || !isObject(schema) || seen.has(schema)) return;
  seen.add(schema);
  for (const [name, property] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    add(name);
    propertyNames(document, property, depth - 1, seen, add);
  }
  for (const key of ['items', 'additionalProperties']) propertyNames(document, schema[key], depth, seen, add);
  for (const key of ['allOf', 'oneOf', 'anyOf']) if (Array.isArray(schema[key])) for (const part of schema[key]) propertyNames(document, part, depth, seen, add);
}
