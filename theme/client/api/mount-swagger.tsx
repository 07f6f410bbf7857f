/**
 * Swagger UI for the API page, in its own chunk: only the API route ever downloads it. It reads
 * the same spec file the page offers for download; deep links (#/tag/operationId) are on.
 */
import { createRoot } from 'react-dom/client';
import SwaggerUI from 'swagger-ui-react';
import 'swagger-ui-react/swagger-ui.css';
import type { ApiPageData } from '../../data.ts';

export function mountSwagger(container: HTMLElement, api: ApiPageData): Promise<() => void> {
  return new Promise((resolve) => {
    const root = createRoot(container);
    root.render(
      <SwaggerUI
        url={api.specUrl}
        deepLinking
        docExpansion="list"
        displayOperationId={false}
        onComplete={() => resolve(() => root.unmount())}
      />,
    );
  });
}
