/**
 * What the API reference components render. The generator makes it from an OpenAPI document
 * (src/openapi/reference-model.ts): `$ref`s resolved, cycles cut, examples and code samples made,
 * descriptions rendered from markdown. The components only lay it out.
 */

export interface ApiReferenceModel {
  /** Shown above the first tag on the API's first page only. */
  intro?: { descriptionHtml: string; links: ApiLinkView[]; servers: ApiServerView[]; securitySchemes: ApiSecuritySchemeView[] };
  /** The overview of an API with one page per tag: each tag, its page and how many operations. */
  overview?: { name: string; href: string; descriptionHtml: string; operationCount: number }[];
  tags: ApiTagView[];
  /** The API's webhooks (OpenAPI 3.1), on its first page. */
  webhooks?: ApiEventView[];
  /** Every named schema this page links to, each rendered once. */
  schemas: ApiNamedSchema[];
  /** The colour classes of the page's highlighted code (src/openapi/highlight-code.ts). */
  codeStyle?: string;
}

export interface ApiServerView {
  url: string;
  description: string;
  /** Each variable's description as HTML (rendered from the spec's markdown), inline where it is one paragraph. */
  variables: { name: string; defaultValue: string; values: string[]; descriptionHtml: string; endsSentence: boolean }[];
}

/** "Licence: MIT", "External documentation: Guides": a label, the text, and a link when its URL is allowed. */
export interface ApiLinkView {
  label: string;
  text: string;
  href?: string;
}

/** One scheme of `components.securitySchemes`, for the Authentication section. */
export interface ApiSecuritySchemeView {
  name: string;
  anchor: string;
  /** "API key", "HTTP bearer", "OAuth 2.0", … */
  kind: string;
  /** What a caller sends: where an API key goes, the header, the bearer format, the discovery URL. */
  facts: { label: string; value: string }[];
  /** OAuth 2.0 flows with their URLs and scopes. */
  flows: { name: string; urls: { label: string; value: string }[]; scopes: { name: string; description: string }[] }[];
  descriptionHtml: string;
}

export interface ApiTagView {
  name: string;
  anchor: string;
  descriptionHtml: string;
  operations: ApiOperationView[];
  externalDocs?: ApiLinkView;
  /** Operations shown under another of their tags, listed here with a link to them. */
  also: { anchor: string; href: string; method: string; path: string; summary: string; operationId?: string; deprecated: boolean }[];
}

/** A request and its answers: what operations, webhooks and callbacks are made of. */
export interface ApiMessageView {
  method: string;
  summary: string;
  descriptionHtml: string;
  deprecated: boolean;
  parameters: ApiParameterView[];
  requestBody?: ApiBodyView;
  responses: ApiResponseView[];
}

/**
 * A request the API sends rather than receives: a webhook (3.1 `webhooks`, `name` its key) or a
 * callback of an operation (`name` its URL expression, such as `{$request.body#/callbackUrl}`).
 */
export interface ApiEventView extends ApiMessageView {
  anchor: string;
  name: string;
}

export interface ApiOperationView extends ApiMessageView {
  anchor: string;
  /** Swagger UI's name for the operation (see src/openapi/anchors.ts). */
  key: string;
  operationId?: string;
  /** The tag Swagger UI files the operation under (its first). */
  tag: string;
  path: string;
  externalDocs?: ApiLinkView;
  /** Requests the API may send once this call is made, by callback name. */
  callbacks?: { name: string; events: ApiEventView[] }[];
  samples: ApiCodeSample[];
  /**
   * The values the samples give the path parameters and the required query, header and cookie
   * parameters, by where they go and by name, and the JSON body they send: Try it starts from the
   * same (mount-swagger.tsx).
   */
  tryValues?: TryValues;
  /** The samples' base URL, when it is the document's first server (Try it's chosen server replaces it). */
  sampleBase?: string;
  /**
   * The ways to authorise the call, any one of which will do (empty: none documented); a way lists
   * every scheme it needs, each with what it is and a link to its part of the Authentication section.
   */
  security: { name: string; detail: string; href?: string }[][];
  /** The call also works without them (an empty requirement among the alternatives). */
  securityOptional?: boolean;
}

export interface ApiParameterView {
  name: string;
  in: string;
  required: boolean;
  deprecated: boolean;
  descriptionHtml: string;
  schema?: SchemaView;
  examples: ApiExampleView[];
}

export interface ApiBodyView {
  descriptionHtml: string;
  required: boolean;
  contents: ApiMediaView[];
}

export interface ApiMediaView {
  mediaType: string;
  schema?: SchemaView;
  examples: ApiExampleView[];
  /** No example: the spec gives none and the schema says nothing of the body's shape (no type), so none is made up. */
  shapeUndocumented?: true;
}

export interface ApiResponseView {
  status: string;
  /** The description's first line as plain text, for the response's one-line heading. */
  summary: string;
  descriptionHtml: string;
  headers: { name: string; required: boolean; descriptionHtml: string; schema?: SchemaView }[];
  contents: ApiMediaView[];
  /** Operations a value of this answer feeds (OpenAPI `links`). */
  links?: ApiResponseLinkView[];
}

export interface ApiResponseLinkView {
  name: string;
  /** The linked operation: `GET /users/{id}` with its summary and where the reference shows it, or the id or reference the link names. */
  target: { label: string; summary?: string; href?: string };
  /** Each parameter of the target and the expression or value that fills it (`$response.body#/id`). */
  parameters: { name: string; value: string }[];
  requestBody?: string;
  descriptionHtml: string;
}

export interface ApiExampleView {
  /** The example's name (the key in `examples`), or its summary. */
  label: string;
  /** Formatted value: pretty JSON, or the text as it is. */
  value: string;
  /** Made from the schema because the spec gives no example. */
  generated: boolean;
  /** The value with syntax colours (escaped HTML of the code element's content), when it is JSON. */
  html?: string;
}

export interface ApiCodeSample {
  /** What the reader picks a language by, page-wide: `curl`, `javascript`, `python`, or an author's language (see author-samples.ts). */
  lang: string;
  label: string;
  code: string;
  /** The code with syntax colours (escaped HTML of the code element's content). */
  html?: string;
}

export interface ApiNamedSchema {
  name: string;
  anchor: string;
  schema: SchemaView;
}

export interface SchemaView {
  /** The component's name when this schema came through a `$ref`. */
  name?: string;
  /** Anchor of the named schema's own section, for links. */
  anchor?: string;
  /** JSON Schema types (`null` included when nullable). Empty: any value. */
  types: string[];
  format?: string;
  title?: string;
  descriptionHtml?: string;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** Readable constraints: "≥ 0", "at most 32 characters", "pattern ^[0-9]+$", … */
  constraints: string[];
  enumValues?: string[];
  constValue?: string;
  defaultValue?: string;
  exampleValue?: string;
  properties?: SchemaPropertyView[];
  /** The named schemas an allOf merged in (their fields are among `properties`). */
  extends?: { name: string; anchor: string }[];
  /** Other properties: their schema, or "any" for `additionalProperties: true`/`{}`. */
  additional?: SchemaView | 'any';
  /** `additionalProperties: false`. */
  closed?: boolean;
  items?: SchemaView;
  variants?: { kind: 'oneOf' | 'anyOf' | 'allOf'; options: SchemaView[]; discriminator?: string };
  not?: SchemaView;
  /** This named schema contains itself here: shown as "circular: Name" and not expanded. */
  circular?: string;
  /** Not expanded here (already shown in this operation, or too deep): its own section has it. */
  collapsed?: string;
  /** A collapsed object's number of properties, for its heading. */
  propertyCount?: number;
  /** A `$ref` that points nowhere (reported by the check as well). */
  unresolved?: string;
}

export interface SchemaPropertyView {
  name: string;
  required: boolean;
  schema: SchemaView;
}

/**
 * Parameter values by where they go (`path`, `query`, `header`, `cookie`) and by name, and the
 * code samples' JSON request body (`body`: its media type and value) when they send one.
 */
export type TryValues = Partial<Record<'path' | 'query' | 'header' | 'cookie', Record<string, unknown>>> & { body?: { mediaType: string; value: unknown } };
