/**
 * The REST API reference. The operation list is prerendered (readable without JavaScript); in the
 * browser Swagger UI is loaded as a separate chunk and mounted over it.
 */
import { useEffect, useRef, useState } from 'react';
import type { PageData } from '../data.ts';
import { LazyError } from '../components/LazyError.tsx';
import { useSite } from '../context.tsx';
import { loadStylesheet } from '../client/stylesheet.ts';

export function ApiPage(props: { page: PageData }) {
  const api = props.page.api;
  const stylesheet = useSite().lazyCss.api;
  const mountRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<{ status: 'idle' | 'loading' | 'ready' } | { status: 'error'; error: Error }>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!api || !mountRef.current) return;
    let cancelled = false;
    let unmount: (() => void) | undefined;
    setState({ status: 'loading' });
    Promise.all([import('../client/api/mount-swagger.tsx'), loadStylesheet(stylesheet)])
      .then(async ([module]) => {
        if (cancelled || !mountRef.current) return;
        unmount = await module.mountSwagger(mountRef.current, api);
        if (!cancelled) setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!cancelled) setState({ status: 'error', error: error instanceof Error ? error : new Error(String(error)) });
      });
    return () => {
      cancelled = true;
      unmount?.();
    };
  }, [api?.specUrl, attempt]);

  if (!api) return null;
  return (
    <main id="main-content" tabIndex={-1} className="api-page">
      <header className="api-page__header">
        <h1>{api.title}</h1>
        <p>
          <span className="badge badge--version">Version {api.version}</span>{' '}
          <a className="api-page__download" href={api.specUrl} download={api.specFileName}>
            Download the OpenAPI specification ({api.specFileName})
          </a>
        </p>
        {api.servers.length > 0 ? (
          <p className="api-page__servers">
            Base URL: <code>{api.servers[0]}</code>
          </p>
        ) : null}
      </header>
      {state.status === 'error' ? <LazyError what="The interactive API explorer" error={state.error} onRetry={() => setAttempt((a) => a + 1)} /> : null}
      {state.status === 'loading' ? (
        <p className="api-page__loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading the interactive API explorer…
        </p>
      ) : null}
      <div ref={mountRef} className="api-page__swagger" hidden={state.status !== 'ready'} />
      <div className="api-page__static" hidden={state.status === 'ready'}>
        <div className="markdown" dangerouslySetInnerHTML={{ __html: api.descriptionHtml }} />
        {api.tags.map((tag) => (
          <section key={tag.name} className="api-tag" aria-labelledby={`tag-${tag.name}`}>
            <h2 id={`tag-${tag.name}`}>{tag.name}</h2>
            {tag.descriptionHtml ? <div className="markdown" dangerouslySetInnerHTML={{ __html: tag.descriptionHtml }} /> : null}
            <ul className="api-ops">
              {tag.operations.map((op) => (
                <li key={op.anchor} id={op.anchor} className={`api-op api-op--${op.method.toLowerCase()}`}>
                  <a href={`#${op.anchor}`} className="api-op__link">
                    <span className="api-op__method">{op.method}</span>
                    <code className="api-op__path">{op.path}</code>
                    <span className="api-op__summary">{op.summary}</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
