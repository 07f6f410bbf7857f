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
  window.dispatchEvent(new CustomEvent(SERVER_CHANGED, { detail: { specUrl } }));
}

/** Fired on window when the remembered server of an API changes (detail: its specUrl). */
export const SERVER_CHANGED = 'docsgen:try-it-server';

/** The remembered server's base URL, its variables filled in (as the samples write it), or undefined. */
export function rememberedBaseUrl(remembered: RememberedServer, pageUrl: string): string | undefined {
  let missing = false;
  const filled = remembered.url.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = remembered.variables[name];
    if (value === undefined || value === '') missing = true;
    return value ?? '';
  });
  if (missing) return undefined;
  try {
    return new URL(filled, pageUrl).href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/**
 * Writes the remembered server into the code samples that use the document's first server, so a
 * copied sample calls the reader's hub. The base each sample block has now is kept on it, and a
 * line above the samples says so: the page's Servers section still lists the spec's servers.
 */
export function applyRememberedServer(root: HTMLElement, specUrl: string): void {
  const remembered = readRememberedServer(specUrl);
  const base = remembered && rememberedBaseUrl(remembered, window.location.href);
  if (!base) return;
  for (const samples of root.querySelectorAll<HTMLElement>('[data-sample-base]')) {
    const before = samples.dataset.sampleBase;
    if (!before || before === base) continue;
    for (const code of samples.querySelectorAll('pre code')) replaceInCode(code, before, base);
    samples.dataset.sampleDocumented ??= before;
    samples.dataset.sampleBase = base;
    noteServer(samples, base === samples.dataset.sampleDocumented ? undefined : base);
  }
}

/** "These samples call …, the server chosen in Try it." above a block of samples, or no line. */
function noteServer(samples: HTMLElement, base: string | undefined): void {
  let note = samples.querySelector<HTMLElement>(':scope > .api-samples__server');
  if (!base) return note?.remove();
  if (!note) {
    note = document.createElement('p');
    note.className = 'api-samples__server';
    const title = samples.querySelector(':scope > .api-samples__title');
    if (title) title.after(note);
    else samples.prepend(note);
  }
  note.textContent = `These samples call ${base}, the server chosen in Try it.`;
}

/**
 * Replaces `before` in a code block, keeping its colours: the URL is one token (inside a string),
 * so it is replaced in each text node; where it spans tokens, the block is rewritten as plain text.
 */
function replaceInCode(code: Element, before: string, after: string): void {
  const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeValue?.includes(before)) node.nodeValue = node.nodeValue.split(before).join(after);
  }
  const text = code.textContent ?? '';
  if (text.includes(before)) code.textContent = text.split(before).join(after);
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
