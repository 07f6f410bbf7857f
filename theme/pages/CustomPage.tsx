import type { PageData } from '../data.ts';

/** A custom React page from content/ (`*.page.tsx`), prerendered by the build. */
export function CustomPage(props: { page: PageData }) {
  return (
    <main id="main-content" tabIndex={-1} className="custom-page">
      <div data-page-html dangerouslySetInnerHTML={{ __html: props.page.html }} />
    </main>
  );
}
