/**
 * A copy button on every code block (`.code-block`, made by the markdown stage). It is added by the
 * client, after each route change, so that a page read without JavaScript shows no button that
 * cannot work. Its name is "Copy code"; after copying it shows a check mark for two seconds and the
 * live region says "Copied" (copy-text.ts copies on plain-http hosts too).
 */
import { announce } from './route-focus.ts';
import { copyText } from './copy-text.ts';

const COPY_ICON = '<path d="M5.5 4.5v-2h8v9h-2M2.5 4.5h9v9h-9z"/>';
const DONE_ICON = '<path d="M3 8.5l3 3 7-7"/>';
const SHOWN_MS = 2000;

export function addCopyButtons(root: ParentNode = document): void {
  for (const block of root.querySelectorAll<HTMLElement>('.markdown .code-block')) {
    if (block.querySelector(':scope > .code-block__copy')) continue;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'code-block__copy';
    button.setAttribute('aria-label', 'Copy code');
    button.title = 'Copy code';
    button.innerHTML = `<svg class="code-block__copy-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round">${COPY_ICON}</svg><svg class="code-block__done-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${DONE_ICON}</svg>`;
    block.append(button);
  }
}

/** One listener for every copy button, present and future. */
export function installCodeCopy(): void {
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.('.code-block__copy');
    const code = button?.parentElement?.querySelector('pre code');
    if (!button || !code) return;
    void copyText(code.textContent ?? '').then((copied) => {
      if (!copied) return;
      button.classList.add('code-block__copy--done');
      announce('Copied');
      setTimeout(() => button.classList.remove('code-block__copy--done'), SHOWN_MS);
    });
  });
}
