/**
 * The operation filter of the API page: every word the reader typed must appear in the
 * operation's method, path, summary or operationId, or among its filter words (tags, description,
 * parameter and property names); case does not matter.
 */
export function filterWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

export function matchesFilter(text: string, words: readonly string[]): boolean {
  const haystack = text.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

export function operationFilterText(op: { method: string; path: string; summary: string; operationId?: string; filterWords?: string }): string {
  return [op.method, op.path, op.summary, op.operationId ?? '', op.filterWords ?? ''].join(' ');
}
