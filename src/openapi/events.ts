/**
 * Requests the API sends: its webhooks (OpenAPI 3.1 `webhooks`, each a path item under a name)
 * and the callbacks of an operation (`callbacks`: a name, then path items under URL expressions).
 * Each becomes a view of its method, parameters, payload (the request body) and the answers the
 * API expects; they have no Try it and no code samples, as the reader receives them.
 */
import type { ApiEventView } from '../../theme/api-model.ts';
import { anchorSafe, createUniqueIds } from './anchors.ts';
import { HTTP_METHODS } from './operations.ts';
import { isObject, resolveRefs } from './pointer.ts';
import { messageView, type OperationContext } from './operation-view.ts';

/** The document's webhooks, in its order, each method of each. */
export function webhookViews(ctx: OperationContext): ApiEventView[] {
  const webhooks = isObject(ctx.document.webhooks) ? ctx.document.webhooks : {};
  const unique = createUniqueIds();
  return Object.entries(webhooks).flatMap(([name, item]) => eventsOf(ctx, name, item, unique(`webhook/${anchorSafe(name)}`)));
}

/** An operation's callbacks, by name; anchors under the operation's. */
export function callbackViews(ctx: OperationContext, operation: Record<string, unknown>, operationAnchor: string): { name: string; events: ApiEventView[] }[] {
  const callbacks = isObject(operation.callbacks) ? operation.callbacks : {};
  return Object.entries(callbacks).flatMap(([name, node]) => {
    const callback = resolveRefs(ctx.document, node).value;
    if (!isObject(callback)) return [];
    const events = Object.entries(callback).flatMap(([expression, item], i) => eventsOf(ctx, expression, item, `${operationAnchor}/callback/${anchorSafe(name)}${i > 0 ? `-${i + 1}` : ''}`));
    return events.length > 0 ? [{ name, events }] : [];
  });
}

function eventsOf(ctx: OperationContext, name: string, node: unknown, anchorBase: string): ApiEventView[] {
  const pathItem = resolveRefs(ctx.document, node).value;
  if (!isObject(pathItem)) return [];
  // In the document's order, as operations are.
  const methods = Object.keys(pathItem).filter((key) => (HTTP_METHODS as readonly string[]).includes(key) && isObject(pathItem[key]));
  return methods.map((method) => ({
    anchor: `${anchorBase}/${method}`,
    name,
    ...messageView(ctx, { method, operation: pathItem[method] as Record<string, unknown>, pathItem }),
  }));
}
