/** Contact, licence, terms and external documentation: shown as links only where the URL is allowed. */
import { describe, it, expect } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { externalDocs, infoLinks } from '../../src/openapi/document-links.ts';
import { LinkLine } from '../../theme/components/api/common.tsx';

describe('document links', () => {
  it("gives the API's contact, licence (an SPDX identifier links to its page), terms and external documentation", () => {
    const links = infoLinks({
      info: {
        contact: { name: 'API team', url: 'https://example.com/support', email: 'api@example.com' },
        license: { name: 'Apache 2.0', identifier: 'Apache-2.0' },
        termsOfService: 'https://example.com/terms',
      },
      externalDocs: { description: 'Guides', url: 'https://example.com/guides' },
    });
    expect(links).toEqual([
      { label: 'Contact', text: 'API team', href: 'https://example.com/support' },
      { label: 'Contact email', text: 'api@example.com', href: 'mailto:api@example.com' },
      { label: 'Licence', text: 'Apache 2.0', href: 'https://spdx.org/licenses/Apache-2.0.html' },
      { label: 'Terms of service', text: 'https://example.com/terms', href: 'https://example.com/terms' },
      { label: 'External documentation', text: 'Guides', href: 'https://example.com/guides' },
    ]);
    expect(infoLinks({ info: { title: 'x' } })).toEqual([]);
  });

  it('keeps the text of a link whose URL the content policy refuses, without the link', () => {
    expect(externalDocs({ url: 'javascript:alert(1)', description: 'Docs' })).toEqual({ label: 'External documentation', text: 'Docs' });
    expect(infoLinks({ info: { license: { name: 'Custom', url: ' JaVaScript:alert(1)' } } })).toEqual([{ label: 'Licence', text: 'Custom' }]);
    expect(externalDocs({ description: 'no url' })).toBeUndefined();
    const html = renderToStaticMarkup(createElement(LinkLine, { link: { label: 'External documentation', text: 'Docs' } }));
    expect(html).toBe('<p class="api-link-line">External documentation: Docs</p>');
  });

  it('opens a web link in a new tab, and a mail link in place', () => {
    expect(renderToStaticMarkup(createElement(LinkLine, { link: { label: 'Contact', text: 'Team', href: 'https://example.com' } }))).toContain('target="_blank" rel="noopener noreferrer"');
    expect(renderToStaticMarkup(createElement(LinkLine, { link: { label: 'Contact', text: 'a@b.c', href: 'mailto:a@b.c' } }))).not.toContain('target');
  });
});
