/**
 * Code samples of an operation: curl, JavaScript (fetch), Python (requests) and PowerShell
 * (Invoke-RestMethod: the hub and its hosts run on Windows, whose shells run neither curl's quoting
 * nor its line breaks), with the server URL (its variables at their defaults) and the parameters
 * filled in, and the request body when there is one. Required query parameters and headers are
 * included; optional ones are left to the reader.
 */
import type { ApiCodeSample } from '../../theme/api-model.ts';
import { insidePowershellQuotes, insideShellQuotes } from '../../theme/sample-quotes.ts';

export interface SampleRequest {
  method: string;
  /** Server URL + path with path parameters filled in and encoded. */
  url: string;
  query: [string, string][];
  headers: [string, string][];
  /**
   * `files`: the fields of a multipart body that carry files (see file-fields.ts); `madeUp`: the
   * value holds values made from the schema, not the spec's (each sample then says so first).
   */
  body?: { mediaType: string; value: unknown; files?: string[]; madeUp?: boolean };
}

/** The first line of a sample whose body holds made-up values, after the language's comment mark. */
export const MADE_UP_NOTE = 'Values made from the schema: replace them before you run this.';

const isMultipart = (mediaType: string) => /multipart\/form-data/.test(mediaType);

/** The fields of a multipart body: each with its text, or marked as a file to upload. */
function multipartFields(body: NonNullable<SampleRequest['body']>): { name: string; text: string; file: boolean }[] {
  const files = new Set(body.files ?? []);
  const fields = Object.entries(asRecord(body.value)).map(([name, value]) => ({ name, text: typeof value === 'string' ? value : JSON.stringify(value), file: files.has(name) }));
  // A required file field may be missing from a made-up value; it is the point of the request.
  for (const name of files) if (!fields.some((field) => field.name === name)) fields.push({ name, text: '', file: true });
  return fields;
}

export function codeSamples(request: SampleRequest): ApiCodeSample[] {
  // A shell skips a `#` line before the command, so the copied curl still runs.
  const note = (mark: string, code: string) => (request.body?.madeUp ? `${mark} ${MADE_UP_NOTE}\n${code}` : code);
  return [
    { lang: 'curl', label: 'curl', code: note('#', curlSample(request)) },
    { lang: 'javascript', label: 'JavaScript', code: note('//', fetchSample(request)) },
    { lang: 'python', label: 'Python', code: note('#', pythonSample(request)) },
    { lang: 'powershell', label: 'PowerShell', code: note('#', powershellSample(request)) },
  ];
}

function fullUrl(request: SampleRequest): string {
  if (request.query.length === 0) return request.url;
  return `${request.url}?${new URLSearchParams(request.query).toString()}`;
}

/** A JSON media type (`application/json`, `application/problem+json`…): its body is sent as JSON text. */
export function isJsonMediaType(mediaType: string): boolean {
  return /[/+]json\b/.test(mediaType);
}

function isForm(mediaType: string): boolean {
  return mediaType === 'application/x-www-form-urlencoded';
}

/** Single quotes for the shell: nothing inside is expanded. */
function shellQuote(text: string): string {
  return `'${insideShellQuotes(text)}'`;
}

function curlSample(request: SampleRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(fullUrl(request))}`];
  for (const [name, value] of request.headers) lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  const body = request.body;
  if (body) {
    if (isMultipart(body.mediaType)) {
      for (const field of multipartFields(body)) lines.push(`-F ${shellQuote(`${field.name}=${field.file ? `@path/to/${field.name}` : field.text}`)}`);
    } else {
      lines.push(`-H ${shellQuote(`Content-Type: ${body.mediaType}`)}`);
      if (isForm(body.mediaType)) lines.push(`--data ${shellQuote(formText(body.value))}`);
      else if (isJsonMediaType(body.mediaType) || typeof body.value === 'string') lines.push(`--data ${shellQuote(bodyText(body))}`);
      else lines.push('--data-binary @body.bin');
    }
  }
  return lines.join(' \\\n  ');
}

function fetchSample(request: SampleRequest): string {
  const headers: [string, string][] = [...request.headers];
  const body = request.body;
  let bodyLine: string | undefined;
  const before: string[] = [];
  if (body && !isMultipart(body.mediaType)) headers.push(['Content-Type', body.mediaType]);
  if (body) {
    if (isJsonMediaType(body.mediaType)) bodyLine = `  body: JSON.stringify(${indent(JSON.stringify(body.value, null, 2) ?? 'null', '  ')}),`;
    else if (isForm(body.mediaType)) bodyLine = `  body: new URLSearchParams(${JSON.stringify(formText(body.value))}),`;
    else if (isMultipart(body.mediaType)) {
      // fetch sets the multipart Content-Type, with its boundary, from the FormData.
      before.push('const formData = new FormData();', ...multipartFields(body).map((field) => formDataLine(field)), '');
      bodyLine = '  body: formData,';
    } else bodyLine = `  body: ${typeof body.value === 'string' ? JSON.stringify(body.value) : 'data'},`;
  }
  const options = [`  method: ${JSON.stringify(request.method)},`];
  if (headers.length > 0) options.push(`  headers: {\n${headers.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)},`).join('\n')}\n  },`);
  if (bodyLine) options.push(bodyLine);
  return [
    ...before,
    `const response = await fetch(${JSON.stringify(fullUrl(request))}, {`,
    ...options,
    '});',
    'console.log(response.status, await response.text());',
  ].join('\n');
}

/** PowerShell's single quotes (see insidePowershellQuotes); such a string may span lines, so a body keeps its line breaks. */
export function powershellQuote(text: string): string {
  return `'${insidePowershellQuotes(text)}'`;
}

/**
 * Invoke-RestMethod with its arguments splatted from one table, which copies and edits more safely
 * than backtick line continuations. Written for Windows PowerShell 5.1 and PowerShell 7 alike, with
 * parameters both document (the body's type in -ContentType); only a multipart body needs
 * PowerShell 7's -Form, which the sample says.
 */
function powershellSample(request: SampleRequest): string {
  const before: string[] = [];
  const params: [string, string][] = [
    ['Method', powershellQuote(request.method)],
    ['Uri', powershellQuote(fullUrl(request))],
  ];
  if (request.headers.length > 0) {
    before.push('$headers = @{', ...request.headers.map(([name, value]) => `  ${powershellQuote(name)} = ${powershellQuote(value)}`), '}');
    params.push(['Headers', '$headers']);
  }
  const body = request.body;
  if (body && isMultipart(body.mediaType)) {
    const fields = multipartFields(body).map((field) => `  ${powershellQuote(field.name)} = ${field.file ? `Get-Item -LiteralPath ${powershellQuote(`path/to/${field.name}`)}` : powershellQuote(field.text)}`);
    before.push('# -Form needs PowerShell 7 or later.', '$form = @{', ...fields, '}');
    params.push(['Form', '$form']);
  } else if (body) {
    const text = isForm(body.mediaType) ? formText(body.value) : bodyText(body);
    params.push(['ContentType', powershellQuote(powershellContentType(body.mediaType, text))]);
    // JSON's own lines are indented under `Body`, which changes no value; other text is sent as written.
    if (isJsonMediaType(body.mediaType)) params.push(['Body', indent(powershellQuote(text), '  ')]);
    else if (isForm(body.mediaType) || typeof body.value === 'string') params.push(['Body', powershellQuote(text)]);
    else params.push(['InFile', powershellQuote('body.bin')]);
  }
  const table = ['$params = @{', ...params.map(([name, value]) => `  ${name} = ${value}`), '}'];
  return [...before, ...table, 'Invoke-RestMethod @params'].join('\n');
}

/**
 * The body's type, with `charset=utf-8` when its text (as sent) is not all ASCII and the type names no
 * charset: Windows PowerShell 5.1 (and PowerShell before 7.4) encodes a string body without one as
 * ISO-8859-1, which would send other characters than the sample shows.
 */
function powershellContentType(mediaType: string, text: string): string {
  const ascii = /^[\u0000-\u007f]*$/.test(text);
  return ascii || /;\s*charset=/i.test(mediaType) ? mediaType : `${mediaType}; charset=utf-8`;
}

function pythonSample(request: SampleRequest): string {
  const args = [`    ${pythonString(request.url)},`];
  if (request.query.length > 0) args.push(`    params=${pythonParams(request.query)},`);
  const headers: [string, string][] = [...request.headers];
  const body = request.body;
  if (body) {
    if (isJsonMediaType(body.mediaType)) {
      if (body.mediaType !== 'application/json') headers.push(['Content-Type', body.mediaType]);
      args.push(`    json=${pythonLiteral(body.value, '    ')},`);
    } else if (isForm(body.mediaType)) {
      args.push(`    data=${pythonLiteral(stringValues(body.value), '    ')},`);
    } else if (isMultipart(body.mediaType)) {
      // requests sends `files` and `data` together as one multipart body.
      const fields = multipartFields(body);
      const files = fields.filter((field) => field.file).map((field) => `        ${pythonString(field.name)}: open(${pythonString(`path/to/${field.name}`)}, "rb"),`);
      const texts = fields.filter((field) => !field.file);
      if (files.length > 0) args.push(`    files={\n${files.join('\n')}\n    },`);
      if (texts.length > 0) args.push(`    data=${pythonLiteral(Object.fromEntries(texts.map((field) => [field.name, field.text])), '    ')},`);
    } else {
      headers.push(['Content-Type', body.mediaType]);
      args.push(`    data=${typeof body.value === 'string' ? pythonString(body.value) : "open('body.bin', 'rb')"},`);
    }
  }
  if (headers.length > 0) args.push(`    headers=${pythonLiteral(Object.fromEntries(headers), '    ')},`);
  return ['import requests', '', `response = requests.request(${pythonString(request.method)},`, ...args, ')', 'print(response.status_code, response.text)'].join('\n');
}

/** A dict of the query, or (a name given twice: an exploded array) a list of pairs, which requests sends in order. */
function pythonParams(query: [string, string][]): string {
  if (new Set(query.map(([name]) => name)).size === query.length) return pythonLiteral(Object.fromEntries(query), '    ');
  return `[\n${query.map(([name, value]) => `        (${pythonString(name)}, ${pythonString(value)}),`).join('\n')}\n    ]`;
}

/** One field appended to the FormData: its text, or a file (a Blob standing in for the reader's). */
function formDataLine(field: { name: string; text: string; file: boolean }): string {
  if (!field.file) return `formData.append(${JSON.stringify(field.name)}, ${JSON.stringify(field.text)});`;
  return `formData.append(${JSON.stringify(field.name)}, new Blob(["the file's contents"]), ${JSON.stringify(field.name)}); // or a File from <input type="file">`;
}

function bodyText(body: { mediaType: string; value: unknown }): string {
  if (typeof body.value === 'string' && !isJsonMediaType(body.mediaType)) return body.value;
  return JSON.stringify(body.value, null, 2) ?? 'null';
}

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function stringValues(value: unknown): Record<string, string> {
  return Object.fromEntries(Object.entries(asRecord(value)).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

function formText(value: unknown): string {
  return new URLSearchParams(stringValues(value)).toString();
}

function indent(text: string, pad: string): string {
  return text.replace(/\n/g, `\n${pad}`);
}

function pythonString(text: string): string {
  return JSON.stringify(text);
}

/** A JSON value as a Python literal: True, False and None instead of true, false and null. */
export function pythonLiteral(value: unknown, pad = ''): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'None';
  if (typeof value === 'string') return pythonString(value);
  const inner = `${pad}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => `${inner}${pythonLiteral(v, inner)},`).join('\n')}\n${pad}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  return `{\n${entries.map(([k, v]) => `${inner}${pythonString(k)}: ${pythonLiteral(v, inner)},`).join('\n')}\n${pad}}`;
}
