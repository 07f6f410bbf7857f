/**
 * Example values: the spec's own (`example`, `examples` of a media type or parameter, `example` of
 * a schema) first; otherwise one made from the schema (enum, default, format, type), the way
 * Swagger UI and Redoc fill their samples. A schema that contains itself stops at the second visit.
 */
import type { ApiExampleView } from '../../theme/api-model.ts';
import { isObject, refName, resolveRefs } from './pointer.ts';

const FORMAT_SAMPLES: Record<string, unknown> = {
  'date-time': '2024-05-17T08:30:00Z',
  date: '2024-05-17',
  time: '08:30:00Z',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3dhZ2dlciByb2Nrcw==',
  password: '********',
};
const MAX_DEPTH = 8;

type Purpose = 'request' | 'response' | 'any';

/**
 * How a value is made: for whom (`purpose`: read-only fields are left out of requests, write-only
 * ones out of responses); with every property (an example, as documentation) or only the required
 * ones (`requiredOnly`: the smallest request, for the code samples); and `madeUp`, set when any
 * value was made up rather than taken from the spec (an example, a default, a const, a lone enum value).
 */
interface Mode {
  purpose: Purpose;
  requiredOnly?: boolean;
  madeUp?: { found: boolean };
}

/** A value that fits the schema, with every property: the examples the page shows. */
export function sampleValue(document: unknown, node: unknown, purpose: Purpose): unknown {
  return sampleOf(document, node, { purpose }, [], 0, []);
}

/**
 * The smallest request body the schema accepts, for the code samples: an object holds only its
 * required properties (a required object property its own required ones), with the spec's example
 * or default where the schema gives one, else a made-up value as the examples have; `madeUp` says
 * whether any value was made up (the samples then say so: the reader replaces them).
 */
export function requestBodySample(document: unknown, node: unknown): { value: unknown; madeUp: boolean } {
  const madeUp = { found: false };
  const value = sampleOf(document, node, { purpose: 'request', requiredOnly: true, madeUp }, [], 0, []);
  return { value, madeUp: madeUp.found };
}

/** `alsoRequired`: names an enclosing `allOf` requires of the object (its required list may sit in another part). */
function sampleOf(document: unknown, node: unknown, mode: Mode, seen: readonly string[], depth: number, alsoRequired: readonly string[]): unknown {
  const { value: schema, refs } = resolveRefs(document, node);
  if (!isObject(schema)) return undefined;
  if (refs.some((r) => seen.includes(r)) || depth > MAX_DEPTH) return undefined;
  const path = [...seen, ...refs];
  const next = (child: unknown, required: readonly string[] = []) => sampleOf(document, child, mode, path, depth + 1, required);
  const madeUp = <T>(value: T): T => {
    if (mode.madeUp) mode.madeUp.found = true;
    return value;
  };
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  // One allowed value is the spec's; the first of several is a choice the reader makes.
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum.length === 1 ? schema.enum[0] : madeUp(schema.enum[0]);
  if (schema.default !== undefined) return schema.default;
  for (const kind of ['oneOf', 'anyOf'] as const) {
    const options = schema[kind];
    if (!Array.isArray(options) || options.length === 0) continue;
    const option = next(options[0], alsoRequired);
    // Properties beside the choice (a discriminator, the required fields) belong in every variant.
    if (!schema.properties || !(isObject(option) || option === undefined)) return option;
    return { ...objectSample(document, schema, mode, next, alsoRequired), ...(option as Record<string, unknown> | undefined) };
  }
  if (Array.isArray(schema.allOf)) return mergedSample(document, schema, next, alsoRequired);
  const type = primaryType(schema);
  // No type, stated or implied: any value fits, so none is made up (a made-up "string" would say
  // the value is text). Inside an object the property is left out; nullable, null fits and says no more.
  if (type === undefined) return schema.nullable === true ? madeUp(null) : undefined;
  if (type === 'object') return objectSample(document, schema, mode, next, alsoRequired);
  if (type === 'array') {
    // The smallest request sends as few items as the schema allows (none, unless minItems says
    // otherwise): one made up would be sent by a copied call.
    const fewest = mode.requiredOnly ? Math.max(0, Number.isInteger(schema.minItems) ? (schema.minItems as number) : 0) : 1;
    if (fewest === 0) return [];
    const item = next(schema.items);
    return item === undefined ? [] : Array.from({ length: Math.min(fewest, 100) }, () => item);
  }
  return type === 'null' ? null : madeUp(scalarSample(schema, type));
}

function objectSample(document: unknown, schema: Record<string, unknown>, mode: Mode, next: (child: unknown) => unknown, alsoRequired: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const required = new Set([...(Array.isArray(schema.required) ? schema.required : []), ...alsoRequired]);
  for (const [name, child] of Object.entries(isObject(schema.properties) ? schema.properties : {})) {
    if (mode.requiredOnly && !required.has(name)) continue;
    const target = resolveRefs(document, child).value;
    if (isObject(target) && ((mode.purpose === 'request' && target.readOnly === true) || (mode.purpose === 'response' && target.writeOnly === true))) continue;
    const value = next(child);
    if (value !== undefined) out[name] = value;
    // A required property of any type stays, as null: left out, a copied request would lack a field
    // the schema requires; null claims no shape (and is marked made up: the reader gives the value).
    else if (required.has(name) && shapeUndocumented(document, child)) {
      out[name] = null;
      if (mode.madeUp) mode.madeUp.found = true;
    }
  }
  // No property is required of the extra ones: the smallest request has none.
  if (!mode.requiredOnly && Object.keys(out).length === 0 && isObject(schema.additionalProperties)) {
    const value = next(schema.additionalProperties);
    if (value !== undefined) out.additionalProp1 = value;
  }
  return out;
}

/** The parts of an `allOf` merged; a name one part requires is required of the others' properties too. */
function mergedSample(document: unknown, schema: Record<string, unknown>, next: (child: unknown, required?: readonly string[]) => unknown, alsoRequired: readonly string[]): unknown {
  const requiredOf = (node: unknown) => {
    const part = resolveRefs(document, node).value;
    return isObject(part) && Array.isArray(part.required) ? part.required.filter((name): name is string => typeof name === 'string') : [];
  };
  const required = [...new Set([...alsoRequired, ...requiredOf(schema), ...(schema.allOf as unknown[]).flatMap(requiredOf)])];
  const parts = (schema.allOf as unknown[]).map((part) => next(part, required));
  const own = schema.properties ? next({ ...schema, allOf: undefined }, required) : undefined;
  if (parts.every((p) => isObject(p) || p === undefined)) return Object.assign({}, ...parts, own);
  return parts.find((p) => p !== undefined);
}

/** The schema's type: its own (the first but `null` of a list), else the one its keywords imply, else none. */
function primaryType(schema: Record<string, unknown>): string | undefined {
  if (Array.isArray(schema.type)) {
    const types = schema.type.filter((t): t is string => typeof t === 'string');
    return types.find((t) => t !== 'null') ?? types[0] ?? impliedType(schema);
  }
  return typeof schema.type === 'string' ? schema.type : impliedType(schema);
}

const has = (schema: Record<string, unknown>, keys: readonly string[]) => keys.some((key) => schema[key] !== undefined);
const NUMBER_FORMATS: Record<string, string> = { int32: 'integer', int64: 'integer', float: 'number', double: 'number' };

/**
 * The type a schema without `type` implies by the keywords that constrain only that type (as
 * openapi-sampler, Redoc's sampler, infers it): `properties` an object, `items` an array, a
 * `pattern` or a string format a string, a `minimum` a number. Undefined when no keyword says
 * anything about the value: the schema allows any type.
 */
function impliedType(schema: Record<string, unknown>): string | undefined {
  if (has(schema, ['properties', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'required'])) return 'object';
  if (has(schema, ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains'])) return 'array';
  if (typeof schema.format === 'string' && NUMBER_FORMATS[schema.format]) return NUMBER_FORMATS[schema.format];
  if (has(schema, ['pattern', 'minLength', 'maxLength', 'format'])) return 'string';
  if (has(schema, ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'])) return 'number';
  return undefined;
}

/**
 * Whether a schema says nothing of its values' shape: no type, stated or implied, no example,
 * default, enum, const or composition. Nothing can be made from it, and the page says so instead
 * of showing no example without a word.
 */
export function shapeUndocumented(document: unknown, node: unknown): boolean {
  const { value: schema } = resolveRefs(document, node);
  if (!isObject(schema)) return false;
  if (has(schema, ['example', 'const', 'default', 'oneOf', 'anyOf', 'allOf', 'not', 'nullable']) || (Array.isArray(schema.examples) && schema.examples.length > 0) || (Array.isArray(schema.enum) && schema.enum.length > 0)) return false;
  return primaryType(schema) === undefined;
}

function scalarSample(schema: Record<string, unknown>, type: string): unknown {
  const minimum = typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined;
  switch (type) {
    // 1 rather than 0: most numbers in paths are ids, which rarely start at 0.
    case 'integer':
      return minimum !== undefined ? Math.ceil(minimum) : 1;
    case 'number':
      return minimum ?? 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default: {
      const byFormat = typeof schema.format === 'string' ? FORMAT_SAMPLES[schema.format] : undefined;
      return byFormat ?? textFittingPattern(schema.pattern);
    }
  }
}

/** Simple texts, the first that a string schema's `pattern` accepts ("1" for digits only); "string" otherwise. */
const PATTERN_CANDIDATES = ['string', '1', 'a', 'A', 'example', 'Example', 'a1', 'A1', 'a-1', 'abc', 'ABC', 'x'];

function textFittingPattern(pattern: unknown): string {
  if (typeof pattern !== 'string') return 'string';
  let regex: RegExp;
  try {
    regex = new RegExp(pattern); // OpenAPI patterns are ECMA-262 regular expressions
  } catch {
    return 'string'; // a pattern JavaScript cannot read: the validator reports it
  }
  return PATTERN_CANDIDATES.find((text) => regex.test(text)) ?? 'string';
}

/** A media type's or parameter's examples, as the spec gives them or made from the schema. */
export function examplesOf(document: unknown, holder: Record<string, unknown>, schema: unknown, purpose: 'request' | 'response' | 'any', mediaType = 'application/json'): ApiExampleView[] {
  if (holder.example !== undefined) return [{ label: 'Example', value: formatValue(holder.example, mediaType), generated: false }];
  if (isObject(holder.examples)) {
    const list: ApiExampleView[] = [];
    for (const [key, entry] of Object.entries(holder.examples)) {
      const { value: example, refs } = resolveRefs(document, entry);
      if (!isObject(example)) continue;
      const label = typeof example.summary === 'string' && example.summary ? example.summary : refs.length > 0 ? refName(refs[refs.length - 1] ?? key) : key;
      if (example.value !== undefined) list.push({ label, value: formatValue(example.value, mediaType), generated: false });
      else if (typeof example.externalValue === 'string') list.push({ label, value: `See ${example.externalValue}`, generated: false });
    }
    if (list.length > 0) return list;
  }
  if (schema === undefined || !isStructured(mediaType)) return [];
  const value = sampleValue(document, schema, purpose);
  // The schema's own example (a named schema's, through its $ref) is the spec's, not made up.
  return value === undefined ? [] : [{ label: 'Example', value: formatValue(value, mediaType), generated: !hasOwnExample(document, schema) }];
}

/** Whether the page should say that a media type's body has no example because its schema does not describe its shape. */
export function exampleUndocumented(document: unknown, holder: Record<string, unknown>, schema: unknown, mediaType: string): boolean {
  return holder.example === undefined && holder.examples === undefined && schema !== undefined && isStructured(mediaType) && shapeUndocumented(document, schema);
}

function hasOwnExample(document: unknown, schema: unknown): boolean {
  const { value } = resolveRefs(document, schema);
  return isObject(value) && (value.example !== undefined || (Array.isArray(value.examples) && value.examples.length > 0));
}

/** Only JSON-like bodies get generated examples; a made-up image or PDF body would say nothing. */
function isStructured(mediaType: string): boolean {
  return /json|\*\/\*|x-www-form-urlencoded|multipart\/form-data|text\/plain/.test(mediaType);
}

export function formatValue(value: unknown, mediaType: string): string {
  if (typeof value === 'string' && !/json/.test(mediaType)) return value;
  return JSON.stringify(value, null, 2) ?? String(value);
}
