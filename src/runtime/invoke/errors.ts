// How a call that failed is reported: the error as a ToolError whose code the catalog allows for
// the operation, and the result that carries it.
import { operationAliases, providerAliases, type AliasMap } from '../contract/aliases.js';
import type { OperationDescriptor } from '../contract/descriptor.js';
import { didYouMean } from '../policy/errors.js';
import { ToolError } from '../contract/errors.js';
import type { PolicyDecision } from '../policy/index.js';
import { inertText } from '../text/control-text.js';
import { renderErrorText } from '../text/render.js';
import { describeError } from '../toolkit/toolkit-services.js';
import type { InvokeResult } from '../contract/types.js';
import type { OperationPlan } from './plan.js';
import { monotonicMs } from '../services/clock.js';

/** Maps anything a handler (or a check) threw to a ToolError whose code the catalog allows for the operation. */
export function toToolError(error: unknown, plan: OperationPlan): ToolError {
  const { op } = plan;
  if (error instanceof ToolError) {
    if (plan.declared.has(error.code)) return error;
    return new ToolError(
      'INTERNAL',
      `${op.id} raised ${error.code}, which catalog.yaml does not declare for it: ${error.message}`,
    );
  }
  return new ToolError('INTERNAL', `unexpected failure in ${op.id}: ${describeError(error)}`);
}

/**
 * No such provider, or no such operation in it; the message lists what there is, and the name
 * meant when one is near or the given one is an alias (the catalog's `aliases`).
 */
export function unknownOperation(
  provider: string,
  operation: string,
  known: ReadonlyMap<string, OperationDescriptor>,
): ToolError {
  const all = [...known.values()];
  const inProvider = all.filter((op) => op.provider === provider);
  if (inProvider.length > 0) {
    const names = inProvider.map((op) => op.name);
    const hint = nearHint(operation, names, operationAliases(inProvider));
    return new ToolError(
      'UNKNOWN_OPERATION',
      `provider ${provider} has no operation "${operation}" (it has: ${names.join(', ')})${hint}`,
    );
  }
  const providersKnown = [...new Set(all.map((op) => op.provider))];
  const hint = nearHint(provider, providersKnown, providerAliases(all));
  return new ToolError(
    'UNKNOWN_OPERATION',
    `no provider named "${provider}" (known: ${providersKnown.join(', ')})${hint}`,
  );
}

/** `; did you mean "x"?`, or nothing. */
function nearHint(value: string, known: readonly string[], aliases: AliasMap): string {
  return didYouMean(value, known, aliases).replace(/^ \((.*)\)$/, '; $1');
}

export function failureResult(error: ToolError, id: string, decision: PolicyDecision, started: number): InvokeResult {
  const payload = error.toJSON();
  // A message may quote a file name, a command's output or a handler's text: it reaches the model and
  // terminals inert. Details stay as they are (structured data, JSON-escaped by every transport).
  payload.message = inertText(payload.message);
  return {
    ok: false,
    error: payload,
    text: renderErrorText(payload),
    meta: { operation: id, policy: decision, duration_ms: elapsed(started) },
  };
}

/** Milliseconds since `started`, to the microsecond. */
export function elapsed(started: number): number {
  return Math.round((monotonicMs() - started) * 1000) / 1000;
}
