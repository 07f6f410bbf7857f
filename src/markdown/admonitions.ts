/**
 * remark plugin: `:::note[Optional title]` … `:::` container directives become admonition boxes.
 * Any other directive (for example the ":8080" in "host:8080", which remark-directive reads as a text
 * directive) is turned back into the text the author wrote, so prose is never swallowed.
 */
import type { Root, Parent, RootContent, PhrasingContent } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import { visit, SKIP } from 'unist-util-visit';
import type { VFile } from 'vfile';

/** `caution` is Docusaurus's older name of a warning: pages written for it keep their boxes. */
export const ADMONITION_TYPES = ['note', 'tip', 'info', 'warning', 'danger', 'caution'] as const;
const DEFAULT_TITLES: Record<string, string> = { note: 'Note', tip: 'Tip', info: 'Info', warning: 'Warning', danger: 'Danger', caution: 'Caution' };
/** The box a type is drawn as (its colour and icon), where that is another type's. */
const DRAWN_AS: Record<string, string> = { caution: 'warning' };

type Directive = ContainerDirective | LeafDirective | TextDirective;

/**
 * The box's title. A title of the author's own ("Test presses can reach air") leaves the box's kind
 * to its colour and icon, which a screen reader does not convey (WCAG 1.3.1): the kind goes before
 * it, in words only a screen reader reads ("Danger: Test presses can reach air").
 */
function titleOf(kind: string, title: string): PhrasingContent[] {
  const kindTitle = DEFAULT_TITLES[kind] ?? kind;
  if (title === kindTitle) return [{ type: 'text', value: title }];
  const spoken = { type: 'text', value: `${kindTitle}: `, data: { hName: 'span', hProperties: { className: ['visually-hidden'] } } } as PhrasingContent;
  return [spoken, { type: 'text', value: title }];
}

export function remarkAdmonitions() {
  return (tree: Root, file: VFile): void => {
    const source = String(file.value);
    visit(tree, (node, index, parent) => {
      if (node.type !== 'containerDirective' && node.type !== 'leafDirective' && node.type !== 'textDirective') return;
      const directive = node as Directive;
      if (directive.type === 'containerDirective' && (ADMONITION_TYPES as readonly string[]).includes(directive.name)) {
        let title = DEFAULT_TITLES[directive.name] ?? directive.name;
        const children = [...directive.children];
        const first = children[0];
        if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
          title = first.children.map((c) => ('value' in c ? c.value : '')).join('') || title;
          children.shift();
        }
        directive.data = { hName: 'div', hProperties: { className: ['admonition', `admonition-${DRAWN_AS[directive.name] ?? directive.name}`], role: 'note' } };
        directive.children = [
          {
            type: 'paragraph',
            data: { hName: 'p', hProperties: { className: ['admonition-title'] } },
            children: titleOf(directive.name, title),
          },
          {
            type: 'blockquote',
            data: { hName: 'div', hProperties: { className: ['admonition-content'] } },
            children: children as never,
          } as never,
        ];
        return;
      }
      if (!parent || index === undefined) return;
      const start = directive.position?.start?.offset;
      const end = directive.position?.end?.offset;
      const text = start !== undefined && end !== undefined ? source.slice(start, end) : `:${directive.name}`;
      const replacement: RootContent =
        directive.type === 'textDirective'
          ? ({ type: 'text', value: text } as PhrasingContent)
          : { type: 'paragraph', children: [{ type: 'text', value: text }] };
      (parent as Parent).children.splice(index, 1, replacement);
      return [SKIP, index + 1];
    });
  };
}
