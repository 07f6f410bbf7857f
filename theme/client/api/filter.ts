/**
 * The operation filter of the API page: every word the reader typed must begin a word of the
 * operation's method, path, summary or operationId, or of its filter words (tags, description,
 * parameter and property names, status codes: in the column's data only); case does not matter,
 * and a word typed in the plural also finds the singular.
 */
export function filterWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesFilter(text: string, words: readonly string[]): boolean {
  const haystack = text.toLowerCase();
  return words.every((word) => beginsAWord(text, haystack, word) || beginsAWord(text, haystack, singular(word)));
}

/**
 * A plural typed finds the singular name: "engines" the Engine schema, "graphs" GraphLong as well
 * as GraphShort (which "graphs" begins by chance). English plurals in -s only, as names are.
 */
function singular(word: string): string {
  return word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * Whether `word` begins a word of `text`, or a part of a camelCase name ("engine" in getEngine):
 * a method typed as a word ("put") must not find every text with "computer" in it.
 */
function beginsAWord(text: string, haystack: string, word: string): boolean {
  // Lower case changed the length (a rare letter such as "İ"): positions no longer line up.
  if (haystack.length !== text.length) return haystack.includes(word);
  for (let at = haystack.indexOf(word); at >= 0; at = haystack.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? ' ';
    if (!/[\p{L}\p{N}]/u.test(before) || (/\p{Ll}/u.test(before) && /\p{Lu}/u.test(text[at] ?? ''))) return true;
  }
  return false;
}

/** What an operation is matched by; `more`: its filter words, where the page has them. */
export function operationFilterText(op: { method: string; path: string; summary: string; operationId?: string }, more = ''): string {
  return [op.method, op.path, op.summary, op.operationId ?? '', more].join(' ');
}
