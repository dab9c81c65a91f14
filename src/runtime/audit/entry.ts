// The audit entry of one call: who, what, what the policy decided, how it ended, and the input with
// every `secret`-role value (at any depth) replaced by a mark, and every occurrence of such a value
// in the other params (a shell line quoting it, a URL holding it encoded) too.
import type { OperationDescriptor } from '../contract/descriptor.js';
import type { Redactor } from '../secrets/redaction.js';
import { mapRoleValues } from '../contract/roles.js';
import type { AuditEntry } from '../store/types.js';
import type { InvokeResult } from '../contract/types.js';

/** What a secret value is recorded as (its length is not kept either). */
export const REDACTED = '\u27easecret\u27eb';

export interface AuditedCall {
  /** `provider.operation` as asked for (an unknown one too). */
  readonly id: string;
  /** Date.now() when the call started (performance.timeOrigin + now() drifts from the wall clock). */
  readonly startedAt: number;
  readonly op: OperationDescriptor | undefined;
  /** The input as checked (null optionals dropped), or as given when the call ended before that. */
  readonly input: unknown;
}

export function auditEntry(
  call: AuditedCall,
  result: InvokeResult,
  principal: string,
  scope: string,
  redactor?: Redactor,
): AuditEntry {
  const { policy } = result.meta;
  return {
    time: new Date(call.startedAt),
    scope,
    principal,
    operation: call.id,
    risk: call.op?.risk ?? '',
    // A call a human was asked about says how they answered.
    decision: policy.approved === undefined ? policy.decision : policy.approved ? 'approved' : 'not approved',
    rule: policy.rule === undefined ? null : policy.preset ? `${policy.preset}:${policy.rule}` : String(policy.rule),
    error_code: result.ok ? null : result.error.code,
    duration_ms: result.meta.duration_ms,
    input: call.op ? redactSecrets(call.op, call.input, redactor) : call.input,
  };
}

/** The input with secret values replaced, in their params and inside every other (a copy where something changed; content is kept). */
export function redactSecrets(op: OperationDescriptor, input: unknown, redactor?: Redactor): unknown {
  const marked = mapRoleValues(op, input, (role, value) => (role === 'secret' ? REDACTED : value));
  return redactor ? redactor.value(marked, () => REDACTED) : marked;
}
