/** visitElements visits what unist-util-visit visits, in the same order, with the same index and parent. */
import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import type { Element, ElementContent, Root } from 'hast';
import { visit } from 'unist-util-visit';
import { visitElements } from '../../src/markdown/walk.ts';

const tree = fc.letrec<{ node: ElementContent }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({ type: fc.constant('text' as const), value: fc.string({ maxLength: 3 }) }),
    fc.record({ type: fc.constant('comment' as const), value: fc.constant('c') }),
    fc.record({ type: fc.constant('element' as const), tagName: fc.constantFrom('p', 'a', 'pre', 'code', 'h2', 'li'), properties: fc.constant({}), children: fc.array(tie('node'), { maxLength: 4 }) }),
  ),
})).node;

function calls(root: Root, walk: (root: Root, visitor: (node: Element, index: number, parent: Root | Element) => void) => void): unknown[] {
  const seen: unknown[] = [];
  walk(root, (node, index, parent) => void seen.push([node, index, parent]));
  return seen;
}

describe('visitElements', () => {
  it('calls the visitor for the same elements as unist-util-visit, in the same order', () => {
    fc.assert(
      fc.property(fc.array(tree, { maxLength: 5 }), (children) => {
        const root: Root = { type: 'root', children };
        const expected = calls(root, (r, v) => visit(r, 'element', (node: Element, index, parent) => void v(node, index as number, parent as Root | Element)));
        expect(calls(root, visitElements)).toEqual(expected);
      }),
      { seed: 19, numRuns: 500 },
    );
  });

  it('walks 100,000 levels of nesting without overflowing the stack', () => {
    const root: Root = { type: 'root', children: [] };
    let parent: Root | Element = root;
    for (let i = 0; i < 100_000; i++) {
      const child: Element = { type: 'element', tagName: 'div', properties: {}, children: [] };
      parent.children.push(child);
      parent = child;
    }
    let count = 0;
    visitElements(root, () => count++);
    expect(count).toBe(100_000);
  });
});
