/**
 * An API reference page: the navigation column (React, hydrated) beside the reference itself,
 * which the build prerendered from the spec and the page places as it is. A small chunk adds what
 * needs JavaScript (filtering the operations, opening deep links, copy buttons, the sample language,
 * collapsed schemas, Try it); Swagger UI, for Try it, is loaded only when asked for or when the
 * browser is idle, so reading never waits for it.
 */
import { useEffect, useRef, useState } from 'react';
import type { ApiRoutePageData } from '../data.ts';
import { useSite } from '../context.tsx';
import { withBase } from '../urls.ts';
import { ApiNav } from '../components/api/ApiNav.tsx';
import { LazyError } from '../components/LazyError.tsx';
import { restoreScrollAfterLayout } from '../client/scroll-memory.ts';

type Enhancer = typeof import('../client/api/reference.ts');

/** The reference's buttons that reference.ts answers (see handleClick there). */
const EARLY_BUTTONS = '[data-copy], button[data-lang], button[data-response-status], [data-try-it]';

/**
 * The page is shown, and its buttons look ready, before React has hydrated it and the controls'
 * code has loaded: a press of Try it, a language, a copy or a status button then had nothing to
 * answer it and was lost (up to a second and a half after the page appeared). Such presses are
 * kept from the moment this module loads, before hydration, and pressed again once the controls
 * are there (takeEarlyPresses).
 */
let earlyPresses: HTMLElement[] | undefined;

function keepEarlyPresses(): void {
  earlyPresses = [];
  const keep = (event: MouseEvent) => {
    if (!earlyPresses) return document.removeEventListener('click', keep, true);
    const button = (event.target as Element | null)?.closest<HTMLElement>(EARLY_BUTTONS);
    if (button?.closest('.api-page__reference')) earlyPresses.push(button);
  };
  document.addEventListener('click', keep, true);
}

function takeEarlyPresses(): HTMLElement[] {
  const pressed = earlyPresses ?? [];
  earlyPresses = undefined;
  return pressed;
}

if (typeof document !== 'undefined') keepEarlyPresses();

export function ApiPage(props: { page: ApiRoutePageData }) {
  const { page } = props;
  const api = page.api;
  const site = useSite();
  const rootRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [enhancer, setEnhancer] = useState<Enhancer | null>(null);
  const [failure, setFailure] = useState<{ error: Error; attempt: number } | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    import('../client/api/reference.ts')
      .then((module) => !cancelled && setEnhancer(module))
      .catch((error: unknown) => !cancelled && setFailure({ error: error instanceof Error ? error : new Error(String(error)), attempt }));
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  // Each history entry keeps the filter text it showed (filter-memory.ts, loaded with the page's
  // controls, not with every doc page's code). Back, Forward or a reload to an entry puts its text
  // back, unless the reader typed before the controls loaded; a new entry (another tag's page of a
  // split API, reached by a link, or an anchor of this page: see reference.ts) takes the text shown.
  // Hydration must match the prerendered, unfiltered page. The position was saved in the filtered
  // list, so it is restored again once the filter is applied.
  const restoring = useRef<string | undefined>(undefined);
  const entryRead = useRef(false);
  const typed = useRef(query);
  typed.current = query;

  useEffect(() => {
    const root = rootRef.current;
    if (!enhancer || !api || !root) return undefined;
    const stop = enhancer.enhanceReference(root, {
      api,
      swaggerStylesheet: site.lazyCss.api,
      clearFilter: () => setQuery(''),
      currentFilter: () => typed.current,
      showFilter: (saved) => {
        restoring.current = saved;
        setQuery(saved);
      },
      path: withBase(site.baseUrl, page.route),
    });
    for (const button of takeEarlyPresses()) if (root.contains(button)) button.click();
    return stop;
  }, [enhancer, page.route]);

  useEffect(() => {
    if (!enhancer) return;
    const saved = enhancer.savedFilter();
    const typedFirst = !entryRead.current && typed.current !== '';
    entryRead.current = true;
    if (saved === undefined || typedFirst) enhancer.rememberFilter(typed.current);
    else if (saved !== typed.current) {
      restoring.current = saved;
      setQuery(saved);
    }
  }, [enhancer, page.route]);
  useEffect(() => {
    // After the effect above (it runs first, once the controls are there); not the text shown
    // before the saved one is put back.
    if (enhancer && (restoring.current === undefined || query === restoring.current)) enhancer.rememberFilter(query);
  }, [enhancer, query]);

  useEffect(() => {
    if (!enhancer || !rootRef.current) return;
    enhancer.applyFilter(rootRef.current, query);
    if (restoring.current !== undefined && query === restoring.current) {
      restoring.current = undefined;
      restoreScrollAfterLayout();
    }
  }, [enhancer, query, page.route]);

  if (!api) return null;
  return (
    <div className="api-layout">
      <aside className="api-layout__nav">
        <ApiNav api={api} route={page.route} query={query} onQuery={setQuery} />
      </aside>
      <main id="main-content" tabIndex={-1} className="api-layout__main">
        <header className="api-page__header">
          {api.split && api.tag ? (
            <p className="api-page__crumb">
              <a href={withBase(site.baseUrl, api.rootRoute)}>{api.title}</a> › {api.tag}
            </p>
          ) : null}
          <h1>{api.title}</h1>
          <p className="api-page__meta">
            {api.version ? <span className="badge badge--version">Version {api.version}</span> : null} <span className="badge">OpenAPI {api.openapi}</span>{' '}
            <a className="api-page__download" href={api.specUrl} download={api.specFileName}>
              Download the OpenAPI specification ({api.specFileName})
            </a>
            {api.specJsonUrl && api.specJsonFileName ? (
              <>
                {' · '}
                <a className="api-page__download" href={api.specJsonUrl} download={api.specJsonFileName}>
                  as JSON ({api.specJsonFileName})
                </a>
              </>
            ) : null}
          </p>
        </header>
        {failure ? <LazyError what="The controls of this page (filter, Try it, copy)" error={failure.error} onRetry={() => { setFailure(null); setAttempt(attempt + 1); }} /> : null}
        <div ref={rootRef} className="api-page__reference" data-page-html dangerouslySetInnerHTML={{ __html: page.html }} />
      </main>
    </div>
  );
}
