/**
 * rehype plugin: parses raw HTML written in markdown (for example `<a id="legacy-anchor"></a>` or
 * `<kbd>`) into real elements and passes the page through the allow-list sanitizer — but only
 * pages that contain raw HTML, so pure markdown pages skip both the HTML parser and the sanitizer
 * (their links and images get the same URL policy in links.ts). What was removed is recorded in
 * `file.data.removedHtml` for the build's findings.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { raw } from 'hast-util-raw';
import { visit, EXIT } from 'unist-util-visit';
import { sanitizeContentTree, type RemovedHtml } from './sanitize.ts';

export function rehypeRawWhenNeeded() {
  return (tree: Root, file: VFile): Root => {
    let hasRaw = false;
    visit(tree, 'raw', () => {
      hasRaw = true;
      return EXIT;
    });
    if (!hasRaw) return tree;
    const { tree: clean, removed } = sanitizeContentTree(raw(tree, { file }) as Root);
    (file.data as { removedHtml?: RemovedHtml[] }).removedHtml = removed;
    return clean;
  };
}
