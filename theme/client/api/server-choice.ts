/**
 * What Try it remembers of the reader's server (loaded with Try it, not while reading): the server
 * chosen, and the values the reader typed, by variable name. A typed value holds for every server
 * with a variable of that name (the hub's host is the same hub over http or https) unless that
 * variable's enum leaves it out; a variable the reader never typed keeps each server's own
 * default (http's port 80, https's 443). The code samples call the chosen server's base URL,
 * worked out here and stored beside the choice, so the page does it without the spec.
 *
 * A host must be a host name or an IP address (IPv6 in brackets), a port a number: text such as
 * `x'$(touch /tmp/x)'` is never remembered, so it never reaches a sample the reader copies.
 */
import { writeStorage } from '../../storage.ts';
import { SERVER_CHANGED, serverKey, type RememberedServer } from './remembered-server.ts';

export interface SpecServer {
  url?: unknown;
  variables?: Record<string, { default?: unknown; enum?: unknown[] } | undefined>;
}

export type TypedValues = Record<string, string>;

/** A host name (letters, digits, hyphens, dots) or an IPv4 address, or an IPv6 address in brackets. */
const HOST = /^(?:[a-z\d](?:[a-z\d-]*[a-z\d])?(?:\.[a-z\d](?:[a-z\d-]*[a-z\d])?)*\.?|\[[\da-f:.]+\])$/i;
/** An IPv6 address typed without its brackets: hex digits and at least two colons (`::1`, `fe80::2`). */
const BARE_IPV6 = /^[\da-f.]*:[\da-f.]*:[\da-f:.]*$/i;
/** What any other variable may hold: text that needs no escaping in a URL or in a sample's string. */
const PLAIN = /^[\w.~%/-]+$/;

/**
 * The host (and port) a host field's text stands for, or undefined. A pasted URL gives its host
 * and port (`http://192.0.2.10:8080/api` → 192.0.2.10 and 8080), a bare IPv6 address gets brackets.
 */
export function hostOf(text: string): { host: string; port?: string } | undefined {
  const value = text.trim();
  if (!value) return undefined;
  const candidate = BARE_IPV6.test(value) ? `[${value}]` : value;
  let url: URL;
  try {
    url = new URL(candidate.includes('://') ? candidate : `http://${candidate}`);
  } catch {
    return undefined;
  }
  if (url.username || url.password || !HOST.test(url.hostname)) return undefined;
  return url.port ? { host: url.hostname, port: url.port } : { host: url.hostname };
}

/** The port number a port field's text stands for (1 to 65535, without leading zeros), or undefined. */
export function portOf(text: string): string | undefined {
  const value = text.trim();
  return /^\d{1,5}$/.test(value) && Number(value) >= 1 && Number(value) <= 65535 ? String(Number(value)) : undefined;
}

/** A variable is the host when the URL template has it right after `://`, the port right after a `:`. */
export function roleOf(template: string, name: string): 'host' | 'port' | undefined {
  if (template.includes(`://{${name}}`)) return 'host';
  if (template.includes(`:{${name}}`)) return 'port';
  return undefined;
}

/** The value a variable's text stands for (a host tidied, a port without zeros in front), or undefined where it stands for none. */
export function valueOf(template: string, name: string, text: string): string | undefined {
  const role = roleOf(template, name);
  if (role === 'host') return hostOf(text)?.host;
  if (role === 'port') return portOf(text);
  return PLAIN.test(text.trim()) ? text.trim() : undefined;
}

const templateOf = (server: SpecServer | undefined) => (typeof server?.url === 'string' ? server.url : '');
export const defaultOf = (server: SpecServer | undefined, name: string) => String(server?.variables?.[name]?.default ?? '');

/**
 * The values remembered after the reader typed `text` into `name` of `server`: a value equal to
 * the server's default, an empty one or one that stands for no value is not the reader's (the
 * variable takes each server's default again); a URL pasted as the host gives its port too.
 */
export function noteTyped(typed: TypedValues, server: SpecServer, name: string, text: string): TypedValues {
  const template = templateOf(server);
  const next = { ...typed };
  const set = (key: string, value: string | undefined) => {
    if (value === undefined || value === defaultOf(server, key)) delete next[key];
    else next[key] = value;
  };
  set(name, valueOf(template, name, text));
  const pasted = pastedPort(server, name, text);
  if (pasted) set(...pasted);
  return next;
}

/** The port variable's name and the port of a URL pasted into the host variable `name`, or undefined. */
function pastedPort(server: SpecServer, name: string, text: string): [string, string] | undefined {
  const template = templateOf(server);
  const port = roleOf(template, name) === 'host' ? hostOf(text)?.port : undefined;
  const portName = Object.keys(server.variables ?? {}).find((key) => roleOf(template, key) === 'port');
  return port && portName ? [portName, port] : undefined;
}

/** The value `name` takes on `server`: the reader's, unless it is not one (an old or altered entry) or the variable's enum leaves it out; else the default. */
export function valueOnServer(server: SpecServer | undefined, name: string, typed: TypedValues): string {
  const value = typed[name];
  const allowed = server?.variables?.[name]?.enum;
  const fits = value !== undefined && valueOf(templateOf(server), name, value) === value && (!Array.isArray(allowed) || allowed.includes(value));
  return fits ? value : defaultOf(server, name);
}

/** The server's base URL as the samples write it (see sampleBaseUrl in src/openapi/servers.ts), or undefined. */
export function baseOf(server: SpecServer | undefined, typed: TypedValues, specLocation: string): string | undefined {
  if (!server) return undefined;
  const filled = templateOf(server).replace(/\{([^}]+)\}/g, (_whole, name: string) => valueOnServer(server, name, typed));
  try {
    return new URL(filled, specLocation).href.replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

/**
 * The changes to make to the fields once the reader leaves `name`: its text tidied (a pasted URL
 * to its host, and its port into the port field; brackets around an IPv6 address), or the
 * default back in a field left empty. Text that stands for no value stays for the reader to fix.
 */
export function tidied(server: SpecServer, name: string, text: string): Record<string, string> {
  const template = templateOf(server);
  if (!text.trim()) return { [name]: defaultOf(server, name) };
  const value = valueOf(template, name, text);
  const changes: Record<string, string> = value !== undefined && value !== text ? { [name]: value } : {};
  const pasted = pastedPort(server, name, text);
  if (pasted) changes[pasted[0]] = pasted[1];
  return changes;
}

/** What a field's text lacks, said briefly beside it, or undefined when it stands for a value. */
export function hintFor(server: SpecServer, name: string, text: string): string | undefined {
  const template = templateOf(server);
  if (valueOf(template, name, text) !== undefined) return undefined;
  const role = roleOf(template, name);
  if (role === 'host') return `${name}: enter a host name or IP address, without http:// (for example hub.example.com or 192.0.2.10).`;
  if (role === 'port') return `${name}: enter a port number from 1 to 65535.`;
  return `${name}: enter letters, digits, dots, hyphens or slashes.`;
}

/** A server field whose text stands for no value: its name, its text as the reader typed it, and its hint. */
export interface FieldProblem {
  name: string;
  text: string;
  hint: string;
}

/**
 * The fields of `server` whose text stands for no value, each with its hint, in the spec's order.
 * A list (enum) holds only the spec's values, and a field showing its default holds the spec's
 * own, so neither gets one. `textOf` is the field's text as Swagger UI holds it ('' once emptied).
 */
export function fieldProblems(server: SpecServer, textOf: (name: string) => unknown): FieldProblem[] {
  return Object.entries(server.variables ?? {}).flatMap(([name, variable]) => {
    const text = textOf(name);
    if (Array.isArray(variable?.enum) || typeof text !== 'string' || text === defaultOf(server, name)) return [];
    const hint = hintFor(server, name, text);
    return hint ? [{ name, text, hint }] : [];
  });
}

/**
 * Why Execute sent nothing while a field stands for no value: which field, its text as the reader
 * typed it (the request's URL would carry `bad host!` as `bad%20host!`), and what to do. The hint
 * beside the fields already says what the field takes, so this points at it rather than repeat it.
 */
export function refusalFor(server: SpecServer, problem: FieldProblem): string {
  const role = roleOf(templateOf(server), problem.name);
  const kind = role === 'host' ? 'a host name or IP address' : role === 'port' ? 'a port number' : 'a value a URL can hold';
  const fallback = defaultOf(server, problem.name);
  if (!problem.text.trim()) {
    const leave = fallback ? `, or leave the field to use the default, ${fallback}` : '';
    return `Not sent: the server variable ${problem.name} is empty. Fill it in as the hint under the server variables says${leave}.`;
  }
  const empty = fallback ? `, or empty the field to use the default, ${fallback}` : '';
  return `Not sent: the server variable ${problem.name} holds “${problem.text}”, which is not ${kind}. Correct it as the hint under the server variables says${empty}.`;
}

/**
 * The values the reader typed, from what was stored: an entry from before values were kept by
 * name (it has no base) held the chosen server's defaults too, which are not the reader's.
 */
export function typedOf(stored: RememberedServer | undefined, servers: readonly SpecServer[]): TypedValues {
  if (!stored) return {};
  if (stored.base !== undefined) return { ...stored.variables };
  const server = servers.find((s) => s.url === stored.url);
  return Object.fromEntries(Object.entries(stored.variables).filter(([name, value]) => typeof value === 'string' && value !== defaultOf(server, name)));
}

/** Stores the server chosen, the typed values and the base URL the samples then call, and tells the page. */
export function saveServer(specUrl: string, servers: readonly SpecServer[], url: string, typed: TypedValues): void {
  const base = baseOf(servers.find((s) => s.url === url), typed, new URL(specUrl, window.location.href).href);
  const stored: RememberedServer = { url, variables: typed, base: base ?? '' };
  writeStorage(serverKey(specUrl), JSON.stringify(stored));
  window.dispatchEvent(new CustomEvent(SERVER_CHANGED, { detail: { specUrl } }));
}
