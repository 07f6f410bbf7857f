/**
 * What search says when the site's index is of a newer build than this page's code can read
 * (fetch-json.ts, SiteUpdated): retrying cannot help, reloading the page does. One wording for the
 * search modal (failure.tsx) and the search page, each in its own markup.
 */
export const SITE_UPDATED = {
  title: 'This site was updated',
  help: 'The documentation changed since this page was opened. Reload the page to search it.',
} as const;

/**
 * Whether a search failed because the site was updated (fetch-json.ts throws SiteUpdated). Told by
 * the error's name, so that the search page need not load fetch-json.ts with its own code.
 */
export function isSiteUpdated(error: unknown): boolean {
  return error instanceof Error && error.name === 'SiteUpdated';
}

export function ReloadPageButton() {
  return (
    <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
      Reload page
    </button>
  );
}
