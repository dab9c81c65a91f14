// The secrets of one call, and the one step every sink takes them out through. A call's secrets are
// the values of its `secret`-role params; each sink gets what it keeps or shows with every occurrence
// of them (raw or in an escaped form, see redaction.ts) replaced by a marker: the error a call fails
// with (message, details) and the policy's decision it reports, the approval request a channel
// shows, the audit entry, and the progress messages a handler sends. The real values of the
// toolkit's `exec.credentials` are secrets of every call, taken out of its output too.
import { ToolError } from './errors.js';
import type { OperationDescriptor } from './descriptor.js';
import type { PolicyDecision } from './policy/types.js';
import { Redactor, type SecretMarker } from './redaction.js';
import { roleIndex, secretMark, secretValues } from './roles.js';
import type { ExecOptions } from './types.js';

/**
 * The redactor of one call's input (and `toolkitSecrets`), or undefined when there is nothing to
 * look for: the operation declares no secret or the input holds none, and the toolkit has none.
 */
export function callRedactor(
  op: OperationDescriptor | undefined,
  input: unknown,
  marker: SecretMarker = secretMark,
  toolkitSecrets: readonly string[] = [],
): Redactor | undefined {
  const secrets = op && roleIndex(op).secret ? secretValues(op, input) : [];
  if (secrets.length === 0 && toolkitSecrets.length === 0) return undefined;
  const redactor = new Redactor([...secrets, ...toolkitSecrets], marker);
  return redactor.active ? redactor : undefined;
}

const NO_SECRETS: readonly string[] = Object.freeze([]);

/** A credential's real value: the variable as `exec.env` sets it (undefined there removes it), else the host's. */
export function credentialValue(exec: Readonly<ExecOptions>, name: string): string | undefined {
  if (name === '') return undefined;
  const value = exec.env && Object.hasOwn(exec.env, name) ? exec.env[name] : process.env[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}
const credentialCache = new WeakMap<object, readonly string[]>();

/**
 * The real values of `exec.credentials`: each binding's variable as `exec.env` sets it, else as the
 * host's environment has it. Read once per toolkit options object (the proxy that injects them and
 * every sink that redacts them see the same values).
 */
export function credentialValues(exec: Readonly<ExecOptions> | undefined): readonly string[] {
  const bindings = exec?.credentials;
  if (!Array.isArray(bindings) || bindings.length === 0) return NO_SECRETS;
  let values = credentialCache.get(exec!);
  if (!values) {
    const found = new Set<string>();
    for (const binding of bindings as unknown[]) {
      const name = (binding as { env?: unknown } | null)?.env;
      const value = typeof name === 'string' ? credentialValue(exec!, name) : undefined;
      if (value !== undefined) found.add(value);
    }
    values = Object.freeze([...found]);
    credentialCache.set(exec!, values);
  }
  return values;
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

const toolkitRedactors = new WeakMap<readonly string[], Redactor | undefined>();

/** One redactor of the toolkit's credential values (as credentialValues returns them), made once. */
export function toolkitRedactor(values: readonly string[]): Redactor | undefined {
  if (values.length === 0) return undefined;
  if (!toolkitRedactors.has(values))
    toolkitRedactors.set(values, callRedactor(undefined, undefined, secretMark, values));
  return toolkitRedactors.get(values);
}
