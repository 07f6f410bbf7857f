/** Positions of keys in YAML documents, for messages about values that parse but are wrong. */
import { isMap, isSeq, type Document, type Node as YamlNode } from 'yaml';
import type { SourcePosition } from './errors.ts';

export type KeyPath = readonly (string | number)[];

/** Finds the key (or, for list entries, the item) that a key path names; falls back to its parent. */
export function locateKey(
  doc: Document,
  keyPath: KeyPath,
  positionAt: (offset: number) => SourcePosition,
  file: string,
): SourcePosition {
  let node: unknown = doc.contents;
  let best: SourcePosition = { file, line: 1, column: 1 };
  for (const key of keyPath) {
    if (isMap(node)) {
      const pair = node.items.find((item) => String((item.key as { value?: unknown } | null)?.value ?? item.key) === String(key));
      if (!pair) return best;
      const keyNode = pair.key as YamlNode | null;
      if (keyNode?.range) best = positionAt(keyNode.range[0]);
      node = pair.value;
    } else if (isSeq(node) && typeof key === 'number') {
      const item = node.items[key] as YamlNode | undefined;
      if (!item) return best;
      if (item.range) best = positionAt(item.range[0]);
      node = item;
    } else {
      return best;
    }
  }
  return best;
}
