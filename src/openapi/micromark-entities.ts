/**
 * micromark escapes text and attribute values with four entities only; this reads them back. Its
 * own module: the reference model uses it without loading micromark, which src/openapi/pages.ts
 * imports only when an API description is not in the cache.
 */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&lt;': '<', '&gt;': '>' };

export function unescapeMicromark(text: string): string {
  return text.replace(/&(amp|quot|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity);
}
