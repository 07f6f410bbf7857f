/** Server entry of the theme: renders one route to an HTML string (the generator adds the document). */
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { sidebarOf, type PageData, type SiteData } from './data.ts';
import type { ApiReferenceModel } from './api-model.ts';
import { ApiReference } from './components/api/ApiReference.tsx';
import { RouterContext, SiteContext, type Router } from './context.tsx';
import { App, documentTitle } from './App.tsx';
import { PageViewsContext, type OnDemandPageViews } from './page-views.ts';
import { SearchPage } from './pages/SearchPage.tsx';
import { LandingPage } from './pages/LandingPage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { CustomPage } from './pages/CustomPage.tsx';

export { documentTitle };

/** The server has every page kind's component at hand. */
const ALL_PAGE_VIEWS: OnDemandPageViews = { search: SearchPage, landing: LandingPage, notfound: NotFoundPage, page: CustomPage };

export function renderRoute(site: SiteData, page: PageData): string {
  const router: Router = {
    page,
    navigate: () => undefined,
    prefetch: () => undefined,
    loadSidebarCategory: async () => undefined,
  };
  return renderToString(
    <SiteContext.Provider value={site}>
      <RouterContext.Provider value={router}>
        <PageViewsContext.Provider value={ALL_PAGE_VIEWS}>
          <App page={page} sidebar={sidebarOf(page)} />
        </PageViewsContext.Provider>
      </RouterContext.Provider>
    </SiteContext.Provider>,
  );
}

/**
 * The body of an API reference page, as static HTML: the page places it as it is, so it is never
 * hydrated (a 1,000-operation API would otherwise be re-created in the browser).
 */
export function renderApiReference(model: ApiReferenceModel): string {
  return renderToStaticMarkup(<ApiReference model={model} />);
}
