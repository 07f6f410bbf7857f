/**
 * The search dialog's first frame, part of the main bundle: it opens in the same task as the
 * click or shortcut, shows that search is loading, and takes the reader's keystrokes while the
 * modal's code and the index arrive. When DocSearch mounts, it takes the typed query over in the
 * same task, so no keystroke falls between the two. Plain DOM: React and DocSearch are not loaded yet.
 */
import { SEARCH } from '../constants.ts';
import './shell.css';

export interface SearchShell {
  /** What the reader has typed so far, and where the caret is. */
  query(): { value: string; caret: number };
  /** The element that had focus before the shell opened (focus returns there on close). */
  opener: Element | null;
  /** Removes the shell; `restoreFocus` when the reader cancelled (not when the modal takes over). */
  remove(restoreFocus: boolean): void;
}

const MAGNIFIER =
  '<svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true"><path d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z" stroke="currentColor" fill="none" stroke-width="2" stroke-linecap="round"/></svg>';

function shellElement(initialQuery: string): { overlay: HTMLDivElement; input: HTMLInputElement } {
  const overlay = document.createElement('div');
  overlay.className = 'search-shell';
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', 'Search');
  overlay.setAttribute('aria-busy', 'true');
  const modal = document.createElement('div');
  modal.className = 'search-shell__modal';
  const form = document.createElement('form');
  form.className = 'search-shell__form';
  form.setAttribute('role', 'search');
  form.innerHTML = MAGNIFIER;
  const input = document.createElement('input');
  input.className = 'search-shell__input';
  input.type = 'search';
  input.maxLength = SEARCH.maxQueryLength;
  input.placeholder = 'Search docs';
  input.autocomplete = 'off';
  input.spellcheck = false;
  input.setAttribute('aria-label', 'Search');
  input.value = initialQuery.slice(0, SEARCH.maxQueryLength);
  form.appendChild(input);
  const status = document.createElement('p');
  status.className = 'search-shell__status';
  status.setAttribute('role', 'status');
  status.innerHTML = '<span class="search-shell__spinner" aria-hidden="true"></span>Loading search…';
  modal.append(form, status);
  overlay.appendChild(modal);
  return { overlay, input };
}

export function openSearchShell(initialQuery: string, onCancel: () => void): SearchShell {
  const opener = document.activeElement;
  const { overlay, input } = shellElement(initialQuery);
  let removed = false;
  const remove = (restoreFocus: boolean) => {
    if (removed) return;
    removed = true;
    overlay.remove();
    if (restoreFocus && opener instanceof HTMLElement) opener.focus();
  };
  const cancel = () => {
    remove(true);
    onCancel();
  };
  overlay.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      cancel();
    } else if (event.key === 'Tab') {
      event.preventDefault(); // the input is the dialog's only control: focus stays in it
    }
  });
  overlay.addEventListener('mousedown', (event) => {
    if (event.target === overlay) cancel();
  });
  overlay.querySelector('form')?.addEventListener('submit', (event) => event.preventDefault());
  document.body.appendChild(overlay);
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  return {
    query: () => ({ value: input.value, caret: input.selectionEnd ?? input.value.length }),
    opener,
    remove,
  };
}
