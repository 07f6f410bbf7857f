/**
 * HTML written in config.yaml (the announcement bar's `content`) goes through the same allow-list
 * sanitizer as raw HTML in markdown before any page carries it, and what was removed is reported
 * against the config key. The result is cached in the project cache: the HTML parser and the
 * sanitizer are then not even loaded by a warm build.
 */
import path from 'node:path';
import { hashText } from '../cache/fingerprint.ts';
import { readCachedJson, writeCachedJson } from '../cache/json-cache.ts';
import { DOCSGEN_VERSION } from '../paths.ts';
import type { RemovedHtml } from '../markdown/sanitize.ts';
import type { SiteData } from '../../theme/data.ts';

interface SanitizedHtml {
  html: string;
  removed: RemovedHtml[];
}

/** Replaces the announcement bar's HTML by its sanitised form; `warn` hears what was removed. */
export async function sanitizeAnnouncementBar(site: SiteData, cacheDir: string, warn: (message: string) => void): Promise<void> {
  const bar = site.announcementBar;
  if (!bar) return;
  const { html, removed } = await sanitizedHtml(bar.content, cacheDir);
  site.announcementBar = { ...bar, content: html };
  for (const item of removed) warn(`announcementBar.content: ${item.message}`);
}

async function sanitizedHtml(html: string, cacheDir: string): Promise<SanitizedHtml> {
  // Plain text is HTML that needs no cleaning.
  if (!/[<&]/.test(html)) return { html, removed: [] };
  const file = path.join(cacheDir, `config-html-${hashText(DOCSGEN_VERSION, html)}.json`);
  const cached = await readCachedJson<SanitizedHtml>(file);
  if (cached) return cached;
  const { sanitizeHtmlFragment } = await import('../markdown/sanitize.ts');
  const result = sanitizeHtmlFragment(html);
  await writeCachedJson(file, result);
  return result;
}
