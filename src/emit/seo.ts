/**
 * sitemap.xml (absolute URLs: config url + base path) and robots.txt pointing at it. A route is a
 * decoded path (`guide/my page/`, `ünï/`): both files hold it percent-encoded, as URLs must be.
 */
import { escapeHtml } from '../../theme/escape-html.ts';
import { encodePathSegments } from '../../theme/urls.ts';

export function sitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map((p) => `  <url><loc>${escapeHtml(siteUrl + encodePathSegments(p))}</loc></url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(siteUrl: string, baseUrl: string): string {
  const base = encodePathSegments(baseUrl);
  return `User-agent: *\nAllow: ${base}\n\nSitemap: ${siteUrl}${base}sitemap.xml\n`;
}
