/**
 * The PowerShell sample (Invoke-RestMethod): the hub's hosts run Windows, whose shells run neither
 * curl's single quotes nor its backslash line breaks. Every value is a single-quoted string, which
 * PowerShell does not expand: read back by PowerShell's rules, each is the value the request sends.
 */
import { describe, it, expect } from 'vitest';
import { codeSamples, MADE_UP_NOTE, powershellQuote, type SampleRequest } from '../../src/openapi/samples.ts';
import { withAuthorSamples } from '../../src/openapi/author-samples.ts';

const SINGLE_QUOTES = new Set(["'", '\u2018', '\u2019', '\u201A', '\u201B']);
const isQuote = (c: string | undefined) => c !== undefined && SINGLE_QUOTES.has(c);

/** A single-quoted PowerShell string's value: it ends at a lone quote of any of the four; a doubled one is a quote. */
function readQuoted(code: string, start: number): { value: string; end: number } {
  if (!isQuote(code[start])) throw new Error(`no string at ${start}: ${code.slice(start, start + 20)}`);
  let value = '';
  for (let i = start + 1; i < code.length; i++) {
    const c = code[i] as string;
    if (!isQuote(c)) value += c;
    else if (isQuote(code[i + 1])) value += code[++i];
    else return { value, end: i + 1 };
  }
  throw new Error('unterminated string');
}

/** The values of the sample's `$params` table, each string read as PowerShell reads it. */
function params(code: string): Record<string, string> {
  const start = code.indexOf('$params = @{\n');
  const result: Record<string, string> = {};
  let i = start + '$params = @{\n'.length;
  while (code.startsWith('  ', i)) {
    const name = /^ {2}(\w+) = /.exec(code.slice(i));
    if (!name) throw new Error(`no entry at ${code.slice(i, i + 30)}`);
    i += name[0].length;
    if (code[i] === '$') {
      const variable = /^\$\w+/.exec(code.slice(i))?.[0] ?? '';
      result[name[1] as string] = variable;
      i += variable.length;
    } else {
      const { value, end } = readQuoted(code, i);
      result[name[1] as string] = value;
      i = end;
    }
    if (code[i] !== '\n') throw new Error(`text after the value of ${name[1]}: ${code.slice(i, i + 20)}`);
    i++;
  }
  expect(code.slice(i)).toBe('}\nInvoke-RestMethod @params');
  return result;
}

const powershell = (request: SampleRequest) => codeSamples(request).find((s) => s.lang === 'powershell')?.code ?? '';
const base: SampleRequest = { method: 'GET', url: 'https://hub.example/api/rest/v1/engines', query: [], headers: [] };

describe('the PowerShell sample', () => {
  it('is the fourth sample, labelled PowerShell, after curl, JavaScript and Python', () => {
    expect(codeSamples(base).map((s) => s.label)).toEqual(['curl', 'JavaScript', 'Python', 'PowerShell']);
  });

  it('calls Invoke-RestMethod with the method, the URL with its query, and the headers as a table', () => {
    const code = powershell({ ...base, query: [['filter', "it's"], ['n', '2']], headers: [['Authorization', 'Bearer <token>']] });
    expect(code).toBe(
      [
        '$headers = @{',
        "  'Authorization' = 'Bearer <token>'",
        '}',
        '$params = @{',
        "  Method = 'GET'",
        "  Uri = 'https://hub.example/api/rest/v1/engines?filter=it%27s&n=2'",
        '  Headers = $headers',
        '}',
        'Invoke-RestMethod @params',
      ].join('\n'),
    );
  });

  it("sends a JSON body as it is, quotes of every kind in its text included, in -Body with its type in -ContentType", () => {
    const value = { name: "O'Brien\u2019s \u2018late\u2019 news", note: "'@\n$(Remove-Item C:\\)", count: 2 };
    const code = powershell({ ...base, method: 'POST', body: { mediaType: 'application/json', value } });
    const table = params(code);
    expect(table.Method).toBe('POST');
    // Not all ASCII: Windows PowerShell 5.1 would send the text as ISO-8859-1 without a charset.
    expect(table.ContentType).toBe('application/json; charset=utf-8');
    expect(JSON.parse(table.Body as string)).toEqual(value);
    // Its lines indented under Body, which changes no JSON value.
    expect(code).toContain(`  Body = '{\n    "name": "O''Brien\u2019\u2019s`);
    expect(code).toContain(`\n    "count": 2\n  }'\n}`);
  });

  it('names a charset only where the body needs one and its type has none', () => {
    const type = (mediaType: string, value: unknown) => params(powershell({ ...base, method: 'POST', body: { mediaType, value } })).ContentType;
    expect(type('application/json', { name: 'plain' })).toBe('application/json');
    expect(type('application/json', { name: 'Café' })).toBe('application/json; charset=utf-8');
    expect(type('text/plain; charset=utf-16', 'Café')).toBe('text/plain; charset=utf-16');
    expect(type('application/x-www-form-urlencoded', { name: 'Café' })).toBe('application/x-www-form-urlencoded');
  });

  it('sends a text body exactly as written, its lines not indented', () => {
    const text = "line one\n  line 'two'";
    const table = params(powershell({ ...base, method: 'POST', body: { mediaType: 'text/plain', value: text } }));
    expect(table).toMatchObject({ ContentType: 'text/plain', Body: text });
  });

  it('writes a form body as its URL-encoded text, and a binary body from a file with -InFile', () => {
    const form = params(powershell({ ...base, method: 'PUT', body: { mediaType: 'application/x-www-form-urlencoded', value: { a: 'b c', d: 1 } } }));
    expect(form).toMatchObject({ ContentType: 'application/x-www-form-urlencoded', Body: 'a=b+c&d=1' });
    const binary = params(powershell({ ...base, method: 'PUT', body: { mediaType: 'application/octet-stream', value: {} } }));
    expect(binary).toMatchObject({ ContentType: 'application/octet-stream', InFile: 'body.bin' });
    expect(binary.Body).toBeUndefined();
  });

  it('uploads a multipart body with -Form (PowerShell 7, said on the line before), a file as Get-Item', () => {
    const code = powershell({ ...base, method: 'POST', body: { mediaType: 'multipart/form-data', value: { title: 'Report' }, files: ['file'] } });
    expect(code).toContain("# -Form needs PowerShell 7 or later.\n$form = @{\n  'title' = 'Report'\n  'file' = Get-Item -LiteralPath 'path/to/file'\n}\n");
    expect(params(code)).toMatchObject({ Form: '$form' });
    expect(code).not.toContain('ContentType');
  });

  it('says first when the body holds made-up values, as a comment', () => {
    const code = powershell({ ...base, method: 'POST', body: { mediaType: 'application/json', value: { engineHostId: 1 }, madeUp: true } });
    expect(code.split('\n')[0]).toBe(`# ${MADE_UP_NOTE}`);
  });

  it('quotes by doubling each of the four single quotes and nothing else', () => {
    expect(powershellQuote("a'b\u2018c\u2019d\u201Ae\u201Bf\"g$h`i")).toBe("'a''b\u2018\u2018c\u2019\u2019d\u201A\u201Ae\u201B\u201Bf\"g$h`i'");
    for (const text of ["it's", "'@", '\u2019\u2019', '$(x)', '']) expect(readQuoted(powershellQuote(text), 0).value).toBe(text);
  });

  it("gives way to the author's PowerShell sample (x-codeSamples lang pwsh, ps1 or PowerShell)", () => {
    for (const lang of ['pwsh', 'ps1', 'PowerShell']) {
      const samples = withAuthorSamples({ 'x-codeSamples': [{ lang, source: 'Invoke-WebRequest own' }] }, codeSamples(base));
      expect(samples.filter((s) => s.lang === 'powershell').map((s) => s.code)).toEqual(['Invoke-WebRequest own']);
    }
  });
});
