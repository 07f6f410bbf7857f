import { useSyncExternalStore } from 'react';
import { currentColorMode, setColorMode, subscribeColorMode } from '../client/color-mode.ts';

/**
 * The light/dark switch. The server cannot know the reader's mode, so it renders both icons and
 * CSS shows the right one; the label is filled in once the browser knows.
 */
export function ColorModeToggle() {
  const mode = useSyncExternalStore(subscribeColorMode, currentColorMode, () => null);
  const label =
    mode === null ? 'Switch between dark and light mode' : `Switch between dark and light mode (currently ${mode} mode)`;
  return (
    <button
      type="button"
      className="color-mode-toggle"
      aria-label={label}
      title={label}
      onClick={() => setColorMode(currentColorMode() === 'dark' ? 'light' : 'dark', { persist: true })}
    >
      {/* The icons are masks in the stylesheet: inline, their paths were 1.4 KB of every page. */}
      <span className="color-mode-icon icon-light" aria-hidden="true" />
      <span className="color-mode-icon icon-dark" aria-hidden="true" />
    </button>
  );
}
