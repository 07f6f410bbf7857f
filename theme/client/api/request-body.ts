/**
 * What Try it checks of the request body before Execute sends it (loaded with Try it, not while
 * reading). Swagger UI alone sends any text typed into a JSON body editor, so a stray comma went
 * to the hub, and the reader learnt of it, if at all, from the hub's answer; and an emptied editor
 * still sent `Content-Type: application/json` with nothing after it, which a curl without `--data`
 * never does.
 *
 * JSON.parse decides whether a body is JSON (what the hub's parser accepts), and a scan of our own
 * says where it is not: engines word their errors differently, and some give no position at all
 * (V8's "Unexpected token 'x', … is not valid JSON", Safari's "JSON Parse error: …").
 */

export interface BodyToSend {
  /** The editor's text; Swagger UI holds null once the editor is emptied. */
  text: string | null | undefined;
  mediaType: string | null | undefined;
  /** The operation's `requestBody.required`. */
  required: boolean;
}

export interface Place {
  line: number;
  column: number;
}

export interface SyntaxProblem {
  offset: number;
  problem: string;
}

/** application/json and the types built on it (`application/merge-patch+json`), parameters aside. */
export function isJsonMediaType(mediaType: string | null | undefined): boolean {
  const essence = (mediaType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return essence === 'application/json' || /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+\+json$/.test(essence);
}

/** JSON's own whitespace (RFC 8259): a JSON body of nothing else holds no value to send. */
const isBlankJson = (text: string) => /^[ \t\n\r]*$/.test(text);

/** No body to send: an emptied editor, or, for JSON, one with nothing but whitespace left. */
function isEmptyBody(text: string, json: boolean): boolean {
  return json ? isBlankJson(text) : text === '';
}

/** Why Execute must not send this body, in words the reader can act on; undefined when it may go. */
export function bodyProblem(body: BodyToSend): string | undefined {
  const json = isJsonMediaType(body.mediaType);
  const text = body.text ?? '';
  if (isEmptyBody(text, json)) {
    return body.required ? 'This operation requires a request body, and the body editor is empty. Type the body to send, then press Execute again.' : undefined;
  }
  if (!json) return undefined;
  const error = jsonSyntaxProblem(text);
  if (!error) return undefined;
  const { line, column } = placeOf(text, error.offset);
  const remedy = body.required ? 'Correct it' : 'Correct it, or empty the editor to send no body';
  return `The request body is not valid JSON: at line ${line}, column ${column}, ${error.problem}. ${remedy}, then press Execute again.`;
}

/** Line and column (from 1, in characters as the reader sees them) of a UTF-16 offset into `text`. */
export function placeOf(text: string, offset: number): Place {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: [...before.slice(lineStart)].length + 1 };
}

/** Where and why `text` is no JSON, or undefined when JSON.parse takes it. */
export function jsonSyntaxProblem(text: string): SyntaxProblem | undefined {
  let engineMessage: string;
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    engineMessage = error instanceof Error ? error.message : String(error);
  }
  // The scan recurses once per nesting level: a body nested beyond the stack falls back to the
  // engine's own words and position (V8: "… at position N").
  try {
    const problem = scanJson(text);
    if (problem) return problem;
  } catch {
    // fall through
  }
  const position = /position (\d+)/.exec(engineMessage)?.[1];
  return { offset: position === undefined ? text.length : Number(position), problem: `the browser's JSON parser stops: ${engineMessage}` };
}

/** The first place where `text` departs from JSON's grammar (RFC 8259), or undefined where it does not. */
export function scanJson(text: string): SyntaxProblem | undefined {
  const end = scanValue(text, 0, true);
  return typeof end === 'number' ? undefined : end;
}

/** A step of the scan: the offset after what was read, or what is wrong. */
type Step = number | SyntaxProblem;

const WHITESPACE = new Set([' ', '\t', '\n', '\r']);

function skipWhitespace(text: string, at: number): number {
  let next = at;
  while (next < text.length && WHITESPACE.has(text[next] as string)) next += 1;
  return next;
}

/** What stands at `at`, as a reader would name it. */
function found(text: string, at: number): string {
  if (at >= text.length) return 'the end of the body';
  const char = String.fromCodePoint(text.codePointAt(at) as number);
  if (char === '"') return 'a double quote';
  if (char === "'") return 'a single quote';
  // A space other than JSON's own (a no-break space pasted from a page) or a control character would show as nothing.
  if (/[\s\p{C}]/u.test(char)) return `the invisible character U+${(char.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
  return `"${char}"`;
}

const expected = (what: string, text: string, at: number): SyntaxProblem => ({ offset: at, problem: `${what} is expected, not ${found(text, at)}` });

/** One JSON value from `at` (whitespace before it skipped); at the top, nothing may follow it. */
function scanValue(text: string, from: number, top = false): Step {
  const at = skipWhitespace(text, from);
  const end = scanBare(text, at);
  if (!top || typeof end !== 'number') return end;
  const rest = skipWhitespace(text, end);
  return rest < text.length ? { offset: rest, problem: `the JSON value has ended, yet ${found(text, rest)} follows it (a body holds one value)` } : rest;
}

function scanBare(text: string, at: number): Step {
  const char = text[at];
  if (char === '{') return scanObject(text, at + 1);
  if (char === '[') return scanArray(text, at + 1);
  if (char === '"') return scanString(text, at);
  if (char === '-' || (char !== undefined && char >= '0' && char <= '9')) return scanNumber(text, at);
  for (const word of ['true', 'false', 'null']) if (text.startsWith(word, at)) return at + word.length;
  return expected('a value (an object, array, string in double quotes, number, true, false or null)', text, at);
}

function scanObject(text: string, from: number): Step {
  let at = skipWhitespace(text, from);
  if (text[at] === '}') return at + 1;
  for (;;) {
    if (text[at] !== '"') return expected('a property name in double quotes', text, at);
    const name = scanString(text, at);
    if (typeof name !== 'number') return name;
    at = skipWhitespace(text, name);
    if (text[at] !== ':') return expected('a colon after the property name', text, at);
    const value = scanValue(text, at + 1);
    if (typeof value !== 'number') return value;
    at = skipWhitespace(text, value);
    if (text[at] === '}') return at + 1;
    if (text[at] !== ',') return expected('a comma or }', text, at);
    const comma = at;
    at = skipWhitespace(text, at + 1);
    if (text[at] === '}') return { offset: comma, problem: 'a comma follows the last property, which JSON does not allow' };
  }
}

function scanArray(text: string, from: number): Step {
  let at = skipWhitespace(text, from);
  if (text[at] === ']') return at + 1;
  for (;;) {
    const item = scanValue(text, at);
    if (typeof item !== 'number') return item;
    at = skipWhitespace(text, item);
    if (text[at] === ']') return at + 1;
    if (text[at] !== ',') return expected('a comma or ]', text, at);
    const comma = at;
    at = skipWhitespace(text, at + 1);
    if (text[at] === ']') return { offset: comma, problem: 'a comma follows the last item, which JSON does not allow' };
  }
}

const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);

/** A string from its opening quote at `start`. */
function scanString(text: string, start: number): Step {
  for (let at = start + 1; at < text.length; at += 1) {
    const char = text[at] as string;
    if (char === '"') return at + 1;
    // Most often a closing quote forgotten at the end of a line.
    if (char === '\n' || char === '\r') return { offset: at, problem: 'a string has no closing double quote before this line break (JSON writes a line break inside a string as \\n)' };
    if (char < ' ') return { offset: at, problem: 'a string holds a tab or other control character, which JSON writes as an escape (\\t, \\u0000)' };
    if (char !== '\\') continue;
    const escape = text[at + 1] ?? '';
    if (ESCAPES.has(escape)) at += 1;
    else if (escape === 'u' && /^[\da-f]{4}$/i.test(text.slice(at + 2, at + 6))) at += 5;
    else return { offset: at, problem: 'a backslash in a string starts no JSON escape (write \\\\ for a backslash)' };
  }
  return { offset: start, problem: 'a string starts here and has no closing double quote' };
}

/** JSON's numbers: no leading zeros, no leading +, digits on both sides of the point. */
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

function scanNumber(text: string, at: number): Step {
  NUMBER.lastIndex = at;
  const match = NUMBER.exec(text);
  const end = match ? at + match[0].length : at;
  if (!match || /[\d.eE+-]/.test(text[end] ?? '')) return { offset: at, problem: 'a number is not written as JSON writes numbers (no leading zeros, digits before and after a decimal point)' };
  return end;
}

/** Swagger UI's request as it leaves (swagger-client's): its headers and body. */
export interface OutgoingRequest {
  headers?: Record<string, string>;
  body?: unknown;
}

/**
 * Whether the request has no body to send: none, an empty one, or, for JSON, nothing but
 * whitespace (an optional body the reader emptied; a required one never gets this far).
 */
export function sendsNoBody(request: OutgoingRequest): boolean {
  const { body } = request;
  if (body === undefined || body === null || body === '') return true;
  const type = Object.entries(request.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
  return typeof body === 'string' && isJsonMediaType(type) && isBlankJson(body);
}

/** The request without a body and without the Content-Type of a body it does not have. */
export function withoutEmptyBody<T extends OutgoingRequest>(request: T): T {
  if (!sendsNoBody(request)) return request;
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).filter(([name]) => name.toLowerCase() !== 'content-type'));
  const sent = { ...request, headers };
  delete sent.body;
  return sent;
}
