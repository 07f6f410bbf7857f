/**
 * Loads the OpenAPI specs named in config.yaml. A file that cannot be rendered at all (not YAML or
 * JSON, not OpenAPI 3.0 or 3.1) is an error that says so; everything else wrong with a spec is a
 * finding (`invalid-api-spec`, severity `checks.onInvalidApiSpec`) and the page is still built, as
 * Swagger UI and Redoc render such specs too.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseDocument, type Document } from 'yaml';
import { parse as parseJsonWithErrors, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { hashText } from '../cache/fingerprint.ts';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import { DocsgenError, type SourcePosition } from '../errors.ts';
import type { Finding } from '../checks/findings.ts';
import { createLocator, lineColumnAt, type LocateAll } from './positions.ts';
import { validateStructure } from './validate-structure.ts';
import { ajvProblems, typedKeyPath } from './ajv-problems.ts';
import { lintDocument } from './lint.ts';
import { pointerOf, type SpecProblem } from './spec-problem.ts';
import { isObject } from './pointer.ts';
import { specJsonFileName, specJsonOf } from './spec-json.ts';
import { aliasLoopIn, aliasLoopMessage } from '../schema/yaml-alias-loop.ts';
import { strictUtf8 } from '../schema/strict-utf8.ts';

export interface ApiEntry {
  id: string;
  route: string;
  spec: string;
  splitByTag?: boolean;
}

export interface LoadedApiSpec {
  id: string;
  route: string;
  file: string;
  fileName: string;
  raw: string;
  document: Record<string, unknown>;
  version: '3.0' | '3.1';
  findings: Finding[];
  /** A YAML spec's text as JSON, in the YAML's order (spec-json.ts), published beside it. */
  json?: string;
  splitByTag?: boolean;
}

interface CachedSpec {
  document: Record<string, unknown>;
  version: '3.0' | '3.1';
  findings: Finding[];
  json?: string;
}

/**
 * Parsing and validating a large spec takes a while, so the result (document and findings) is
 * remembered by the file's content and path under the project's cache folder.
 */
export async function loadApiSpec(entry: ApiEntry, rootDir: string, cacheDir?: string, specKey?: () => SourcePosition): Promise<LoadedApiSpec> {
  const file = path.resolve(rootDir, entry.spec);
  const raw = await readSpecFile(file, entry, specKey);
  const base = { id: entry.id, route: entry.route, file, fileName: path.basename(file), raw, ...(entry.splitByTag !== undefined ? { splitByTag: entry.splitByTag } : {}) };
  const cacheFile = cacheDir ? path.join(cacheDir, `openapi-${hashText(raw, file, DOCSGEN_VERSION, 'spec-v3')}.json`) : undefined;
  const cached = cacheFile ? await readCachedJson<CachedSpec>(cacheFile) : undefined;
  if (cached) return { ...base, ...cached };
  const locate = createLocator(raw, file);
  const { document, yaml } = parseSpecText(raw, file);
  const version = renderableVersion(document, file, locate);
  const problems = [...version.problems, ...ajvProblems(await validateStructure(document, version.version), document, version.version), ...lintDocument(document, version.version)];
  const findings = toFindings(problems, document, locate);
  // Written in the YAML's order, from the parse above: done here, with what the cache keeps, not in every build.
  const json = yaml && specJsonFileName(base.fileName) ? specJsonOf(yaml) : undefined;
  const result: CachedSpec = { document, version: version.version, findings, ...(json !== undefined ? { json } : {}) };
  if (cacheFile) await writeCachedJson(cacheFile, result);
  return { ...base, ...result };
}

/**
 * The spec's text. A file that cannot be read is reported at the config line that names it (when
 * `specKey` can find it), as that line is what the user fixes.
 */
async function readSpecFile(file: string, entry: ApiEntry, specKey?: () => SourcePosition): Promise<string> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : code;
    throw new DocsgenError(`cannot read the API spec ${JSON.stringify(entry.spec)} (${why}; looked for ${file})`, {
      position: specKey?.() ?? { file },
      hint: `check the "spec" path of the API entry "${entry.id}" in config.yaml; it is relative to the folder of config.yaml`,
    });
  }
  return strictUtf8(bytes, file, 'the API spec');
}

/**
 * The spec as data; JSON for `.json` files, YAML (which JSON also is) for the rest, with the parsed
 * YAML document, which also gives the JSON file in the YAML's key order (spec-json.ts).
 */
export function parseSpecText(raw: string, file: string): { document: Record<string, unknown>; yaml?: Document } {
  const json = file.toLowerCase().endsWith('.json');
  let parsed: unknown;
  let yaml: Document | undefined;
  try {
    if (json) parsed = JSON.parse(raw);
    else {
      yaml = parseDocument(raw);
      // As yaml's parse() does: the first error is thrown; toJS throws on an alias bomb.
      if (yaml.errors[0]) throw yaml.errors[0];
      parsed = yaml.toJS({ maxAliasCount: 10_000 });
    }
  } catch (error) {
    if (json) throw jsonSyntaxError(raw, file);
    // The position is the message's prefix already: not "… at line 16, column 1:" again after it.
    const message = ((error as Error).message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
    const yamlPos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    const position = { file, ...(yamlPos ? { line: yamlPos.line, column: yamlPos.col } : {}) };
    // The yaml library's words for it name its own API ("please use YAML.parseAllDocuments()").
    if (/multiple documents/i.test(message)) {
      throw new DocsgenError('the API spec holds more than one YAML document: a line of "---" starts another one here', { position, hint: 'an OpenAPI description is one document: remove the second one, or check that "spec" in config.yaml names the right file' });
    }
    throw new DocsgenError(`the API spec is not valid YAML: ${message}`, { position, hint: 'fix the syntax at this position' });
  }
  const loop = yaml && aliasLoopIn(yaml);
  if (loop) {
    const { message, hint } = aliasLoopMessage(loop);
    throw new DocsgenError(`the API spec cannot be read: ${message}`, { position: { file, ...lineColumnAt(raw, loop.offset) }, hint });
  }
  if (!isObject(parsed)) {
    const what = Array.isArray(parsed) ? 'a list' : parsed === null || parsed === undefined ? 'empty' : 'a single value';
    throw new DocsgenError(`the API spec is not an OpenAPI document: the file is ${what}, not a map of keys`, {
      position: { file, line: 1, column: 1 },
      hint: 'an OpenAPI file starts with "openapi: 3.1.0" (or 3.0.x), "info" and "paths"',
    });
  }
  return { document: parsed, ...(yaml ? { yaml } : {}) };
}

const JSON_PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'an unexpected character',
  ValueExpected: 'a value is missing',
  PropertyNameExpected: 'a property name in double quotes is missing',
  CommaExpected: 'a comma is missing',
  ColonExpected: 'a colon is missing',
  CloseBraceExpected: 'a closing } is missing',
  CloseBracketExpected: 'a closing ] is missing',
  EndOfFileExpected: 'there is more text after the end of the document',
  UnexpectedEndOfString: 'a string is not closed',
};

/** JSON.parse says what but not where; jsonc-parser finds the first problem's offset. */
function jsonSyntaxError(raw: string, file: string): DocsgenError {
  const errors: ParseError[] = [];
  parseJsonWithErrors(raw, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  const what = first ? (JSON_PROBLEMS[printParseErrorCode(first.error)] ?? printParseErrorCode(first.error)) : 'it cannot be read';
  return new DocsgenError(`the API spec is not valid JSON: ${what}`, { position: { file, ...(first ? lineColumnAt(raw, first.offset) : {}) }, hint: 'fix the syntax at this position' });
}

const CONVERT_HINT = 'convert it to OpenAPI 3 once, for example with `npx swagger2openapi spec.yaml -o spec-v3.yaml`, and point the "spec" of this API entry in config.yaml at the result';

/** OpenAPI 3.0 or 3.1, or an error saying why the file cannot be rendered. */
function renderableVersion(document: Record<string, unknown>, file: string, locate: LocateAll): { version: '3.0' | '3.1'; problems: SpecProblem[] } {
  const value = document.openapi;
  const at = (key: string) => locate([[key]])[0] ?? { file };
  if (document.swagger !== undefined && value === undefined) {
    throw new DocsgenError(`this is a Swagger ${String(document.swagger)} file (OpenAPI 2); docsgen renders OpenAPI 3.0 and 3.1`, { position: at('swagger'), hint: CONVERT_HINT });
  }
  if (value === undefined) {
    throw new DocsgenError('the API spec has no "openapi" field, so it is not an OpenAPI 3 document', {
      position: { file, line: 1, column: 1 },
      hint: 'add "openapi: 3.1.0" (or the 3.0.x version the file was written for) at the top; a Swagger 2.0 file says "swagger: \'2.0\'" and needs converting',
    });
  }
  const text = typeof value === 'number' ? (value === 3 ? '3.0' : String(value)) : String(value);
  const version = /^3\.0(\.\d+)?$/.test(text) ? '3.0' : /^3\.1(\.\d+)?$/.test(text) ? '3.1' : undefined;
  if (!version) {
    const two = /^2(\.|$)/.test(text);
    throw new DocsgenError(`"openapi: ${text}" is not a version docsgen can render: it renders OpenAPI 3.0 and 3.1${two ? ' (version 2 files are Swagger files, which say swagger: "2.0")' : ''}`, {
      position: at('openapi'),
      hint: two ? CONVERT_HINT : 'set "openapi" to the 3.0.x or 3.1.x version the file follows',
    });
  }
  const problems: SpecProblem[] = [];
  if (typeof value !== 'string') {
    // Validation runs on the document as read; the schema wants the version as text.
    document.openapi = `${version}.0`;
    problems.push({ keyPath: ['openapi'], message: `"openapi: ${String(value)}" is read as a number`, hint: `write the version as text, with quotes: openapi: "${version}.0"` });
  }
  return { version, problems };
}

/** Problems as findings, their positions looked up in one pass over the file. */
function toFindings(problems: SpecProblem[], document: unknown, locate: LocateAll): Finding[] {
  const typed = problems.map((p) => ({ ...p, keyPath: typedKeyPath(document, p.keyPath) }));
  const positions = locate(typed.map((p) => p.keyPath));
  return typed.map((problem, i) => {
    const position = positions[i] ?? { file: '' };
    // Without a line, the JSON pointer is the only way to find the place.
    const message = position.line === undefined ? `${problem.message} (${pointerOf(problem)})` : problem.message;
    return { kind: 'invalid-api-spec', message, position, hint: problem.hint };
  });
}
