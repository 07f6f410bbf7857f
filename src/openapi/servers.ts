/**
 * Servers of a spec: as shown (URL template, description, variables) and as used in code samples
 * (variables at their defaults; a relative URL resolved against where the spec is served, which is
 * what Swagger UI calls too; no servers means "/", as the OpenAPI specification says).
 */
import type { ApiServerView } from '../../theme/api-model.ts';
import { isObject } from './pointer.ts';

/** `describe` renders a variable's description (CommonMark, as the OpenAPI specification allows). */
export function serverViews(document: Record<string, unknown>, describe: (text: unknown) => string): ApiServerView[] {
  return serverList(document.servers).map((server) => ({
    url: String(server.url ?? '/'),
    description: typeof server.description === 'string' ? server.description : '',
    variables: Object.entries(isObject(server.variables) ? server.variables : {}).map(([name, variable]) => {
      const v = isObject(variable) ? variable : {};
      return {
        name,
        defaultValue: v.default === undefined ? '' : String(v.default),
        values: Array.isArray(v.enum) ? v.enum.map(String) : [],
        descriptionHtml: inline(describe(v.description)),
        // The sentence gets a full stop on the page unless it ends in one already.
        endsSentence: typeof v.description === 'string' && /[.!?]\s*$/.test(v.description),
      };
    }),
  }));
}

/** A one-paragraph description without its paragraph, to sit inside a line of text. */
function inline(html: string): string {
  const single = /^<p>([\s\S]*)<\/p>\s*$/.exec(html);
  return single && !single[1]?.includes('<p>') ? single[1]! : html;
}

function serverList(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isObject).filter((s) => typeof s.url === 'string') : [];
}

/** The base URL a sample calls: the operation's servers, else its path's, else the document's. */
export function sampleBaseUrl(servers: unknown[], specLocation: string): string {
  const server = servers.map(serverList).find((list) => list.length > 0)?.[0];
  const template = String(server?.url ?? '/');
  const variables = isObject(server?.variables) ? server.variables : {};
  const filled = template.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const variable = variables[name];
    return isObject(variable) && variable.default !== undefined ? String(variable.default) : whole;
  });
  let url: string;
  try {
    url = new URL(filled, specLocation).href;
  } catch {
    url = filled;
  }
  return url.replace(/\/+$/, '');
}
