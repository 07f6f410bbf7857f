/**
 * Opens the search modal. The modal's code (DocSearch and the search client) is a separate chunk:
 * until it has loaded, a small dialog of the main bundle (theme/search/shell.ts) shows at once and
 * keeps what the reader types. The chunk and the index's entry file are preloaded when the pointer
 * or focus reaches the search button. If loading fails, a dialog shows the error and a Retry button.
 */
import type { SearchSettings } from '../data.ts';
import type { SearchModal } from '../search/modal.tsx';
import { openSearchShell, type SearchShell } from '../search/shell.ts';
import { fetchJson } from '../search/fetch-json.ts';
import { loadStylesheet } from './stylesheet.ts';
import { mayPrefetch } from './navigation.ts';

let settings: SearchSettings | undefined;
let stylesheet: string | undefined;
let navigateTo: (url: string) => void = (url) => window.location.assign(url);
let modal: Promise<SearchModal> | undefined;
let current: SearchModal | undefined;
let shell: SearchShell | undefined;

export function configureSearch(options: { settings: SearchSettings; stylesheet?: string; navigate: (url: string) => void }): void {
  settings = options.settings;
  stylesheet = options.stylesheet;
  navigateTo = options.navigate;
}

function loadModal(): Promise<SearchModal> {
  if (!settings) return Promise.reject(new Error('search is not configured'));
  const config = settings;
  modal ??= Promise.all([import('../search/modal.tsx'), loadStylesheet(stylesheet)])
    .then(([m]) => {
      current = m.createSearchModal(config, (url) => navigateTo(url));
      // From now on the modal opens in the same task (no loading frame); tests and styles can tell.
      document.documentElement.dataset.searchReady = 'true';
      return current;
    })
    .catch((error: unknown) => {
      modal = undefined;
      throw error;
    });
  return modal;
}

/** Fetches the modal's code and the index's entry file ahead of the first search (hover or focus). */
export function preloadSearch(): void {
  if (typeof window === 'undefined' || !settings || !mayPrefetch()) return;
  void loadModal().catch(() => undefined); // a failure shows when the reader opens search
  if (settings.mode === 'local' && settings.indexUrl) void fetchJson(settings.indexUrl).catch(() => undefined);
}

export function openSearch(initialQuery?: string): void {
  if (typeof window === 'undefined') return;
  if (current) {
    current.open(initialQuery);
    return;
  }
  if (shell) return;
  const opening = openSearchShell(initialQuery ?? '', () => (shell = undefined));
  shell = opening;
  document.documentElement.dataset.searchLoading = 'true';
  loadModal()
    .then((m) => {
      if (shell !== opening) return; // the reader closed the shell meanwhile
      shell = undefined;
      // Same task: the modal takes the typed query and the focus before the next keystroke arrives.
      m.open(opening.query(), opening.opener);
      opening.remove(false);
    })
    .catch((error: unknown) => {
      if (shell !== opening) return;
      shell = undefined;
      opening.remove(true);
      showLoadError(error, () => openSearch(opening.query().value));
    })
    .finally(() => delete document.documentElement.dataset.searchLoading);
}

function closeShell(): void {
  shell?.remove(true);
  shell = undefined;
}

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** Ctrl/Cmd+K toggles the modal; "/" opens it when focus is not in a text field. */
export function installSearchShortcuts(): void {
  window.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && current?.isOpen()) {
      event.preventDefault();
      current.close();
      return;
    }
    const isToggle = (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k';
    if (isToggle) {
      event.preventDefault();
      if (current?.isOpen()) current.close();
      else if (shell) closeShell();
      else openSearch();
      return;
    }
    if (event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isEditable(event.target) && !current?.isOpen()) {
      event.preventDefault();
      openSearch();
    }
  });
}

function showLoadError(error: unknown, retry: () => void): void {
  document.getElementById('search-load-error')?.remove();
  const box = document.createElement('div');
  box.id = 'search-load-error';
  box.className = 'lazy-error lazy-error--floating';
  box.setAttribute('role', 'alertdialog');
  box.setAttribute('aria-label', 'Search could not be loaded');
  const text = document.createElement('p');
  text.textContent = `Search could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  const retryButton = document.createElement('button');
  retryButton.type = 'button';
  retryButton.className = 'button button--secondary';
  retryButton.textContent = 'Retry';
  retryButton.addEventListener('click', () => {
    box.remove();
    retry();
  });
  const closeButton = document.createElement('button');
  closeButton.type = 'button';
  closeButton.className = 'button button--link';
  closeButton.textContent = 'Close';
  closeButton.addEventListener('click', () => box.remove());
  box.append(text, retryButton, closeButton);
  document.body.appendChild(box);
  retryButton.focus();
}
