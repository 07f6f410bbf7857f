/**
 * Why the browser will refuse a Try it request before it leaves, in words the reader can act on.
 * Swagger UI reports every refused request as "Failed to fetch … CORS", which sent readers of the
 * published (https) site to their hub's CORS settings when the cause was mixed content: a page
 * served over https may not call an http:// server, except on the reader's own computer.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export function blockedRequestReason(requestUrl: string, pageUrl: string): string | undefined {
  let request: URL;
  let page: URL;
  try {
    request = new URL(requestUrl, pageUrl);
    page = new URL(pageUrl);
  } catch {
    return undefined;
  }
  const loopback = LOOPBACK_HOSTS.has(request.hostname) || request.hostname.endsWith('.localhost');
  if (page.protocol !== 'https:' || request.protocol !== 'http:' || loopback) return undefined;
  return `This page is served over HTTPS, so your browser blocks requests to the http:// server ${request.host} (mixed content). Choose the https server if your hub has SSL configured, or send the request from a terminal with the curl sample.`;
}
