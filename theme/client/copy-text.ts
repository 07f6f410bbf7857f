/**
 * Copies text to the clipboard, wherever the page is served. The clipboard API needs a secure
 * context (https or localhost); on a plain-http host (a documentation server on a studio LAN) the
 * older execCommand path copies instead, from a hidden text area. Used by the code blocks' and the
 * API reference's copy buttons.
 */

/** True when the text reached the clipboard. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return copyWithSelection(text);
  }
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.cssText = 'position:fixed;top:0;left:0;opacity:0;pointer-events:none';
  const focused = document.activeElement as HTMLElement | null;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    focused?.focus({ preventScroll: true });
  }
  return copied;
}
