/**
 * The pages of one API reference. A spec of up to SPLIT_THRESHOLD operations is one page (every tag,
 * every operation, every schema); a larger one (GitHub's REST API has 1,223 operations) gets an
 * overview page plus one page per tag, each holding its operations and the schemas they use, so no
 * page carries the whole API. Anchors stay the same either way; only the page they are on changes.
 */
import type { ApiEventView, ApiNamedSchema, ApiReferenceModel, ApiSecuritySchemeView, ApiTagView } from '../../theme/api-model.ts';
import { webhookViews } from './events.ts';
import { externalDocsField, infoLinks } from './document-links.ts';
import type { ApiNavTag, ApiOperation, ApiPageData } from '../../theme/data.ts';
import { createUniqueIds, schemaAnchor } from './anchors.ts';
import type { LoadedApiSpec } from './load.ts';
import { withIntroHeadingIds } from './intro-headings.ts';
import { groupByTag, listOperations, type OperationEntry, type TagEntry } from './operations.ts';
import { operationView, type OperationContext } from './operation-view.ts';
import { isObject, componentsOf } from './pointer.ts';
import { OPERATION_ROW_BUDGET, schemaView } from './schema-view.ts';
import { securitySchemeViews } from './security-schemes.ts';
import { serverViews } from './servers.ts';
import { oauthTokenUrls } from './oauth.ts';
import { linkTargets } from './response-links.ts';
import { operationFilterWords } from './filter-words.ts';
import { specJsonFileName } from './spec-json.ts';

export const SPLIT_THRESHOLD = 150;

export interface ReferencePage {
  route: string;
  model: ApiReferenceModel;
  data: Omit<ApiPageData, 'schemas'>;
}

export interface ReferenceOptions {
  baseUrl: string;
  specUrl: string;
  /** Absolute URL of the spec file on the site (relative server URLs resolve against it). */
  specLocation: string;
  description: (text: unknown) => string;
}

export function referencePages(spec: LoadedApiSpec, options: ReferenceOptions): ReferencePage[] {
  const document = spec.document;
  const operations = listOperations(document);
  const tags = groupByTag(document, operations);
  const split = spec.splitByTag ?? operations.length > SPLIT_THRESHOLD;
  const routeOfTag = tagRoutes(spec.route, tags, split);
  const securitySchemes = securitySchemeViews(document, options.description);
  const links = tagLinks(spec, options, tags, routeOfTag, split);
  const ctx = { ...contextWithSchemeLinks(spec, options, split, securitySchemes), linkTargets: linkTargets(document, operations, links.also) };
  const first = firstPageParts(ctx, options, securitySchemes);
  const info = isObject(document.info) ? document.info : {};
  const pageData = (tag: TagEntry | undefined): ReferencePage['data'] => ({
    ...pageBasics(spec, options, info),
    // The introduction is on the API's first page (all of it, or the overview of a split API).
    ...(tag ? { tag: tag.name } : first.data),
    split,
    nav: links.nav(tag),
    operationCount: operations.length,
  });
  if (!split) {
    ctx.referenced.clear();
    const model: ApiReferenceModel = { intro: first.intro, tags: tags.map((tag) => tagView(ctx, tag, links.also)), ...withWebhooks(first.webhooks), schemas: [] };
    model.schemas = namedSchemas(ctx, Object.keys(componentsOf(document, 'schemas')));
    return [{ route: spec.route, model, data: pageData(undefined) }];
  }
  const overviewList = tags.map((tag) => ({ name: tag.name, href: `${options.baseUrl}${(routeOfTag.get(tag) ?? '').slice(1)}`, descriptionHtml: options.description(tag.description), operationCount: tag.operations.length }));
  const overviewModel: ApiReferenceModel = { intro: first.intro, overview: overviewList, tags: [], ...withWebhooks(first.webhooks), schemas: [] };
  overviewModel.schemas = namedSchemas(ctx, first.webhookSchemas);
  return [
    { route: spec.route, model: overviewModel, data: pageData(undefined) },
    ...tags.map((tag) => {
      ctx.referenced.clear();
      const model: ApiReferenceModel = { tags: [tagView(ctx, tag, links.also)], schemas: [] };
      model.schemas = namedSchemas(ctx, [...ctx.referenced]);
      return { route: (routeOfTag.get(tag) ?? '').replace(/^\/|\/$/g, ''), model, data: pageData(tag) };
    }),
  ];
}

/** The operation context, with links from an operation's security to the Authentication section (on the API's first page). */
function contextWithSchemeLinks(spec: LoadedApiSpec, options: ReferenceOptions, split: boolean, schemes: ApiSecuritySchemeView[]): OperationContext {
  const anchorOfScheme = new Map(schemes.map((scheme) => [scheme.name, scheme.anchor]));
  const schemePage = split ? `${options.baseUrl}${spec.route}/` : '';
  return {
    ...operationContext(spec.document, options, split ? OPERATION_ROW_BUDGET.large : OPERATION_ROW_BUDGET.small),
    securityHref: (name) => (anchorOfScheme.has(name) ? `${schemePage}#${anchorOfScheme.get(name)}` : undefined),
  };
}

/** What only the API's first page has: the introduction, authentication and webhooks, with their page data. */
function firstPageParts(ctx: OperationContext, options: ReferenceOptions, securitySchemes: ApiSecuritySchemeView[]) {
  const document = ctx.document;
  const info = isObject(document.info) ? document.info : {};
  const { html: descriptionHtml, headings: introHeadings } = withIntroHeadingIds(options.description(info.description));
  const intro = { descriptionHtml, links: infoLinks(document), servers: serverViews(document, ctx.description), securitySchemes };
  // The schemas the webhooks use go with them (on a split API's overview).
  ctx.referenced.clear();
  const webhooks = webhookViews(ctx);
  const webhookSchemas = [...ctx.referenced];
  const data = {
    introHeadings,
    hasServers: intro.servers.length > 0,
    hasAuthentication: securitySchemes.length > 0,
    ...(webhooks.length > 0 ? { webhooks: webhooks.map((w) => ({ anchor: w.anchor, method: w.method, name: w.name, summary: w.summary })) } : {}),
  };
  return { intro, webhooks, webhookSchemas, data };
}

/**
 * The column's tags and operations for a page, and the link to an operation listed under another
 * of its tags: it is shown on its first tag's page.
 */
function tagLinks(spec: LoadedApiSpec, options: ReferenceOptions, tags: TagEntry[], routeOfTag: Map<TagEntry, string>, split: boolean) {
  const homeOf = (op: OperationEntry) => routeOfTag.get(tags.find((tag) => tag.name === op.tag) as TagEntry) ?? `/${spec.route}/`;
  const nav = (current: TagEntry | undefined): ApiNavTag[] =>
    tags.map((tag) => {
      const listed = !split || current === undefined || tag === current;
      // The filter's extra words go with the operations the page shows (not the overview's list).
      const words = !split || tag === current;
      return {
        name: tag.name,
        anchor: tag.anchor,
        route: routeOfTag.get(tag) ?? `/${spec.route}/`,
        operations: listed ? tag.operations.map((op) => navOperation(spec.document, op, words)) : null,
        ...(listed && tag.also.length > 0 ? { also: tag.also.map((op) => ({ ...navOperation(spec.document, op, words), home: homeOf(op) })) } : {}),
      };
    });
  const also = (op: OperationEntry) => (split ? `${options.baseUrl}${homeOf(op).slice(1)}#${op.anchor}` : `#${op.anchor}`);
  return { nav, also };
}

function specJsonLink(fileName: string, specUrl: string): { specJsonUrl?: string; specJsonFileName?: string } {
  const json = specJsonFileName(fileName);
  return json ? { specJsonUrl: specUrl.replace(/[^/]*$/, json), specJsonFileName: json } : {};
}

function pageBasics(spec: LoadedApiSpec, options: ReferenceOptions, info: Record<string, unknown>) {
  return {
    id: spec.id,
    title: typeof info.title === 'string' && info.title.trim() ? info.title : spec.fileName,
    version: typeof info.version === 'string' || typeof info.version === 'number' ? String(info.version) : '',
    openapi: String(spec.document.openapi ?? ''),
    specUrl: options.specUrl,
    specFileName: spec.fileName,
    ...specJsonLink(spec.fileName, options.specUrl),
    servers: allServerUrls(spec.document),
    ...tokenUrls(spec.document, options.specLocation),
    rootRoute: `/${spec.route}/`,
  };
}

/** OAuth token URLs Try it fetches (the page's policy allows them), when the spec has any. */
function tokenUrls(document: Record<string, unknown>, specLocation: string): { tokenUrls?: string[] } {
  const urls = oauthTokenUrls(document, specLocation);
  return urls.length > 0 ? { tokenUrls: urls } : {};
}

/** Routes (with slashes, relative to the base) of each tag's page; all "/route/" when not split. */
function tagRoutes(route: string, tags: TagEntry[], split: boolean): Map<TagEntry, string> {
  const unique = createUniqueIds();
  return new Map(
    tags.map((tag, i) => {
      if (!split) return [tag, `/${route}/`];
      const slug = tag.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || `tag-${i + 1}`;
      return [tag, `/${route}/${unique(slug)}/`];
    }),
  );
}

function operationContext(document: Record<string, unknown>, options: ReferenceOptions, rowBudget: number): OperationContext {
  const unique = createUniqueIds();
  const anchors = new Map(Object.keys(componentsOf(document, 'schemas')).map((name) => [name, unique(schemaAnchor(name))]));
  return {
    document,
    rowBudget,
    description: options.description,
    anchorOfSchema: (name) => anchors.get(name) ?? schemaAnchor(name),
    referenced: new Set(),
    specLocation: options.specLocation,
  };
}

function tagView(ctx: OperationContext, tag: TagEntry, alsoLink: (op: OperationEntry) => string): ApiTagView {
  return {
    name: tag.name,
    anchor: tag.anchor,
    descriptionHtml: ctx.description(tag.description),
    ...externalDocsField(tag.externalDocs),
    operations: tag.operations.map((op) => operationView(ctx, op)),
    also: tag.also.map((op) => ({ ...navOperation(ctx.document, op, false), href: alsoLink(op) })),
  };
}

function withWebhooks(webhooks: ApiEventView[]): { webhooks?: ApiEventView[] } {
  return webhooks.length > 0 ? { webhooks } : {};
}

/** An operation as the column lists it (`withWords`: with the filter's extra words). */
function navOperation(document: Record<string, unknown>, op: OperationEntry, withWords: boolean): ApiOperation {
  const filterWords = withWords ? operationFilterWords(document, op) : '';
  return {
    anchor: op.anchor,
    ...(typeof op.operation.operationId === 'string' ? { operationId: op.operation.operationId } : {}),
    method: op.method.toUpperCase(),
    path: op.path,
    summary: typeof op.operation.summary === 'string' ? op.operation.summary : '',
    deprecated: op.operation.deprecated === true,
    ...(filterWords ? { filterWords } : {}),
  };
}

/** Each named schema once, with every schema it links to (collapsed uses expand from here). */
function namedSchemas(ctx: OperationContext, start: string[]): ApiNamedSchema[] {
  const all = componentsOf(ctx.document, 'schemas');
  const done = new Map<string, ApiNamedSchema>();
  const queue = [...start];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (done.has(name) || !(name in all)) continue;
    ctx.referenced.clear();
    const schema = schemaView(ctx, { $ref: `#/components/schemas/${name.replace(/~/g, '~0').replace(/\//g, '~1')}` }, { purpose: 'any', expanded: new Set(), budget: 'section' });
    done.set(name, { name, anchor: ctx.anchorOfSchema(name), schema });
    queue.push(...ctx.referenced);
  }
  const order = Object.keys(all);
  return [...done.values()].sort((a, b) => order.indexOf(a.name) - order.indexOf(b.name));
}

/** Every server URL of the spec: the document's, its paths' and its operations' (each once). */
function allServerUrls(document: Record<string, unknown>): string[] {
  const urls = (list: unknown) => (Array.isArray(list) ? list.filter(isObject).map((s) => s.url).filter((u): u is string => typeof u === 'string') : []);
  const found = [...urls(document.servers)];
  for (const entry of listOperations(document)) found.push(...urls(entry.pathItem.servers), ...urls(entry.operation.servers));
  return [...new Set(found)];
}

