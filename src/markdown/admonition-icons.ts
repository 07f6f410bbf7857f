/**
 * rehype plugin: an icon before each admonition's title (note, tip, info, warning, danger), so the
 * kind of box shows in its shape as well as its colour. The icon is inline SVG drawn with
 * `currentColor`, hidden from assistive technology (the title already says what the box is). It
 * runs after the raw-HTML sanitizer, which allows no SVG in content.
 */
import type { Root, Element, ElementContent } from 'hast';
import { visitElements } from './walk.ts';

/** 16 × 16 outlines, stroked with the admonition's colour. */
const ICON_PATHS: Record<string, string[]> = {
  note: ['M3.5 1.75h6l3 3v9.5h-9z', 'M9.5 1.75v3h3', 'M5.75 8.25h4.5M5.75 11h4.5'],
  tip: ['M8 1.75a4.25 4.25 0 0 0-2.5 7.7v1.8h5v-1.8a4.25 4.25 0 0 0-2.5-7.7z', 'M6 13.5h4'],
  info: ['M8 1.25a6.75 6.75 0 1 0 0 13.5a6.75 6.75 0 1 0 0-13.5z', 'M8 7.25v4.5', 'M8 4.75v.25'],
  warning: ['M8 1.75l6.75 12.5H1.25z', 'M8 6.25v3.75', 'M8 12v.25'],
  danger: ['M5.2 1.25h5.6l3.95 3.95v5.6l-3.95 3.95H5.2l-3.95-3.95V5.2z', 'M8 4.5v4.5', 'M8 11v.25'],
};

export function rehypeAdmonitionIcons() {
  return (tree: Root): void => {
    visitElements(tree, (node: Element) => {
      const classes = node.properties.className;
      if (node.tagName !== 'div' || !Array.isArray(classes) || !classes.includes('admonition')) return;
      const kind = classes.map(String).find((c) => c.startsWith('admonition-'))?.slice('admonition-'.length) ?? 'note';
      const title = node.children.find((c): c is Element => c.type === 'element' && c.tagName === 'p');
      if (title) title.children.unshift(icon(ICON_PATHS[kind] ?? ICON_PATHS.note ?? []));
    });
  };
}

function icon(paths: string[]): ElementContent {
  return {
    type: 'element',
    tagName: 'svg',
    properties: { className: ['admonition-icon'], viewBox: '0 0 16 16', width: 16, height: 16, ariaHidden: 'true', focusable: 'false', fill: 'none', stroke: 'currentColor', strokeWidth: '1.5', strokeLinecap: 'round', strokeLinejoin: 'round' },
    children: paths.map((d) => ({ type: 'element', tagName: 'path', properties: { d }, children: [] })),
  };
}
