/**
 * The operation filter of the API page: every word the reader typed must appear in the
 * operation's method, path, summary or operationId, or among its filter words (tags, description,
 * parameter and property names: in the column's data only); case does not matter.
 */
export function filterWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesFilter(text: string, words: readonly string[]): boolean {
  const haystack = text.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** What an operation is matched by; `more`: its filter words, where the page has them. */
export function operationFilterText(op: { method: string; path: string; summary: string; operationId?: string }, more = ''): string {
  return [op.method, op.path, op.summary, op.operationId ?? '', more].join(' ');
}
