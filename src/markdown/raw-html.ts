/**
 * rehype plugin: parses raw HTML written in markdown (for example `<a id="legacy-anchor"></a>`) into
 * real elements, but only for pages that contain any, so pure markdown pages skip the HTML parser.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';
import { visit, EXIT } from 'unist-util-visit';

export function rehypeRawWhenNeeded() {
  return (tree: Root, file: VFile): Root => {
    let hasRaw = false;
    visit(tree, 'raw', () => {
      hasRaw = true;
      return EXIT;
    });
    return hasRaw ? (raw(tree, { file }) as Root) : tree;
  };
}
