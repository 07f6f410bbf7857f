/** What the API filter matches an operation by, besides method, path, summary and operationId (src/openapi/filter-words.ts). */
import { describe, it, expect } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { operationFilterWords } from '../../src/openapi/filter-words.ts';
import type { OperationEntry } from '../../src/openapi/operations.ts';
import { loadApiSpec } from '../../src/openapi/load.ts';
import { referencePages } from '../../src/openapi/reference-model.ts';
import { createDescriptionRenderer } from '../../src/openapi/markdown.ts';
import { ApiReference } from '../../theme/components/api/ApiReference.tsx';
import { ROOT } from '../helpers.ts';

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
        responses: { '200': { content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Engine' } } } } }, '4XX': { description: 'Rejected' }, default: { description: 'Other' } },
      }),
    ).split(' ');
    expect(words).toEqual(expect.arrayContaining(['engines', 'hosts', 'Returns', 'cache', 'folder', 'docs', 'guide', 'engineId', 'verbose', 'cacheDir', 'host', 'address', 'deep', '200', '4XX', 'default']));
    // Each as first written: the filter finds a camelCase part ("dir" in cacheDir) only where the case shows it.
    // Link targets are not words of the text; three levels down is too deep; what the filter reads already is left out.
    for (const absent of ['x.example', 'https', 'doc', 'tooDeep', 'getEngine', 'get', 'an']) expect(words, absent).not.toContain(absent);
    expect(new Set(words.map((word) => word.toLowerCase())).size).toBe(words.length);
  });

  it('is empty for an operation with nothing more to say', () => {
    expect(operationFilterWords({}, { ...entry({ summary: 'List' }), tag: 'list', otherTags: [], pathItem: {} } as OperationEntry)).toBe('');
  });

  it("is in the page once, in the column's data of the operations the page shows: not in its HTML, not on a split API's overview", async () => {
    const pagesOf = async (splitByTag: boolean) => {
      const spec = await loadApiSpec({ id: 'hub', route: 'rhubapi', spec: 'openapi/hub-rest-api-1.6.0.yaml', splitByTag }, ROOT);
      return referencePages(spec, { baseUrl: '/', specUrl: '/rhubapi/hub.yaml', specLocation: 'https://docs.example.com/rhubapi/hub.yaml', description: createDescriptionRenderer() });
    };
    const wordsOf = (page: Awaited<ReturnType<typeof pagesOf>>[number] | undefined) => new Map(page?.data.nav.flatMap((tag) => tag.operations ?? []).map((op) => [op.anchor, op.filterWords]));
    const [whole] = await pagesOf(false);
    expect(wordsOf(whole).get('operation/listEngines')).toContain('minimumFreeSpace');
    const html = renderToStaticMarkup(createElement(ApiReference, { model: whole?.model as NonNullable<typeof whole>['model'] }));
    expect(html).toContain('id="operation/listEngines"');
    expect(html.match(/data-filter="[^"]*minimumfreespace/i)).toBeNull();
    // Split: the overview lists every operation without them; a tag's page has those of its own.
    const [overview, ...tagPages] = await pagesOf(true);
    expect(wordsOf(overview).size).toBeGreaterThan(40);
    expect([...wordsOf(overview).values()].filter(Boolean)).toEqual([]);
    const engines = tagPages.find((page) => page.data.nav.find((tag) => tag.name === page.data.tag)?.operations?.some((op) => op.anchor === 'operation/listEngines'));
    expect(wordsOf(engines).get('operation/listEngines')).toContain('minimumFreeSpace');
    expect(engines?.data.nav.filter((tag) => tag.name !== engines.data.tag).every((tag) => tag.operations === null)).toBe(true);
  });
});
