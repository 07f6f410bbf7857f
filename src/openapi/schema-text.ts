/** Schema keywords said in words: ranges, lengths, patterns, item counts; values as short JSON. */

const MAX_VALUE_TEXT = 300;
const INVISIBLE = /[\u0000-\u001f\u2028\u2029]/g;

/**
 * A value as it appears in a spec, shortened when it is long: JSON, but a string is its own text in
 * quotes, as Redoc shows it. JSON's escapes made `C:\cache` read `"C:\\cache"`, two backslashes to a
 * reader; only characters that cannot be seen (line breaks, tabs) keep theirs.
 */
export function jsonText(value: unknown): string {
  const text = typeof value === 'string' ? `"${value.replace(INVISIBLE, escapeInvisible)}"` : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
}

/** `\n`, `\t` as JSON writes them; others as `\u2028`. */
function escapeInvisible(c: string): string {
  const json = JSON.stringify(c).slice(1, -1);
  return json !== c ? json : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

export function describeConstraints(s: Record<string, unknown>): string[] {
  const out: string[] = [];
  out.push(...numberRange(s));
  const length = range(s.minLength, s.maxLength, 'character');
  if (length) out.push(length);
  if (typeof s.pattern === 'string') out.push(`pattern ${s.pattern}`);
  const items = range(s.minItems, s.maxItems, 'item');
  if (items) out.push(items);
  if (s.uniqueItems === true) out.push('unique items');
  const props = range(s.minProperties, s.maxProperties, 'property');
  if (props) out.push(props.replace(/propertys\b/, 'properties'));
  if (typeof s.multipleOf === 'number') out.push(`multiple of ${s.multipleOf}`);
  return out;
}

/** 3.0 writes exclusiveMinimum as a flag beside minimum, 3.1 as the bound itself. */
function numberRange(s: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (typeof s.minimum === 'number') out.push(`${s.exclusiveMinimum === true ? '>' : '≥'} ${s.minimum}`);
  if (typeof s.exclusiveMinimum === 'number') out.push(`> ${s.exclusiveMinimum}`);
  if (typeof s.maximum === 'number') out.push(`${s.exclusiveMaximum === true ? '<' : '≤'} ${s.maximum}`);
  if (typeof s.exclusiveMaximum === 'number') out.push(`< ${s.exclusiveMaximum}`);
  return out;
}

function range(min: unknown, max: unknown, unit: string): string | undefined {
  const lo = typeof min === 'number' && min > 0 ? min : undefined;
  const hi = typeof max === 'number' ? max : undefined;
  const plural = (n: number) => `${unit}${n === 1 ? '' : 's'}`;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo} ${plural(lo)}` : `${lo}–${hi} ${plural(hi)}`;
  if (lo !== undefined) return `at least ${lo} ${plural(lo)}`;
  if (hi !== undefined) return `at most ${hi} ${plural(hi)}`;
  return undefined;
}
