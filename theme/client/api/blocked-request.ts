/**
 * Why the browser will refuse a Try it request before it leaves, in words the reader can act on.
 * Swagger UI reports every refused request as "Failed to fetch … CORS", which sent readers of the
 * published (https) site to their hub's CORS settings when the cause was mixed content: a page
 * served over https may not call an http:// server, except on the reader's own computer.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The request's URL (relative to the page) and the page's; undefined when either is no URL. */
function urlsOf(requestUrl: string, pageUrl: string): { request: URL; page: URL } | undefined {
  try {
    return { request: new URL(requestUrl, pageUrl), page: new URL(pageUrl) };
  } catch {
    return undefined;
  }
}

/**
 * A server's host as the reader typed it: a URL holds some characters of a host percent-encoded
 * (`bad host!` as `bad%20host!`), which the reader would not recognize as the text they typed.
 */
export function shownHost(host: string): string {
  try {
    return decodeURIComponent(host);
  } catch {
    return host; // a lone `%` is no escape: the host shows as it is
  }
}

/** A URL's origin as the reader typed its host (shownHost). */
const shownOrigin = (url: URL) => `${url.protocol}//${shownHost(url.host)}`;

export function blockedRequestReason(requestUrl: string, pageUrl: string): string | undefined {
  const urls = urlsOf(requestUrl, pageUrl);
  if (!urls) return undefined;
  const { request, page } = urls;
  const loopback = LOOPBACK_HOSTS.has(request.hostname) || request.hostname.endsWith('.localhost');
  if (page.protocol !== 'https:' || request.protocol !== 'http:' || loopback) return undefined;
  return `This page is served over HTTPS, so your browser blocks requests to the http:// server ${shownHost(request.host)} (mixed content). Choose the https server if your hub has SSL configured, or send the request from a terminal with the curl sample.`;
}

/**
 * What to check when a request left but no answer came (a refused connection, a wrong host or
 * port, no TLS where https was asked, or an answer without the CORS headers the browser needs).
 * The browser does not tell these apart, and Swagger UI's "Failed to fetch" names no server.
 */
export function unansweredRequestHelp(requestUrl: string, pageUrl: string): string | undefined {
  const urls = urlsOf(requestUrl, pageUrl);
  if (!urls || blockedRequestReason(requestUrl, pageUrl)) return undefined; // mixed content is said before the request leaves
  const { request, page } = urls;
  const scheme = request.protocol.replace(/:$/, '');
  return `No answer from ${shownOrigin(request)}, and your browser does not say why. Check that the hub runs at ${shownHost(request.host)} (the server's fields above) and answers ${scheme}, and that it allows requests from this page's origin, ${page.origin} (CORS), which browsers require. The curl sample sends the same request from a terminal, where CORS does not apply.`;
}
