/**
 * Line and column of places in a spec file, from key paths (a key's own position; a missing key
 * falls back to the deepest part of its path that exists). All places of a file are looked up in
 * one pass, and only when there is something to report:
 * - YAML: the `yaml` package's Document keeps every node's source range;
 * - JSON: jsonc-parser's streaming visitor, which skips every subtree no wanted path enters (a
 *   13 MB spec such as GitHub's takes well under a second, where a full YAML Document takes six).
 */
import { visit } from 'jsonc-parser';
import { LineCounter, parseDocument } from 'yaml';
import type { SourcePosition } from '../errors.ts';
import { locateKey } from '../schema/yaml.ts';
import type { KeyPath } from './pointer.ts';

export type LocateAll = (keyPaths: readonly KeyPath[]) => SourcePosition[];

export function createLocator(text: string, file: string): LocateAll {
  return (keyPaths) => {
    if (keyPaths.length === 0) return [];
    return file.toLowerCase().endsWith('.json') ? locateInJson(text, file, keyPaths) : locateInYaml(text, file, keyPaths);
  };
}

function locateInYaml(text: string, file: string, keyPaths: readonly KeyPath[]): SourcePosition[] {
  const lines = new LineCounter();
  // Positions only: the values were read already, so duplicate keys and the like do not matter here.
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, strict: false });
  const at = (offset: number): SourcePosition => {
    const { line, col } = lines.linePos(offset);
    return { file, line, column: col };
  };
  return keyPaths.map((keyPath) => locateKey(doc, keyPath, at, file));
}

interface TrieNode {
  children: Map<string, TrieNode>;
  /** Indexes of the wanted paths that pass through (or end at) this node. */
  through: number[];
}

interface Frame {
  node: TrieNode | undefined;
  /** For arrays: the index of the item being read. */
  index: number;
  isArray: boolean;
  /** For objects: the node of the property whose value comes next. */
  pending?: TrieNode | undefined;
}

function locateInJson(text: string, file: string, keyPaths: readonly KeyPath[]): SourcePosition[] {
  const root: TrieNode = { children: new Map(), through: keyPaths.map((_, i) => i) };
  keyPaths.forEach((keyPath, i) => {
    let node = root;
    for (const key of keyPath) {
      let child = node.children.get(String(key));
      if (!child) node.children.set(String(key), (child = { children: new Map(), through: [] }));
      child.through.push(i);
      node = child;
    }
  });
  const best: SourcePosition[] = keyPaths.map(() => ({ file, line: 1, column: 1 }));
  const reach = (node: TrieNode | undefined, line: number, character: number) => {
    for (const i of node?.through ?? []) best[i] = { file, line: line + 1, column: character + 1 };
  };
  const stack: Frame[] = [];
  const nodeOfNextValue = (line: number, character: number): TrieNode | undefined => {
    const top = stack[stack.length - 1];
    if (!top) return root;
    if (!top.isArray) return top.pending;
    const node = top.node?.children.get(String(top.index));
    reach(node, line, character); // an array item has no key: its value is its position
    return node;
  };
  const begin = (isArray: boolean) => (_offset: number, _length: number, line: number, character: number) => {
    const node = nodeOfNextValue(line, character);
    stack.push({ node, index: 0, isArray });
    return node !== undefined && node.children.size > 0;
  };
  visit(text, {
    onObjectBegin: begin(false),
    onArrayBegin: begin(true),
    onObjectEnd: () => void stack.pop(),
    onArrayEnd: () => void stack.pop(),
    onObjectProperty: (property, _offset, _length, line, character) => {
      const top = stack[stack.length - 1];
      if (!top) return;
      top.pending = top.node?.children.get(property);
      reach(top.pending, line, character);
    },
    onLiteralValue: (_value, _offset, _length, line, character) => void nodeOfNextValue(line, character),
    onSeparator: (character) => {
      const top = stack[stack.length - 1];
      if (character === ',' && top?.isArray) top.index++;
    },
  });
  return best;
}

/** Line and column (both from 1) of an offset in a text. */
export function lineColumnAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lastBreak = -1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lastBreak = i;
  }
  return { line, column: offset - lastBreak };
}
