/**
 * The URL policy for content (markdown links, images, link references, autolinks, raw HTML, the
 * announcement bar, OpenAPI descriptions): a link may be a site path, a fragment, or an http(s) or
 * mailto URL; an image may also be a `data:image/…` URL. Anything else (`javascript:`,
 * `vbscript:`, `data:text/html`, `file:`, custom schemes) is refused.
 *
 * The check runs on the value a browser would use: entities are already decoded by the parsers
 * (micromark, parse5), and here the characters the URL parser ignores are removed first, so
 * `java&#9;script:`, ` JavaScript:` or `\u0001javascript:` are seen as `javascript:`.
 */

const LINK_SCHEMES = new Set(['http', 'https', 'mailto']);
const IMAGE_SCHEMES = new Set(['http', 'https']);
/**
 * Images in data: URLs. SVG is allowed too: an image (`<img>`, CSS) renders SVG in a mode without
 * script or external loads, and browsers refuse top-level navigation to data: URLs, so opening the
 * image cannot run its script either.
 */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpeg|jpg|webp|avif|bmp|x-icon|svg\+xml)[;,]/i;
const SCHEME = /^([a-zA-Z][a-zA-Z0-9+.-]*):/;
// WHATWG URL parsing strips leading/trailing C0 controls and spaces, and every tab and newline.
const IGNORED_AT_ENDS = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const IGNORED_INSIDE = /[\t\n\r]/g;
// Any other control character (or U+FFFD, which the HTML parser puts in place of NUL) in a URL is
// never a legitimate link: refuse it rather than guess how a browser reads it.
const CONTROL = /[\u0000-\u001f\u007f\ufffd]/;

/** Two leading slashes of which one is a backslash: another host, as browsers read it. */
const DISGUISED_HOST = /^(?:\/\\|\\[\\/])/;

export type UrlUse = 'link' | 'image';

/** The URL with the characters a browser's URL parser ignores removed. */
export function urlAsBrowsersRead(value: string): string {
  return value.replace(IGNORED_AT_ENDS, '').replace(IGNORED_INSIDE, '');
}

/** The scheme a browser reads in a URL, lower case; undefined for paths, fragments and `//host`. */
export function urlScheme(value: string): string | undefined {
  return SCHEME.exec(urlAsBrowsersRead(value))?.[1]?.toLowerCase();
}

/** The URL as a browser's URL parser sees it, or undefined when it is not allowed for this use. */
export function allowedUrl(value: string, use: UrlUse): string | undefined {
  const cleaned = urlAsBrowsersRead(value);
  if (CONTROL.test(cleaned)) return undefined;
  const scheme = SCHEME.exec(cleaned)?.[1]?.toLowerCase();
  // `/\evil.example/` reads as a site path, but a browser takes `\` for `/` and goes to another
  // site, unchecked and unwarned: written so only to mislead. `//host/…` says what it is, and stays.
  if (scheme === undefined && DISGUISED_HOST.test(cleaned)) return undefined;
  if (scheme === undefined) return cleaned; // a path, `#fragment`, `?query` or `//host/…`
  if (use === 'image' && scheme === 'data') return DATA_IMAGE.test(cleaned) ? `data${cleaned.slice(4)}` : undefined;
  const allowed = use === 'link' ? LINK_SCHEMES : IMAGE_SCHEMES;
  return allowed.has(scheme) ? scheme + cleaned.slice(scheme.length) : undefined;
}

export function isAllowedUrl(value: string, use: UrlUse): boolean {
  return allowedUrl(value, use) !== undefined;
}

/** The schemes a link may use, in words, for messages and the README. */
export const ALLOWED_URLS_IN_WORDS = 'site paths, #fragments, http(s) and mailto URLs (images also data:image/… URLs)';
