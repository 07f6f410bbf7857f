/**
 * Opens the search modal. The modal's code (DocSearch and the search client) is a separate chunk
 * fetched on first use; if that fails, a small dialog shows the error and a Retry button.
 */
import type { SearchSettings } from '../data.ts';
import type { SearchModal } from '../search/modal.tsx';
import { loadStylesheet } from './stylesheet.ts';

let settings: SearchSettings | undefined;
let stylesheet: string | undefined;
let navigateTo: (url: string) => void = (url) => window.location.assign(url);
let modal: Promise<SearchModal> | undefined;
let current: SearchModal | undefined;

export function configureSearch(options: { settings: SearchSettings; stylesheet?: string; navigate: (url: string) => void }): void {
  settings = options.settings;
  stylesheet = options.stylesheet;
  navigateTo = options.navigate;
}

function loadModal(): Promise<SearchModal> {
  if (!settings) return Promise.reject(new Error('search is not configured'));
  const config = settings;
  modal ??= Promise.all([import('../search/modal.tsx'), loadStylesheet(stylesheet)])
    .then(([m]) => m.createSearchModal(config, (url) => navigateTo(url)))
    .then((m) => (current = m))
    .catch((error: unknown) => {
      modal = undefined;
      throw error;
    });
  return modal;
}

export function openSearch(initialQuery?: string): void {
  if (typeof window === 'undefined') return;
  document.documentElement.dataset.searchLoading = 'true';
  loadModal()
    .then((m) => m.open(initialQuery))
    .catch((error: unknown) => showLoadError(error, () => openSearch(initialQuery)))
    .finally(() => delete document.documentElement.dataset.searchLoading);
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
