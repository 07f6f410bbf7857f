/**
 * A YAML spec is also published as JSON beside it (`hub.yaml` → `hub.json`), as Redoc offers both:
 * many tools (Postman, code generators, a quick `jq`) read JSON only. The JSON is the parsed
 * document, `$ref`s as written.
 */

import { parseDocument, type Document } from 'yaml';

/** The JSON file's name for a YAML spec; undefined when the spec is JSON already. */
export function specJsonFileName(fileName: string): string | undefined {
  const match = /^(.*)\.ya?ml$/i.exec(fileName);
  return match ? `${match[1]}.json` : undefined;
}

/**
 * The YAML spec's text as JSON, its keys in the order the YAML writes them. A plain object would
 * put integer-like keys first (JavaScript's rule), so `"500"` came before `"2XX"` and `default`
 * in every operation's responses, and tools that show JSON in its order showed the error first.
 */
export function specJsonText(yamlText: string): string {
  return specJsonOf(parseDocument(yamlText));
}

/** specJsonText of a document parsed already (the spec's loader has one). */
export function specJsonOf(document: Document): string {
  const value = document.toJS({ mapAsMap: true, maxAliasCount: 10_000 }) as unknown;
  return `${jsonInOrder(value, '')}\n`;
}

/** JSON.stringify(value, null, 2), with Maps written as objects in their own order. */
function jsonInOrder(value: unknown, indent: string): string {
  const inner = `${indent}  `;
  if (value instanceof Map) {
    const entries = [...value].filter(([, item]) => item !== undefined);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(String(key))}: ${jsonInOrder(item, inner)}`).join(',\n')}\n${indent}}`;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => `${inner}${item === undefined ? 'null' : jsonInOrder(item, inner)}`).join(',\n')}\n${indent}]`;
  }
  return JSON.stringify(value) ?? 'null';
}
