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

export function scheduleZoom(): void {
  if (timer) clearTimeout(timer);
  zoom?.detach();
  zoom = undefined;
  timer = setTimeout(() => void attach(), IMAGE_ZOOM.attachDelayMs);
}

async function attach(): Promise<void> {
  const images = [...document.querySelectorAll<HTMLImageElement>('.markdown img')].filter((img) => !img.closest('a'));
  if (images.length === 0) return;
  const { default: mediumZoom } = await import('medium-zoom');
  zoom = mediumZoom(images, { margin: IMAGE_ZOOM.margin, scrollOffset: IMAGE_ZOOM.scrollOffsetPx, background: background() }) as unknown as Zoom;
  document.documentElement.dataset.zoomAttached = 'true';
  if (!listening) {
    listening = true;
    window.addEventListener('resize', () => void zoom?.close());
    subscribeColorMode(() => zoom?.update({ background: background() }));
  }
}
