/**
 * Tabs made by the markdown stage (src/markdown/tabs.ts), driven as the WAI-ARIA tabs pattern with
 * automatic activation: a click or Arrow Left/Right, Home, End select a tab; only the selected tab
 * is in the tab order. Tab sets with the same `data-group-id` switch together, and the choice is
 * remembered in localStorage and applied on the next pages, as Docusaurus's `groupId` does. A
 * heading the reader jumps to inside a hidden panel brings its panel forward.
 */
import { readStorage, writeStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../constants.ts';
import { idOfHash } from '../urls.ts';
import { keepInPlace } from './keep-in-place.ts';

export function installTabs(): void {
  document.addEventListener('click', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    if (tab) choose(tab, { focus: false });
  });
  document.addEventListener('keydown', (event) => {
    const tab = (event.target as Element | null)?.closest?.<HTMLElement>('.tabs__tab');
    const next = tab ? neighbour(tab, event.key) : undefined;
    if (!next) return;
    event.preventDefault();
    choose(next, { focus: true });
  });
  window.addEventListener('hashchange', () => revealHashTarget());
}

/** After a page is shown: each grouped tab set shows the reader's remembered choice, and the hash target is revealed. */
export function restoreTabs(): void {
  for (const set of document.querySelectorAll<HTMLElement>('.tabs[data-group-id]')) {
    const label = readStorage(STORAGE_KEYS.tabGroup(set.dataset.groupId ?? ''));
    const tab = label === null ? undefined : tabsOf(set).find((t) => t.textContent === label);
    if (tab) select(tab);
  }
  revealHashTarget();
}

function neighbour(tab: HTMLElement, key: string): HTMLElement | undefined {
  const set = tab.closest<HTMLElement>('.tabs');
  const tabs = set ? tabsOf(set) : [];
  const index = tabs.indexOf(tab);
  switch (key) {
    case 'ArrowRight':
      return tabs[(index + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(index - 1 + tabs.length) % tabs.length];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs.at(-1);
    default:
      return undefined;
  }
}

function choose(tab: HTMLElement, options: { focus: boolean }): void {
  select(tab);
  if (options.focus) tab.focus();
  const groupId = tab.closest<HTMLElement>('.tabs')?.dataset.groupId;
  if (!groupId) return;
  const label = tab.textContent ?? '';
  writeStorage(STORAGE_KEYS.tabGroup(groupId), label);
  // Sets of the group above this one change height: the tab the reader pressed stays where it was
  // on screen, as in Docusaurus.
  keepInPlace(tab, () => {
    for (const other of document.querySelectorAll<HTMLElement>(`.tabs[data-group-id="${CSS.escape(groupId)}"]`)) {
      const match = tabsOf(other).find((t) => t.textContent === label);
      if (match) select(match);
    }
  });
}

function select(tab: HTMLElement): void {
  const set = tab.closest<HTMLElement>('.tabs');
  if (!set) return;
  for (const each of tabsOf(set)) {
    const selected = each === tab;
    each.setAttribute('aria-selected', String(selected));
    each.tabIndex = selected ? 0 : -1;
    const panel = document.getElementById(each.getAttribute('aria-controls') ?? '');
    panel?.toggleAttribute('data-active', selected);
  }
}

function tabsOf(set: HTMLElement): HTMLElement[] {
  return [...set.querySelectorAll<HTMLElement>(':scope > .tabs__list > .tabs__tab')];
}

function revealHashTarget(): void {
  const id = idOfHash(window.location.hash);
  const target = id ? document.getElementById(id) : null;
  let panel = target?.closest<HTMLElement>('.tabs__panel');
  if (!panel || panel.hasAttribute('data-active')) return;
  while (panel) {
    const tab = document.getElementById(panel.getAttribute('aria-labelledby') ?? '');
    if (tab) select(tab);
    panel = panel.parentElement?.closest<HTMLElement>('.tabs__panel') ?? null;
  }
  target?.scrollIntoView();
}
