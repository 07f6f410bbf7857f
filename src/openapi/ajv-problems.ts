/**
 * Ajv's errors against the OpenAPI schema, turned into problems a person can act on. One defect
 * usually yields several errors (every branch of a `oneOf` that did not match, "must match exactly
 * one schema"), so the errors of a place are reduced to the most specific one first; then each is
 * said in plain words ("unexpected key …", "… is required here") with what to do.
 */
import type { AjvError } from './validate-structure.ts';
import { pointerToKeyPath, valueAt, type KeyPath } from './pointer.ts';
import { closest, describeLocation, type SpecProblem } from './spec-problem.ts';

const AGGREGATES = new Set(['oneOf', 'anyOf', 'if', 'allOf', 'then', 'else']);

export function ajvProblems(errors: readonly AjvError[], document: unknown, version: '3.0' | '3.1'): SpecProblem[] {
  const problems = new Map<string, SpecProblem>();
  for (const error of mostSpecific(errors)) {
    const problem = translate(error, document, version);
    const id = `${problem.keyPath.join('\u0000')}\u0000${problem.message}`;
    if (!problems.has(id)) problems.set(id, problem);
  }
  return [...problems.values()];
}

/**
 * Keeps the errors that name the actual defect. Aggregates ("must match exactly one schema in
 * oneOf") and the Reference alternative ("must have required property '$ref'") go when anything
 * more specific was said about the place; among the alternatives of a oneOf/anyOf, only the one that
 * came closest (fewest errors) speaks.
 */
function mostSpecific(errors: readonly AjvError[]): AjvError[] {
  const noise = (e: AjvError) => AGGREGATES.has(e.keyword) || (e.keyword === 'required' && e.params.missingProperty === '$ref');
  const at = (place: string) => (e: AjvError) => e.instancePath === place || e.instancePath.startsWith(`${place}/`);
  const specific = errors.filter((e) => !noise(e));
  const kept = errors.filter((e) => !noise(e) || !specific.some(at(e.instancePath)));
  const branches = new Map<string, Map<number, AjvError[]>>();
  const result: AjvError[] = [];
  for (const error of kept) {
    const branch = /^(.*\/(?:oneOf|anyOf))\/(\d+)\//.exec(error.schemaPath);
    if (!branch) {
      result.push(error);
      continue;
    }
    // The alternatives belong to the place where the oneOf failed (their errors may sit deeper).
    const owner = errors
      .filter((e) => e.schemaPath === branch[1] && (error.instancePath === e.instancePath || error.instancePath.startsWith(`${e.instancePath}/`)))
      .sort((a, b) => b.instancePath.length - a.instancePath.length)[0];
    const group = `${branch[1]}@${owner?.instancePath ?? error.instancePath}`;
    const byIndex = branches.get(group) ?? new Map<number, AjvError[]>();
    byIndex.set(Number(branch[2]), [...(byIndex.get(Number(branch[2])) ?? []), error]);
    branches.set(group, byIndex);
  }
  for (const byIndex of branches.values()) {
    const closest = [...byIndex.entries()].sort((a, b) => a[1].length - b[1].length || a[0] - b[0])[0];
    result.push(...(closest?.[1] ?? []));
  }
  // Every branch failing the same way is one defect: keep one error per place and keyword.
  const seen = new Set<string>();
  return result.filter((e) => {
    const id = `${e.instancePath}\u0000${e.keyword}\u0000${JSON.stringify(e.params)}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function translate(error: AjvError, document: unknown, version: '3.0' | '3.1'): SpecProblem {
  const keyPath = typedKeyPath(document, pointerToKeyPath(error.instancePath));
  const where = describeLocation(keyPath);
  switch (error.keyword) {
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const key = String(error.params.additionalProperty ?? error.params.unevaluatedProperty ?? '');
      return { keyPath: [...keyPath, key], ...unexpectedKey(key, keyPath, error, version) };
    }
    case 'required': {
      const key = String(error.params.missingProperty ?? '');
      if (key === 'required') return { keyPath, message: `${where} is a path parameter without "required: true"`, hint: 'path parameters are always required: add required: true' };
      return { keyPath, message: `"${key}" is missing at ${where}`, hint: `add "${key}" here; OpenAPI ${version} requires it` };
    }
    case 'type':
      return { keyPath, message: `${where} must be ${article(String(error.params.type))}, not ${describeValue(valueAt(document, keyPath))}`, hint: 'change the value to the expected type' };
    case 'enum':
      return {
        keyPath,
        message: `${where} is ${JSON.stringify(valueAt(document, keyPath))}, which is not one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        hint: 'use one of the allowed values',
      };
    case 'not':
      return notAllowedTogether(keyPath, where, error);
    case 'pattern':
      return { keyPath, message: `${where} does not have the expected form (${String(error.params.pattern)})`, hint: 'fix the value so it has the expected form' };
    case 'minItems':
    case 'minProperties':
      return { keyPath, message: `${where} is empty`, hint: `give it at least ${String(error.params.limit)} ${error.keyword === 'minItems' ? 'item' : 'entry'}${Number(error.params.limit) === 1 ? '' : 's'}` };
    case 'oneOf':
    case 'anyOf':
      return { keyPath, message: `${where} does not match any of the forms OpenAPI ${version} allows here`, hint: 'compare it with the OpenAPI specification for this object (https://spec.openapis.org)' };
    default:
      return { keyPath, message: `${where} ${error.message ?? 'is not valid'}`, hint: 'compare it with the OpenAPI specification for this object (https://spec.openapis.org)' };
  }
}

function unexpectedKey(key: string, parent: KeyPath, error: AjvError, version: '3.0' | '3.1'): { message: string; hint: string } {
  const where = describeLocation(parent);
  const message = `unexpected key "${key}" at ${where}`;
  const last = String(parent[parent.length - 1] ?? '');
  const parentName = String(parent[parent.length - 2] ?? '');
  if ((key === 'example' || key === 'examples') && (parentName === 'responses' || last === 'requestBody')) {
    return { message, hint: `an example belongs one level down, to a media type: move it under content → application/json (or the body's media type) → ${key}` };
  }
  if (parentName === 'responses' || last === 'responses') {
    if (last === 'responses') return { message: `"${key}" is not a response code (at ${where})`, hint: 'response codes are three digits such as 200 or 404, a range such as 4XX, or "default"' };
  }
  if (key === 'examples' && version === '3.0') return { message, hint: 'an OpenAPI 3.0 schema takes one "example"; the "examples" list is OpenAPI 3.1' };
  const allowed = Object.keys((error.parentSchema as { properties?: Record<string, unknown> } | undefined)?.properties ?? {});
  const suggestion = closest(key, allowed);
  if (suggestion) return { message, hint: `did you mean "${suggestion}"?` };
  return { message, hint: `OpenAPI ${version} does not define "${key}" here: remove it, or name it "x-${key}" to keep it as an extension` };
}

function notAllowedTogether(keyPath: KeyPath, where: string, error: AjvError): SpecProblem {
  const required = ((error.schema as { required?: string[] } | undefined)?.required ?? []).filter((k) => k !== undefined);
  if (required.length === 2) {
    return { keyPath, message: `${where} has both "${required[0]}" and "${required[1]}", which exclude each other`, hint: `keep one of them (an "${required[0]}" can be written as an entry of "${required[1]}")` };
  }
  return { keyPath, message: `${where} has a combination of keys that OpenAPI does not allow here`, hint: 'compare it with the OpenAPI specification for this object (https://spec.openapis.org)' };
}

/** Array indexes as numbers, so positions can be looked up in the YAML/JSON source. */
export function typedKeyPath(document: unknown, keyPath: KeyPath): KeyPath {
  const typed: KeyPath = [];
  let node = document;
  for (const key of keyPath) {
    const index = Array.isArray(node) && /^\d+$/.test(String(key)) ? Number(key) : key;
    typed.push(index);
    node = valueAt(node, [index]);
  }
  return typed;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `${typeof value === 'string' ? 'the text' : `the ${typeof value}`} ${JSON.stringify(value)}`;
}
