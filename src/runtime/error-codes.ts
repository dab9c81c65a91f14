// The error codes toolwright itself provides: every catalog may use them without declaring them
// (a third-party catalog declares only its own codes). No imports: codegen reads this file too.

/** Codes every catalog can use, with the meaning a model reads. */
export const COMMON_ERRORS = {
  INVALID_INPUT: "The input does not match the operation's parameters, or asks for something impossible.",
  UNKNOWN_OPERATION: 'No such provider or operation in this toolkit.',
  DENIED_BY_POLICY: "The toolkit's policy or capability profile does not allow this call.",
  CANCELLED: 'The caller aborted the call, or the user dismissed the question.',
  INTERNAL: 'An unexpected failure inside the tool; the message says what happened.',
  TIMEOUT: 'The operation ran out of time.',
  UNAVAILABLE: 'A service the operation needs is not configured or not installed.',
  NOT_FOUND: 'The file, folder or item does not exist.',
  ALREADY_EXISTS: 'Something already exists where the operation would create it.',
  PERMISSION_DENIED: 'The operating system refused access.',
  OUTSIDE_WORKSPACE: 'The path leaves the workspace (.., absolute path elsewhere, symlink out, NUL byte).',
  // The runtime answers these for parameter roles (glob patterns, URLs) before a handler runs.
  INVALID_PATTERN: 'The regular expression or glob pattern is invalid.',
  BLOCKED_URL: 'The URL or the address it resolves to is not allowed.',
  NETWORK_ERROR: 'The connection failed (DNS, refused, reset, TLS).',
} as const;

/** A code toolwright provides to every catalog. */
export type CommonErrorCode = keyof typeof COMMON_ERRORS;

/**
 * Codes every operation may return without listing them in its `errors` (the runtime produces
 * them: bad input, unknown operation, policy, abort, unexpected failure).
 */
export const COMMON_ERROR_CODES = [
  'INVALID_INPUT',
  'UNKNOWN_OPERATION',
  'DENIED_BY_POLICY',
  'CANCELLED',
  'INTERNAL',
] as const satisfies readonly CommonErrorCode[];

/** A code of the runtime that any operation may return. */
export type ImplicitErrorCode = (typeof COMMON_ERROR_CODES)[number];
