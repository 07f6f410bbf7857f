/**
 * One operation of a spec as the reference shows it: parameters (path-level ones included, `$ref`s
 * resolved), request body and responses per media type with their schemas and examples, the
 * security it needs, and code samples that call it.
 */
import type { ApiBodyView, ApiMediaView, ApiMessageView, ApiOperationView, ApiParameterView, ApiResponseView, TryValues } from '../../theme/api-model.ts';
import { callbackViews } from './events.ts';
import { externalDocsField } from './document-links.ts';
import type { OperationEntry } from './operations.ts';
import { isObject, resolveRefs } from './pointer.ts';
import { schemaView, type SchemaViewContext, type ViewScope } from './schema-view.ts';
import { exampleUndocumented, examplesOf, requestBodySample, sampleValue } from './examples.ts';
import { codeSamples, isJsonMediaType, type SampleRequest } from './samples.ts';
import { withAuthorSamples } from './author-samples.ts';
import { sampleBaseUrl } from './servers.ts';
import { cookieHeader, queryPairs, simpleValue } from './parameter-style.ts';
import { securityOf, securitySampleParts } from './security.ts';
import { fileFields } from './file-fields.ts';
import { responseLinkViews, type LinkTargets } from './response-links.ts';

export interface OperationContext extends SchemaViewContext {
  /** Absolute URL of the spec file as served: relative server URLs are resolved against it. */
  specLocation: string;
  /** Link to a security scheme's part of the Authentication section, when it has one. */
  securityHref?: (scheme: string) => string | undefined;
  /** The operations a response's links may lead to (see response-links.ts). */
  linkTargets?: LinkTargets;
}

export function operationView(ctx: OperationContext, entry: OperationEntry): ApiOperationView {
  const op = entry.operation;
  const message = messageView(ctx, entry);
  const body = resolveRefs(ctx.document, op.requestBody).value;
  const security = securityOf(ctx.document, op);
  const base = sampleBaseUrl([entry.operation.servers, entry.pathItem.servers, ctx.document.servers], ctx.specLocation);
  const callbacks = callbackViews(ctx, op, entry.anchor);
  // One request for the code samples and for Try it's start values: Execute sends what a copied curl sends.
  const parameters = sampleParameters(ctx, entry);
  const request = sampleRequest(ctx, entry, parameters, body, base);
  return {
    anchor: entry.anchor,
    key: entry.key,
    ...(typeof op.operationId === 'string' ? { operationId: op.operationId } : {}),
    tag: entry.tag,
    path: entry.path,
    ...message,
    ...externalDocsField(op.externalDocs),
    ...(callbacks.length > 0 ? { callbacks } : {}),
    samples: withAuthorSamples(op, codeSamples(request)),
    ...tryValuesField(entry, parameters, request),
    // Samples on the document's servers follow the server the reader chose in Try it (in the browser).
    ...(ownServers(entry) ? {} : { sampleBase: base }),
    security: security.ways.map((all) => all.map((part) => ({ ...part, ...withHref(ctx.securityHref?.(part.name)) }))),
    ...(security.optional && security.ways.length > 0 ? { securityOptional: true } : {}),
  };
}

function withHref(href: string | undefined): { href?: string } {
  return href ? { href } : {};
}

/**
 * What a request and its answers are made of: method, summary, description, parameters, body and
 * responses. Operations have it, and so do webhooks and callbacks (requests the API sends).
 */
export function messageView(ctx: OperationContext, entry: Pick<OperationEntry, 'method' | 'operation' | 'pathItem'>): ApiMessageView {
  const op = entry.operation;
  // One budget and one set of expanded schemas for the whole operation: each schema is shown once.
  const expanded = new Set<string>();
  const budget = { rows: ctx.rowBudget };
  const scope = (purpose: ViewScope['purpose']): ViewScope => ({ purpose, expanded, budget });
  const parameters = parametersOf(ctx, entry).map((p) => parameterView(ctx, p, scope('request')));
  const body = resolveRefs(ctx.document, op.requestBody).value;
  const requestBody = isObject(body) ? bodyView(ctx, body, scope('request')) : undefined;
  const responses = Object.entries(isObject(op.responses) ? op.responses : {})
    .map(([status, response]) => responseView(ctx, status, response, scope('response')))
    .sort(byStatus);
  return {
    method: entry.method.toUpperCase(),
    summary: typeof op.summary === 'string' ? op.summary : '',
    descriptionHtml: ctx.description(op.description),
    deprecated: op.deprecated === true,
    parameters,
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The operation's parameters and its path's, the operation's winning on the same name and place. */
export function parametersOf(ctx: { document: Record<string, unknown> }, entry: Pick<OperationEntry, 'operation' | 'pathItem'>): Record<string, unknown>[] {
  const read = (list: unknown) => (Array.isArray(list) ? list : []).map((p) => resolveRefs(ctx.document, p).value).filter(isObject);
  const own = read(entry.operation.parameters);
  const shared = read(entry.pathItem.parameters).filter((p) => !own.some((o) => o.name === p.name && o.in === p.in));
  const order = ['path', 'query', 'header', 'cookie'];
  return [...shared, ...own].sort((a, b) => order.indexOf(String(a.in)) - order.indexOf(String(b.in)));
}

function parameterView(ctx: OperationContext, param: Record<string, unknown>, scope: ViewScope): ApiParameterView {
  const content = isObject(param.content) ? Object.entries(param.content).find(([, m]) => isObject(m)) : undefined;
  const schemaNode = param.schema ?? (content && isObject(content[1]) ? content[1].schema : undefined);
  return {
    name: String(param.name ?? ''),
    in: String(param.in ?? ''),
    required: param.required === true || param.in === 'path',
    deprecated: param.deprecated === true,
    descriptionHtml: ctx.description(param.description),
    ...(schemaNode !== undefined ? { schema: schemaView(ctx, schemaNode, scope) } : {}),
    examples: examplesOf(ctx.document, param, undefined, 'request', 'text/plain'),
  };
}

function bodyView(ctx: OperationContext, body: Record<string, unknown>, scope: ViewScope): ApiBodyView {
  return { descriptionHtml: ctx.description(body.description), required: body.required === true, contents: mediaViews(ctx, body.content, scope) };
}

function responseView(ctx: OperationContext, status: string, node: unknown, scope: ViewScope): ApiResponseView {
  const response = resolveRefs(ctx.document, node).value;
  const r = isObject(response) ? response : {};
  const headers = Object.entries(isObject(r.headers) ? r.headers : {}).map(([name, h]) => {
    const header = resolveRefs(ctx.document, h).value;
    const x = isObject(header) ? header : {};
    return { name, required: x.required === true, descriptionHtml: ctx.description(x.description), ...(x.schema !== undefined ? { schema: schemaView(ctx, x.schema, scope) } : {}) };
  });
  const summary = plainSummary(r.description);
  const links = responseLinkViews(ctx.document, r.links, ctx.linkTargets, ctx.description);
  return { status, summary, descriptionHtml: ctx.description(belowSummary(r.description)), headers, contents: mediaViews(ctx, r.content, scope), ...(links.length > 0 ? { links } : {}) };
}

/**
 * What a response's description adds to its one-line heading: nothing for a one-line description,
 * the paragraphs after the first when the first is that line alone, else the whole text.
 */
function belowSummary(text: unknown): string {
  if (typeof text !== 'string') return '';
  const [first = '', ...rest] = text.trim().split(/\n\s*\n/);
  const firstIsHeading = !first.includes('\n') && plainFirstLine(first).length <= SUMMARY_CHARS;
  return firstIsHeading ? rest.join('\n\n') : text;
}

/**
 * Responses in the order readers look for them, whatever order the keys come in (JavaScript puts
 * keys like "404" before "2XX" and "default"): by status, a range such as 2XX after the codes of
 * its class, `default` last.
 */
export function byStatus(a: { status: string }, b: { status: string }): number {
  return statusRank(a.status) - statusRank(b.status);
}

function statusRank(status: string): number {
  if (/^\d{3}$/.test(status)) return Number(status);
  const range = /^([1-5])XX$/i.exec(status);
  return range ? Number(range[1]) * 100 + 99.5 : 1000;
}

const SUMMARY_CHARS = 140;

/** A description's first line without markdown marks, for a one-line heading. */
function plainSummary(text: unknown): string {
  const plain = plainFirstLine(text);
  return plain.length > SUMMARY_CHARS ? `${plain.slice(0, SUMMARY_CHARS - 1)}…` : plain;
}

function plainFirstLine(text: unknown): string {
  if (typeof text !== 'string') return '';
  const line = text.trim().split('\n')[0] ?? '';
  return line.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[`*_#>]/g, '').trim();
}

function mediaViews(ctx: OperationContext, content: unknown, scope: ViewScope): ApiMediaView[] {
  return Object.entries(isObject(content) ? content : {}).map(([mediaType, media]) => {
    const m = isObject(media) ? media : {};
    const examples = examplesOf(ctx.document, m, m.schema, scope.purpose, mediaType);
    return {
      mediaType,
      ...(m.schema !== undefined ? { schema: schemaView(ctx, m.schema, scope) } : {}),
      examples,
      ...(examples.length === 0 && exampleUndocumented(ctx.document, m, m.schema, mediaType) ? { shapeUndocumented: true } : {}),
    };
  });
}

/**
 * A parameter's value in the code samples: its example, its first named example, else one made
 * from its schema; a path parameter with nothing better gets its name (the reader replaces it).
 */
function sampleParameterValue(ctx: OperationContext, p: Record<string, unknown>): unknown {
  const value = p.example ?? firstExample(ctx, p) ?? sampleValue(ctx.document, p.schema, 'request');
  return p.in === 'path' && (value === undefined || value === 'string') ? String(p.name) : value;
}

/** An operation's parameters, and the value the samples and Try it give each (made once, when first asked). */
interface SampleParameters {
  list: Record<string, unknown>[];
  valueOf(p: Record<string, unknown>): unknown;
}

function sampleParameters(ctx: OperationContext, entry: OperationEntry): SampleParameters {
  const values = new Map<Record<string, unknown>, unknown>();
  return {
    list: parametersOf(ctx, entry),
    valueOf(p) {
      if (!values.has(p)) values.set(p, sampleParameterValue(ctx, p));
      return values.get(p);
    },
  };
}

/**
 * The values the code samples give the parameters they send (those of the path, and the required
 * query, header and cookie ones), and the JSON body they send, for Try it to start from, so Execute
 * sends what a copied curl sends (mount-swagger.tsx). The body is the samples' own, not made again.
 */
function tryValuesField(entry: OperationEntry, parameters: SampleParameters, request: SampleRequest): { tryValues?: TryValues } {
  const tryValues: TryValues = {};
  for (const p of parameters.list) {
    const where = p.in;
    const sent = where === 'path' ? entry.path.includes(`{${String(p.name)}}`) : p.required === true && (where === 'query' || where === 'header' || where === 'cookie');
    if (sent) (tryValues[where as 'path' | 'query' | 'header' | 'cookie'] ??= {})[String(p.name)] = parameters.valueOf(p);
  }
  if (request.body && isJsonMediaType(request.body.mediaType)) tryValues.body = { mediaType: request.body.mediaType, value: request.body.value };
  return Object.keys(tryValues).length > 0 ? { tryValues } : {};
}

function sampleRequest(ctx: OperationContext, entry: OperationEntry, parameters: SampleParameters, body: unknown, base: string): SampleRequest {
  const { list: params, valueOf } = parameters;
  const path = entry.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const param = params.find((p) => p.in === 'path' && p.name === name);
    return param ? encodeURIComponent(simpleValue(param, valueOf(param))) : whole;
  });
  const required = (where: string) => params.filter((p) => p.in === where && p.required === true);
  const query = required('query').flatMap((p) => queryPairs(p, valueOf(p)));
  const headers = required('header').map((p): [string, string] => [String(p.name), simpleValue(p, valueOf(p))]);
  const cookies = cookieHeader(required('cookie').map((p): [Record<string, unknown>, unknown] => [p, valueOf(p)]));
  if (cookies) headers.push(['Cookie', cookies]);
  const auth = securitySampleParts(ctx.document, entry.operation);
  const request: SampleRequest = { method: entry.method.toUpperCase(), url: base + path, query: [...query, ...auth.query], headers: [...headers, ...auth.headers] };
  const media = isObject(body) && isObject(body.content) ? Object.entries(body.content)[0] : undefined;
  if (media) {
    const [mediaType, m] = media;
    const mm = isObject(m) ? m : {};
    // The spec's example as it is; else the smallest body the schema accepts (its required
    // properties only: a copied call changes nothing the reader did not choose), made-up values marked.
    const given = mm.example ?? firstExample(ctx, mm);
    const made = given === undefined ? requestBodySample(ctx.document, mm.schema) : undefined;
    const example = given ?? made?.value;
    // The file fields the body holds (a made-up body only the required ones; an example may leave them out).
    const files = /multipart\/form-data/.test(mediaType) ? fileFields(ctx.document, mm.schema).filter((name) => !made || (isObject(made.value) && name in made.value)) : [];
    // A body whose schema says nothing of its shape is left out rather than made up (the page says so).
    if (example !== undefined || !exampleUndocumented(ctx.document, mm, mm.schema, mediaType)) {
      request.body = { mediaType, value: example ?? {}, ...(files.length > 0 ? { files } : {}), ...(made?.madeUp ? { madeUp: true } : {}) };
    }
  }
  return request;
}

/** Whether the operation or its path names servers of its own (its samples then keep them). */
function ownServers(entry: OperationEntry): boolean {
  return [entry.operation.servers, entry.pathItem.servers].some((list) => Array.isArray(list) && list.length > 0);
}

function firstExample(ctx: OperationContext, holder: Record<string, unknown>): unknown {
  if (!isObject(holder.examples)) return undefined;
  for (const entry of Object.values(holder.examples)) {
    const example = resolveRefs(ctx.document, entry).value;
    if (isObject(example) && example.value !== undefined) return example.value;
  }
  return undefined;
}
