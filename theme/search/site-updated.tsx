/**
 * What search says when the site's index is of a newer build than this page's code can read
 * (fetch-json.ts, SiteUpdated): retrying cannot help, reloading the page does. One wording for the
 * search modal (failure.tsx) and the search page, each in its own markup.
 */
export const SITE_UPDATED = {
  title: 'This site was updated',
  help: 'The documentation changed since this page was opened. Reload the page to search it.',
} as const;

export function ReloadPageButton() {
  return (
    <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
      Reload page
    </button>
  );
}
