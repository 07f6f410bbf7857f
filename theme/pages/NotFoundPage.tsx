import { useSite } from '../context.tsx';

export function NotFoundPage() {
  const site = useSite();
  return (
    <main id="main-content" tabIndex={-1} className="not-found">
      <h1>Page Not Found</h1>
      <p>We could not find what you were looking for.</p>
      <p>
        The page may have moved in release {site.docsVersion.label}. Start again from the <a href={site.baseUrl}>documentation home</a> or{' '}
        <a href={site.search.searchPagePath}>search the documentation</a>.
      </p>
    </main>
  );
}
