/**
 * What Try it needs for OAuth 2.0 (see theme/client/api/mount-swagger.tsx):
 *
 * - The implicit and authorization-code flows open the authorization server in a window that
 *   returns to a redirect page, which hands the token (or code) to Swagger UI in the opener. The
 *   page is Swagger UI's own, from swagger-ui-dist of the same version as swagger-ui-react: its
 *   script is a file (`oauth2-redirect.js`), so the page runs under a policy of `script-src
 *   'self'`, like every other page. docsgen writes them beside the API's spec file.
 * - The authorization-code, client-credentials and password flows fetch the token from the
 *   token URL, which the page's `connect-src` must allow (src/render/csp.ts).
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import type { OutputFile } from '../build/output.ts';
import { isObject, componentsOf } from './pointer.ts';

export const REDIRECT_PAGE = 'oauth2-redirect.html';
const REDIRECT_SCRIPT = 'oauth2-redirect.js';
/** The flows that come back through the redirect page. */
const REDIRECTED_FLOWS = new Set(['implicit', 'authorizationCode']);

interface Flow {
  type: string;
  urls: string[];
}

function oauthFlows(document: Record<string, unknown>): Flow[] {
  const schemes = Object.values(componentsOf(document, 'securitySchemes'));
  return schemes.flatMap((scheme) =>
    isObject(scheme) && scheme.type === 'oauth2' && isObject(scheme.flows)
      ? Object.entries(scheme.flows).map(([type, flow]) => ({
          type,
          urls: isObject(flow) ? [flow.tokenUrl, flow.refreshUrl].filter((url): url is string => typeof url === 'string' && url.trim() !== '') : [],
        }))
      : [],
  );
}

/** Whether Try it needs the redirect page: an OAuth flow returns through it. */
export function needsRedirectPage(document: Record<string, unknown>): boolean {
  return oauthFlows(document).some((flow) => REDIRECTED_FLOWS.has(flow.type));
}

/** The token and refresh URLs Try it fetches, absolute (a relative one is resolved as Swagger UI does, against the spec's URL). */
export function oauthTokenUrls(document: Record<string, unknown>, specLocation: string): string[] {
  const urls = oauthFlows(document).flatMap((flow) => flow.urls);
  return [...new Set(urls.flatMap((url) => absolute(url, specLocation)))];
}

function absolute(url: string, base: string): string[] {
  try {
    return [new URL(url, base).href];
  } catch {
    return [];
  }
}

/** The redirect page and its script, for the API whose spec file is at `<route>/`. */
export function redirectPageFiles(route: string): OutputFile[] {
  return [
    { rel: `${route}/${REDIRECT_PAGE}`, contents: redirectPageHtml() },
    { rel: `${route}/${REDIRECT_SCRIPT}`, contents: () => readFile(createRequire(import.meta.url).resolve(`swagger-ui-dist/${REDIRECT_SCRIPT}`)) },
  ];
}

/** Swagger UI's page with a policy of its own (a static host sends none) and words for the moment it shows. */
function redirectPageHtml(): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self'">`,
    '<meta name="robots" content="noindex">',
    '<title>Signing in</title>',
    '</head>',
    '<body>',
    '<p>Signing in for Try it. This window closes by itself; if it stays open, close it and go back to the API page.</p>',
    `<script src="${REDIRECT_SCRIPT}"></script>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
