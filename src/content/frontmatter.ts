/**
 * Splits a markdown file into YAML front matter and body, and checks the front matter's keys and
 * types. Positions in messages are positions in the markdown file itself.
 */
import { LineCounter, parseDocument, isMap, type Node as YamlNode } from 'yaml';
import { DocsgenError, type SourcePosition } from '../errors.ts';

export interface HeroAction {
  label: string;
  to: string;
  variant?: 'primary' | 'secondary';
}

export interface FeatureCard {
  title: string;
  description: string;
  to: string;
}

export interface FrontMatter {
  title?: string;
  id?: string;
  slug?: string;
  sidebar_label?: string;
  sidebar_position?: number;
  description?: string;
  draft?: boolean;
  hide_table_of_contents?: boolean;
  layout?: 'doc' | 'landing';
  hero?: { title?: string; tagline?: string; actions?: HeroAction[] };
  features?: FeatureCard[];
}

export interface Warning {
  message: string;
  position: SourcePosition;
}

type Check = (value: unknown) => boolean;
const isString: Check = (v) => typeof v === 'string';
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isBoolean: Check = (v) => typeof v === 'boolean';
const isObject: Check = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

const KNOWN_KEYS: Record<keyof FrontMatter, { check: Check; expected: string }> = {
  title: { check: isString, expected: 'a string' },
  id: { check: (v) => isString(v) && /^[A-Za-z0-9/_.-]+$/.test(v as string), expected: 'letters, digits, "-", "_", "." or "/"' },
  slug: { check: (v) => isString(v) && !/[?#\s]/.test(v as string), expected: 'a path without spaces, "?" or "#"' },
  sidebar_label: { check: isString, expected: 'a string' },
  sidebar_position: { check: isNumber, expected: 'a number' },
  description: { check: isString, expected: 'a string' },
  draft: { check: isBoolean, expected: 'true or false' },
  hide_table_of_contents: { check: isBoolean, expected: 'true or false' },
  layout: { check: (v) => v === 'doc' || v === 'landing', expected: '"doc" or "landing"' },
  hero: { check: isObject, expected: 'a mapping with title, tagline and actions' },
  features: {
    check: (v) =>
      Array.isArray(v) && v.every((f) => isObject(f) && isString((f as FeatureCard).title) && isString((f as FeatureCard).to)),
    expected: 'a list of { title, description, to }',
  },
};

export interface ParsedMarkdownFile {
  frontMatter: FrontMatter;
  body: string;
  /** Number of lines before the body starts (the front matter block), to map body positions back. */
  bodyLineOffset: number;
  warnings: Warning[];
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function parseMarkdownFile(text: string, file: string): ParsedMarkdownFile {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const match = FENCE.exec(source);
  if (!match) {
    if (/^---[ \t]*\r?\n/.test(source)) {
      throw new DocsgenError('front matter is not closed', {
        position: { file, line: 1, column: 1 },
        hint: 'end the front matter block with a line that holds only "---"',
      });
    }
    return { frontMatter: {}, body: source, bodyLineOffset: 0, warnings: [] };
  }
  const yamlText = match[1] ?? '';
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, uniqueKeys: true, prettyErrors: false });
  // The YAML starts on line 2 of the file (after the opening fence).
  const positionAt = (offset: number): SourcePosition => {
    const { line, col } = lineCounter.linePos(offset);
    return { file, line: line + 1, column: col };
  };
  const firstError = doc.errors[0];
  if (firstError) {
    throw new DocsgenError(`invalid YAML in front matter: ${firstError.message.split('\n')[0]}`, {
      position: positionAt(firstError.pos[0]),
      hint: 'fix the YAML syntax; quote values that contain ": " or start with a special character',
    });
  }
  let data: unknown;
  try {
    data = doc.toJS() ?? {};
  } catch (error) {
    // For instance an alias (*name) to an anchor that does not exist.
    throw new DocsgenError(`invalid YAML in front matter: ${(error as Error).message}`, {
      position: { file, line: 2, column: 1 },
      hint: 'quote values that start with "*", "&" or "!"',
    });
  }
  if (!isObject(data)) {
    throw new DocsgenError('front matter must be a mapping of keys to values', {
      position: { file, line: 2, column: 1 },
      hint: 'write "key: value" lines, for example "title: Installing the hub"',
    });
  }
  const warnings: Warning[] = [];
  const keyPosition = (key: string): SourcePosition => {
    if (isMap(doc.contents)) {
      const pair = doc.contents.items.find((p) => String((p.key as { value?: unknown } | null)?.value) === key);
      const range = (pair?.key as YamlNode | undefined)?.range;
      if (range) return positionAt(range[0]);
    }
    return { file, line: 2, column: 1 };
  };
  const frontMatter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    const rule = KNOWN_KEYS[key as keyof FrontMatter];
    if (!rule) {
      warnings.push({ message: `unknown front matter key "${key}" is ignored`, position: keyPosition(key) });
      continue;
    }
    if (!rule.check(value)) {
      throw new DocsgenError(`front matter "${key}" must be ${rule.expected}`, {
        position: keyPosition(key),
        hint: `change the value of "${key}"`,
      });
    }
    frontMatter[key] = value;
  }
  const bodyLineOffset = match[0].split('\n').length - (match[0].endsWith('\n') ? 1 : 0);
  return { frontMatter: frontMatter as FrontMatter, body: source.slice(match[0].length), bodyLineOffset, warnings };
}
