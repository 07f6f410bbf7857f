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
    expect(securityOf(document, operation)).toEqual({ labels: ['bearer (HTTP bearer authentication)', 'basic (HTTP basic authentication)'], optional: true });
    expect(securitySampleParts(document, operation).headers).toEqual([['Authorization', 'Bearer YOUR_TOKEN']]);
  });

  it('lists the scopes a requirement asks for, and nothing when no security is declared', () => {
    expect(securityOf(document, { security: [{ oauth: ['read:pets', 'write:pets'] }] })).toEqual({ labels: ['oauth (OAuth 2.0, scopes read:pets, write:pets)'], optional: false });
    expect(securityOf(document, {})).toEqual({ labels: [], optional: false });
    expect(securitySampleParts(document, { security: [{}] })).toEqual({ headers: [], query: [] });
  });
});
