/**
 * The same text in a string of its own. V8 makes `slice()` of a long string (and a regular
 * expression's match, and a parser's token) a view of the whole string, so a short value cut out
 * of a file or a page keeps all of it in memory for as long as the value is kept: 5 KB a page for
 * a title kept until the end of a 10,000-page build, a whole page for an id kept for the checks.
 */
const LONE_SURROGATE = /\p{Surrogate}/u; // in u mode a pair is one code point, so only a lone half matches

export function ownCopy(text: string): string {
  if (text.length < 13) return text; // V8 copies short slices anyway
  // UTF-8 would turn a lone surrogate into U+FFFD; JSON keeps it (decoded files hold none).
  return LONE_SURROGATE.test(text) ? (JSON.parse(JSON.stringify(text)) as string) : Buffer.from(text, 'utf8').toString('utf8');
}
