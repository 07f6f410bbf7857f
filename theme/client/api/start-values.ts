/**
 * Required parameters without an example start empty in Swagger UI, so Execute would refuse to
 * send. Like the page's code samples, they get a value to start from: 1 for numbers, true for
 * booleans, the parameter's name for text (the reader replaces it). Parameters declared on the
 * path item (shared by its operations) count as much as an operation's own. The parameters the
 * code samples send (the path's, the required query, header and cookie ones) then take the samples'
 * exact values, which the build wrote on its Try it button (mount-swagger.tsx): these defaults
 * stand only where a page lacks them.
 */
type Parameter = { name?: string; required?: boolean; in?: string; example?: unknown; examples?: unknown; schema?: { type?: unknown; example?: unknown; default?: unknown; enum?: unknown[] } };
type WithParameters = { parameters?: unknown[] };

export function withStartValues(spec: unknown): unknown {
  const paths = (spec as { paths?: Record<string, Record<string, unknown>> } | null)?.paths;
  if (!paths) return spec;
  const components = (spec as { components?: { parameters?: Record<string, unknown> } }).components?.parameters ?? {};
  const resolve = (entry: unknown) => {
    const ref = (entry as { $ref?: string }).$ref;
    return (typeof ref === 'string' ? components[ref.split('/').pop() ?? ''] : entry) as Parameter | undefined;
  };
  for (const item of Object.values(paths)) {
    // The path item's own list, then each operation's (its `parameters` key is skipped as an "operation").
    for (const holder of [item, ...Object.values(item ?? {})]) {
      const list = (holder as WithParameters | null)?.parameters;
      if (Array.isArray(list)) for (const entry of list) giveStartValue(resolve(entry));
    }
  }
  return spec;
}

function giveStartValue(param: Parameter | undefined): void {
  if (!param || !param.required || param.example !== undefined || param.examples !== undefined) return;
  const schema = param.schema ?? {};
  if (schema.example !== undefined || schema.default !== undefined || (Array.isArray(schema.enum) && schema.enum.length > 0)) return;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  param.example = type === 'integer' || type === 'number' ? 1 : type === 'boolean' ? true : param.name;
}
