/**
 * A request's target in origin form. HTTP/1.1 servers must accept the absolute form too
 * (`GET http://127.0.0.1:3000/docs/ HTTP/1.1`, RFC 9112 §3.2.2), which proxies and some clients
 * send; its authority then stands for the Host header. The rest of the server sees `/docs/` only.
 */
export interface RequestTarget {
  /** Path and query, as sent (percent-encoded). */
  url: string;
  /** The `host[:port]` of an absolute-form target. */
  authority?: string;
}

const ABSOLUTE_FORM = /^[a-z][a-z0-9+.-]*:\/\//i;

export function requestTarget(raw: string | undefined): RequestTarget {
  const url = raw ?? '/';
  if (!ABSOLUTE_FORM.test(url)) return { url };
  try {
    const parsed = new URL(url);
    return { url: `${parsed.pathname}${parsed.search}`, authority: parsed.host };
  } catch {
    // Not a URL after all: left as it is, so the path checks refuse or 404 it.
    return { url };
  }
}
