// The steps of a call around admission (./admit.ts), each with one job; a failing step throws the
// ToolError the call ends with.
import type { CallContext } from './call-context.js';
import { ToolError, abortError } from '../contract/errors.js';
import { isRendered, withText } from '../contract/handler.js';
import { hiddenNote, hideDenied, resultPaths } from '../policy/result-paths.js';
import { renderOutputText } from '../text/render.js';
import { hasControlChars, inertLine } from '../text/control-text.js';
import type { InvokeResult } from '../contract/types.js';
import { noteLeftOut } from '../contract/continuation.js';
import { describeIssues, dropNullOptionals } from './validation.js';
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

/**
 * The input with null optionals dropped (models send them), checked against the params schema
 * (INVALID_INPUT names the field), with the catalog's defaults filled in: into a copy, never into
 * the caller's objects. `call.params` keeps what the caller gave (what the policy, an approval and
 * the audit see); the handler receives the copy.
 */
export function validateInput(plan: OperationPlan, call: Invocation, input: unknown): unknown {
  const { op, defaults } = plan;
  const given = dropNullOptionals(op.params, input);
  const params = defaults ? defaults.copy(given) : given;
  call.params = given;
  if (!op.validateParams(params)) {
    throw new ToolError('INVALID_INPUT', describeIssues(op.validateParams.errors ?? [], params, op.params));
  }
  if (defaults) {
    call.defaulted = leftOut(defaults.topLevel, given);
    noteLeftOut(params as object, call.defaulted);
  }
  return params;
}

const NONE_LEFT_OUT: ReadonlySet<string> = new Set();

/** The top-level params with a default that the caller did not give (the validator filled them in). */
function leftOut(names: readonly string[], given: unknown): ReadonlySet<string> {
  let left: Set<string> | undefined;
  for (const name of names) {
    if (given !== null && typeof given === 'object' && Object.hasOwn(given, name)) continue;
    (left ??= new Set()).add(name);
  }
  return left ?? NONE_LEFT_OUT;
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

/**
 * What the handler returned, without the entries whose `path` fields a path rule denies (the
 * runtime's job, for every operation whose result declares such fields): a new rendered output,
 * its text made again from what is left (by the handler's own rendering when it gave one, else the
 * default one) with a line saying how many were hidden. A denied path no entry can be left out
 * around refuses the call.
 */
export async function hideResultPaths(plan: OperationPlan, call: Invocation, returned: unknown): Promise<unknown> {
  const { op, visiblePaths } = plan;
  const tree = op.resultRoles;
  if (!visiblePaths || !tree) return returned;
  const rendered = isRendered(returned) ? returned : undefined;
  const output = rendered ? rendered.output : returned;
  const named = resultPaths(output, tree);
  if (named.length === 0) return returned;
  const visible = new Set(await visiblePaths(named));
  if (visible.size === named.length) return returned;
  const shown = hideDenied(output, tree, visible);
  if (shown.withheld)
    throw new ToolError(
      'DENIED_BY_POLICY',
      `${op.name}'s result names a path the policy's path rules deny, where it cannot be left out; the result is withheld`,
    );
  if (shown.hidden === 0) return returned;
  call.hidden = shown.hidden;
  const text = rendered?.render ? rendered.render(shown.output) : renderOutputText(shown.output);
  return withText(shown.output, `${text}\n${hiddenNote(shown.hidden)}`);
}

/**
 * The text with every name in the paths the result declares (role `path`, any operation) that holds
 * a control or format character written inert where the text shows it: a file's name is never its
 * content, and a listing must not clear the screen or reorder what follows. The output keeps the
 * names as they are (JSON escapes what a terminal would act on; a model writes them back alike).
 */
export function inertResultPaths(plan: OperationPlan, output: unknown, text: string): string {
  const tree = plan.op.resultRoles;
  if (!tree || !hasControlChars(text)) return text;
  const names = new Set<string>();
  for (const path of resultPaths(output, tree))
    for (const name of path.split('/')) if (hasControlChars(name)) names.add(name);
  // Longest first: a name inside another is escaped as part of it.
  for (const name of [...names].sort((a, b) => b.length - a.length)) text = text.split(name).join(inertLine(name));
  return text;
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
    meta: {
      operation: call.id,
      policy: call.decision,
      duration_ms: elapsed(call.started),
      ...(call.hidden ? { hidden: call.hidden } : {}),
    },
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
