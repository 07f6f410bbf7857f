/**
 * Errors a user can cause. Each one says where (file, line, column when known), what is wrong and
 * what to do, so the CLI can print it without a stack trace.
 */
export interface SourcePosition {
  file: string;
  line?: number;
  column?: number;
}

export class DocsgenError extends Error {
  readonly position: SourcePosition | undefined;
  readonly hint: string | undefined;

  constructor(message: string, options: { position?: SourcePosition; hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'DocsgenError';
    this.position = options.position;
    this.hint = options.hint;
  }
}

/**
 * A request docsgen refuses before changing anything, such as an output folder that holds the
 * sources: bad usage, so the CLI exits with code 2 (1 is for builds that fail).
 */
export class UsageError extends DocsgenError {
  readonly exitCode = 2;
}

/** The exit code an error ends the CLI with. */
export function exitCodeOf(error: unknown): 1 | 2 {
  return error instanceof UsageError ? 2 : 1;
}

export function formatPosition(position: SourcePosition | undefined): string {
  if (!position) return '';
  let text = position.file;
  if (position.line !== undefined) {
    text += `:${position.line}`;
    if (position.column !== undefined) text += `:${position.column}`;
  }
  return text;
}

/** One readable block: `file:line:col: error: message` plus an indented hint. */
export function formatError(error: unknown): string {
  if (error instanceof DocsgenErrors) return error.errors.map((e) => formatError(e)).join('\n');
  if (error instanceof DocsgenError) {
    const where = formatPosition(error.position);
    const head = `${where ? `${where}: ` : ''}error: ${error.message}`;
    return error.hint ? `${head}\n  hint: ${error.hint}` : head;
  }
  if (error instanceof Error) {
    // Unknown errors are bugs in docsgen: keep the stack available for reports, but lead with the message.
    return `error: ${error.message}\n  (this is a docsgen bug; run with DOCSGEN_DEBUG=1 to see the stack)`;
  }
  return `error: ${String(error)}`;
}

/** Collects several errors so a user sees all problems of one kind in a single run. */
export class DocsgenErrors extends DocsgenError {
  readonly errors: DocsgenError[];
  constructor(errors: DocsgenError[]) {
    // The first error's position stands for the group where a single position is asked for.
    super(`${errors.length} error(s): ${errors.map((e) => e.message).join('; ')}`, errors[0]?.position ? { position: errors[0].position } : {});
    this.errors = errors;
  }
}
