// The error codes toolwright itself provides: every catalog may use them without declaring them
// (a third-party catalog declares only its own codes). Declared in catalog.schema.json, which the
// generator reads too; ./vocabulary.ts is the runtime's copy.
import { COMMON_ERRORS, IMPLICIT_ERROR_CODES, type CommonErrorCode } from './vocabulary.js';

export { COMMON_ERRORS, type CommonErrorCode };

/**
 * Codes every operation may return without listing them in its `errors` (the runtime produces
 * them: bad input, unknown operation, policy, abort, unexpected failure).
 */
export const COMMON_ERROR_CODES = IMPLICIT_ERROR_CODES;

/** A code of the runtime that any operation may return. */
export type ImplicitErrorCode = (typeof COMMON_ERROR_CODES)[number];
