/**
 * HTML written in config.yaml (the announcement bar's `content`) goes through the same allow-list
 * sanitizer as raw HTML in markdown before any page carries it, and what was removed is reported
 * against the config key. Its root-relative links are site paths, resolved against the base as a
 * page's are (`/whats-new/` → `/suite-5.4.sp1/whats-new/`), so one config works under any
 * `baseUrl`. The result is cached in the project cache: the HTML parser and the sanitizer are then
 * not even loaded by a warm build.
 */
import path from 'node:path';
import type { Root } from 'hast';
import { hashText } from '../cache/fingerprint.ts';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import type { RemovedHtml } from '../markdown/sanitize.ts';
import { isExternal } from '../../theme/urls.ts';
import type { SiteData } from '../../theme/data.ts';

/** A link of HTML from config.yaml: the href readers get, and the href as config.yaml wrote it (for its position). */
export interface ConfigHtmlLink {
  href: string;
  written: string;
}

interface SanitizedHtml {
  html: string;
  removed: RemovedHtml[];
  links: ConfigHtmlLink[];
}

/**
 * Replaces the announcement bar's HTML by its sanitised form with its site paths resolved against
 * the base; `warn` hears what was removed. Returns the bar's links, in the order they are written.
 */
export async function sanitizeAnnouncementBar(site: SiteData, cacheDir: string, warn: (message: string) => void): Promise<ConfigHtmlLink[]> {
  const bar = site.announcementBar;
  if (!bar) return [];
  const { html, removed, links } = await sanitizedHtml(bar.content, site.baseUrl, cacheDir);
  site.announcementBar = { ...bar, content: html };
  for (const item of removed) warn(`announcementBar.content: ${item.message}`);
  return links;
}

/**
 * A link of HTML from config.yaml as readers get it: a root-relative path is a site path and gets
 * the base, unless it already starts with it (the rule of links in markdown and raw HTML in pages).
 * Fragments, queries, relative paths and URLs with a scheme or `//host` are left as written.
 */
export function resolveConfigHref(href: string, baseUrl: string): string {
  if (!href.startsWith('/') || isExternal(href)) return href;
  return href.startsWith(baseUrl) || `${href}/` === baseUrl ? href : baseUrl + href.slice(1);
}

/** Sanitised, then links resolved (on what the sanitizer kept: the URL as a browser reads it). */
export async function sanitizeConfigHtml(html: string, baseUrl: string): Promise<SanitizedHtml> {
  // Plain text is HTML that needs no cleaning and has no links.
  if (!/[<&]/.test(html)) return { html, removed: [], links: [] };
  const { sanitizeHtmlFragment } = await import('../markdown/sanitize.ts');
  const clean = sanitizeHtmlFragment(html);
  if (!/<a\s/i.test(clean.html)) return { ...clean, links: [] };
  const [{ raw }, { toHtml }, { visit }] = await Promise.all([import('hast-util-raw'), import('hast-util-to-html'), import('unist-util-visit')]);
  // The sanitised HTML parsed again, and only the values of its links changed: a site path gets
  // the base's segments in front, which keeps it a path of this site.
  const tree = raw({ type: 'root', children: [{ type: 'raw', value: clean.html }] }) as Root;
  const links: ConfigHtmlLink[] = [];
  let changed = false;
  visit(tree, 'element', (node) => {
    const written = node.tagName === 'a' ? node.properties.href : undefined;
    if (typeof written !== 'string') return;
    const href = resolveConfigHref(written, baseUrl);
    if (href !== written) {
      node.properties.href = href;
      changed = true;
    }
    links.push({ href, written });
  });
  return { html: changed ? toHtml(tree) : clean.html, removed: clean.removed, links };
}

async function sanitizedHtml(html: string, baseUrl: string, cacheDir: string): Promise<SanitizedHtml> {
  if (!/[<&]/.test(html)) return { html, removed: [], links: [] };
  const file = path.join(cacheDir, `config-html-${hashText(DOCSGEN_VERSION, baseUrl, html)}.json`);
  const cached = await readCachedJson<SanitizedHtml>(file);
  if (cached) return cached;
  const result = await sanitizeConfigHtml(html, baseUrl);
  await writeCachedJson(file, result);
  return result;
}
