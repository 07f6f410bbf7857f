/**
 * DocSearch renders a hit's titles and text as HTML: the highlight value when it has one, otherwise
 * the hit's own `hierarchy` and `content`, which are plain text. It also keeps the hits a reader
 * chose (recent searches and favourites) in localStorage without their highlight values, and shows
 * them on every later opening. A page title such as `<img src=x onerror=…>` was then inserted as
 * markup on any page of the site, for good. So the dialog only ever gets hits whose text is escaped,
 * and stored hits from before are escaped once when the dialog opens.
 */
import { escapeHtml } from '../escape-html.ts';
import { LEVELS, type SearchHit } from './types.ts';

/** The hit with its titles and text escaped as HTML (what DocSearch may insert as markup). */
export function withEscapedText<T extends Pick<SearchHit, 'hierarchy' | 'content'>>(hit: T): T {
  const hierarchy = { ...hit.hierarchy };
  for (const level of LEVELS) {
    const text = hierarchy[level];
    if (typeof text === 'string') hierarchy[level] = escapeHtml(text);
  }
  return { ...hit, hierarchy, content: typeof hit.content === 'string' ? escapeHtml(hit.content) : hit.content };
}

const STORED = ['__DOCSEARCH_RECENT_SEARCHES__', '__DOCSEARCH_FAVORITE_SEARCHES__'];

/**
 * Escapes the stored searches of `indexName` that hold markup (saved before their text was escaped:
 * escaped text has no `<` or `>`); a list that cannot be read is dropped, as DocSearch would show it
 * as it is.
 */
export function repairStoredSearches(indexName: string, storage: Storage | undefined = safeLocalStorage()): void {
  if (!storage) return;
  for (const prefix of STORED) {
    const key = `${prefix}${indexName}`;
    try {
      const raw = storage.getItem(key);
      if (raw === null || !/[<>]/.test(raw)) continue;
      const items = JSON.parse(raw) as unknown;
      if (!Array.isArray(items)) throw new Error('not a list');
      storage.setItem(key, JSON.stringify(items.map((item: SearchHit) => (hasMarkup(item) ? withEscapedText(item) : item))));
    } catch {
      try {
        storage.removeItem(key);
      } catch {
        // storage that cannot be written: DocSearch cannot have stored anything there either
      }
    }
  }
}

function hasMarkup(hit: SearchHit): boolean {
  const texts = [...LEVELS.map((level) => hit.hierarchy?.[level]), hit.content];
  return texts.some((text) => typeof text === 'string' && /[<>]/.test(text));
}

function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined; // blocked by the browser's settings
  }
}
