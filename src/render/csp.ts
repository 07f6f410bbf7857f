/**
 * The Content-Security-Policy every page ships in a `<meta http-equiv>` tag and `docsgen serve`
 * sends as a header: scripts only from the site itself plus the page's inline scripts by hash (the
 * bootstrap script; a custom React page may add its own), never `'unsafe-inline'` for scripts;
 * styles from the site plus inline style attributes (colours of highlighted code and of the
 * announcement bar); network requests to the site, the hosted search service and, on an API page,
 * the API servers "Try it out" calls.
 *
 * A meta policy cannot carry `frame-ancestors`, `report-uri` or `sandbox` (browsers ignore them
 * there, with a console warning), so they are left out of the meta tag and added to the header.
 */
import { createHash } from 'node:crypto';
import type { PageData, SearchSettings, SiteData } from '../../theme/data.ts';
import { BOOTSTRAP_SCRIPT_HASH } from './bootstrap.ts';

export interface PolicySources {
  /** `sha256-…` of each inline script (the bootstrap script's is always included). */
  scriptHashes?: string[];
  /** Origins or scheme sources (`https://host`, `http:`) the page may connect to. */
  connectSources?: string[];
}

/** Directives only a header can deliver. */
export const HEADER_ONLY_DIRECTIVES = ["frame-ancestors 'none'"];

/** The policy for a meta tag. */
export function contentSecurityPolicy(sources: PolicySources = {}): string {
  const scripts = unique([BOOTSTRAP_SCRIPT_HASH, ...(sources.scriptHashes ?? [])]).map((hash) => `'${hash}'`);
  const connect = unique(["'self'", ...(sources.connectSources ?? [])]);
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** The header form of a page's meta policy: the same, plus what only a header can say. */
export function headerPolicy(metaPolicy: string): string {
  return [metaPolicy, ...HEADER_ONLY_DIRECTIVES].join('; ');
}

/** The meta policy of one page of a site. */
export function pagePolicy(site: SiteData, page: PageData): string {
  return contentSecurityPolicy({
    scriptHashes: page.kind === 'page' ? customPageScriptHashes(page.html) : [],
    connectSources: [...searchServiceSources(site.search), ...(page.kind === 'api' ? apiServerSources([...page.api.servers, ...(page.api.tokenUrls ?? [])]) : [])],
  });
}

export function scriptHash(text: string): string {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/**
 * Inline scripts of a custom React page (the maintainer's own code, like the theme). Content —
 * markdown, OpenAPI descriptions, config HTML — is sanitised and never gets a hash, so a script
 * that slipped through would still be blocked. The HTML is React's output, which escapes `<` and
 * `>` in attribute values, so a tag ends at the first `>` and a script at the first `</script`.
 */
export function customPageScriptHashes(html: string): string[] {
  if (!html.includes('<script')) return [];
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script[\s/>]/gi)) {
    const attributes = match[1] ?? '';
    if (/\ssrc=/i.test(attributes) || !isJavaScriptType(/\stype="([^"]*)"/i.exec(attributes)?.[1])) continue;
    hashes.push(scriptHash(match[2] ?? ''));
  }
  return hashes;
}

/** Data blocks (`application/json`) are never executed, so they need no hash. */
function isJavaScriptType(type: string | undefined): boolean {
  return type === undefined || type === '' || type === 'module' || /^(text|application)\/(x-)?(java|ecma)script$/i.test(type.trim());
}

/** Hosts of the hosted search service: the configured ones, or the service's defaults for the app. */
export function searchServiceSources(search: SearchSettings): string[] {
  if (search.mode !== 'hosted') return [];
  if (search.hosts?.length) return search.hosts.map((h) => hostSource(`${h.protocol ?? 'https'}://${h.url}`)).filter(isDefined);
  const app = (search.appId ?? '').toLowerCase();
  if (!/^[a-z0-9]+$/.test(app)) return [];
  return [`https://${app}-dsn.algolia.net`, `https://${app}-1.algolianet.com`, `https://${app}-2.algolianet.com`, `https://${app}-3.algolianet.com`];
}

/**
 * Where "Try it out" sends requests: a server's origin, or — when its host is a variable the reader
 * fills in (`http://{hubHost}:{port}/…`) — any host of its scheme. Relative servers are the site.
 */
export function apiServerSources(servers: readonly string[]): string[] {
  return servers.flatMap((url) => {
    const scheme = /^([^:/?#]+):\/\//.exec(url)?.[1];
    if (scheme === undefined) return [];
    if (scheme.includes('{')) return ['http:', 'https:'];
    const authority = url.slice(scheme.length + 3).split(/[/?#]/)[0] ?? '';
    if (authority.includes('{')) return /^https?$/i.test(scheme) ? [`${scheme.toLowerCase()}:`] : [];
    return [hostSource(url)].filter(isDefined);
  });
}

/** The origin of an http(s) URL as a CSP source, or undefined (nothing else may enter the policy). */
function hostSource(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

function isDefined<T>(value: T | undefined): value is T {
  return value !== undefined;
}
