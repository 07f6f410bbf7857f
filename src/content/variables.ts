/**
 * Site variables: values that many pages repeat (a release label, a port, a path) are defined once
 * under `vars:` in config.yaml and written `{{ name }}` in markdown, in text and in code blocks
 * alike. `\{{` writes the braces themselves. A reference to a name that is not defined is an error
 * at its file, line and column: a page never ships a placeholder.
 *
 * Expansion works on the markdown source, before parsing, so a value may hold markdown and the
 * markdown cache (keyed by the text it renders) sees every change of a value.
 */
import { DocsgenError, DocsgenErrors, type SourcePosition } from '../errors.ts';

export type SiteVariables = ReadonlyMap<string, string>;

/** `{{ name }}`, `{{name}}`, a dotted name for nested maps; `\{{` is the escape. */
const REFERENCE = /\\\{\{|\{\{([^{}\n]*)\}\}|\{\{/g;
const NAME = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)*$/;

export interface VariableSource {
  /** Where a config key is, for messages about a bad value. */
  locate(keyPath: (string | number)[]): SourcePosition;
}

/** Flattens `vars:` (nested maps become dotted names) and checks names and values. */
export function collectVariables(vars: Record<string, unknown> | undefined, source: VariableSource): SiteVariables {
  const out = new Map<string, string>();
  const errors: DocsgenError[] = [];
  const walk = (value: unknown, keyPath: string[]) => {
    const name = keyPath.join('.');
    if (keyPath.length > 0 && !NAME.test(keyPath[keyPath.length - 1] ?? '')) {
      errors.push(
        new DocsgenError(`variable name "${name}" is not allowed`, {
          position: source.locate(['vars', ...keyPath]),
          hint: 'use letters, digits, "_" and "-", starting with a letter or "_"',
        }),
      );
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      out.set(name, String(value));
    } else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, child] of Object.entries(value)) walk(child, [...keyPath, key]);
    } else {
      errors.push(
        new DocsgenError(`variable "${name}" must be a string, a number, true/false or a map of them`, {
          position: source.locate(['vars', ...keyPath]),
          hint: 'write the value as text, e.g. "5.4 SP1"',
        }),
      );
    }
  };
  if (vars) walk(vars, []);
  if (errors.length > 0) throw new DocsgenErrors(errors);
  return out;
}

/**
 * Replaces every `{{ name }}` of `text`. `start` is the position of the text's first character in
 * its file (line and column are 1-based), so errors point at the reference itself.
 */
export function expandVariables(text: string, vars: SiteVariables, start: SourcePosition): string {
  if (!text.includes('{{')) return text;
  const errors: DocsgenError[] = [];
  const positionOf = lineColumnCounter(text, start);
  const expanded = text.replace(REFERENCE, (match: string, inner: string | undefined, offset: number) => {
    if (match === '\\{{') return '{{';
    const name = inner?.trim() ?? '';
    const value = NAME.test(name) ? vars.get(name) : undefined;
    if (value !== undefined) return value;
    errors.push(referenceError(match, name, vars, positionOf(offset)));
    return match;
  });
  if (errors.length > 0) throw new DocsgenErrors(errors);
  return expanded;
}

function referenceError(match: string, name: string, vars: SiteVariables, position: SourcePosition): DocsgenError {
  if (!NAME.test(name)) {
    return new DocsgenError(`"${match.length > 40 ? `${match.slice(0, 40)}…` : match}" is not a variable reference`, {
      position,
      hint: 'write {{ name }} for a variable from config.yaml "vars:", or \\{{ for literal braces',
    });
  }
  const known = [...vars.keys()];
  const close = closestName(name, known);
  return new DocsgenError(`unknown variable "${name}"`, {
    position,
    hint: close
      ? `did you mean "${close}"? (names are case-sensitive)`
      : known.length > 0
        ? `define it under "vars:" in config.yaml (defined: ${known.slice(0, 12).join(', ')}${known.length > 12 ? ', …' : ''}), or write \\{{ for literal braces`
        : 'define it under "vars:" in config.yaml, or write \\{{ for literal braces',
  });
}

/** The defined name a typo most likely meant: same letters ignoring case, or at most two edits away. */
function closestName(name: string, known: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

/** Levenshtein distance, one row at a time. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Position of an offset in `text`, for offsets asked in increasing order (one pass over the text). */
function lineColumnCounter(text: string, start: SourcePosition): (offset: number) => SourcePosition {
  let line = start.line ?? 1;
  let lineStart = 0;
  let scanned = 0;
  const firstColumn = start.column ?? 1;
  return (offset) => {
    for (; scanned < offset; scanned++) {
      if (text.charCodeAt(scanned) === 10) {
        line++;
        lineStart = scanned + 1;
      }
    }
    const column = (line === (start.line ?? 1) ? firstColumn : 1) + offset - lineStart;
    return { file: start.file, line, column };
  };
}

/** Front matter fields that readers see: the title, its sidebar label, the description (and the landing's hero and cards). */
const EXPANDED_FIELDS = ['title', 'sidebar_label', 'description'] as const;

/** A doc with its variables expanded in the body and in the front matter fields readers see. */
export function expandDocVariables<T extends ExpandableDoc>(doc: T, vars: SiteVariables): T {
  if (!doc.markdown.includes('{{') && !doc.frontMatterText.includes('{{')) return doc;
  const errors: DocsgenError[] = [];
  const attempt = <V>(fn: () => V, fallback: V): V => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof DocsgenErrors) errors.push(...error.errors);
      else throw error;
      return fallback;
    }
  };
  const inField = (value: string) => attempt(() => expandVariables(value, vars, positionIn(doc.file, doc.frontMatterText, value)), value);
  const frontMatter = { ...doc.frontMatter };
  for (const key of EXPANDED_FIELDS) {
    const value = frontMatter[key];
    if (typeof value === 'string') frontMatter[key] = inField(value);
  }
  if (frontMatter.hero) {
    const { title, tagline, actions } = frontMatter.hero;
    frontMatter.hero = {
      ...frontMatter.hero,
      ...(title ? { title: inField(title) } : {}),
      ...(tagline ? { tagline: inField(tagline) } : {}),
      ...(actions ? { actions: actions.map((action) => ({ ...action, label: inField(action.label) })) } : {}),
    };
  }
  if (frontMatter.features) {
    frontMatter.features = frontMatter.features.map((card) => ({ ...card, title: inField(card.title), description: inField(card.description) }));
  }
  const markdown = attempt(() => expandVariables(doc.markdown, vars, { file: doc.file, line: 1, column: 1 }), doc.markdown);
  if (errors.length > 0) throw new DocsgenErrors(errors);
  const title = doc.frontMatter.title !== undefined ? (frontMatter.title ?? doc.title) : expandHeadingTitle(doc.title, vars, doc);
  return { ...doc, frontMatter, markdown, title };
}

/** Expands every doc, reporting the unknown references of all of them at once. */
export function expandAllDocVariables<T extends ExpandableDoc>(docs: readonly T[], vars: SiteVariables): T[] {
  const errors: DocsgenError[] = [];
  const out = docs.map((doc) => {
    try {
      return expandDocVariables(doc, vars);
    } catch (error) {
      if (!(error instanceof DocsgenErrors)) throw error;
      errors.push(...error.errors);
      return doc;
    }
  });
  if (errors.length > 0) throw new DocsgenErrors(errors);
  return out;
}

export interface ExpandableDoc {
  file: string;
  /** The front matter block as written; `markdown` is the rest, padded so that lines match the file. */
  frontMatterText: string;
  markdown: string;
  title: string;
  frontMatter: import('./frontmatter.ts').FrontMatter;
}

/** A title taken from the page's first heading is expanded like the heading itself. */
function expandHeadingTitle(title: string, vars: SiteVariables, doc: ExpandableDoc): string {
  return expandVariables(title, vars, positionIn(doc.file, doc.markdown, title));
}

/** Where a value starts in a text that begins at the file's first line, for messages about its references. */
function positionIn(file: string, text: string, value: string): SourcePosition {
  const offset = text.indexOf(value);
  if (offset < 0) return { file };
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { file, line, column: offset - before.lastIndexOf('\n') };
}
