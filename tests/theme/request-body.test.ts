import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { bodyProblem, isJsonMediaType, jsonSyntaxProblem, placeOf, scanJson, sendsNoBody, withoutEmptyBody } from '../../theme/client/api/request-body.ts';

const json = 'application/json';
/** The line, column and problem a body's message names. */
const said = (text: string, required = false) => bodyProblem({ text, mediaType: json, required });

describe('Try it checks a JSON body before sending it', () => {
  it('takes application/json and any +json type, with parameters, and no other', () => {
    for (const type of ['application/json', 'Application/JSON; charset=utf-8', 'application/merge-patch+json', 'application/vnd.hub.v1+json']) expect(isJsonMediaType(type), type).toBe(true);
    for (const type of ['text/plain', 'application/xml', 'application/jsonl', 'application/x-www-form-urlencoded', '', null, undefined]) expect(isJsonMediaType(type), String(type)).toBe(false);
  });

  it('lets valid JSON go, whatever its shape or spacing', () => {
    for (const text of ['{}', '[]', '0', '-1.5e+3', '"a \\"quoted\\" \\u00e9"', 'true', 'null', ' \n{ "a" : [ 1 , { "b" : null } ] }\r\n']) expect(said(text), text).toBeUndefined();
  });

  it('says where the JSON breaks, by line and column, and what is wrong', () => {
    expect(said('{\n  "name": "Late news",\n}')).toBe(
      'The request body is not valid JSON: at line 2, column 22, a comma follows the last property, which JSON does not allow. Correct it, or empty the editor to send no body, then press Execute again.',
    );
    expect(said("{'name': 1}", true)).toBe('The request body is not valid JSON: at line 1, column 2, a property name in double quotes is expected, not a single quote. Correct it, then press Execute again.');
    expect(said('{"a": 1 "b": 2}')).toContain('at line 1, column 9, a comma or } is expected, not a double quote.');
    expect(said('[1, 2,]')).toContain('at line 1, column 6, a comma follows the last item');
    expect(said('{"a": tru}')).toContain('at line 1, column 7, a value (an object, array, string in double quotes, number, true, false or null) is expected, not "t"');
    expect(said('{"a" 1}')).toContain('at line 1, column 6, a colon after the property name is expected, not "1"');
    expect(said('{"a": [1, 2}')).toContain('at line 1, column 12, a comma or ] is expected, not "}"');
    expect(said('{"a": 1')).toContain('at line 1, column 8, a comma or } is expected, not the end of the body');
    expect(said('{"a": "line\nbreak"}')).toContain('at line 1, column 12, a string has no closing double quote before this line break');
    expect(said('{"a": "tab\there"}')).toContain('at line 1, column 11, a string holds a tab or other control character');
    expect(said('{"path": "C:\\Users"}')).toContain('at line 1, column 13, a backslash in a string starts no JSON escape');
    expect(said('{\n  "a": "open\n}')).toContain('at line 2, column 13, a string has no closing double quote before this line break');
    expect(said('{"a": "open')).toContain('at line 1, column 7, a string starts here and has no closing double quote');
    expect(said('{"n": 007}')).toContain('at line 1, column 7, a number is not written as JSON writes numbers');
    expect(said('{"n": 1.}')).toContain('at line 1, column 7, a number is not written');
    expect(said('{} {}')).toContain('at line 1, column 4, the JSON value has ended, yet "{" follows it');
    expect(said('\u00a0{}')).toContain('at line 1, column 1, a value (an object, array, string in double quotes, number, true, false or null) is expected, not the invisible character U+00A0');
  });

  it('counts columns in characters, as the reader sees them, and lines by line breaks', () => {
    expect(placeOf('{"😀": x}', 7)).toEqual({ line: 1, column: 7 });
    expect(said('{"😀": x}')).toContain('at line 1, column 7,');
    expect(placeOf('a\nbc\n', 5)).toEqual({ line: 3, column: 1 });
    expect(placeOf('ab', 99)).toEqual({ line: 1, column: 3 });
  });

  it('finds every error JSON.parse finds, and none in what JSON.parse takes', () => {
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    // JSON texts, then the same with a character dropped, doubled or replaced: near misses of JSON.
    const texts = fc.oneof(
      fc.json(),
      fc.tuple(fc.json(), fc.nat(), fc.constantFrom('', ',', '}', ']', '"', "'", ':', '0', '.', '\\', '\n', 'e', '-', ' ')).map(([text, at, insert]) => {
        const i = at % (text.length + 1);
        return text.slice(0, i) + insert + text.slice(i + (at % 2));
      }),
      fc.string(),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(scanJson(text) === undefined, text).toBe(parses(text));
        // Where JSON.parse fails, the place and words are the scan's, never the engine's fallback.
        if (!parses(text)) expect(jsonSyntaxProblem(text)?.problem, text).not.toMatch(/browser's JSON parser/);
      }),
      { numRuns: 3000 },
    );
  });

  it("falls back to the engine's position where the scan cannot go (nesting beyond the stack)", () => {
    const deep = `${'['.repeat(200_000)}x`;
    const problem = jsonSyntaxProblem(deep);
    expect(problem?.problem).toMatch(/^the browser's JSON parser stops: /);
    // V8 names no position for an unexpected token: the end of the body stands for it.
    expect(problem?.offset).toBe(deep.length);
  });
});

describe('Try it with an empty body editor', () => {
  it('sends an optional body emptied, or left with spaces only, as no body', () => {
    for (const text of ['', null, undefined, '  \n\t']) expect(bodyProblem({ text, mediaType: json, required: false }), String(text)).toBeUndefined();
  });

  it('refuses a required body left empty, or with spaces only, and says so', () => {
    for (const text of ['', null, ' \n ']) {
      expect(bodyProblem({ text, mediaType: json, required: true }), String(text)).toBe('This operation requires a request body, and the body editor is empty. Type the body to send, then press Execute again.');
    }
  });

  it('leaves other media types to the server: spaces are a text body, only an empty required one is refused', () => {
    expect(bodyProblem({ text: 'not { json', mediaType: 'text/plain', required: true })).toBeUndefined();
    expect(bodyProblem({ text: '  ', mediaType: 'text/plain', required: true })).toBeUndefined();
    expect(bodyProblem({ text: '', mediaType: 'text/plain', required: true })).toMatch(/^This operation requires a request body/);
  });
});

describe('Try it sends no Content-Type without a body', () => {
  const headers = { accept: '*/*', 'Content-Type': 'application/json' };

  it('drops the body and its Content-Type when there is no body, or only whitespace for JSON', () => {
    for (const body of [undefined, null, '', ' \n']) {
      expect(sendsNoBody({ headers, body }), String(body)).toBe(true);
      const sent = withoutEmptyBody({ url: 'http://127.0.0.1/x', method: 'POST', headers, body });
      expect(sent, String(body)).toEqual({ url: 'http://127.0.0.1/x', method: 'POST', headers: { accept: '*/*' } });
      expect('body' in sent).toBe(false);
    }
    expect(withoutEmptyBody({ headers: { 'content-type': 'application/merge-patch+json' }, body: '' }).headers).toEqual({});
  });

  it('keeps every body there is: JSON, a text of spaces, a form', () => {
    const form = new URLSearchParams('a=1');
    for (const request of [{ headers, body: '{}' }, { headers: { 'Content-Type': 'text/plain' }, body: '  ' }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: form }]) {
      expect(sendsNoBody(request)).toBe(false);
      expect(withoutEmptyBody(request)).toBe(request);
    }
  });
});
