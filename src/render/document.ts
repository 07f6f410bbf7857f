/**
 * The HTML document around a rendered route: head (the Content-Security-Policy, title,
 * description, canonical, Open Graph, styles, the bootstrap script), the React markup, the page's
 * data block and the client entry.
 */
import type { PageData, SiteData } from '../../theme/data.ts';
import { pageForDataBlock } from '../../theme/data-block.ts';
import { escapeHtml } from '../../theme/escape-html.ts';
import { BOOTSTRAP_SCRIPT } from './bootstrap.ts';
import { pagePolicy } from './csp.ts';

export interface DocumentAssets {
  css: string[];
  entry: string;
  /** Chunks the entry imports statically: preloaded so they download in parallel. */
  preload: string[];
  favicon?: string;
}

/** For double-quoted attribute values that readers of the page source should still be able to read. */
function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** JSON that is safe inside <script>: no "</script>", no HTML comment openers, no line separators. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function renderDocument(options: {
  site: SiteData;
  page: PageData;
  title: string;
  appHtml: string;
  assets: DocumentAssets;
  canonicalUrl: string;
}): string {
  const { site, page, assets } = options;
  const description = page.description || site.tagline;
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(site.locale)}" dir="ltr" data-theme="${site.colorMode.defaultMode}" data-default-mode="${site.colorMode.defaultMode}"`,
    ` data-disable-switch="${site.colorMode.disableSwitch}" data-respect-prefers="${site.colorMode.respectPrefersColorScheme}"`,
    ` data-base="${escapeHtml(site.baseUrl)}"${site.announcementBar ? ` data-announcement-id="${escapeHtml(site.announcementBar.id)}"` : ''}`,
    ` data-page-kind="${page.kind}">`,
    '<head>',
    '<meta charset="utf-8">',
    // First in the head: a meta policy governs only what comes after it.
    `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(pagePolicy(site, page))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(options.title)}</title>`,
    description ? `<meta name="description" content="${escapeHtml(description)}">` : '',
    // The 404 page is served at any missing address: it names no address of its own (noindex, below).
    page.kind === 'notfound' ? '' : `<link rel="canonical" href="${escapeHtml(options.canonicalUrl)}">`,
    `<meta property="og:title" content="${escapeHtml(options.title)}">`,
    description ? `<meta property="og:description" content="${escapeHtml(description)}">` : '',
    page.kind === 'notfound' ? '' : `<meta property="og:url" content="${escapeHtml(options.canonicalUrl)}">`,
    `<meta property="og:type" content="${page.kind === 'doc' ? 'article' : 'website'}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.title)}">`,
    `<meta property="og:locale" content="${escapeHtml(site.locale)}">`,
    `<meta name="twitter:card" content="summary">`,
    page.kind === 'notfound' ? '<meta name="robots" content="noindex">' : '',
    `<meta name="docsgen-version-tag" content="${escapeHtml(`docs-default-${site.docsVersion.name}`)}">`,
    assets.favicon ? `<link rel="icon" href="${escapeHtml(assets.favicon)}">` : '',
    // The site's stylesheet, then what only pages of this kind link (the API reference's).
    ...[...assets.css, site.pageCss?.[page.kind] ?? ''].filter(Boolean).map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    `<link rel="modulepreload" href="${escapeHtml(assets.entry)}">`,
    ...assets.preload.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
    `<script>${BOOTSTRAP_SCRIPT}</script>`,
    '</head>',
    '<body>',
    `<div id="__docsgen">${options.appHtml}</div>`,
    `<script id="__docsgen_data" type="application/json">${jsonForScript({ site, page: pageForDataBlock(page) })}</script>`,
    `<script type="module" src="${escapeHtml(assets.entry)}"></script>`,
    '</body>',
    '</html>',
  ];
  return html.filter(Boolean).join('\n');
}
