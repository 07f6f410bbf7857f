/**
 * Image zoom for content images, in its own chunk, attached 1000 ms after load and after each
 * route change. A click, or Enter or Space on the focused image, opens it; a click, Escape,
 * scrolling more than 40 px and resizing close it; the backdrop follows the colour mode.
 */
import { IMAGE_ZOOM } from '../constants.ts';
import { currentColorMode, subscribeColorMode } from './color-mode.ts';

type Zoom = { detach(): void; close(): Promise<unknown>; toggle(options: { target: HTMLElement }): Promise<unknown>; update(options: { background: string }): void };
let zoom: Zoom | undefined;
let releaseKeyboard: (() => void) | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

const background = () => (currentColorMode() === 'dark' ? IMAGE_ZOOM.backgroundDark : IMAGE_ZOOM.backgroundLight);

/**
 * A wide diagram scrolling in its box on a narrow screen is shown larger than the screen already:
 * zooming would fit it to the screen, which shrinks it.
 */
function inScrollingBox(img: HTMLImageElement): boolean {
  const box = img.closest('.figure-scroll');
  return box !== null && box.scrollWidth > box.clientWidth;
}

export function scheduleZoom(): void {
  if (timer) clearTimeout(timer);
  zoom?.detach();
  zoom = undefined;
  releaseKeyboard?.();
  releaseKeyboard = undefined;
  timer = setTimeout(() => void attach(), IMAGE_ZOOM.attachDelayMs);
}

async function attach(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('.markdown img')].filter((img) => !img.closest('a') && !inScrollingBox(img));
  // Said either way, so a test knows the moment has passed (`none`: nothing on this page to zoom).
  if (images.length === 0) {
    document.documentElement.dataset.zoomAttached = 'none';
    return;
  }
  const { default: mediumZoom } = await import('medium-zoom');
  zoom = mediumZoom(images, { margin: IMAGE_ZOOM.margin, scrollOffset: IMAGE_ZOOM.scrollOffsetPx, background: background() }) as unknown as Zoom;
  releaseKeyboard = operableByKeyboard(images);
  document.documentElement.dataset.zoomAttached = 'true';
  if (!listening) {
    listening = true;
    window.addEventListener('resize', () => void zoom?.close());
    subscribeColorMode(() => zoom?.update({ background: background() }));
  }
}

/**
 * What a click does, the keyboard does too (WCAG 2.1.1): each zoomable image is a button in the
 * tab order, named for what it does and what it shows, and Enter or Space opens it. medium-zoom
 * shows a copy of the image and hides the image itself, which drops its focus: the copy takes the
 * focus while it shows (Enter, Space, Escape or Tab close it), then the image has it back.
 */
function operableByKeyboard(images: HTMLImageElement[]): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    void zoom?.toggle({ target: event.currentTarget as HTMLImageElement });
  };
  const onOpen = (event: Event) => {
    const img = event.currentTarget as HTMLImageElement;
    if (document.activeElement !== img) return;
    // The copy is in the document once this event's dispatch has returned.
    setTimeout(() => focusCopy(img));
  };
  // An image with an empty alt is decorative: it says nothing to a screen reader, nor to the keyboard
  // (and ARIA allows it no role but none).
  const described = images.filter((img) => img.alt.trim() !== '');
  for (const img of described) {
    img.tabIndex = 0;
    img.setAttribute('role', 'button');
    img.setAttribute('aria-label', `Enlarge image: ${img.alt}`);
    img.addEventListener('keydown', onKey);
    img.addEventListener('medium-zoom:open', onOpen);
  }
  return () => {
    for (const img of described) {
      img.removeAttribute('tabindex');
      img.removeAttribute('role');
      img.removeAttribute('aria-label');
      img.removeEventListener('keydown', onKey);
      img.removeEventListener('medium-zoom:open', onOpen);
    }
  };
}

/** The enlarged copy of `img`, focused, as the button that closes it; `img` gets the focus back once shown again. */
function focusCopy(img: HTMLImageElement): void {
  // medium-zoom appends its copy to the body (its getZoomedImage() gives the image itself).
  const copy = document.querySelector<HTMLImageElement>('body > img.medium-zoom-image--opened');
  if (!copy) return;
  copy.setAttribute('aria-label', `Close the enlarged image: ${img.alt}`);
  copy.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'Tab') return;
    event.preventDefault();
    void zoom?.close();
  });
  img.addEventListener('medium-zoom:closed', () => img.focus({ preventScroll: true }), { once: true });
  copy.focus({ preventScroll: true });
}
