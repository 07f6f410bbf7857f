/**
 * Try it remembers the server the reader chose and the values they typed for its variables (the
 * hub's host and port), per API, across operations and visits, as Scalar does: without it every
 * reload started again from localhost:80.
 *
 * Swagger UI sets a server's variables to their defaults whenever that server is selected, so
 * the remembered choice is given to it as the spec's own: the server first, its defaults the
 * remembered values.
 */
import { readStorage, writeStorage } from '../../storage.ts';

export interface RememberedServer {
  url: string;
  variables: Record<string, string>;
}

const keyOf = (specUrl: string) => `docsgen.tryIt.server:${specUrl}`;

export function readRememberedServer(specUrl: string): RememberedServer | undefined {
  try {
    const value = JSON.parse(readStorage(keyOf(specUrl)) ?? 'null') as RememberedServer | null;
    return value && typeof value.url === 'string' && value.variables && typeof value.variables === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Notes a server chosen, or a variable typed (for `server`); a new server starts with no values. */
export function rememberServer(specUrl: string, server: string, variable?: { key: string; value: string }): void {
  const before = readRememberedServer(specUrl);
  const variables = before?.url === server ? { ...before.variables } : {};
  if (variable) variables[variable.key] = variable.value;
  writeStorage(keyOf(specUrl), JSON.stringify({ url: server, variables }));
}

type ServerObject = { url?: unknown; variables?: Record<string, { default?: unknown; enum?: unknown[] }> };

/** The spec with the remembered server first and its variables' defaults set to the remembered values. */
export function withRememberedServer(spec: unknown, remembered: RememberedServer | undefined): unknown {
  const servers = (spec as { servers?: ServerObject[] } | null)?.servers;
  if (!remembered || !Array.isArray(servers)) return spec;
  const index = servers.findIndex((server) => server?.url === remembered.url);
  if (index < 0) return spec;
  const server = servers[index] as ServerObject;
  for (const [key, variable] of Object.entries(server.variables ?? {})) {
    const value = remembered.variables[key];
    if (typeof value !== 'string' || (Array.isArray(variable.enum) && !variable.enum.includes(value))) continue;
    variable.default = value;
  }
  servers.splice(index, 1);
  servers.unshift(server);
  return spec;
}
