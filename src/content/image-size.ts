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
import { mismatchedSvgTag } from './svg-tags.ts';
import type { CleanSvgMemo } from '../cache/svg-memo.ts';

export interface ImageSize {
  width: number;
  height: number;
}

/** A file named as an image that cannot be read as one: why, in words (a page using it gets a warning). */
export interface UnreadableImage {
  unreadable: string;
}

/** What reading an image's bytes (when it is hashed) says: its size, that it is broken, or nothing usable. */
export type ImageFacts = ImageSize | UnreadableImage;

export const isUnreadable = (facts: ImageFacts | undefined): facts is UnreadableImage => facts !== undefined && 'unreadable' in facts;

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
    return sizeAsShown(imageSize(bytes));
  } catch {
    return undefined;
  }
}

function sizeAsShown({ width, height, type, orientation }: ReturnType<typeof imageSize>): ImageSize | undefined {
  if (!type || !RASTER_TYPES.has(type) || !width || !height) return undefined;
  return orientation !== undefined && orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * rasterSize, telling a broken file from one that merely has no size docsgen can use: image-size
 * throws on bytes that are no image it knows or on a header cut short, and a PNG is walked chunk
 * by chunk (a few reads of the bytes already in memory) for its image data and its end, which a
 * header-only or truncated file lacks. Browsers show those as broken images.
 */
export function rasterFacts(bytes: Uint8Array): ImageFacts | undefined {
  // An empty file (a failed download or export) says so, rather than image-size's "Offset is
  // outside the bounds of the DataView".
  if (bytes.length === 0) return { unreadable: 'the file is empty' };
  let header: ReturnType<typeof imageSize>;
  try {
    header = imageSize(bytes);
  } catch (error) {
    const message = (error as Error).message ?? '';
    return { unreadable: /unsupported file type/i.test(message) ? 'its bytes are not a PNG, JPEG, GIF, WebP or AVIF image' : `its header is broken (${message || 'unreadable'})` };
  }
  if (header.type === 'png') {
    const problem = pngProblem(bytes);
    if (problem) return { unreadable: problem };
  }
  return sizeAsShown(header);
}

/** What is missing from a PNG's chunks, or undefined for a complete file. */
function pngProblem(bytes: Uint8Array): string | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 8;
  let imageData = false;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4] ?? 0, bytes[offset + 5] ?? 0, bytes[offset + 6] ?? 0, bytes[offset + 7] ?? 0);
    if (offset + 12 + length > bytes.length) return `the file is cut short (inside its ${type} chunk)`;
    if (type === 'IDAT') imageData = true;
    if (type === 'IEND') return imageData ? undefined : 'it holds no image data (no IDAT chunk)';
    offset += 12 + length;
  }
  return imageData ? 'the file is cut short (no IEND chunk)' : 'it holds no image data (no IDAT chunk)';
}

/**
 * An SVG's size (svgSize), or why it cannot be an SVG image: no `<svg>` root element, a file that
 * does not end with the root's end tag (cut short, or not closed), or end tags that do not match
 * the elements they close (svg-tags.ts). A browser refuses an SVG that is not well-formed XML and
 * shows a broken image. `wellFormed`: the texts earlier builds found well-formed, not parsed again.
 */
export function svgFacts(text: string, wellFormed?: CleanSvgMemo): ImageFacts | undefined {
  const root = /<(?:[A-Za-z_][\w.-]*:)?svg\b[^>]*>/.exec(text);
  if (!root) return { unreadable: 'it has no <svg> root element' };
  let tail = text.trimEnd();
  // Comments may follow the root element.
  while (tail.endsWith('-->') && tail.lastIndexOf('<!--') >= 0) tail = tail.slice(0, tail.lastIndexOf('<!--')).trimEnd();
  const selfClosing = root[0].endsWith('/>') && root.index + root[0].length === tail.length;
  if (!selfClosing && !/<\/(?:[A-Za-z_][\w.-]*:)?svg\s*>$/.test(tail.slice(-80))) return { unreadable: 'it is not well-formed: it does not end with the </svg> that closes its root element' };
  if (!wellFormed?.isClean(text)) {
    const mismatch = mismatchedSvgTag(text);
    if (mismatch) return { unreadable: `it is not well-formed: ${mismatch}` };
    wellFormed?.markClean(text);
  }
  return svgSize(text);
}
