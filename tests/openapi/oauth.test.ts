/** What Try it needs for OAuth 2.0: the redirect page, and the token URLs the page's policy allows (src/openapi/oauth.ts). */
import { describe, it, expect } from 'vitest';
import { needsRedirectPage, oauthTokenUrls, redirectPageFiles } from '../../src/openapi/oauth.ts';
import { apiServerSources, customPageScriptHashes } from '../../src/render/csp.ts';

const withFlows = (flows: Record<string, unknown>) => ({ components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'K' }, login: { type: 'oauth2', flows } } } });

describe('OAuth 2.0 in Try it', () => {
  it('publishes the redirect page only for the flows that return through it', () => {
    expect(needsRedirectPage(withFlows({ implicit: { authorizationUrl: 'https://a.example/auth', scopes: {} } }))).toBe(true);
    expect(needsRedirectPage(withFlows({ authorizationCode: { authorizationUrl: 'https://a.example/auth', tokenUrl: 'https://a.example/token', scopes: {} } }))).toBe(true);
    expect(needsRedirectPage(withFlows({ clientCredentials: { tokenUrl: 'https://a.example/token', scopes: {} } }))).toBe(false);
    expect(needsRedirectPage({ components: { securitySchemes: { key: { type: 'apiKey' } } } })).toBe(false);
    expect(needsRedirectPage({})).toBe(false);
  });

  it('gives the token and refresh URLs, absolute, once each; the policy then allows their origins', () => {
    const document = withFlows({
      authorizationCode: { authorizationUrl: 'https://a.example/auth', tokenUrl: 'https://auth.example/token', refreshUrl: '/oauth/refresh', scopes: {} },
      password: { tokenUrl: 'https://auth.example/token', scopes: {} },
      implicit: { authorizationUrl: 'https://a.example/auth', scopes: {} },
    });
    const urls = oauthTokenUrls(document, 'https://docs.example.com/api/spec.yaml');
    expect(urls).toEqual(['https://auth.example/token', 'https://docs.example.com/oauth/refresh']);
    expect(apiServerSources(urls)).toEqual(['https://auth.example', 'https://docs.example.com']);
  });

  it("writes Swagger UI's redirect page with its script as a file, so the page needs no inline script", async () => {
    const [page, script] = redirectPageFiles('api');
    expect(page?.rel).toBe('api/oauth2-redirect.html');
    expect(script?.rel).toBe('api/oauth2-redirect.js');
    const html = String(page?.contents);
    expect(html).toContain('<script src="oauth2-redirect.js"></script>');
    expect(customPageScriptHashes(html)).toEqual([]); // no inline script
    expect(html).toContain(`content="default-src 'none'; script-src 'self'"`);
    const code = await (script?.contents as () => Promise<Uint8Array>)();
    expect(Buffer.from(code).toString('utf8')).toContain('swaggerUIRedirectOauth2');
  });
});
