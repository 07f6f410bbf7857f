import { describe, it, expect } from 'vitest';
import { withStartValues } from '../../theme/client/api/start-values.ts';

describe("Try it's start values for required parameters", () => {
  it("fills the operation's and the path item's required parameters that have no example, by type", () => {
    const spec = {
      components: { parameters: { Trace: { name: 'X-Trace', in: 'header', required: true, schema: { type: 'string' } } } },
      paths: {
        '/lists/{listId}/tasks': {
          parameters: [{ name: 'listId', in: 'path', required: true, schema: { type: 'integer' } }, { $ref: '#/components/parameters/Trace' }, { name: 'X-Request-Id', in: 'header', required: true, schema: { type: 'string' } }],
          get: {
            parameters: [
              { name: 'done', in: 'query', required: true, schema: { type: 'boolean' } },
              { name: 'limit', in: 'query', required: false, schema: { type: 'integer' } },
              { name: 'sort', in: 'query', required: true, schema: { type: 'string', enum: ['asc', 'desc'] } },
              { name: 'page', in: 'query', required: true, example: 4, schema: { type: 'integer' } },
            ],
          },
        },
      },
    };
    withStartValues(spec);
    const shared = spec.paths['/lists/{listId}/tasks'].parameters as { example?: unknown }[];
    expect(shared.map((p) => p.example)).toEqual([1, undefined, 'X-Request-Id']);
    expect(spec.components.parameters.Trace).toMatchObject({ example: 'X-Trace' });
    const own = spec.paths['/lists/{listId}/tasks'].get.parameters as { example?: unknown }[];
    expect(own.map((p) => p.example)).toEqual([true, undefined, undefined, 4]);
  });

  it('leaves a spec without paths as it is', () => {
    expect(withStartValues(null)).toBeNull();
    expect(withStartValues({ openapi: '3.1.0' })).toEqual({ openapi: '3.1.0' });
  });
});
