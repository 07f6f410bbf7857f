/** The JSON published beside a YAML spec (src/openapi/spec-json.ts): the same document, in the YAML's order. */
import { describe, it, expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { specJsonText } from '../../src/openapi/spec-json.ts';
import { ROOT } from '../helpers.ts';

describe('the JSON copy of a YAML spec', () => {
  it('keeps the YAML order, integer-like keys included: the success before the errors as written', () => {
    const yaml = 'paths:\n  /a:\n    get:\n      responses:\n        2XX: { description: OK }\n        "404": { description: Missing }\n        500: { description: Failed }\n        default: { description: Any }\n';
    const json = specJsonText(yaml);
    expect(Object.keys(JSON.parse(json).paths['/a'].get.responses)).toEqual(['404', '500', '2XX', 'default']); // JavaScript's own order on reading
    expect([...json.matchAll(/^ {10}"([^"]+)":/gm)].map((m) => m[1])).toEqual(['2XX', '404', '500', 'default']);
  });

  it("is the hub spec's document, written as JSON.stringify writes it", async () => {
    const yaml = await readFile(path.join(ROOT, 'openapi/hub-rest-api-1.6.0.yaml'), 'utf8');
    const json = specJsonText(yaml);
    expect(JSON.parse(json)).toEqual(parseYaml(yaml));
    // The same text as before, but for the order of keys: same lines, sorted.
    const sortedLines = (text: string) => text.split('\n').map((line) => line.replace(/,$/, '')).sort();
    expect(sortedLines(json)).toEqual(sortedLines(`${JSON.stringify(parseYaml(yaml), null, 2)}\n`));
    expect(json.endsWith('}\n')).toBe(true);
  });

  it('writes empty maps and lists, nulls and numbers as JSON does', () => {
    expect(JSON.parse(specJsonText('a: {}\nb: []\nc: null\nd: 1.5\ne: [1, "x", true]\n'))).toEqual({ a: {}, b: [], c: null, d: 1.5, e: [1, 'x', true] });
  });
});
