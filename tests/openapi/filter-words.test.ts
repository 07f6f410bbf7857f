/** What the API filter matches an operation by, besides method, path, summary and operationId (src/openapi/filter-words.ts). */
import { describe, it, expect } from 'vitest';
import { operationFilterWords } from '../../src/openapi/filter-words.ts';
import type { OperationEntry } from '../../src/openapi/operations.ts';

const document = {
  components: {
    schemas: {
      Engine: { type: 'object', properties: { cacheDir: { type: 'string' }, host: { $ref: '#/components/schemas/Host' } } },
      Host: { type: 'object', properties: { address: { type: 'string' }, deep: { type: 'object', properties: { tooDeep: { type: 'string' } } } } },
    },
  },
};

const entry = (operation: Record<string, unknown>): OperationEntry =>
  ({ method: 'get', path: '/engines/{engineId}', tag: 'engines', otherTags: ['hosts'], operation, pathItem: { parameters: [{ name: 'engineId', in: 'path' }] }, keyPath: [], key: 'k', anchor: 'a' }) as unknown as OperationEntry;

describe('operationFilterWords', () => {
  it('holds the tags, the words of the description and the names of parameters and body properties, two levels deep, once each', () => {
    const words = operationFilterWords(
      document,
      entry({
        summary: 'Get an engine',
        operationId: 'getEngine',
        description: 'Returns the engine with its **cache** folder; see <a href="https://x.example/doc">the docs</a> and [the guide](https://x.example/guide).',
        parameters: [{ name: 'verbose', in: 'query' }],
        responses: { '200': { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Engine' } } } } } },
      }),
    ).split(' ');
    expect(words).toEqual(expect.arrayContaining(['engines', 'hosts', 'returns', 'cache', 'folder', 'docs', 'guide', 'engineid', 'verbose', 'cachedir', 'host', 'address', 'deep']));
    // Link targets are not words of the text; three levels down is too deep; what the filter reads already is left out.
    for (const absent of ['x.example', 'https', 'doc', 'toodeep', 'getengine', 'get', 'an']) expect(words, absent).not.toContain(absent);
    expect(new Set(words).size).toBe(words.length);
  });

  it('is empty for an operation with nothing more to say', () => {
    expect(operationFilterWords({}, { ...entry({ summary: 'List' }), tag: 'list', otherTags: [], pathItem: {} } as OperationEntry)).toBe('');
  });
});
