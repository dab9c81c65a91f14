// Secret values never leave a call in an error: the message and details of a failure are searched
// for every `secret` argument of the input and each occurrence is replaced by its marker.
import { ToolError } from './errors.js';
import { secretMark } from './roles.js';

const MAX_DEPTH = 32;

function scrubText(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(secretMark(secret));
  return out;
}

function scrubValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return scrubText(value, secrets);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, secrets, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[scrubText(key, secrets)] = scrubValue(item, secrets, depth + 1);
  return copy;
}

/** The error with every secret (longest first, so a secret inside another is not half-shown) replaced by its marker. */
export function scrubSecrets(error: ToolError, secrets: readonly string[]): ToolError {
  const message = scrubText(error.message, secrets);
  const details =
    error.details === undefined ? undefined : (scrubValue(error.details, secrets, 0) as Record<string, unknown>);
  return new ToolError(error.code, message, details);
}
