import { COMMON_ERROR_CODES, COMMON_ERRORS, type CommonErrorCode, type ImplicitErrorCode } from './error-codes.js';

export { COMMON_ERROR_CODES, COMMON_ERRORS };
export type { CommonErrorCode, ImplicitErrorCode };

/** Marks ToolErrors across copies of the package (Symbol.for is shared by the whole process). */
const TOOL_ERROR_BRAND = Symbol.for('toolwright.ToolError');

/**
 * Any error code: a catalog's own codes or toolwright's common ones. The runtime carries codes of
 * every provider it serves, so it does not narrow them; each catalog's generated `ErrorCode` does.
 */
export type ErrorCode = string;

/**
 * An expected failure of a tool call. `code` comes from the catalog (its own codes and the common
 * ones); `message` is written for a model to act on; `details` is structured data for hosts.
 * `ToolError<Code>` narrows the codes: each catalog's generated `errors.ts` exports a `ToolError`
 * subclass typed with that catalog's `ErrorCode`.
 */
export class ToolError<Code extends string = ErrorCode> extends Error {
  readonly code: Code;
  readonly details?: Record<string, unknown>;

  /**
   * `x instanceof ToolError` holds for a ToolError of any copy of toolwright (a `--provider` module
   * may import its own installed copy): the check reads a registered brand, not the prototype.
   * Subclasses (a catalog's generated ToolError) keep the ordinary prototype check.
   */
  static override [Symbol.hasInstance](value: unknown): value is ToolError<string> {
    if (this !== ToolError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[TOOL_ERROR_BRAND] === true;
  }

  constructor(code: Code, message: string, details?: Record<string, unknown>) {
    super(message);
    Object.defineProperty(this, TOOL_ERROR_BRAND, { value: true });
    this.name = 'ToolError';
    this.code = code;
    if (details !== undefined) this.details = details;
  }

  toJSON(): { code: Code; message: string; details?: Record<string, unknown> } {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}

export function isToolError(value: unknown): value is ToolError {
  return value instanceof ToolError;
}

/** Turns an abort reason into the ToolError a caller sees. */
export function abortError(signal: AbortSignal): ToolError {
  try {
    const reason: unknown = signal.reason;
    if (reason instanceof ToolError) return reason;
    if (reason instanceof Error && reason.name === 'TimeoutError') {
      return new ToolError('CANCELLED', 'the call was aborted by its timeout signal');
    }
  } catch {
    // a caller's reason can be a Proxy whose traps throw: it is still just an abort
  }
  return new ToolError('CANCELLED', 'the call was cancelled by the caller');
}

/** Throws CANCELLED if the signal has fired; handlers call it between steps of long work (no signal: a call that cannot be cancelled). */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError(signal);
}

/** Maps a Node.js system error on `displayPath` to a ToolError, or returns undefined. */
export function fsErrorToToolError(error: unknown, displayPath: string): ToolError | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return new ToolError('NOT_FOUND', `${displayPath} does not exist`);
    case 'EISDIR':
      return new ToolError('IS_DIRECTORY', `${displayPath} is a directory`);
    case 'ENOTDIR':
      return new ToolError('NOT_DIRECTORY', `a parent of ${displayPath} is not a directory`);
    case 'EACCES':
    case 'EPERM':
      return new ToolError('PERMISSION_DENIED', `permission denied for ${displayPath}`);
    case 'ELOOP':
      return new ToolError('OUTSIDE_WORKSPACE', `${displayPath} goes through a symlink loop`);
    case 'ENAMETOOLONG':
      return new ToolError('INVALID_INPUT', `${displayPath} is too long a path`);
    default:
      return undefined;
  }
}
