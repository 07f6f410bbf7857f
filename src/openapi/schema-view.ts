/**
 * JSON Schemas of a spec as trees the reference renders (SchemaView). `$ref`s are followed and the
 * schema's name kept; a schema that contains itself stops with "circular: Name". Inside one
 * operation a named schema is expanded once (later uses show its name, collapsed) and only while
 * the operation's row budget lasts, so a large spec's page stays small: collapsed schemas are
 * expanded from their own section of the page when a reader opens them. allOf of objects is
 * merged into one object, as readers expect of "extends".
 */
import type { SchemaPropertyView, SchemaView } from '../../theme/api-model.ts';
import { isObject, refName, resolveRefs } from './pointer.ts';
import { describeConstraints, jsonText } from './schema-text.ts';

export interface SchemaViewContext {
  document: Record<string, unknown>;
  /** Property rows an operation may expand inline (see OPERATION_ROW_BUDGET). */
  rowBudget: number;
  description: (text: unknown) => string;
  anchorOfSchema: (name: string) => string;
  /** Named schemas the page links to (filled while building). */
  referenced: Set<string>;
}

export interface ViewScope {
  /** Hide readOnly properties in requests and writeOnly ones in responses, as clients see them. */
  purpose: 'request' | 'response' | 'any';
  /** Named schemas expanded so far in this operation. */
  expanded: Set<string>;
  /** Property rows left for expanding named schemas inline; "section" expands none below the top. */
  budget: { rows: number } | 'section';
}

/**
 * Property rows an operation may expand inline before named schemas are shown collapsed: enough for
 * every tree of a small API; a large one (one page per tag) shows big named schemas collapsed and
 * each of them once, in the page's Schemas section (GitHub's repos page: 7.4 MB → see the bench).
 */
export const OPERATION_ROW_BUDGET = { small: 150, large: 40 };
const MAX_ANONYMOUS_DEPTH = 12;

export function schemaView(ctx: SchemaViewContext, node: unknown, scope: ViewScope, ancestors: readonly string[] = [], depth = 0): SchemaView {
  if (isObject(node) && typeof node.$ref === 'string') return referenceView(ctx, node, scope, ancestors, depth);
  if (!isObject(node)) return { types: node === false ? ['never'] : [], constraints: [] };
  return plainView(ctx, node, scope, ancestors, depth);
}

function referenceView(ctx: SchemaViewContext, node: Record<string, unknown>, scope: ViewScope, ancestors: readonly string[], depth: number): SchemaView {
  const ref = String(node.$ref);
  const { value, missing } = resolveRefs(ctx.document, node);
  const name = ref.startsWith('#/components/schemas/') && !ref.slice('#/components/schemas/'.length).includes('/') ? refName(ref) : undefined;
  if (missing !== undefined || !isObject(value)) return { types: [], constraints: [], unresolved: missing ?? ref };
  // Keys beside a $ref (3.1 allows a description there) describe this use of the schema.
  const local = typeof node.description === 'string' ? { descriptionHtml: ctx.description(node.description) } : {};
  if (!name) {
    // Refs to other places (a property of another schema) can loop too: the ref itself is the key.
    if (ancestors.includes(ref)) return { types: typesOf(value), constraints: [], circular: refName(ref) };
    return { ...schemaView(ctx, value, scope, [...ancestors, ref], depth + 1), ...local };
  }
  ctx.referenced.add(name);
  const named = { name, anchor: ctx.anchorOfSchema(name) };
  if (ancestors.includes(name)) return { ...named, types: typesOf(value), constraints: [], circular: name };
  if (isComplex(ctx, value) && shouldCollapse(ctx, scope, name, value, ancestors)) {
    const count = propertyCount(ctx, name, value);
    return { ...named, types: typesOf(value), constraints: [], collapsed: name, ...(count > 0 ? { propertyCount: count } : {}), ...descriptionOf(ctx, value), ...local };
  }
  scope.expanded.add(name);
  return { ...schemaView(ctx, value, scope, [...ancestors, name], depth + 1), ...named, ...local };
}

function shouldCollapse(ctx: SchemaViewContext, scope: ViewScope, name: string, schema: Record<string, unknown>, ancestors: readonly string[]): boolean {
  if (scope.budget === 'section') return ancestors.length > 0;
  // A collapsed schema is filled from the Schemas section, which shows every field: one with
  // readOnly or writeOnly fields is expanded at each use, so a request never lists read-only ones.
  const shownBefore = scope.expanded.has(name) && !(scope.purpose !== 'any' && hasFieldsHiddenByPurpose(ctx, schema));
  return shownBefore || ownRows(ctx, schema) > scope.budget.rows;
}

/** Whether a schema has a readOnly or writeOnly field at any depth (what a request or response hides). */
function hasFieldsHiddenByPurpose(ctx: SchemaViewContext, schema: unknown, seen: Set<unknown> = new Set()): boolean {
  const { value } = resolveRefs(ctx.document, schema);
  if (!isObject(value) || seen.has(value)) return false;
  seen.add(value);
  const children = [
    ...Object.values(isObject(value.properties) ? value.properties : {}),
    value.items,
    value.additionalProperties,
    ...(['allOf', 'oneOf', 'anyOf'] as const).flatMap((kind) => (Array.isArray(value[kind]) ? value[kind] : [])),
  ];
  return children.some((child) => {
    const target = resolveRefs(ctx.document, child).value;
    return isObject(target) && (target.readOnly === true || target.writeOnly === true || hasFieldsHiddenByPurpose(ctx, child, seen));
  });
}

/** How many rows a schema's own level takes: its properties, those of allOf parts included. */
function ownRows(ctx: SchemaViewContext, schema: Record<string, unknown>): number {
  const parts = Array.isArray(schema.allOf) ? schema.allOf.map((p) => resolveRefs(ctx.document, p).value) : [];
  const items = resolveRefs(ctx.document, schema.items).value;
  const own = isObject(schema.properties) ? Object.keys(schema.properties).length : isObject(items) && isObject(items.properties) ? Object.keys(items.properties).length : 0;
  return parts.reduce<number>((sum, part) => sum + (isObject(part) && isObject(part.properties) ? Object.keys(part.properties).length : 0), own);
}

function plainView(ctx: SchemaViewContext, schema: Record<string, unknown>, scope: ViewScope, ancestors: readonly string[], depth: number): SchemaView {
  const merged = mergeAllOf(ctx, schema, ancestors);
  const s = merged?.schema ?? schema;
  const view: SchemaView = { types: typesOf(s), constraints: describeConstraints(s) };
  // The named schemas merged in: readers who know GraphShort see that GraphLong has its fields.
  if (merged && merged.bases.length > 0) view.extends = merged.bases.map((name) => ({ name, anchor: ctx.anchorOfSchema(name) }));
  if (typeof s.format === 'string') view.format = s.format;
  if (typeof s.title === 'string') view.title = s.title;
  Object.assign(view, descriptionOf(ctx, s));
  if (s.deprecated === true) view.deprecated = true;
  if (s.readOnly === true) view.readOnly = true;
  if (s.writeOnly === true) view.writeOnly = true;
  if (Array.isArray(s.enum)) view.enumValues = s.enum.map(jsonText);
  if (s.const !== undefined) view.constValue = jsonText(s.const);
  if (s.default !== undefined) view.defaultValue = jsonText(s.default);
  const example = s.example !== undefined ? s.example : Array.isArray(s.examples) ? s.examples[0] : undefined;
  if (example !== undefined) view.exampleValue = jsonText(example);
  if (depth > MAX_ANONYMOUS_DEPTH + ancestors.length) return view;
  const next = (child: unknown) => schemaView(ctx, child, scope, ancestors, depth + 1);
  const properties = propertiesOf(ctx, s, scope, next);
  if (properties.length > 0) view.properties = properties;
  if (s.additionalProperties === true || (isObject(s.additionalProperties) && Object.keys(s.additionalProperties).length === 0)) view.additional = 'any';
  else if (isObject(s.additionalProperties)) view.additional = next(s.additionalProperties);
  else if (s.additionalProperties === false) view.closed = true;
  if (s.items !== undefined && !Array.isArray(s.items)) view.items = next(s.items);
  for (const kind of ['oneOf', 'anyOf', 'allOf'] as const) {
    const options = s[kind];
    if (Array.isArray(options) && options.length > 0) {
      const discriminator = isObject(s.discriminator) && typeof s.discriminator.propertyName === 'string' ? { discriminator: s.discriminator.propertyName } : {};
      view.variants = { kind, options: options.map(next), ...discriminator };
    }
  }
  if (s.not !== undefined) view.not = next(s.not);
  return view;
}

function propertiesOf(ctx: SchemaViewContext, s: Record<string, unknown>, scope: ViewScope, next: (child: unknown) => SchemaView): SchemaPropertyView[] {
  if (!isObject(s.properties)) return [];
  const required = new Set(Array.isArray(s.required) ? s.required.map(String) : []);
  const list: SchemaPropertyView[] = [];
  for (const [name, child] of Object.entries(s.properties)) {
    const target = resolveRefs(ctx.document, child).value;
    if (isObject(target) && ((scope.purpose === 'request' && target.readOnly === true) || (scope.purpose === 'response' && target.writeOnly === true))) continue;
    if (scope.budget !== 'section') scope.budget.rows--;
    list.push({ name, required: required.has(name), schema: next(child) });
  }
  return list;
}

/**
 * allOf whose parts are all objects (inheritance: `allOf: [Base, {properties}]`) as one object,
 * with the named schemas among its parts (`bases`). Anything else (a part with oneOf, a part that
 * is the schema itself) stays a list of variants.
 */
function mergeAllOf(ctx: SchemaViewContext, schema: Record<string, unknown>, ancestors: readonly string[]): { schema: Record<string, unknown>; bases: string[] } | undefined {
  if (!Array.isArray(schema.allOf) || schema.allOf.length === 0) return undefined;
  const merged: Record<string, unknown> = { ...schema, allOf: undefined };
  const properties: Record<string, unknown> = {};
  const required = new Set<string>(Array.isArray(schema.required) ? schema.required.map(String) : []);
  const bases: string[] = [];
  for (const part of [...schema.allOf, { properties: schema.properties }]) {
    const { value, refs } = resolveRefs(ctx.document, part);
    if (refs.some((r) => ancestors.includes(refName(r)))) return undefined;
    if (!isObject(value) || value.oneOf || value.anyOf || value.not) return undefined;
    const inner = mergeAllOf(ctx, value, [...ancestors, ...refs.map(refName)])?.schema ?? value;
    if (inner.type !== undefined && inner.type !== 'object') return undefined;
    for (const r of refs) if (r.startsWith('#/components/schemas/')) ctx.referenced.add(refName(r));
    const named = refs.find((r) => r.startsWith('#/components/schemas/'));
    if (named) bases.push(refName(named));
    Object.assign(properties, isObject(inner.properties) ? inner.properties : {});
    if (Array.isArray(inner.required)) inner.required.forEach((r) => required.add(String(r)));
    for (const key of ['description', 'additionalProperties', 'title', 'example'] as const) if (merged[key] === undefined && inner[key] !== undefined) merged[key] = inner[key];
  }
  return { schema: { ...merged, type: 'object', properties, required: [...required] }, bases };
}

/** Whether a schema is worth collapsing: it has properties, items with properties, or variants. */
function isComplex(ctx: SchemaViewContext, schema: Record<string, unknown>): boolean {
  if (schema.properties || schema.allOf || schema.oneOf || schema.anyOf || isObject(schema.additionalProperties)) return true;
  const items = resolveRefs(ctx.document, schema.items).value;
  return isObject(items) && isComplex(ctx, items);
}

export function typesOf(schema: Record<string, unknown>): string[] {
  const declared = Array.isArray(schema.type) ? schema.type.map(String) : typeof schema.type === 'string' ? [schema.type] : [];
  const types = declared.length > 0 ? declared : schema.properties || schema.additionalProperties ? ['object'] : schema.items ? ['array'] : [];
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  return types;
}

function descriptionOf(ctx: SchemaViewContext, schema: Record<string, unknown>): { descriptionHtml?: string } {
  const html = ctx.description(schema.description);
  return html ? { descriptionHtml: html } : {};
}

/**
 * How many properties a collapsed object shows once opened, so its heading can say so before the
 * browser fills it, as an expanded one does: those of its own section, where an allOf is merged as
 * plainView merges it (parts of parts included; none merged when a part has oneOf, anyOf or not).
 */
function propertyCount(ctx: SchemaViewContext, name: string, schema: Record<string, unknown>): number {
  // The names it merges in are the section's to list (a set of its own: the count adds none).
  const shown = mergeAllOf({ ...ctx, referenced: new Set() }, schema, [name])?.schema ?? schema;
  return isObject(shown.properties) ? Object.keys(shown.properties).length : 0;
}
