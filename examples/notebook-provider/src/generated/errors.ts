// Generated from catalog.yaml — do not edit. Run `toolwright generate`.

import { ToolError as BaseToolError } from 'toolwright';
import type { ErrorCode } from './types.js';

/** A ToolError whose code must be one of this catalog's (its own codes and toolwright's common ones). */
export class ToolError extends BaseToolError<ErrorCode> {}

export type { ErrorCode };
