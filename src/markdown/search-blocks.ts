/**
 * rehype plugin: records the page's text as search blocks while the tree is at hand (no second
 * parse): each heading (h2–h6) and each paragraph, list item, table row or quote, with the anchor
 * of the heading it sits under.
 */
import type { Root, Element } from 'hast';
import { toString } from 'hast-util-to-string';
import type { VFile } from 'vfile';

/** `code` marks a code block: search shows it as a snippet under its heading, never as a hit's title. */
export type SearchBlock = { kind: 'heading'; level: number; text: string; anchor: string } | { kind: 'text'; text: string; code?: true };

const BLOCKS = new Set(['p', 'li', 'tr', 'blockquote', 'dt', 'dd', 'pre']);
const MAX_BLOCK_CHARS = 600;

export function rehypeSearchBlocks() {
  return (tree: Root, file: VFile): void => {
    const blocks: SearchBlock[] = [];
    const walk = (node: Root | Element): void => {
      for (const child of node.children) {
        if (child.type !== 'element') continue;
        const heading = /^h([2-6])$/.exec(child.tagName);
        if (heading) {
          const text = toString(child).replace(/#$/, '').trim();
          blocks.push({ kind: 'heading', level: Number(heading[1]), text, anchor: String(child.properties.id ?? '') });
        } else if (BLOCKS.has(child.tagName) && !hasBlockChildren(child)) {
          const text = toString(child).replace(/\s+/g, ' ').trim();
          if (text) blocks.push({ kind: 'text', text: text.length > MAX_BLOCK_CHARS ? `${text.slice(0, MAX_BLOCK_CHARS)}…` : text, ...(child.tagName === 'pre' ? { code: true as const } : {}) });
        } else {
          walk(child);
        }
      }
    };
    walk(tree);
    (file.data as { searchBlocks?: SearchBlock[] }).searchBlocks = blocks;
  };
}

function hasBlockChildren(node: Element): boolean {
  return node.children.some((c) => c.type === 'element' && (BLOCKS.has(c.tagName) || c.tagName === 'ul' || c.tagName === 'ol'));
}
