/**
 * The Try-it panel of an operation. Swagger UI's chunk and stylesheet are fetched when the reader
 * first asks for a panel, or earlier when the browser is idle (so the first click is quick); one
 * panel is open at a time, since one Swagger UI instance moves between them.
 */
import type { TryValues } from '../../api-model.ts';

interface TryItOptions {
  specUrl: string;
  stylesheet: string | undefined;
  load: (href: string | undefined) => Promise<void>;
}

let open: { op: HTMLElement; button: HTMLButtonElement; panel: HTMLElement } | undefined;

const loadChunk = () => {
  // Swagger UI imports zenscroll, which, unless this is set first, takes over every click on an
  // in-page link of the page once the chunk has loaded: it cancels the jump and animates the page
  // for about a second (reduced motion or not, against the reader's own scrolling), then sets the
  // address, and it animates back and forward too.
  (window as { noZensmooth?: boolean }).noZensmooth = true;
  return import('./mount-swagger.tsx');
};

export async function openTryIt(op: HTMLElement, button: HTMLButtonElement, options: TryItOptions): Promise<void> {
  const panel = op.querySelector<HTMLElement>('[data-try-panel]');
  if (!panel) return;
  const wasThis = open?.op === op;
  closeTryIt();
  if (wasThis) return;
  open = { op, button, panel };
  panel.hidden = false;
  button.setAttribute('aria-expanded', 'true');
  button.textContent = 'Close Try it';
  const status = document.createElement('p');
  status.className = 'api-try__status';
  status.setAttribute('role', 'status');
  status.textContent = 'Loading the request form…';
  panel.replaceChildren(status);
  try {
    const [module] = await Promise.all([loadChunk(), options.load(options.stylesheet)]);
    if (open?.op !== op) return; // closed or moved on while loading
    status.remove();
    const method = op.querySelector('.api-method')?.textContent ?? '';
    const path = op.querySelector('.api-op__path')?.textContent ?? '';
    await module.showTryIt(panel, { specUrl: options.specUrl, method, path, startValues: readValues(button.dataset.tryValues) });
  } catch (error) {
    status.setAttribute('role', 'alert');
    status.textContent = `The request form could not be loaded: ${(error as Error).message}. Close it and press Try it again to retry.`;
  }
}

/** The parameter values of the operation's code samples, by where they go (written by the build on its Try it button). */
function readValues(json: string | undefined): TryValues {
  try {
    const values: unknown = JSON.parse(json ?? '{}');
    return values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as TryValues) : {};
  } catch {
    return {};
  }
}

function closeTryIt(): void {
  if (!open) return;
  open.panel.hidden = true;
  open.button.setAttribute('aria-expanded', 'false');
  open.button.textContent = 'Try it';
  open = undefined;
}

/** Fetches Swagger UI while the browser has nothing else to do; returns a cancel function. */
export function prefetchTryIt(stylesheet: string | undefined, load: (href: string | undefined) => Promise<void> = async () => undefined): () => void {
  const fetchAll = () => {
    void loadChunk().catch(() => undefined);
    void load(stylesheet).catch(() => undefined);
  };
  const hasIdle = typeof window.requestIdleCallback === 'function';
  const handle = hasIdle ? window.requestIdleCallback(fetchAll, { timeout: 15_000 }) : window.setTimeout(fetchAll, 2000);
  return () => {
    if (hasIdle) window.cancelIdleCallback(handle);
    else window.clearTimeout(handle);
    closeTryIt();
  };
}
