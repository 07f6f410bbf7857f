/** Operations grouped by tag: shown under their first tag, listed under the others. */
import { describe, it, expect } from 'vitest';
import { groupByTag, listOperations } from '../../src/openapi/operations.ts';

const document = {
  tags: [{ name: 'lists' }],
  paths: {
    '/a': { get: { operationId: 'getA', tags: ['boards', 'lists'] } },
    '/b': { get: { operationId: 'getB', tags: ['lists'] } },
    '/c': { post: { operationId: 'postC', tags: ['cards', 'boards', 'cards', ' '] } },
    '/d': { delete: { operationId: 'deleteD' } },
  },
};

describe('operations by tag', () => {
  it('shows an operation under its first tag and lists it under each other tag once, tags in declared then first-use order', () => {
    const tags = groupByTag(document, listOperations(document));
    expect(tags.map((tag) => [tag.name, tag.operations.map((op) => op.key), tag.also.map((op) => op.key)])).toEqual([
      ['lists', ['getB'], ['getA']],
      ['boards', ['getA'], ['postC']],
      ['cards', ['postC'], []],
      ['default', ['deleteD'], []],
    ]);
  });

  it('keeps a tag whose operations are all shown elsewhere', () => {
    const only = { paths: { '/a': { get: { operationId: 'getA', tags: ['main', 'extra'] } } } };
    expect(groupByTag(only, listOperations(only)).map((tag) => [tag.name, tag.operations.length, tag.also.length])).toEqual([
      ['main', 1, 0],
      ['extra', 0, 1],
    ]);
  });
});
