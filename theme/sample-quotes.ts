/**
 * The text inside a code sample's single-quoted string, by each quoting rule the samples use. The
 * build writes the samples with them (src/openapi/samples.ts), and the browser again when Try it's
 * server goes into the samples (client/api/remembered-server.ts): one rule each, so the two never
 * quote a reader's text differently.
 */

/** Inside POSIX shell single quotes (curl): nothing is expanded; a quote closes the string, comes escaped, and opens it again. */
export function insideShellQuotes(text: string): string {
  return text.replace(/'/g, `'\\''`);
}

/**
 * Inside PowerShell single quotes: nothing is expanded, and a quote is doubled. PowerShell reads the
 * typographic single quotes (‘ ’ ‚ ‛) as quotes too, so they are doubled as well.
 */
export function insidePowershellQuotes(text: string): string {
  return text.replace(/['\u2018\u2019\u201A\u201B]/g, (quote) => quote + quote);
}
