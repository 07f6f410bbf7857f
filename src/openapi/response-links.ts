/**
 * A response's links (OpenAPI Link Objects): which operation a value of this answer feeds, and
 * how (`userId` ← `$response.body#/id`). Swagger UI lists them under the response; without them a
 * reader of the reference has no way to learn that the API documents such a sequence.
 */
import type { ApiResponseLinkView } from '../../theme/api-model.ts';
import type { OperationEntry } from './operations.ts';
import { isLocalRef, isObject, resolveRefs } from './pointer.ts';

export interface LinkTargets {
  /** The operation a link leads to (by its operationId, or a local operationRef), if the document has it. */
  of(link: Record<string, unknown>): OperationEntry | undefined;
  /** Where the reference shows an operation (its anchor, on its page). */
  hrefOf(op: OperationEntry): string;
}

export function linkTargets(document: Record<string, unknown>, operations: readonly OperationEntry[], hrefOf: (op: OperationEntry) => string): LinkTargets {
  return { of: (link) => linkTarget(document, operations, link), hrefOf };
}

/** The operation a link's operationId names, or its operationRef points at (`#/paths/~1users~1{id}/get`) in this document. */
export function linkTarget(document: Record<string, unknown>, operations: readonly OperationEntry[], link: Record<string, unknown>): OperationEntry | undefined {
  if (typeof link.operationId === 'string') return operations.find((op) => op.operation.operationId === link.operationId);
  if (typeof link.operationRef !== 'string' || !isLocalRef(link.operationRef)) return undefined;
  const target = resolveRefs(document, { $ref: link.operationRef }).value;
  return operations.find((op) => op.operation === target);
}

export function responseLinkViews(document: Record<string, unknown>, links: unknown, targets: LinkTargets | undefined, description: (text: unknown) => string): ApiResponseLinkView[] {
  if (!isObject(links)) return [];
  return Object.entries(links).flatMap(([name, node]) => {
    const link = resolveRefs(document, node).value;
    if (!isObject(link)) return [];
    const parameters = Object.entries(isObject(link.parameters) ? link.parameters : {}).map(([parameter, value]) => ({ name: parameter, value: expressionText(value) }));
    return [
      {
        name,
        target: targetView(link, targets),
        parameters,
        ...(link.requestBody !== undefined ? { requestBody: expressionText(link.requestBody) } : {}),
        descriptionHtml: description(link.description),
      },
    ];
  });
}

/** The operation a link leads to: its method and path linked where the reference shows it, else what the link names. */
function targetView(link: Record<string, unknown>, targets: LinkTargets | undefined): ApiResponseLinkView['target'] {
  const op = targets?.of(link);
  if (op && targets) return { label: `${op.method.toUpperCase()} ${op.path}`, href: targets.hrefOf(op), ...summaryOf(op) };
  if (typeof link.operationId === 'string') return { label: `operationId ${link.operationId}` };
  if (typeof link.operationRef === 'string') return { label: link.operationRef };
  return { label: '' };
}

function summaryOf(op: OperationEntry): { summary?: string } {
  return typeof op.operation.summary === 'string' && op.operation.summary.trim() ? { summary: op.operation.summary.trim() } : {};
}

/** A runtime expression as written (`$request.path.id`), or a constant value as JSON. */
function expressionText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
