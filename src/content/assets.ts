/**
 * Content assets: images next to the pages get content-hashed names under `assets/img/` (only
 * those a page uses are copied), `_static/` is copied to the site root as it is. Every file is
 * read through files.ts, so nothing outside content/ is published, and a file that disappears
 * during the build is a warning, not a crash.
 */
import { shortHash } from '../cache/fingerprint.ts';
import path from 'node:path';
import { ASSETS_DIR } from '../bundle/client.ts';
import { readContentFile, type ContentWarning } from './files.ts';
import { rasterFacts, svgFacts, type ImageFacts } from './image-size.ts';
import { decodeContentText } from './encoding.ts';
import { hasImageExtension } from './image-types.ts';
import type { CleanSvgMemo } from '../cache/svg-memo.ts';

export interface HashedAsset {
  file: string;
  url: string;
  outPath: string;
  /** The image's size (image-size.ts), where it can be read, or why an image file cannot be read as one. */
  size?: ImageFacts;
}

export interface ContentFiles {
  contentDir: string;
  /** Real path of content/ (ContentScan.root). */
  root: string;
}

/**
 * Hashes every image of content/ outside `_static/` (image-types.ts: nothing else is published from
 * there); unreadable ones are left out with a warning. `wellFormedSvgs`: SVG texts earlier builds
 * found well-formed (image-size.ts svgFacts).
 */
export async function hashAssets(content: ContentFiles, relPaths: readonly string[], baseUrl: string, warnings: ContentWarning[], wellFormedSvgs?: CleanSvgMemo): Promise<Map<string, HashedAsset>> {
  const out = new Map<string, HashedAsset>();
  await Promise.all(
    relPaths
      .filter((rel) => !rel.startsWith('_static/') && hasImageExtension(rel))
      .map(async (rel) => {
        const read = await readContentFile(content, content.contentDir, rel);
        if ('warning' in read) {
          warnings.push(read.warning);
          return;
        }
        const ext = path.posix.extname(rel);
        const name = path.posix.basename(rel, ext).replace(/[^A-Za-z0-9_-]+/g, '-');
        const outPath = `${ASSETS_DIR}/img/${name}-${shortHash(read.bytes)}${ext.toLowerCase()}`;
        const lower = ext.toLowerCase();
        const size = lower === '.svg' ? sizeOfSvg(read.bytes, wellFormedSvgs) : RASTER_EXTENSIONS.has(lower) ? rasterFacts(read.bytes) : undefined;
        out.set(rel, { file: path.join(content.contentDir, rel), url: baseUrl + outPath, outPath, ...(size ? { size } : {}) });
      }),
  );
  return out;
}

/** Files a page shows as images (other files of content/ are only linked: their bytes are not read as images). */
const RASTER_EXTENSIONS = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif']);

/** Decoded as the SVG script check reads it (svg-script.ts). */
function sizeOfSvg(bytes: Uint8Array, wellFormed: CleanSvgMemo | undefined): ImageFacts | undefined {
  const decoded = decodeContentText(bytes);
  return 'text' in decoded ? svgFacts(decoded.text, wellFormed) : { unreadable: 'it is not text' };
}

/**
 * How to read a content file when it is written to the output: again, through the same checks (the
 * bytes are not kept from hashing, to bound memory). Undefined, after a warning, when it is gone.
 */
export function readForOutput(content: ContentFiles, rel: string, onWarning: (warning: ContentWarning) => void): () => Promise<Uint8Array | undefined> {
  return async () => {
    const read = await readContentFile(content, content.contentDir, rel);
    if ('bytes' in read) return read.bytes;
    onWarning(read.warning);
    return undefined;
  };
}
