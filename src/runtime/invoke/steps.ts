// The steps of a call around admission (./admit.ts), each with one job; a failing step throws the
// ToolError the call ends with.
import type { CallContext } from '../call-context.js';
import { ToolError, abortError } from '../errors.js';
import { isRendered } from '../handler.js';
import { renderOutputText } from '../text.js';
import type { InvokeResult } from '../types.js';
import { describeIssues, dropNullOptionals } from '../validation.js';
import { elapsed, toToolError, unknownOperation } from './errors.js';
import type { InvokeScope, Invocation } from './call.js';
import type { OperationPlan } from './plan.js';

/** The operation's plan; UNKNOWN_OPERATION (listing what exists) when the toolkit has no such provider or operation. */
export function resolveOperation(
  scope: InvokeScope,
  call: Invocation,
  provider: string,
  operation: string,
): OperationPlan {
  const plan = scope.plans.get(call.id);
  if (!plan) throw unknownOperation(provider, operation, scope.index.byId);
  call.plan = plan;
  return plan;
}

/** DENIED_BY_POLICY for an operation the toolkit's capability profile leaves out. */
export function checkProfile(plan: OperationPlan): void {
  if (!plan.exposed)
    throw new ToolError('DENIED_BY_POLICY', `${plan.op.name} is not in this toolkit's capability profile`);
}

/** The input with null optionals dropped (models send them), checked against the params schema: INVALID_INPUT names the field. */
export function validateInput(plan: OperationPlan, call: Invocation, input: unknown): unknown {
  const { op } = plan;
  const params = dropNullOptionals(op.params, input);
  call.params = params;
  if (!op.validateParams(params)) {
    throw new ToolError('INVALID_INPUT', describeIssues(op.validateParams.errors ?? [], params, op.params));
  }
  return params;
}

/** The handler's answer, or CANCELLED as soon as the caller's signal aborts; what it throws maps to a declared code. */
export async function runHandler(
  plan: OperationPlan,
  params: unknown,
  ctx: CallContext,
  signal: AbortSignal | undefined,
): Promise<unknown> {
  // Looked up per call: a body replaced on the provider's handler map (a host's wrapper, a test spy) is honoured.
  const handler = plan.handlers[plan.op.name];
  if (!handler) throw new ToolError('INTERNAL', `no handler is registered for ${plan.op.id}`);
  try {
    const running = handler(params, ctx);
    return await (signal ? raceAbort(running, signal) : running);
  } catch (error) {
    throw toToolError(error, plan);
  }
}

/** The output inside what the handler returned, checked: a string text, and (unless turned off) the result schema. */
export function checkOutput(scope: InvokeScope, plan: OperationPlan, returned: unknown): unknown {
  const rendered = isRendered(returned) ? returned : undefined;
  const output = rendered ? rendered.output : returned;
  // Every adapter relies on a string text; a JavaScript handler may render something else.
  if (rendered && typeof rendered.text !== 'string') {
    const what = rendered.text === null ? 'null' : typeof rendered.text;
    throw new ToolError('INTERNAL', `${plan.op.id} rendered its text as ${what}, not a string`);
  }
  const { op } = plan;
  if (scope.validateOutput && !op.validateResult(output)) {
    const problem = describeIssues(op.validateResult.errors ?? [], output, op.result);
    throw new ToolError('INTERNAL', `${op.id} produced an output that breaks its result schema: ${problem}`);
  }
  return output;
}

/** The success result: the handler's own text, else the default rendering of the output. */
export function render(call: Invocation, returned: unknown, output: unknown): InvokeResult {
  return {
    ok: true,
    output,
    text: isRendered(returned) ? returned.text : renderOutputText(output),
    meta: { operation: call.id, policy: call.decision, duration_ms: elapsed(call.started) },
  };
}

/** Settles with the handler's promise, or rejects CANCELLED as soon as the signal aborts. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) {
    promise.catch(() => {});
    return Promise.reject(abortError(signal));
  }
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      promise.catch(() => {});
      reject(abortError(signal));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
