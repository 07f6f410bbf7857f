/**
 * The one anchor scheme of the API reference. An operation's anchor is `operation/<key>`, where
 * the key is the id Swagger UI gives the operation: its `operationId` with every non-word
 * character replaced by `_`, or, without an operationId, the method followed by the path with
 * non-word characters replaced (`get_pets__petId_`). So the prerendered page, the search records,
 * `docsgen check` and the Try-it panel (Swagger UI) name an operation the same way, and Swagger
 * UI's own deep links (`#/tag/key`) can be translated to ours. Tags are `tag/<name>` and schemas
 * `schema/<name>`, with the same character rule: every id is valid HTML (no spaces).
 */

/** Swagger UI's operation id (swagger-client's `opId`), used as our operation key. */
export function operationKey(operationId: string | undefined, method: string, path: string): string {
  if (operationId !== undefined && operationId.replace(/\s/g, '') !== '') return operationId.replace(/\W/g, '_');
  return `${method.toLowerCase()}${path.replace(/\W/g, '_')}`;
}

export function operationAnchor(key: string): string {
  return `operation/${key}`;
}

export function tagAnchor(tag: string): string {
  return `tag/${anchorSafe(tag)}`;
}

export function schemaAnchor(name: string): string {
  return `schema/${anchorSafe(name)}`;
}

export function securitySchemeAnchor(name: string): string {
  return `security/${anchorSafe(name)}`;
}

/** A name as the part of an anchor after its kind (`webhook/<name>`, `…/callback/<name>`). */
export function anchorSafe(text: string): string {
  return text.trim().replace(/[^\w.-]/g, '_') || '_';
}

/**
 * Swagger UI's deep link (`#/{tag}/{key}`, spaces as `%20`) → the tag and operation key it names,
 * so links written for the previous Swagger-only page keep working.
 */
export function parseSwaggerDeepLink(fragment: string): { tag: string; key?: string } | undefined {
  if (!fragment.startsWith('/')) return undefined;
  const [tag, key] = fragment.slice(1).split('/');
  if (!tag) return undefined;
  return key ? { tag, key } : { tag };
}

/** Gives each id once: a second "x" becomes "x-2" (duplicate operationIds are reported separately). */
export function createUniqueIds(): (id: string) => string {
  const seen = new Map<string, number>();
  return (id) => {
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    return count === 0 ? id : `${id}-${count + 1}`;
  };
}
