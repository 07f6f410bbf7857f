/**
 * Colour mode in the browser. The inline bootstrap script sets `data-theme` before first paint;
 * this module keeps it in sync afterwards: the toggle's choice is stored, and without a stored
 * choice the page follows the system preference (not while printing, which is always light).
 */
import { readStorage, writeStorage } from '../storage.ts';
import { STORAGE_KEYS } from '../constants.ts';

export type ColorMode = 'light' | 'dark';
type Listener = () => void;
const listeners = new Set<Listener>();

export function currentColorMode(): ColorMode {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

function apply(mode: ColorMode): void {
  document.documentElement.dataset.theme = mode;
  document.documentElement.style.colorScheme = mode;
  listeners.forEach((l) => l());
}

export function setColorMode(mode: ColorMode, options: { persist: boolean }): void {
  if (options.persist) writeStorage(STORAGE_KEYS.colorMode, mode);
  apply(mode);
}

export function subscribeColorMode(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Follows `prefers-color-scheme` changes while the reader has not chosen a mode. */
export function watchSystemColorMode(options: { disableSwitch: boolean; respectPrefersColorScheme: boolean }): void {
  if (!options.respectPrefersColorScheme || typeof window.matchMedia !== 'function') return;
  const query = window.matchMedia('(prefers-color-scheme: dark)');
  const print = window.matchMedia('print');
  query.addEventListener('change', (event) => {
    if (print.matches) return;
    if (!options.disableSwitch && readStorage(STORAGE_KEYS.colorMode)) return;
    apply(event.matches ? 'dark' : 'light');
  });
}
