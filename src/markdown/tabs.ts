/**
 * Tabs in markdown, with remark-directive's container syntax (the outer fence has one more colon):
 *
 *     ::::tabs{groupId="os"}
 *     :::tab[Linux]
 *     …
 *     :::
 *     :::tab[Windows]
 *     …
 *     :::
 *     ::::
 *
 * remarkTabs reads the directives and records each tab set (its group and labels) by source offset;
 * rehypeTabs, which runs after the raw-HTML sanitizer, builds the WAI-ARIA tabs pattern: a
 * `tablist` of `tab` buttons and one `tabpanel` per tab. The structure is made after sanitising so
 * that raw HTML in content never needs buttons, roles or tabindex (the sanitizer keeps positions,
 * which is how the two steps find each other).
 *
 * Without JavaScript the tab list is hidden by CSS (`@media (scripting: none)`) and every panel is
 * shown under its label; with it, the client runtime (theme/client/tabs.ts) switches panels, and
 * tab sets that share a `groupId` switch together and remember the choice.
 */
import type { Blockquote, Root as MdastRoot, Paragraph } from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { Root, Element, ElementContent } from 'hast';
import type { VFile } from 'vfile';
import { toString } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import type { UnclosedBlock } from './code-meta.ts';

interface TabSet {
  groupId?: string;
  labels: string[];
}

interface TabsData {
  tabSets?: Map<number, TabSet>;
}

const GROUP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * remark plugin: `::::tabs` with `:::tab[Label]` children become plain containers (blockquotes
 * rendered as divs, as the admonitions' content is, so that no later step takes them for unknown
 * directives), recorded in `file.data.tabSets`.
 */
export function remarkTabs() {
  return (tree: MdastRoot, file: VFile): void => {
    const misplaced: MisplacedBlock[] = [];
    visit(tree, 'containerDirective', (node: ContainerDirective, index, parent) => {
      if (node.name === 'tab' && !(parent?.type === 'containerDirective' && parent.name === 'tabs')) misplaced.push(misplacedAt(node, TAB_OUTSIDE));
      const offset = node.position?.start.offset;
      if (node.name !== 'tabs' || offset === undefined || !parent || index === undefined) return;
      const tabs = node.children.filter((child): child is ContainerDirective => child.type === 'containerDirective' && child.name === 'tab');
      if (tabs.length === 0) {
        // Left to the admonitions step, which shows the author's text as written: said, as no tabs show.
        misplaced.push(misplacedAt(node, TABS_WITHOUT_TAB));
        return;
      }
      if (node.children.some((child) => !tabs.includes(child as ContainerDirective))) misplaced.push(misplacedAt(node, TEXT_BESIDE_TABS));
      const labels = tabs.map((tab, i) => takeLabel(tab) || `Tab ${i + 1}`);
      const groupId = node.attributes?.groupId ?? undefined;
      const data = file.data as TabsData;
      (data.tabSets ??= new Map()).set(offset, { labels, ...(groupId && GROUP_ID.test(groupId) ? { groupId } : {}) });
      // Anything written between the tabs but outside a tab stays, before the tab set.
      const others = node.children.filter((child) => !tabs.includes(child as ContainerDirective));
      const panels = tabs.map((tab) => container(tab.children, tab.position));
      parent.children[index] = container([...others, ...panels], node.position) as never;
    });
    if (misplaced.length > 0) (file.data as { misplacedBlocks?: MisplacedBlock[] }).misplacedBlocks = misplaced;
  };
}

/** Tabs written in a way that does not make the tabs the author meant: a warning at the container, shaped as an unclosed block's. */
export type MisplacedBlock = UnclosedBlock;

const TAB_OUTSIDE = {
  message: ':::tab is not inside ::::tabs, so it is no tab: its text is shown as written',
  hint: 'put the :::tab[Label] … ::: blocks inside one ::::tabs … :::: (the outer one with more colons)',
};
const TABS_WITHOUT_TAB = {
  message: 'this tabs container holds no :::tab, so no tabs are shown: its text is shown as written',
  hint: 'write each tab as :::tab[Label] … ::: inside it, the tabs container with more colons (::::tabs … ::::)',
};
const TEXT_BESIDE_TABS = {
  message: 'this tabs container holds text outside its tabs: it is shown above the tab list, in no tab',
  hint: 'move the text into a :::tab[Label] … ::: block, or above the ::::tabs line',
};

function misplacedAt(node: ContainerDirective, what: { message: string; hint: string }): MisplacedBlock {
  return { ...what, line: node.position?.start.line ?? 1, column: node.position?.start.column ?? 1 };
}

function container(children: ContainerDirective['children'], position: ContainerDirective['position']): Blockquote {
  return { type: 'blockquote', data: { hName: 'div' }, children: children as Blockquote['children'], ...(position ? { position } : {}) };
}

function takeLabel(tab: ContainerDirective): string {
  const first = tab.children[0];
  if (first?.type !== 'paragraph' || !(first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) return '';
  tab.children.shift();
  return toString(first as Paragraph).trim();
}

/** rehype plugin: each recorded tab set becomes a tablist and its panels. */
export function rehypeTabs() {
  return (tree: Root, file: VFile): void => {
    const sets = (file.data as TabsData).tabSets;
    if (!sets) return;
    let count = 0;
    visit(tree, 'element', (node: Element) => {
      const set = node.tagName === 'div' && node.position ? sets.get(node.position.start.offset ?? -1) : undefined;
      if (!set) return;
      buildTabSet(node, set, `docsgen-tabs-${++count}`);
    });
  };
}

function buildTabSet(node: Element, set: TabSet, id: string): void {
  const elements = node.children.filter((child): child is Element => child.type === 'element');
  const panels = elements.slice(-set.labels.length);
  const before = node.children.filter((child) => !panels.includes(child as Element) && !(child.type === 'text' && child.value.trim() === ''));
  const tabs: ElementContent[] = set.labels.map((label, i) =>
    element('button', { type: 'button', role: 'tab', id: `${id}-tab-${i}`, className: ['tabs__tab'], ariaSelected: i === 0 ? 'true' : 'false', ariaControls: [`${id}-panel-${i}`], tabIndex: i === 0 ? 0 : -1 }, [
      { type: 'text', value: label },
    ]),
  );
  const panelElements = panels.map((panel, i) =>
    element('div', { role: 'tabpanel', id: `${id}-panel-${i}`, className: ['tabs__panel'], ariaLabelledBy: [`${id}-tab-${i}`], tabIndex: 0, ...(i === 0 ? { dataActive: '' } : {}) }, [
      element('p', { className: ['tabs__panel-label'] }, [{ type: 'text', value: set.labels[i] ?? '' }]),
      ...panel.children,
    ]),
  );
  node.properties = { className: ['tabs'], ...(set.groupId ? { dataGroupId: set.groupId } : {}) };
  node.children = [...before, element('div', { role: 'tablist', className: ['tabs__list'] }, tabs), ...panelElements];
}

function element(tagName: string, properties: Element['properties'], children: ElementContent[]): Element {
  return { type: 'element', tagName, properties, children };
}
