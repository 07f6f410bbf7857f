/**
 * DNS rebinding: a page on another site can point its own host name at 127.0.0.1 and then read
 * what a server here answers (the dev server's drafts, its event stream's error messages with
 * file paths) as same-origin. A server bound to this machine only therefore answers only requests
 * addressed to this machine by name, as Vite's and webpack-dev-server's do. Bound to another
 * address (`--host 0.0.0.0`), it is meant to be reached by other names, and answers them all.
 */

/** The address `host` binds this machine only (localhost, 127.x.x.x, ::1). */
export function bindsLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/** A request's Host header names this machine (or is missing, as in HTTP/1.0). */
export function addressedToThisMachine(hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return true;
  const value = hostHeader.trim().toLowerCase();
  const name = value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '');
  return bindsLoopback(name) || name.endsWith('.localhost');
}

export const WRONG_HOST_TEXT =
  'Forbidden: this docsgen server answers only requests addressed to this machine (localhost or 127.0.0.1).\nTo reach it by another name, start it with --host 0.0.0.0 (it then answers every address).\n';
