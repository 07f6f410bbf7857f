/**
 * The Authentication section of an API's first page, as Redoc has it: every security scheme of
 * `components.securitySchemes` with what a caller must send (where an API key goes, the HTTP
 * scheme and bearer format, each OAuth 2.0 flow with its URLs and scopes, the OpenID Connect
 * discovery URL) and the scheme's own description. The operations name these schemes.
 */
import type { ApiSecuritySchemeView } from '../../theme/api-model.ts';
import { createUniqueIds, securitySchemeAnchor } from './anchors.ts';
import { isObject, trimmedText as text, componentsOf } from './pointer.ts';

const FLOW_NAMES: Record<string, string> = {
  implicit: 'Implicit',
  password: 'Password',
  clientCredentials: 'Client credentials',
  authorizationCode: 'Authorization code',
};

export function securitySchemeViews(document: Record<string, unknown>, description: (text: unknown) => string): ApiSecuritySchemeView[] {
  const schemes = componentsOf(document, 'securitySchemes');
  const unique = createUniqueIds();
  return Object.entries(schemes)
    .filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]))
    .map(([name, scheme]) => ({
      name,
      anchor: unique(securitySchemeAnchor(name)),
      kind: kindOf(scheme),
      facts: factsOf(scheme),
      flows: flowsOf(scheme),
      descriptionHtml: description(scheme.description),
    }));
}

function kindOf(scheme: Record<string, unknown>): string {
  switch (scheme.type) {
    case 'apiKey':
      return 'API key';
    case 'http':
      return `HTTP ${text(scheme.scheme) || 'authentication'}`;
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    case 'mutualTLS':
      return 'Mutual TLS';
    default:
      return 'Scheme of an unknown type';
  }
}

/** What a caller sends, as label and value pairs. */
function factsOf(scheme: Record<string, unknown>): { label: string; value: string }[] {
  const facts: { label: string; value: string }[] = [];
  if (scheme.type === 'apiKey') facts.push({ label: `Sent in the ${text(scheme.in) || 'header'}`, value: text(scheme.name) });
  if (scheme.type === 'http' && text(scheme.scheme).toLowerCase() === 'bearer') facts.push({ label: 'Header', value: 'Authorization: Bearer <token>' });
  if (scheme.type === 'http' && text(scheme.scheme).toLowerCase() === 'basic') facts.push({ label: 'Header', value: 'Authorization: Basic <base64 of user:password>' });
  if (scheme.type === 'http' && text(scheme.bearerFormat)) facts.push({ label: 'Bearer format', value: text(scheme.bearerFormat) });
  if (scheme.type === 'openIdConnect' && text(scheme.openIdConnectUrl)) facts.push({ label: 'Discovery URL', value: text(scheme.openIdConnectUrl) });
  return facts;
}

function flowsOf(scheme: Record<string, unknown>): ApiSecuritySchemeView['flows'] {
  if (scheme.type !== 'oauth2' || !isObject(scheme.flows)) return [];
  return Object.entries(scheme.flows)
    .filter((entry): entry is [string, Record<string, unknown>] => isObject(entry[1]))
    .map(([type, flow]) => ({
      name: FLOW_NAMES[type] ?? type,
      urls: (['authorizationUrl', 'tokenUrl', 'refreshUrl'] as const)
        .filter((key) => text(flow[key]) !== '')
        .map((key) => ({ label: { authorizationUrl: 'Authorization URL', tokenUrl: 'Token URL', refreshUrl: 'Refresh URL' }[key], value: text(flow[key]) })),
      scopes: Object.entries(isObject(flow.scopes) ? flow.scopes : {}).map(([scope, meaning]) => ({ name: scope, description: text(meaning) })),
    }));
}
