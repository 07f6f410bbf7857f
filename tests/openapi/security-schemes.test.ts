/** The Authentication section's model: every security scheme with what a caller sends. */
import { describe, it, expect } from 'vitest';
import { securitySchemeViews } from '../../src/openapi/security-schemes.ts';

const describeText = (text: unknown) => (typeof text === 'string' && text !== '' ? `<p>${text}</p>` : '');

describe('security schemes', () => {
  it('gives each scheme its kind, what is sent where, OAuth flows with URLs and scopes, and its description', () => {
    const views = securitySchemeViews(
      {
        components: {
          securitySchemes: {
            key: { type: 'apiKey', in: 'query', name: 'api_key', description: 'From the console' },
            token: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            login: { type: 'http', scheme: 'basic' },
            'oauth flows': {
              type: 'oauth2',
              flows: {
                authorizationCode: { authorizationUrl: 'https://id.example.com/authorize', tokenUrl: 'https://id.example.com/token', refreshUrl: 'https://id.example.com/refresh', scopes: { 'read:pets': 'read your pets' } },
                clientCredentials: { tokenUrl: 'https://id.example.com/token', scopes: {} },
              },
            },
            oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.example.com/.well-known/openid-configuration' },
            tls: { type: 'mutualTLS' },
          },
        },
      },
      describeText,
    );
    expect(views.map((v) => [v.name, v.anchor, v.kind])).toEqual([
      ['key', 'security/key', 'API key'],
      ['token', 'security/token', 'HTTP bearer'],
      ['login', 'security/login', 'HTTP basic'],
      ['oauth flows', 'security/oauth_flows', 'OAuth 2.0'],
      ['oidc', 'security/oidc', 'OpenID Connect'],
      ['tls', 'security/tls', 'Mutual TLS'],
    ]);
    expect(views[0]).toMatchObject({ facts: [{ label: 'Sent in the query', value: 'api_key' }], descriptionHtml: '<p>From the console</p>' });
    expect(views[1]?.facts).toEqual([
      { label: 'Header', value: 'Authorization: Bearer <token>' },
      { label: 'Bearer format', value: 'JWT' },
    ]);
    expect(views[2]?.facts).toEqual([{ label: 'Header', value: 'Authorization: Basic <base64 of user:password>' }]);
    expect(views[3]?.flows).toEqual([
      {
        name: 'Authorization code',
        urls: [
          { label: 'Authorization URL', value: 'https://id.example.com/authorize' },
          { label: 'Token URL', value: 'https://id.example.com/token' },
          { label: 'Refresh URL', value: 'https://id.example.com/refresh' },
        ],
        scopes: [{ name: 'read:pets', description: 'read your pets' }],
      },
      { name: 'Client credentials', urls: [{ label: 'Token URL', value: 'https://id.example.com/token' }], scopes: [] },
    ]);
    expect(views[4]?.facts).toEqual([{ label: 'Discovery URL', value: 'https://id.example.com/.well-known/openid-configuration' }]);
  });

  it('is empty without components.securitySchemes, and skips entries that are not objects', () => {
    expect(securitySchemeViews({}, describeText)).toEqual([]);
    expect(securitySchemeViews({ components: { securitySchemes: { broken: 'x', ok: { type: 'apiKey', in: 'header', name: 'K' } } } }, describeText).map((v) => v.name)).toEqual(['ok']);
  });
});
