/**
 * Swagger UI for the API page, in its own chunk: only the API route ever downloads it. It reads
 * the same spec file the page offers for download; deep links (#/tag/operationId) are on.
 */
import { createRoot } from 'react-dom/client';
import SwaggerUI from 'swagger-ui-react';
import type { ApiPageData } from '../../data.ts';

/**
 * Swagger UI nests its deep-link anchor inside the operation's toggle button; keyboard users reach
 * the button, so the inner link loses its href (the hash still updates when an operation opens).
 */
function untabNestedLinks(container: HTMLElement): MutationObserver {
  const fix = () =>
    container.querySelectorAll<HTMLElement>('.opblock-summary-control a[href]').forEach((a) => {
      a.dataset.deepLink = a.getAttribute('href') ?? '';
      a.removeAttribute('href');
    });
  const observer = new MutationObserver(fix);
  observer.observe(container, { childList: true, subtree: true });
  fix();
  return observer;
}

export function mountSwagger(container: HTMLElement, api: ApiPageData): Promise<() => void> {
  return new Promise((resolve) => {
    const observer = untabNestedLinks(container);
    const root = createRoot(container);
    root.render(
      <SwaggerUI
        url={api.specUrl}
        deepLinking
        docExpansion="list"
        displayOperationId={false}
        onComplete={() => resolve(() => { observer.disconnect(); root.unmount(); })}
      />,
    );
  });
}
