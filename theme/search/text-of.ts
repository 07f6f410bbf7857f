/**
 * Escaped text read back as text, by the code that shows hits as React text (the search page, the
 * dialog's code hits; see hit-text.ts). A module of its own, so that the pages' bundle, which has
 * the search page, gets this function alone.
 */
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

/**
 * The text that escaped HTML text shows (callers split on `<mark>` first): the references that
 * escapeHtml, hit-text.ts and DocSearch records write (`&lt;`, `&amp;`, `&#39;`, any numeric one),
 * each decoded once; any other is left as written.
 */
export function textOf(html: string): string {
  return html.replace(/&(#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/gi, (reference, name: string) => {
    if (name[0] !== '#') return NAMED[name] ?? reference;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : '\ufffd';
  });
}
