/**
 * Two corrections to the markup DocSearch 3.9 renders, kept while the dialog is open (React renders
 * lists anew on each keystroke, so the corrections run on every change of the dialog's tree):
 *
 * - Every results list is `<ul role="listbox" id="docsearch-list">`, while the search box's (and the
 *   container's) `aria-controls` names `docsearch-hits0-list docsearch-hits1-list …`, ids nothing
 *   has: a screen reader found no list the box controls (axe: aria-valid-attr-value, critical), and
 *   the lists shared one id. Each list gets the id `aria-controls` gives it, derived from its options'
 *   ids (`docsearch-hits0-item-3` → `docsearch-hits0-list`), as autocomplete-core names them.
 * - The backdrop around the dialog is `role="button"` with the combobox's `aria-expanded`,
 *   `aria-haspopup`, `aria-controls` and `aria-labelledby`: to assistive technology the whole dialog
 *   was one button (whose content is presentational) holding the search box and every link (axe:
 *   nested-interactive). It is a backdrop that closes the dialog on a click (Escape and the Cancel
 *   button do so by keyboard); those attributes come off, its click handler stays. The dialog box
 *   itself had no role at all: it becomes a modal dialog named "Search", as the first frame
 *   (shell.ts) already is, so a screen reader says where focus went.
 */
const BACKDROP_ARIA = ['role', 'aria-expanded', 'aria-haspopup', 'aria-controls', 'aria-labelledby'];

function repair(container: HTMLElement): void {
  for (const list of container.querySelectorAll<HTMLElement>('ul[role="listbox"]')) {
    const option = list.querySelector('[role="option"][id]');
    const id = option?.id.replace(/-item-\d+$/, '-list');
    if (id && id !== option?.id && list.id !== id) list.id = id;
  }
  const backdrop = container.querySelector('.DocSearch-Container');
  for (const name of BACKDROP_ARIA) if (backdrop?.hasAttribute(name)) backdrop.removeAttribute(name);
  const dialog = container.querySelector('.DocSearch-Modal');
  if (dialog && dialog.getAttribute('role') !== 'dialog') {
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Search');
  }
}

/** Applies the corrections now and after every change until the returned function is called. */
export function repairDocSearchAria(container: HTMLElement): () => void {
  repair(container);
  const observer = new MutationObserver(() => repair(container));
  observer.observe(container, { childList: true, subtree: true, attributes: true, attributeFilter: ['id', ...BACKDROP_ARIA] });
  return () => observer.disconnect();
}
