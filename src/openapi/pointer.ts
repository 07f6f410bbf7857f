/**
 * JSON pointers (RFC 6901) into a parsed OpenAPI document: building them from key paths, reading
 * them back into key paths, and following local `$ref`s ("#/components/schemas/Pet").
 */

export type KeyPath = (string | number)[];

export function keyPathToPointer(keyPath: readonly (string | number)[]): string {
  return `#${keyPath.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

/** "#/a/b~1c" or "/a/b~1c" → ["a", "b/c"]; percent-encoding (allowed in URI fragments) is decoded. */
export function pointerToKeyPath(pointer: string): KeyPath {
  const body = pointer.replace(/^#/, '');
  if (body === '') return [];
  return body
    .slice(1)
    .split('/')
    .map((part) => decodePercent(part).replace(/~1/g, '/').replace(/~0/g, '~'));
}

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The value at a key path, or undefined when any step is missing. */
export function valueAt(root: unknown, keyPath: readonly (string | number)[]): unknown {
  let node = root;
  for (const key of keyPath) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[String(key)];
  }
  return node;
}

export function isLocalRef(ref: string): boolean {
  return ref === '#' || ref.startsWith('#/');
}

/** The last segment of a local ref, which is how readers know a schema: "#/components/schemas/Pet" → "Pet". */
export function refName(ref: string): string {
  const keyPath = pointerToKeyPath(ref);
  return String(keyPath[keyPath.length - 1] ?? ref);
}

/** One kind of the document's `components` (`schemas`, `securitySchemes` …), by name; none when absent or malformed. */
export function componentsOf(document: Record<string, unknown>, kind: string): Record<string, unknown> {
  const components = document.components;
  return isObject(components) && isObject(components[kind]) ? components[kind] : {};
}

/** A spec field's text, trimmed; anything that is not a string reads as empty. */
export function trimmedText(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Follows `$ref` chains from a node (a Reference Object may point at another reference). Returns
 * the target with the refs taken; `missing` names a ref that points nowhere or outside the file.
 */
export function resolveRefs(root: unknown, node: unknown): { value: unknown; refs: string[]; missing?: string; circular?: true } {
  const refs: string[] = [];
  let current = node;
  while (isObject(current) && typeof current.$ref === 'string') {
    const ref = current.$ref;
    // A chain of references that comes back to one of its own: nothing but references, no value.
    if (refs.includes(ref)) return { value: undefined, refs, missing: ref, circular: true };
    if (!isLocalRef(ref)) return { value: undefined, refs, missing: ref };
    refs.push(ref);
    const target = valueAt(root, pointerToKeyPath(ref));
    if (target === undefined) return { value: undefined, refs, missing: ref };
    current = target;
  }
  return { value: current, refs };
}
