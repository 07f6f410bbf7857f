/**
 * remark plugin: the references a page uses but never defines. `[the hub's API][api]` with no
 * `[api]: …` line is no link at all: CommonMark leaves it as the text it is, brackets and all, and
 * no link check sees it, so the page shows the author's markup instead of the link they meant.
 * Full references (`[text][label]`) and collapsed ones (`[label][]`) are reported; a shortcut
 * (`[label]` alone) is ordinary text too often (`[optional]`, `[Enter]`) to be called a mistake.
 *
 * A defined reference becomes a link before this runs, so a text node holding `][label]` is always
 * one that did not resolve. The caller runs it only on pages whose text holds `][`.
 */
import type { Nodes, Root } from 'mdast';
import type { VFile } from 'vfile';

export interface UndefinedReference {
  /** The reference as written: `[text][label]`, or `][label]` when its text has markup. */
  source: string;
  label: string;
  line: number;
  column: number;
}

const FULL_REFERENCE = /(?:\[([^[\]\n]+))?\]\[([^[\]\n]*)\]/g;

export function remarkUndefinedReferences() {
  return (tree: Root, file: VFile): void => {
    const found: UndefinedReference[] = [];
    const source = String(file.value);
    const visit = (node: Nodes): void => {
      if (node.type === 'text') {
        if (node.value.includes('][') && node.position) found.push(...referencesIn(node.value, source.slice(0, node.position.end.offset), node.position.start.offset ?? 0));
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child);
    };
    visit(tree);
    if (found.length > 0) (file.data as { undefinedReferences?: UndefinedReference[] }).undefinedReferences = found;
  };
}

/** `upToNodeEnd`: the page's source up to the end of the text node that starts at `nodeOffset`. */
function referencesIn(text: string, upToNodeEnd: string, nodeOffset: number): UndefinedReference[] {
  const found: UndefinedReference[] = [];
  let from = nodeOffset;
  for (const match of text.matchAll(FULL_REFERENCE)) {
    const [written, linkText, label = ''] = match;
    // `[label][]` names itself; a collapsed reference whose text has markup cannot be told from text.
    const name = label !== '' ? label : linkText;
    if (name === undefined || name.trim() === '') continue;
    // The node's value has escapes resolved: brackets written `\[` are not in the source as they are
    // here, and were meant as text.
    const at = upToNodeEnd.indexOf(written, from);
    if (at < 0) continue;
    from = at + written.length;
    found.push({ source: written, label: name, ...lineColumn(upToNodeEnd, at) });
  }
  return found;
}

function lineColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}
