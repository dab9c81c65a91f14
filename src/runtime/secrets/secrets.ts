// The secrets of one call, and the one step every sink takes them out through. A call's secrets are
// the values of its `secret`-role params; each sink gets what it keeps or shows with every occurrence
// of them (raw or in an escaped form, see redaction.ts) replaced by a marker: the error a call fails
// with (message, details) and the policy's decision it reports, the approval request a channel
// shows, the audit entry, and the progress messages a handler sends.
import { ToolError } from '../contract/errors.js';
import type { OperationDescriptor } from '../contract/descriptor.js';
import type { PolicyDecision } from '../policy/types.js';
import { Redactor, type SecretMarker } from './redaction.js';
import { roleIndex, secretMark, secretValues } from '../contract/roles.js';

/** The redactor of one call's input, or undefined when the operation declares no secret or the input holds none. */
export function callRedactor(
  op: OperationDescriptor | undefined,
  input: unknown,
  marker: SecretMarker = secretMark,
): Redactor | undefined {
  if (!op || !roleIndex(op).secret) return undefined;
  const secrets = secretValues(op, input);
  if (secrets.length === 0) return undefined;
  const redactor = new Redactor(secrets, marker);
  return redactor.active ? redactor : undefined;
}

/** The error with every secret replaced by its marker (longest first, so a secret inside another is not half-shown). */
export function scrubSecrets(error: ToolError, redactor: Redactor): ToolError {
  const message = redactor.text(error.message);
  const details = error.details === undefined ? undefined : redactor.value(error.details);
  if (message === error.message && details === error.details) return error;
  return new ToolError(error.code, message, details);
}

/** The policy's decision with its reason and shell commands redacted. */
export function scrubDecision(decision: PolicyDecision, redactor: Redactor): PolicyDecision {
  return redactor.value(decision);
}
