/**
 * Image zoom for content images, in its own chunk, attached 1000 ms after load and after each
 * route change. Click, Escape, scrolling more than 40 px and resizing close it; the backdrop follows
 * the colour mode.
 */
import { IMAGE_ZOOM } from '../constants.ts';
import { currentColorMode, subscribeColorMode } from './color-mode.ts';

type Zoom = { detach(): void; close(): Promise<unknown>; update(options: { background: string }): void };
let zoom: Zoom | undefined;
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
  document.documentElement.dataset.zoomAttached = 'true';
  if (!listening) {
    listening = true;
    window.addEventListener('resize', () => void zoom?.close());
    subscribeColorMode(() => zoom?.update({ background: background() }));
  }
}
