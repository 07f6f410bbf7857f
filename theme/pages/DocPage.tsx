/** A documentation page: sidebar, breadcrumbs, version badge, content, previous/next, TOC. */
import type { DocPageData, SidebarItem } from '../data.ts';
import { useSite } from '../context.tsx';
import { DocSidebar, useRouteHref } from '../components/DocSidebar.tsx';
import { TocDesktop, TocMobile } from '../components/TableOfContents.tsx';
import { CategoryCards } from '../components/CategoryCards.tsx';
import { DocFooter } from '../components/DocFooter.tsx';

export function DocPage(props: { page: DocPageData; sidebar: SidebarItem[] }) {
  const { page } = props;
  const site = useSite();
  const href = useRouteHref();
  const doc = page.doc;
  const showToc = !page.hideToc && page.toc.length > 0;
  return (
    <div className="doc-layout">
      <aside className="doc-layout__sidebar" aria-label="Sidebar">
        <DocSidebar items={props.sidebar} activeRoute={page.route} />
      </aside>
      <main className="doc-layout__main" id="main-content" tabIndex={-1}>
        <div className="doc-layout__columns">
          <article className="doc">
            {doc.breadcrumbs.length > 0 ? (
              <nav className="breadcrumbs" aria-label="Breadcrumbs">
                <ol>
                  <li>
                    <a href={site.baseUrl} aria-label="Home page" className="breadcrumbs__home">
                      <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
                        <path fill="currentColor" d="M10 19v-5h4v5c0 .55.45 1 1 1h3c.55 0 1-.45 1-1v-7h1.7c.46 0 .68-.57.33-.87L12.67 3.6c-.38-.34-.96-.34-1.34 0l-8.36 7.53c-.34.3-.13.87.33.87H5v7c0 .55.45 1 1 1h3c.55 0 1-.45 1-1z" />
                      </svg>
                    </a>
                  </li>
                  {doc.breadcrumbs.map((crumb, i) => (
                    <li key={i}>{crumb.route && i < doc.breadcrumbs.length - 1 ? <a href={href(crumb.route)}>{crumb.label}</a> : <span>{crumb.label}</span>}</li>
                  ))}
                </ol>
              </nav>
            ) : null}
            {site.docsVersion.badge ? <span className="badge badge--version">Version: {site.docsVersion.label}</span> : null}
            {/* Keyed by the route: each page's list starts folded, as on a fresh load. */}
            {showToc ? <TocMobile key={page.route} items={page.toc} /> : null}
            <header>
              <h1 className="doc__title">{page.title}</h1>
            </header>
            <div className="markdown" id="doc-content" data-page-html dangerouslySetInnerHTML={{ __html: page.html }} />
            {doc.cards ? <CategoryCards cards={doc.cards} /> : null}
            <DocFooter doc={doc} />
            {doc.previous || doc.next ? (
              <nav className="pagination-nav" aria-label="Docs pages">
                {doc.previous ? (
                  <a className="pagination-nav__link pagination-nav__link--prev" href={href(doc.previous.route)}>
                    <span className="pagination-nav__sublabel">Previous</span>
                    <span className="pagination-nav__label">« {doc.previous.label}</span>
                  </a>
                ) : (
                  <span />
                )}
                {doc.next ? (
                  <a className="pagination-nav__link pagination-nav__link--next" href={href(doc.next.route)}>
                    <span className="pagination-nav__sublabel">Next</span>
                    <span className="pagination-nav__label">{doc.next.label} »</span>
                  </a>
                ) : null}
              </nav>
            ) : null}
          </article>
          {showToc ? (
            <aside className="doc-layout__toc" aria-label="Table of contents">
              <TocDesktop items={page.toc} />
            </aside>
          ) : null}
        </div>
      </main>
    </div>
  );
}
