/**
 * rehype plugin: gives every heading a GitHub-style id (or the author's `{#custom-id}`), appends a
 * "#" anchor link to h2–h6, and collects the h2–h3 table of contents into `file.data.toc`.
 * A leading h1 is taken out of the body (the theme prints the title) and kept as `file.data.h1`.
 */
import GithubSlugger from 'github-slugger';
import type { Root, Element, ElementContent, Text } from 'hast';
import { toString } from 'hast-util-to-string';
import { visitElements } from './walk.ts';
import type { VFile } from 'vfile';
import type { TocItem } from '../../theme/data.ts';
import { TOC_MAX_LEVEL, TOC_MIN_LEVEL } from '../../theme/constants.ts';
import { CONTENT_ID } from './sanitize-schema.ts';

const HEADING = /^h([1-6])$/;
const CUSTOM_ID = /\s*\{#([A-Za-z0-9_-][A-Za-z0-9_.:-]*)\}\s*$/;

export interface HeadingData {
  toc: TocItem[];
  h1?: string;
  /** `{#custom-id}`s the theme reserves, with the id each heading got instead. */
  renamed?: RenamedId[];
}

export interface RenamedId {
  wanted: string;
  id: string;
  line: number;
  column: number;
}

export function rehypeHeadings() {
  return (tree: Root, file: VFile): void => {
    const slugger = new GithubSlugger();
    const toc: TocItem[] = [];
    const data = file.data as { headings: HeadingData };

    const first = tree.children.find((n) => n.type === 'element' || (n.type === 'text' && n.value.trim() !== ''));
    if (first && first.type === 'element' && first.tagName === 'h1') {
      data.headings = { toc, h1: toString(first).trim() };
      tree.children.splice(tree.children.indexOf(first), 1);
    } else {
      data.headings = { toc };
    }

    // Reserve explicit ids first, so generated slugs never collide with them.
    const headings: Element[] = [];
    visitElements(tree, (node) => {
      if (HEADING.test(node.tagName)) headings.push(node);
    });
    const explicit = new Map<Element, string>();
    for (const heading of headings) {
      const id = takeCustomId(heading);
      if (id) {
        explicit.set(heading, id);
        slugger.slug(id);
      }
    }
    for (const heading of headings) {
      const level = Number(HEADING.exec(heading.tagName)?.[1]);
      const text = toString(heading).trim();
      const wanted = explicit.get(heading) ?? (typeof heading.properties.id === 'string' ? heading.properties.id : slugger.slug(text));
      // A heading must not take an id the theme or the page data own (`main-content`, `__docsgen_data`).
      const id = CONTENT_ID.test(wanted) ? wanted : slugger.slug(`section-${wanted.replace(/^_+/, '')}`);
      // A generated id quietly becomes another; one the author chose is said, as links to it go elsewhere.
      if (id !== wanted && explicit.has(heading)) {
        (data.headings.renamed ??= []).push({ wanted, id, line: heading.position?.start.line ?? 1, column: heading.position?.start.column ?? 1 });
      }
      heading.properties.id = id;
      if (level >= 2) {
        heading.children.push({
          type: 'element',
          tagName: 'a',
          properties: { className: ['hash-link'], href: `#${id}`, ariaLabel: `Direct link to ${text}` },
          children: [{ type: 'text', value: '#' }],
        });
      }
      if (level >= TOC_MIN_LEVEL && level <= TOC_MAX_LEVEL) toc.push({ id, text, level: level as TocItem['level'] });
    }
  };
}

/** Removes a trailing `{#id}` from the heading's last text node and returns the id. */
function takeCustomId(heading: Element): string | undefined {
  const last = heading.children.at(-1) as ElementContent | undefined;
  if (!last || last.type !== 'text') return undefined;
  const match = CUSTOM_ID.exec(last.value);
  if (!match) return undefined;
  (last as Text).value = last.value.slice(0, match.index);
  return match[1];
}
