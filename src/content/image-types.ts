/**
 * The files a page may show as images. A content file is published (under `assets/img/`) only when a
 * page shows it with `![…](…)` or `<img>`, and only with one of these extensions: `![x](./page.html)`
 * would otherwise publish an HTML page, or a script, on the site's own origin, where the content
 * security policy lets a page run scripts.
 */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['.png', '.jpg', '.jpeg', '.gif', '.webp', '.avif', '.svg', '.ico', '.bmp']);

/** `diagram.SVG` → true; `page.html` → false. */
export function hasImageExtension(relPath: string): boolean {
  const dot = relPath.lastIndexOf('.');
  return dot > relPath.lastIndexOf('/') && IMAGE_EXTENSIONS.has(relPath.slice(dot).toLowerCase());
}
