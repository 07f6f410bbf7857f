import { describe, it, expect } from 'vitest';
import { securityOf, securitySampleParts } from '../../src/openapi/security.ts';

const document = {
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
      basic: { type: 'http', scheme: 'basic' },
      oauth: { type: 'oauth2', flows: {} },
    },
  },
};

describe('security requirements', () => {
  it('optional authentication ({} among the alternatives) is named as optional, and the samples show the first real way', () => {
    const operation = { security: [{}, { bearer: [] }, { basic: [] }] };
    expect(securityOf(document, operation)).toEqual({
      ways: [[{ name: 'bearer', detail: 'HTTP bearer authentication' }], [{ name: 'basic', detail: 'HTTP basic authentication' }]],
      optional: true,
    });
    expect(securitySampleParts(document, operation).headers).toEqual([['Authorization', 'Bearer YOUR_TOKEN']]);
  });

  it('keeps the schemes one way needs together: a key and a token', () => {
    expect(securityOf(document, { security: [{ bearer: [], basic: [] }] }).ways).toEqual([
      [
        { name: 'bearer', detail: 'HTTP bearer authentication' },
        { name: 'basic', detail: 'HTTP basic authentication' },
      ],
    ]);
  });

  it('lists the scopes a requirement asks for, and nothing when no security is declared', () => {
    expect(securityOf(document, { security: [{ oauth: ['read:pets', 'write:pets'] }] })).toEqual({ ways: [[{ name: 'oauth', detail: 'OAuth 2.0, scopes read:pets, write:pets' }]], optional: false });
    expect(securityOf(document, {})).toEqual({ ways: [], optional: false });
    expect(securitySampleParts(document, { security: [{}] })).toEqual({ headers: [], query: [] });
  });
});
