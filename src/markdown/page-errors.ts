/**
 * Errors raised while rendering one page, in a form that crosses a worker boundary (a class does
 * not survive postMessage) and comes back as a DocsgenError that names the page's file.
 */
import { DocsgenError } from '../errors.ts';

export interface PageErrorInfo {
  message: string;
  hint?: string;
  line?: number;
  column?: number;
  /** True for bad input (a DocsgenError or a stack overflow), false for a bug in docsgen. */
  userError: boolean;
}

export function describePageError(error: unknown): PageErrorInfo {
  if (error instanceof DocsgenError) {
    return {
      message: error.message,
      userError: true,
      ...(error.hint ? { hint: error.hint } : {}),
      ...(error.position?.line !== undefined ? { line: error.position.line } : {}),
      ...(error.position?.column !== undefined ? { column: error.position.column } : {}),
    };
  }
  // The limits of limits.ts keep every known input under the stack; this is the last net.
  if (error instanceof RangeError && /call stack/i.test(error.message)) {
    return {
      message: 'this page is nested too deeply to render',
      hint: 'flatten deeply nested lists, block quotes, emphasis or HTML elements',
      userError: true,
    };
  }
  return { message: error instanceof Error ? error.message : String(error), userError: false };
}

/** The error to throw for a page: a DocsgenError at the page's file, or a bug naming the page. */
export function pageError(info: PageErrorInfo, page: { file: string; relPath: string }): Error {
  if (!info.userError) return new Error(`${page.relPath}: ${info.message}`);
  const position = { file: page.file, ...(info.line !== undefined ? { line: info.line } : {}), ...(info.column !== undefined ? { column: info.column } : {}) };
  return new DocsgenError(info.message, { position, ...(info.hint ? { hint: info.hint } : {}) });
}
