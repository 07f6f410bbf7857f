/**
 * Field schemas shared by the inputs (config.yaml, front matter, `_category_.yaml`). Each one says
 * in words what it accepts, because its message is what a maintainer reads when a value is wrong.
 */
import { z } from 'zod';
import { urlAsBrowsersRead, urlScheme } from '../markdown/sanitize-url.ts';

export { urlScheme };

/** A path inside the site: "/installations/", "rhubapi", "../faq/" (no scheme, no "//host"). */
export function isSitePath(value: string): boolean {
  const url = urlAsBrowsersRead(value);
  return url !== '' && urlScheme(url) === undefined && !url.startsWith('//') && !url.startsWith('\\');
}

const LINK_WORDS = 'an http(s) or mailto URL, or a path inside the site (like /installations/)';

/** `href`/`to` of navbar and footer items: http(s), mailto or a site path; never javascript:, data: … */
export const linkTarget = z.string().refine((value) => isSitePath(value) || (['http', 'https', 'mailto'].includes(urlScheme(value) ?? '') && opensAsUrl(value)), {
  error: (issue) => `must be ${LINK_WORDS}${schemeNote(issue.input)}`,
});

/** An image: a path inside the site or an http(s) URL. */
export const imageSource = z.string().refine((value) => isSitePath(value) || ['http', 'https'].includes(urlScheme(value) ?? ''), {
  error: (issue) => `must be a path inside the site (like img/logo.svg) or an http(s) URL${schemeNote(issue.input)}`,
});

/** An http(s) URL, for services and pages outside the site. */
export const webUrl = z.string().refine((value) => ['http', 'https'].includes(urlScheme(value) ?? '') && /^https?:\/\/[^/\s]+/i.test(urlAsBrowsersRead(value)) && opensAsUrl(value), {
  error: (issue) => `must be an http(s) URL like https://example.com/page${schemeNote(issue.input)}`,
});

/** Whether a browser can open it: a port past 65535 or an unclosed "[" is no URL, and the link would lead nowhere. */
function opensAsUrl(value: string): boolean {
  return parsesAsUrl(urlAsBrowsersRead(value));
}

/** Whether the WHATWG URL parser takes the text as it is. */
export function parsesAsUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function schemeNote(input: unknown): string {
  const scheme = typeof input === 'string' ? urlScheme(input) : undefined;
  return scheme && !['http', 'https', 'mailto'].includes(scheme) ? `; "${scheme}:" URLs are not allowed` : '';
}

/** A folder-like path of lower-case words ("search", "api/hub"): no leading or trailing slash. */
export const routeSegment = z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, {
  error: 'must be lower-case letters, digits and "-", in segments separated by "/" (like "rhubapi" or "api/hub"), without a leading or trailing "/"',
});

export const nonEmpty = z.string().min(1, { error: 'must not be empty' });

/** A regular expression the browser compiles (`new RegExp(value)`): one it cannot would be skipped there without a word. */
export const regexSource = z.string().superRefine((value, context) => {
  try {
    new RegExp(value);
  } catch (error) {
    context.addIssue({ code: 'custom', message: `must be a JavaScript regular expression (${(error as Error).message.replace(/^Invalid regular expression: /, '')})` });
  }
});

/**
 * What replaces the matched part of a search hit's path: text of a path (`/docs/`, `v2`, `$1`),
 * never a scheme or `//host`, which would turn every result into a link off the site (or a
 * `javascript:` one).
 */
export const pathReplacement = z.string().refine((value) => value === '' || isSitePath(value), {
  error: (issue) => `must be part of a path inside the site (like /docs/)${schemeNote(issue.input)}`,
});

/**
 * A CSS colour as config.yaml may give one (`#0b3d91`, `rgb(11 61 145 / 0.9)`, `navy`,
 * `var(--brand)`): it is written into a style attribute, where `red; position: fixed; …` would add
 * declarations of its own.
 */
export const cssColor = z.string().regex(/^(?:#[0-9a-f]{3,8}|[a-z]+|(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\([\d\s.,%/+-]+\)|var\(--[\w-]+\))$/i, {
  error: 'must be a CSS colour: #rrggbb, rgb(…), hsl(…), a colour name or var(--name)',
});

export const severity = z.enum(['ignore', 'warn', 'error']);
export type Severity = z.infer<typeof severity>;
