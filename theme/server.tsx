/** Server entry of the theme: renders one route to an HTML string (the generator adds the document). */
import { renderToString } from 'react-dom/server';
import type { PageData, SiteData } from './data.ts';
import { RouterContext, SiteContext, type Router } from './context.tsx';
import { App, documentTitle } from './App.tsx';

export { documentTitle };

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
        <App page={page} sidebar={page.doc?.sidebar} />
      </RouterContext.Provider>
    </SiteContext.Provider>,
  );
}
