/**
 * The Content-Security-Policy a built site passes: scripts only from the site itself plus the one
 * inline bootstrap script (by hash); styles from the site and inline style attributes (colours of
 * highlighted code and of the announcement bar). `docsgen build` needs nothing else.
 */
import { BOOTSTRAP_SCRIPT_HASH } from './bootstrap.ts';

export function contentSecurityPolicy(options: { searchHosts?: string[] } = {}): string {
  const connect = ["'self'", ...(options.searchHosts ?? [])].join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' '${BOOTSTRAP_SCRIPT_HASH}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
