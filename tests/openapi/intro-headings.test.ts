import { describe, it, expect } from 'vitest';
import { withIntroHeadingIds } from '../../src/openapi/intro-headings.ts';
import { renderDescription } from '../../src/openapi/markdown.ts';
import { loadApiSpec } from '../../src/openapi/load.ts';
import { referencePages } from '../../src/openapi/reference-model.ts';
import { createDescriptionRenderer } from '../../src/openapi/markdown.ts';
import { ROOT } from '../helpers.ts';

describe("the API introduction's headings", () => {
  it('get intro/ ids from their text, unique, with entities and inline markup read as text', () => {
    const { html, headings } = withIntroHeadingIds(renderDescription('## Conventions\n\ntext\n\n### Errors & limits\n\n## Conventions\n\n## `code` here\n'));
    expect(headings).toEqual([
      { id: 'intro/conventions', text: 'Conventions' },
      { id: 'intro/errors-limits', text: 'Errors & limits' },
      { id: 'intro/conventions-2', text: 'Conventions' },
      { id: 'intro/code-here', text: 'code here' },
    ]);
    expect(html).toContain('<h2 id="intro/conventions">Conventions</h2>');
    expect(html).toContain('<h3 id="intro/errors-limits">Errors &amp; limits</h3>');
  });

  it("of the hub's description are listed, with Servers, in the first page's data for the operations column", async () => {
    const spec = await loadApiSpec({ id: 'hub', route: 'rhubapi', spec: 'openapi/hub-rest-api-1.6.0.yaml' }, ROOT);
    const [page] = referencePages(spec, { baseUrl: '/', specUrl: '/s', specLocation: 'https://docs.example.com/s', description: createDescriptionRenderer() });
    expect(page?.data.introHeadings).toEqual([{ id: 'intro/conventions', text: 'Conventions' }, { id: 'intro/errors', text: 'Errors' }]);
    expect(page?.data.hasServers).toBe(true);
    expect(page?.model.intro?.descriptionHtml).toContain('<h2 id="intro/errors">Errors</h2>');
  });
});
