/**
 * The fields of a multipart request body that carry files, so the code samples upload a file there
 * (`-F 'file=@path'`, a Blob, `open(…, 'rb')`) instead of sending the text "string". A file field
 * is a string with `format: binary` or `base64` (OpenAPI 3.0), or `contentMediaType` or
 * `contentEncoding` (3.1), or an array of those.
 */
import { isObject, resolveRefs } from './pointer.ts';

export function fileFields(document: Record<string, unknown>, schema: unknown): string[] {
  const resolved = resolveRefs(document, schema).value;
  if (!isObject(resolved) || !isObject(resolved.properties)) return [];
  return Object.entries(resolved.properties)
    .filter(([, property]) => isFile(document, property))
    .map(([name]) => name);
}

function isFile(document: Record<string, unknown>, node: unknown): boolean {
  const schema = resolveRefs(document, node).value;
  if (!isObject(schema)) return false;
  if (schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) return isFile(document, schema.items);
  return schema.format === 'binary' || schema.format === 'base64' || typeof schema.contentMediaType === 'string' || typeof schema.contentEncoding === 'string';
}
