/**
 * The size of a content image, read when it is hashed. Pages give their images that size as
 * `width` and `height`, so the browser reserves the space before the file arrives, and the markdown
 * stage knows which diagrams are too wide to read on a phone (links.ts).
 *
 * Raster images (PNG, JPEG, GIF, WebP, AVIF) are read with the `image-size` package, from their
 * headers. An SVG's size is read here, from its root element (`width`/`height` in pixels, or else
 * its `viewBox`): image-size 2.1.0 refused an SVG whose attributes use single quotes ("Invalid
 * SVG") and gave no size for `width="100%"` with a viewBox, where a browser uses the viewBox
 * (tried 2026-11-28).
 */
import { imageSize } from 'image-size';

export interface ImageSize {
  width: number;
  height: number;
}

/** Undefined when the root element gives no usable size (percentages, ems, nothing). */
export function svgSize(text: string): ImageSize | undefined {
  const root = /<svg\b[^>]*>/i.exec(text.slice(0, 4096))?.[0];
  if (!root) return undefined;
  const attribute = (name: string) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(root)?.[1];
  const width = pixels(attribute('width'));
  const height = pixels(attribute('height'));
  if (width !== undefined && height !== undefined) return { width, height };
  const box = attribute('viewBox')?.trim().split(/[\s,]+/).map(Number);
  if (!box || box.length !== 4 || !box.every(Number.isFinite)) return undefined;
  const [, , boxWidth = 0, boxHeight = 0] = box;
  if (boxWidth <= 0 || boxHeight <= 0) return undefined;
  // One side given: the other follows the viewBox's proportions, as a browser sizes it.
  if (width !== undefined) return { width, height: round((width * boxHeight) / boxWidth) };
  if (height !== undefined) return { width: round((height * boxWidth) / boxHeight), height };
  return { width: round(boxWidth), height: round(boxHeight) };
}

function pixels(value: string | undefined): number | undefined {
  const match = value === undefined ? null : /^\s*(\d+(?:\.\d+)?)\s*(px)?\s*$/i.exec(value);
  const number = match ? Number(match[1]) : NaN;
  return number > 0 ? round(number) : undefined;
}

const round = (n: number) => Math.max(1, Math.round(n));

const RASTER_TYPES = new Set(['png', 'jpg', 'gif', 'webp', 'avif']);

/**
 * A raster image's size as a browser shows it: EXIF orientations 5 to 8 turn a JPEG a quarter,
 * which browsers apply (`image-orientation: from-image`), so width and height swap. Undefined for
 * a file whose header cannot be read (a broken or unknown image shows as the browser can).
 */
export function rasterSize(bytes: Uint8Array): ImageSize | undefined {
  try {
    const { width, height, type, orientation } = imageSize(bytes);
    if (!type || !RASTER_TYPES.has(type) || !width || !height) return undefined;
    return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
  } catch {
    return undefined;
  }
}
