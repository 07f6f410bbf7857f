/**
 * YAML inputs (config.yaml, front matter, `_category_.yaml`) parsed with positions: syntax errors
 * point at their line and column, and `locate` finds the key a validation message is about.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node as YamlNode } from 'yaml';
import { DocsgenError, DocsgenErrors, type SourcePosition } from '../errors.ts';
import { aliasLoopIn, aliasLoopMessage } from './yaml-alias-loop.ts';

export type KeyPath = readonly (string | number)[];

/** `navbar.items[2].href`: a key path as messages write it. */
export function dotted(keyPath: KeyPath): string {
  return keyPath.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

export interface ParsedYaml {
  /** The plain value (a mapping, by the time parseYamlMapping returns). */
  data: Record<string, unknown>;
  /** Where a key (or list entry) is; falls back to its nearest parent that exists. */
  locate(keyPath: KeyPath): SourcePosition;
  /**
   * Where each of `texts` is written inside the string value at `keyPath` (a link inside HTML the
   * value holds), each looked for after the one before, so a finding about a part of a value points
   * at that part. A text that is not written as it reads (escaped, or folded across lines) is at the
   * start of the value; one of a key that is not a string value, at the key (as `locate`).
   */
  locateInValue(keyPath: KeyPath, texts: readonly string[]): SourcePosition[];
}

export interface YamlInput {
  text: string;
  file: string;
  /** Lines before the YAML text in its file (front matter starts on line 2). */
  lineOffset?: number;
  /** What a mapping of this input holds, for the hint when the document is not a mapping. */
  example: string;
  /** Names the input in syntax errors: "invalid YAML in front matter". */
  name?: string;
  /**
   * Top-level keys whose numbers are read as written (config.yaml's `vars`, which pages show as
   * text): YAML reads `version: 1.10` as the number 1.1, `0x1F` as 31 and a long id rounded.
   */
  numbersAsWritten?: readonly string[];
}

/** Parses a YAML document that must be a mapping; an empty document is an empty mapping. */
export function parseYamlMapping(input: YamlInput): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(input.text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const positionAt = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { file: input.file, line: line + (input.lineOffset ?? 0), column: col };
  };
  if (doc.errors.length > 0) {
    throw new DocsgenErrors(
      doc.errors.map((e) => {
        const twice = e.code === 'DUPLICATE_KEY' ? duplicateKeyAt(input.text, e.pos[0]) : undefined;
        if (twice) {
          const first = twice.firstOffset === undefined ? '' : ` (first at line ${positionAt(twice.firstOffset).line})`;
          return new DocsgenError(`invalid YAML${input.name ? ` in ${input.name}` : ''}: the key "${twice.key}" is written twice in one mapping${first}`, {
            position: positionAt(e.pos[0]),
            hint: `keep one "${twice.key}:" and put what both hold under it; YAML allows a key once per mapping`,
          });
        }
        return new DocsgenError(`invalid YAML${input.name ? ` in ${input.name}` : ''}: ${e.message.split('\n')[0] ?? e.message}`, {
          position: positionAt(e.pos[0]),
          hint: 'fix the YAML syntax at this position (indentation, quotes, a missing colon); quote values that contain ": "',
        });
      }),
    );
  }
  const start = positionAt(0);
  for (const key of input.numbersAsWritten ?? []) keepNumbersAsWritten(doc.get(key, true));
  const loop = aliasLoopIn(doc);
  if (loop) {
    const { message, hint } = aliasLoopMessage(loop);
    throw new DocsgenError(`invalid YAML${input.name ? ` in ${input.name}` : ''}: ${message}`, { position: positionAt(loop.offset), hint });
  }
  let data: unknown;
  try {
    data = doc.toJS() ?? {};
  } catch (error) {
    // For instance an alias (*name) to an anchor that does not exist.
    throw new DocsgenError(`invalid YAML${input.name ? ` in ${input.name}` : ''}: ${(error as Error).message}`, { position: start, hint: 'quote values that start with "*", "&" or "!"' });
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new DocsgenError('this must be a mapping of keys to values', { position: start, hint: `write "key: value" lines, for example ${input.example}` });
  }
  const locate = (keyPath: KeyPath) => locateKey(doc, keyPath, positionAt, start);
  refuseControlCharacters(data, input.name, locate);
  const locateInValue = (keyPath: KeyPath, texts: readonly string[]): SourcePosition[] => {
    const node = doc.getIn(keyPath, true);
    if (!isScalar(node) || !node.range) return texts.map(() => locate(keyPath));
    const [from, to] = node.range;
    const written = input.text.slice(from, to);
    let after = 0;
    return texts.map((text) => {
      const at = text === '' ? -1 : written.indexOf(text, after);
      if (at === -1) return positionAt(from);
      after = at + text.length;
      return positionAt(from + at);
    });
  };
  return { data: data as Record<string, unknown>, locate, locateInValue };
}

/** Finds the key (or, for list entries, the item) that a key path names; falls back to its parent. */
export function locateKey(doc: Document, keyPath: KeyPath, positionAt: (offset: number) => SourcePosition, fallback: SourcePosition | string): SourcePosition {
  let node: unknown = doc.contents;
  let best: SourcePosition = typeof fallback === 'string' ? { file: fallback, line: 1, column: 1 } : fallback;
  for (const key of keyPath) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === String(key));
      if (!pair) return best;
      const keyNode = pair.key as YamlNode | null;
      if (keyNode?.range) best = positionAt(keyNode.range[0]);
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as YamlNode | undefined;
      if (!item) return best;
      if (item.range) best = positionAt(item.range[0]);
      node = item;
    } else {
      return best;
    }
  }
  return best;
}

/** C0 controls but tab, line feed and carriage return, and DEL: what a YAML escape such as "\0" can put in a value. */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A value holding a control character (written as an escape in double quotes) would reach every
 * page as bytes no browser shows (a NUL in the title made every page a "binary" file for tools);
 * it is refused at its key.
 */
function refuseControlCharacters(data: unknown, name: string | undefined, locate: (keyPath: KeyPath) => SourcePosition, keyPath: (string | number)[] = []): void {
  if (typeof data === 'string') {
    const found = CONTROL_CHARACTER.exec(data)?.[0];
    if (found === undefined) return;
    const code = `U+${found.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
    throw new DocsgenError(`"${dotted(keyPath)}"${name ? ` in ${name}` : ''} holds the control character ${code}, which no page can show`, {
      position: locate(keyPath),
      hint: 'remove the escape (such as "\\0" or "\\x07") from the value; write a backslash as "\\\\" in double quotes, or use single quotes',
    });
  }
  if (Array.isArray(data)) data.forEach((item, i) => refuseControlCharacters(item, name, locate, [...keyPath, i]));
  else if (typeof data === 'object' && data !== null) for (const [key, value] of Object.entries(data)) refuseControlCharacters(value, name, locate, [...keyPath, key]);
}

/** Every number under `node` becomes the text it is written as (`1.10`, `0x1F`, `01234`). */
function keepNumbersAsWritten(node: unknown): void {
  if (!isMap(node) && !isSeq(node)) return;
  visit(node, {
    Scalar(_key, scalar) {
      if (typeof scalar.value === 'number' && scalar.source !== undefined) scalar.value = scalar.source;
    },
  });
}

/** The key written at `offset` (a duplicate), and where the same key is first written at the same indentation. */
function duplicateKeyAt(text: string, offset: number): { key: string; firstOffset?: number } | undefined {
  const match = /^("[^"\n]*"|'[^'\n]*'|[^:\n]+?)[ \t]*:/.exec(text.slice(offset));
  if (!match) return undefined;
  const written = match[1]!;
  const key = /^["']/.test(written) ? written.slice(1, -1) : written;
  const column = offset - (text.lastIndexOf('\n', offset - 1) + 1);
  const escaped = written.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const earlier = new RegExp(`^[ \\t]{${column}}${escaped}[ \\t]*:`, 'm').exec(text.slice(0, offset));
  return { key, ...(earlier ? { firstOffset: earlier.index + column } : {}) };
}
