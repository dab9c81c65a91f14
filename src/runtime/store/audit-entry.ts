// What an audit entry may hold, checked the same way by both engines before anything is written.
import { checkText, invalidStoreInput, jsonText } from './errors.js';
import type { AuditEntry, AuditQuery } from './types.js';

/** An input larger than this (as JSON) is kept as a preview with its size. */
export const MAX_AUDIT_INPUT_BYTES = 64 * 1024;
const PREVIEW_CHARS = 4096;

export interface CheckedAuditEntry extends Omit<AuditEntry, 'time' | 'input'> {
  time: Date | undefined;
  /** The input as JSON text, bounded. */
  input: string;
}

const optionalText = (name: string, value: unknown, max: number): string | null =>
  value === null || value === undefined ? null : checkText(name, value, max, { empty: true });

export function checkAuditEntry(entry: AuditEntry): CheckedAuditEntry {
  if (!entry || typeof entry !== 'object') throw invalidStoreInput('an audit entry must be an object');
  const time = entry.time;
  if (time !== undefined && (!(time instanceof Date) || Number.isNaN(time.getTime())))
    throw invalidStoreInput('the audit time must be a valid Date');
  const duration = entry.duration_ms;
  if (typeof duration !== 'number' || !Number.isFinite(duration) || duration < 0)
    throw invalidStoreInput('duration_ms must be a number >= 0');
  let input: string;
  try {
    input = jsonText('the audited input', entry.input, MAX_AUDIT_INPUT_BYTES);
  } catch {
    // Too large (or not JSON at all): the record keeps what it can instead of losing the call.
    let text: string;
    try {
      text = JSON.stringify(entry.input) ?? String(entry.input);
    } catch {
      text = '[input that cannot be shown as JSON]';
    }
    input = JSON.stringify({ truncated: true, bytes: Buffer.byteLength(text), preview: text.slice(0, PREVIEW_CHARS) });
  }
  return {
    time,
    scope: checkText('scope', entry.scope, 1024, { empty: true }),
    principal: checkText('principal', entry.principal, 256, { empty: true }),
    operation: checkText('operation', entry.operation, 256),
    risk: checkText('risk', entry.risk, 64, { empty: true }),
    decision: checkText('decision', entry.decision, 64, { empty: true }),
    rule: optionalText('rule', entry.rule, 256),
    error_code: optionalText('error_code', entry.error_code, 64),
    duration_ms: duration,
    // NUL escapes stay escaped in the text (JSON.stringify writes \u0000), so any engine can keep it.
    input,
  };
}

export function checkAuditQuery(query: AuditQuery = {}): {
  since: Date | undefined;
  principal: string | undefined;
  operation: string | undefined;
  limit: number;
  last: boolean;
} {
  const limit = query.limit ?? 100;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 10_000)
    throw invalidStoreInput('limit must be a whole number between 1 and 10000');
  if (query.since !== undefined && (!(query.since instanceof Date) || Number.isNaN(query.since.getTime()))) {
    throw invalidStoreInput('since must be a valid Date');
  }
  const principal =
    query.principal === undefined ? undefined : checkText('principal', query.principal, 256, { empty: true });
  const operation = query.operation === undefined ? undefined : checkText('operation', query.operation, 256);
  if (query.last !== undefined && typeof query.last !== 'boolean') throw invalidStoreInput('last must be a boolean');
  return { since: query.since, principal, operation, limit, last: query.last === true };
}
