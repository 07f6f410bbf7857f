/**
 * rehype plugin: parses raw HTML written in markdown (for example `<a id="legacy-anchor"></a>`) into
 * real elements, but only for pages that contain any, so pure markdown pages skip the HTML parser.
 * Scripts, inline event handlers and `javascript:` URLs are dropped: pages carry no script of their
 * own (the site's Content-Security-Policy allows only the bootstrap script).
 */
import type { Root, Element, Parent } from 'hast';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';
import { visit, EXIT, SKIP } from 'unist-util-visit';

const DANGEROUS_URL = /^\s*(javascript|vbscript|data:text\/html)/i;

export function rehypeRawWhenNeeded() {
  return (tree: Root, file: VFile): Root => {
    let hasRaw = false;
    visit(tree, 'raw', () => {
      hasRaw = true;
      return EXIT;
    });
    if (!hasRaw) return tree;
    const parsed = raw(tree, { file }) as Root;
    visit(parsed, 'element', (node: Element, index, parent: Parent | undefined) => {
      if ((node.tagName === 'script' || node.tagName === 'noscript') && parent && index !== undefined) {
        parent.children.splice(index, 1);
        return [SKIP, index];
      }
      for (const key of Object.keys(node.properties)) {
        const value = node.properties[key];
        if (/^on/i.test(key) || (typeof value === 'string' && ['href', 'src', 'action', 'formAction'].includes(key) && DANGEROUS_URL.test(value))) {
          delete node.properties[key];
        }
      }
      return undefined;
    });
    return parsed;
  };
}
