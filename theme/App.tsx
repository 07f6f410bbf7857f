/** The whole page for one route: the shell plus the page component for the route's kind. */
import { useContext } from 'react';
import type { PageData, SidebarItem } from './data.ts';
import { useSite } from './context.tsx';
import { PageViewsContext, type OnDemandKind, type OnDemandPageViews } from './page-views.ts';
import { Layout } from './components/Layout.tsx';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { DocPage } from './pages/DocPage.tsx';
import { ApiPage } from './pages/ApiPage.tsx';

function PageBody(props: { page: PageData; sidebar: SidebarItem[] | undefined }) {
  const { page } = props;
  const views = useContext(PageViewsContext);
  switch (page.kind) {
    case 'doc':
      return <DocPage page={page} sidebar={props.sidebar ?? []} />;
    case 'landing': {
      const LandingPage = viewOf(views, 'landing');
      return <LandingPage page={page} />;
    }
    case 'search': {
      const SearchPage = viewOf(views, 'search');
      return <SearchPage />;
    }
    case 'api':
      return <ApiPage page={page} />;
    case 'page': {
      const CustomPage = viewOf(views, 'page');
      return <CustomPage page={page} />;
    }
    case 'notfound': {
      const NotFoundPage = viewOf(views, 'notfound');
      return <NotFoundPage />;
    }
    default:
      throw new Error(`unknown page kind "${String((page as { kind: unknown }).kind)}"`);
  }
}

/** A page kind's component; its code is loaded before such a route renders (theme/client/page-views.ts). */
function viewOf<K extends OnDemandKind>(views: Partial<OnDemandPageViews>, kind: K): OnDemandPageViews[K] {
  const view = views[kind];
  if (!view) throw new Error(`the ${kind} page's code was not loaded before it was shown`);
  return view;
}

export function App(props: { page: PageData; sidebar: SidebarItem[] | undefined }) {
  const site = useSite();
  return (
    <Layout sidebar={props.sidebar}>
      <ErrorBoundary siteTitle={site.title} delimiter={site.titleDelimiter} resetKey={props.page.route}>
        <PageBody page={props.page} sidebar={props.sidebar} />
      </ErrorBoundary>
    </Layout>
  );
}

/** `Page | Site`, as the spec's title delimiter says; the landing page is just the site title. */
export function documentTitle(site: { title: string; titleDelimiter: string }, page: PageData): string {
  if (page.kind === 'landing' || !page.title || page.title === site.title) return site.title;
  return `${page.title} ${site.titleDelimiter} ${site.title}`;
}
