/**
 * A walk over the elements of a hast tree for the rehype plugins that run on every page. It calls
 * the visitor for each element in document order (the order of unist-util-visit), with its index and
 * parent, then walks the children of the element it passed. unist-util-visit builds an array of
 * ancestors for every node and runs a type test on each; on a 5 KB page those walks were about 4 %
 * of rendering it. The visitor may replace the element in its parent (the replacement is not
 * walked), but must not insert or remove siblings.
 */
import type { Element, Root } from 'hast';

/** `ancestors` is the walk's own stack, root first and `parent` last: read it during the call, never keep it. */
export type ElementVisitor = (node: Element, index: number, parent: Root | Element, ancestors: readonly (Root | Element)[]) => void;

export function visitElements(tree: Root, visitor: ElementVisitor): void {
  // Iterative: deeply nested content must not overflow the call stack.
  const parents: (Root | Element)[] = [tree];
  const positions: number[] = [0];
  while (parents.length > 0) {
    const depth = parents.length - 1;
    const parent = parents[depth] as Root | Element;
    const index = positions[depth] as number;
    if (index >= parent.children.length) {
      parents.pop();
      positions.pop();
      continue;
    }
    positions[depth] = index + 1;
    const node = parent.children[index];
    if (node?.type !== 'element') continue;
    visitor(node, index, parent, parents);
    if (node.children.length > 0) {
      parents.push(node);
      positions.push(0);
    }
  }
}
