/**
 * Validates a parsed YAML input against its schema (zod, the one source of each input's shape and
 * type) and turns every problem into a message at the key's file, line and column, in words that
 * say what is allowed: "navbar.items[2].href" must be an http(s) or mailto URL, or a path inside …
 */
import { z } from 'zod';
import { DocsgenError, DocsgenErrors, type SourcePosition } from '../errors.ts';
import { dotted, type KeyPath, type ParsedYaml } from './yaml.ts';

export interface InputWarning {
  message: string;
  position: SourcePosition;
}

export interface ValidateOptions {
  /** Unknown keys at the top level are warnings (front matter) instead of errors. */
  warnUnknownTopLevelKeys?: boolean;
  /** Hint for keys the schema does not know, e.g. 'config.yaml keys are listed in the README'. */
  reference: string;
  /** Names the input in messages about a key, e.g. 'front matter' → 'front matter "title" must be text'. */
  subject?: string;
}

export function validateYaml<S extends z.ZodType>(schema: S, parsed: ParsedYaml, options: ValidateOptions): { value: z.output<S>; warnings: InputWarning[] } {
  const warnings: InputWarning[] = [];
  let data = parsed.data;
  if (options.warnUnknownTopLevelKeys) {
    const known = new Set(keysAt(schema, []) ?? []);
    const unknown = Object.keys(data).filter((key) => !known.has(key));
    for (const key of unknown) warnings.push({ message: `unknown front matter key "${key}" is ignored`, position: parsed.locate([key]) });
    if (unknown.length > 0) data = Object.fromEntries(Object.entries(data).filter(([key]) => known.has(key)));
  }
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data, warnings };
  const errors = result.error.issues.flatMap((issue) => issueToErrors(issue, schema, data, parsed, options));
  throw errors.length === 1 && errors[0] ? errors[0] : new DocsgenErrors(errors);
}

function issueToErrors(issue: z.core.$ZodIssue, schema: z.ZodType, data: unknown, parsed: ParsedYaml, options: ValidateOptions): DocsgenError[] {
  const keyPath = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  if (issue.code === 'unrecognized_keys') {
    const allowed = keysAt(schema, keyPath);
    return issue.keys.map(
      (key) =>
        new DocsgenError(`unknown key "${dotted([...keyPath, key])}"`, {
          position: parsed.locate([...keyPath, key]),
          hint: `remove it or check its spelling${allowed ? `; allowed here: ${allowed.join(', ')}` : ''} (${options.reference})`,
        }),
    );
  }
  if (issue.code === 'invalid_type' && valueAt(data, keyPath) === undefined) {
    const key = String(keyPath.at(-1));
    return [new DocsgenError(`missing key "${dotted(keyPath)}"`, { position: parsed.locate(keyPath.slice(0, -1)), hint: `add "${key}" here (${options.reference})` })];
  }
  const subject = keyPath.length > 0 ? `${options.subject ? `${options.subject} ` : ''}"${dotted(keyPath)}"` : (options.subject ?? 'the file');
  return [new DocsgenError(`${subject} ${inWords(issue)}`, { position: parsed.locate(keyPath), hint: options.reference })];
}

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a mapping of keys to values',
};

/** What the value must be, in words. Messages written in the schemas already start with "must". */
function inWords(issue: z.core.$ZodIssue): string {
  if (issue.message.startsWith('must')) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `must be ${JSON.stringify(issue.values[0])}` : `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      return issue.origin === 'array' ? `must have at least ${issue.minimum} entries` : `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' ? `must have at most ${issue.maximum} entries` : `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    default:
      return issue.message;
  }
}

/** The keys a schema allows at a key path (objects inside optional, default, list …), if it is an object there. */
export function keysAt(schema: z.ZodType, keyPath: KeyPath): string[] | undefined {
  let node: z.ZodType | undefined = unwrap(schema);
  for (const key of keyPath) {
    if (!node) return undefined;
    if (node instanceof z.ZodObject) node = unwrap(node.shape[String(key)] as z.ZodType | undefined);
    else if (node instanceof z.ZodArray) node = unwrap(node.element as z.ZodType);
    else return undefined;
  }
  return node instanceof z.ZodObject ? Object.keys(node.shape) : undefined;
}

function unwrap(schema: z.ZodType | undefined): z.ZodType | undefined {
  let node = schema;
  while (node && (node instanceof z.ZodOptional || node instanceof z.ZodDefault || node instanceof z.ZodPrefault || node instanceof z.ZodNullable)) {
    node = node.unwrap() as z.ZodType;
  }
  return node;
}

function valueAt(data: unknown, keyPath: KeyPath): unknown {
  let node = data;
  for (const key of keyPath) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string | number, unknown>)[key];
  }
  return node;
}

/** `navbar.items[2].href` */
