/**
 * How a parameter's value goes on the wire, by its OpenAPI `style` and `explode` (OpenAPI 3,
 * "Style Values"), for the code samples: an array query parameter is `tags=dog&tags=cat` by
 * default, not the JSON text `tags=["dog","cat"]` the samples used to send (Swagger UI's Try it
 * already sent the styled form, so a copied sample and Try it disagreed).
 */
type Pairs = [string, string][];

const text = (value: unknown): string => (typeof value === 'string' ? value : value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** The name=value pairs of a query parameter (form style, exploded, unless it says otherwise). */
export function queryPairs(param: Record<string, unknown>, value: unknown): Pairs {
  const name = String(param.name ?? '');
  const style = typeof param.style === 'string' ? param.style : 'form';
  const explode = typeof param.explode === 'boolean' ? param.explode : style === 'form';
  if (Array.isArray(value)) {
    if (explode && style === 'form') return value.map((item) => [name, text(item)]);
    const separator = style === 'spaceDelimited' ? ' ' : style === 'pipeDelimited' ? '|' : ',';
    return [[name, value.map(text).join(separator)]];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (style === 'deepObject') return entries.map(([key, item]): [string, string] => [`${name}[${key}]`, text(item)]);
    if (explode) return entries.map(([key, item]): [string, string] => [key, text(item)]);
    return [[name, entries.flatMap(([key, item]) => [key, text(item)]).join(',')]];
  }
  return [[name, text(value)]];
}

/** A header's or a path segment's value (simple style: items and key,value pairs joined by commas). */
export function simpleValue(param: Record<string, unknown>, value: unknown): string {
  if (Array.isArray(value)) return value.map(text).join(',');
  if (value !== null && typeof value === 'object') {
    const explode = param.explode === true;
    return Object.entries(value as Record<string, unknown>).map(([key, item]) => (explode ? `${key}=${text(item)}` : `${key},${text(item)}`)).join(',');
  }
  return text(value);
}

/** The Cookie header of the required cookie parameters, or undefined when there are none. */
export function cookieHeader(cookies: [Record<string, unknown>, unknown][]): string | undefined {
  if (cookies.length === 0) return undefined;
  return cookies.map(([param, value]) => `${String(param.name ?? '')}=${simpleValue(param, value)}`).join('; ');
}
