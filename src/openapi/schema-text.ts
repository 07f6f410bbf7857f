/** Schema keywords said in words: ranges, lengths, patterns, item counts; values as short JSON. */

const MAX_VALUE_TEXT = 300;

/** A value as it appears in a spec (JSON), shortened when it is long. */
export function jsonText(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > MAX_VALUE_TEXT ? `${text.slice(0, MAX_VALUE_TEXT - 1)}…` : text;
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
