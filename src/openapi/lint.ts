/**
 * What the OpenAPI JSON Schema cannot see, checked on the document as written: `$ref`s that point
 * nowhere, operationIds used twice, path parameters missing from the template or from the
 * parameter list, formats nobody knows, and OpenAPI 3.0 habits in a 3.1 document.
 */
import { listOperations, type OperationEntry } from './operations.ts';
import { isLocalRef, isObject, pointerToKeyPath, refName, resolveRefs, type KeyPath, componentsOf } from './pointer.ts';
import { closest, describeLocation, type SpecProblem } from './spec-problem.ts';
import { linkTarget } from './response-links.ts';

/** Formats of the OpenAPI Format Registry (spec.openapis.org/registry/format), JSON Schema's included. */
const KNOWN_FORMATS = new Set(
  'base64url binary byte char commonmark date-time date decimal decimal128 double-int double duration email float hostname html http-date idn-email idn-hostname int16 int32 int64 int8 ipv4 ipv6 iri-reference iri json-pointer media-range password regex relative-json-pointer sf-binary sf-boolean sf-decimal sf-integer sf-string sf-token time uint16 uint32 uint64 uint8 uri-reference uri-template uri uuid'.split(' '),
);
const SCHEMA_TYPES = ['array', 'boolean', 'integer', 'number', 'object', 'string', 'null'];

export function lintDocument(document: Record<string, unknown>, version: '3.0' | '3.1'): SpecProblem[] {
  const operations = listOperations(document);
  return [...walkProblems(document, version), ...duplicateOperationIds(operations), ...pathParameterProblems(document, operations), ...linkTargetProblems(document, operations)];
}

/** One walk over every node: `$ref`s, formats and schema keywords. */
function walkProblems(document: Record<string, unknown>, version: '3.0' | '3.1'): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const schemaNames = Object.keys(componentsOf(document, 'schemas'));
  const visit = (node: unknown, keyPath: KeyPath) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, [...keyPath, i]));
      return;
    }
    if (!isObject(node)) return;
    if (!insideExampleValue(keyPath)) {
      if (typeof node.$ref === 'string') problems.push(...refProblems(document, node.$ref, [...keyPath, '$ref'], schemaNames));
      if (isSchemaLike(keyPath)) problems.push(...schemaKeywordProblems(node, keyPath, version));
    }
    for (const [key, value] of Object.entries(node)) if (typeof value === 'object' && value !== null) visit(value, [...keyPath, key]);
  };
  visit(document, []);
  return problems;
}

function refProblems(document: unknown, ref: string, keyPath: KeyPath, schemaNames: string[]): SpecProblem[] {
  if (!isLocalRef(ref)) {
    return [{ keyPath, message: `$ref "${ref}" at ${describeLocation(keyPath.slice(0, -1))} points into another file, which docsgen does not read`, hint: 'bundle the spec into one file first (for example `npx @redocly/cli bundle`), or move the referenced part into this file' }];
  }
  const resolved = resolveRefs(document, { $ref: ref });
  if (resolved.missing === undefined) return [];
  if (resolved.circular) return circularRefProblems(ref, keyPath, resolved.refs);
  const suggestion = ref.startsWith('#/components/schemas/') ? closest(refName(ref), schemaNames) : undefined;
  return [
    {
      keyPath,
      message: `$ref "${ref}" at ${describeLocation(keyPath.slice(0, -1))} points to nothing in this file`,
      hint: suggestion ? `did you mean "#/components/schemas/${suggestion}"?` : `define ${pointerToKeyPath(ref).join(' → ')}, or fix the reference`,
    },
  ];
}

/**
 * A `$ref` whose chain comes back to itself (`Self: {$ref: Self}`, or LoopA → LoopB → LoopA):
 * each schema of the loop is only a reference to the next, so none has any content. Reported at
 * each `$ref` of the loop; a `$ref` elsewhere that leads into it is not reported again.
 */
function circularRefProblems(ref: string, keyPath: KeyPath, chain: readonly string[]): SpecProblem[] {
  const loop = chain.slice(chain.indexOf(ref));
  const here = JSON.stringify(keyPath.slice(0, -1));
  const at = loop.findIndex((member) => JSON.stringify(pointerToKeyPath(member)) === here);
  if (at < 0) return [];
  // From the schema this $ref is in, round the loop and back to it.
  const round = [...loop.slice(at), ...loop.slice(0, at)];
  const names = [...round, round[0] as string].map((member) => (member.startsWith('#/components/schemas/') ? refName(member) : member));
  const where = describeLocation(keyPath.slice(0, -1));
  return [
    {
      keyPath,
      message:
        loop.length === 1
          ? `$ref "${ref}" at ${where} is circular: the schema is only a reference to itself, so it has no content`
          : `$ref "${ref}" at ${where} is circular: ${names.join(' → ')}, each schema of the loop only a reference to the next, so none has any content`,
      hint: 'give the schema its own content (type, properties…) instead of the $ref, or point the $ref at the schema meant; a schema may contain itself only below its own content (in properties or items, for a tree)',
    },
  ];
}

/** Example values, defaults and enums are data: a `$ref` or `format` key inside them means nothing. */
function insideExampleValue(keyPath: KeyPath): boolean {
  return keyPath.some((key, i) => {
    if (['example', 'default', 'const', 'enum'].includes(String(key))) return keyPath[i - 1] !== 'properties';
    if (key === 'value') return keyPath[i - 2] === 'examples';
    return key === 'examples' && typeof keyPath[i + 1] === 'number';
  });
}

/** A node is read as a schema when its key path says so (schema, properties, items, …). */
function isSchemaLike(keyPath: KeyPath): boolean {
  const last = String(keyPath[keyPath.length - 1] ?? '');
  const parent = String(keyPath[keyPath.length - 2] ?? '');
  if (['schema', 'items', 'additionalProperties', 'not', 'contains', 'propertyNames', 'if', 'then', 'else'].includes(last)) return true;
  if (['properties', 'patternProperties', '$defs', 'definitions'].includes(parent)) return true;
  if (parent === 'schemas' && keyPath[keyPath.length - 3] === 'components') return true;
  return typeof keyPath[keyPath.length - 1] === 'number' && ['allOf', 'oneOf', 'anyOf', 'prefixItems'].includes(parent);
}

function schemaKeywordProblems(schema: Record<string, unknown>, keyPath: KeyPath, version: '3.0' | '3.1'): SpecProblem[] {
  const problems: SpecProblem[] = [];
  const where = describeLocation(keyPath);
  if (typeof schema.format === 'string' && !KNOWN_FORMATS.has(schema.format)) {
    const suggestion = closest(schema.format, [...KNOWN_FORMATS]);
    problems.push({
      keyPath: [...keyPath, 'format'],
      message: `unknown format "${schema.format}" at ${where}`,
      hint: suggestion ? `did you mean "${suggestion}"?` : 'tools treat an unknown format as no format: use one of the OpenAPI Format Registry (spec.openapis.org/registry/format), or say in the description what the value looks like',
    });
  }
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  for (const type of types) {
    if (typeof type === 'string' && SCHEMA_TYPES.includes(type) && (type !== 'null' || version === '3.1')) continue;
    if (version === '3.0' && type === 'null') {
      problems.push({ keyPath: [...keyPath, 'type'], message: `type "null" at ${where} is OpenAPI 3.1`, hint: 'in OpenAPI 3.0, write "nullable: true" instead' });
    } else if (version === '3.1') {
      const suggestion = typeof type === 'string' ? closest(type, SCHEMA_TYPES) : undefined;
      problems.push({ keyPath: [...keyPath, 'type'], message: `unknown type ${JSON.stringify(type)} at ${where}`, hint: suggestion ? `did you mean "${suggestion}"?` : `use one of ${SCHEMA_TYPES.join(', ')}` });
    }
  }
  if (version === '3.1' && schema.nullable !== undefined) {
    problems.push({ keyPath: [...keyPath, 'nullable'], message: `"nullable" at ${where} is OpenAPI 3.0 and means nothing in 3.1`, hint: 'in OpenAPI 3.1, add "null" to the type: type: [string, "null"]' });
  }
  return problems;
}

function duplicateOperationIds(operations: readonly OperationEntry[]): SpecProblem[] {
  const first = new Map<string, KeyPath>();
  const problems: SpecProblem[] = [];
  for (const entry of operations) {
    const id = entry.operation.operationId;
    if (typeof id !== 'string') continue;
    const seen = first.get(id);
    if (!seen) {
      first.set(id, entry.keyPath);
      continue;
    }
    problems.push({
      keyPath: [...entry.keyPath, 'operationId'],
      message: `operationId "${id}" of ${entry.method.toUpperCase()} ${entry.path} is already used by ${describeLocation(seen)}`,
      hint: 'give every operation its own operationId (links, search results and generated clients name operations by it)',
    });
  }
  return problems;
}

/**
 * Response links (and those under components) whose operationId no operation has, or whose
 * operationRef in this file points at no operation: the reference could not say where they lead.
 */
function linkTargetProblems(document: Record<string, unknown>, operations: readonly OperationEntry[]): SpecProblem[] {
  const ids = operations.flatMap((entry) => (typeof entry.operation.operationId === 'string' ? [entry.operation.operationId] : []));
  const linksAt: [KeyPath, unknown][] = [[['components', 'links'], componentsOf(document, 'links')]];
  for (const entry of operations) {
    const responses = isObject(entry.operation.responses) ? entry.operation.responses : {};
    for (const [status, response] of Object.entries(responses)) if (isObject(response)) linksAt.push([[...entry.keyPath, 'responses', status, 'links'], response.links]);
  }
  const problems: SpecProblem[] = [];
  for (const [keyPath, links] of linksAt) {
    for (const [name, link] of Object.entries(isObject(links) ? links : {})) {
      // The reference shows where a link leads with the same lookup (response-links.ts).
      if (!isObject(link) || linkTarget(document, operations, link)) continue;
      const where = describeLocation([...keyPath, name]);
      if (typeof link.operationId === 'string') {
        const suggestion = closest(link.operationId, ids);
        problems.push({ keyPath: [...keyPath, name, 'operationId'], message: `operationId "${link.operationId}" of the link at ${where} names no operation in this file`, hint: suggestion ? `did you mean "${suggestion}"?` : 'use the operationId of an operation in this file, or an operationRef for one in another file' });
      } else if (typeof link.operationRef === 'string' && isLocalRef(link.operationRef)) {
        problems.push({ keyPath: [...keyPath, name, 'operationRef'], message: `operationRef "${link.operationRef}" of the link at ${where} points at no operation in this file`, hint: 'point it at an operation: #/paths/ then the path with each / written ~1, then the method (#/paths/~1users~1{id}/get)' });
      }
    }
  }
  return problems;
}

function pathParameterProblems(document: Record<string, unknown>, operations: readonly OperationEntry[]): SpecProblem[] {
  const problems: SpecProblem[] = [];
  for (const entry of operations) {
    const inTemplate = [...entry.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
    const declared = declaredPathParameters(document, entry.pathItem, entry.operation, entry.keyPath);
    const where = `${entry.method.toUpperCase()} ${entry.path}`;
    for (const name of inTemplate.filter((n) => !declared.some((d) => d.name === n))) {
      problems.push({
        keyPath: [...entry.keyPath],
        message: `path parameter "${name}" of ${where} is not declared`,
        hint: `add a parameter with name: ${name}, in: path, required: true and a schema to this operation or its path`,
      });
    }
    for (const param of declared) {
      // (A path parameter without required: true is reported by the schema validation.)
      if (!inTemplate.includes(param.name)) {
        problems.push({ keyPath: param.keyPath, message: `path parameter "${param.name}" of ${where} is not in the path`, hint: `add {${param.name}} to the path, or change "in" if it is not a path parameter` });
      }
    }
  }
  return problems;
}

interface DeclaredParameter {
  name: string;
  keyPath: KeyPath;
}

/** Path parameters of the operation, those of its path item included (an operation's own win). */
function declaredPathParameters(document: unknown, pathItem: Record<string, unknown>, operation: Record<string, unknown>, operationPath: KeyPath): DeclaredParameter[] {
  const read = (list: unknown, base: KeyPath): DeclaredParameter[] =>
    (Array.isArray(list) ? list : []).flatMap((item, i) => {
      const param = resolveRefs(document, item).value;
      if (!isObject(param) || param.in !== 'path' || typeof param.name !== 'string') return [];
      return [{ name: param.name, keyPath: [...base, i] }];
    });
  const own = read(operation.parameters, [...operationPath, 'parameters']);
  const shared = read(pathItem.parameters, [...operationPath.slice(0, -1), 'parameters']).filter((p) => !own.some((o) => o.name === p.name));
  return [...own, ...shared];
}

