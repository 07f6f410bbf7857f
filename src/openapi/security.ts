/**
 * What an operation needs to be called: its security requirements (the operation's own, else the
 * document's) described in words, and the header or query parameter a code sample shows for the
 * first requirement, with a placeholder value the reader replaces.
 */
import { isObject, componentsOf } from './pointer.ts';

interface Requirement {
  name: string;
  scheme: Record<string, unknown>;
  /** The scopes (OAuth 2.0, OpenID Connect) or roles the requirement lists. */
  scopes: string[];
}

function requirements(document: Record<string, unknown>, operation: Record<string, unknown>): Requirement[][] {
  const list = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : [];
  const schemes = componentsOf(document, 'securitySchemes');
  return list.filter(isObject).map((requirement) =>
    Object.entries(requirement).map(([name, scopes]) => ({ name, scheme: isObject(schemes[name]) ? schemes[name] : {}, scopes: Array.isArray(scopes) ? scopes.map(String) : [] })),
  );
}

/**
 * The ways to authorise the call, in words; `optional` when an empty requirement ({}) is among the
 * alternatives (the call also works without). The code samples show the first way either way.
 */
export function securityOf(document: Record<string, unknown>, operation: Record<string, unknown>): { ways: { name: string; detail: string }[][]; optional: boolean } {
  const alternatives = requirements(document, operation);
  const ways = alternatives.filter((all) => all.length > 0);
  const part = (r: Requirement) => ({ name: r.name, detail: `${describeScheme(r.scheme)}${r.scopes.length > 0 ? `, scopes ${r.scopes.join(', ')}` : ''}` });
  return { ways: ways.map((all) => all.map(part)), optional: ways.length < alternatives.length };
}

function describeScheme(scheme: Record<string, unknown>): string {
  switch (scheme.type) {
    case 'apiKey':
      return `API key in the ${String(scheme.in)} "${String(scheme.name)}"`;
    case 'http':
      return `HTTP ${String(scheme.scheme ?? '')} authentication`.replace('  ', ' ');
    case 'oauth2':
      return 'OAuth 2.0';
    case 'openIdConnect':
      return 'OpenID Connect';
    case 'mutualTLS':
      return 'mutual TLS';
    default:
      return 'scheme not described';
  }
}

/** Headers and query parameters for the first security requirement that asks for something, with placeholder values. */
export function securitySampleParts(document: Record<string, unknown>, operation: Record<string, unknown>): { headers: [string, string][]; query: [string, string][] } {
  const first = requirements(document, operation).find((all) => all.length > 0) ?? [];
  const headers: [string, string][] = [];
  const query: [string, string][] = [];
  for (const { scheme } of first) {
    if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
      if (scheme.in === 'query') query.push([scheme.name, 'YOUR_API_KEY']);
      else if (scheme.in === 'cookie') headers.push(['Cookie', `${scheme.name}=YOUR_API_KEY`]);
      else headers.push([scheme.name, 'YOUR_API_KEY']);
    } else if (scheme.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic') {
      headers.push(['Authorization', 'Basic BASE64_OF_USER_COLON_PASSWORD']);
    } else if (scheme.type === 'http' || scheme.type === 'oauth2' || scheme.type === 'openIdConnect') {
      headers.push(['Authorization', 'Bearer YOUR_TOKEN']);
    }
  }
  return { headers, query };
}
