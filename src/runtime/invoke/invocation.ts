// One call through the toolkit, as named steps in order: resolveOperation → checkProfile →
// validateInput → admit (policy, confinement, url checks, approval) → runHandler → checkOutput →
// render. A step that fails throws a ToolError; the call then ends as the failure result of that
// error, reporting the policy's decision as far as it got. Nothing here may reject.
import { performance } from 'node:perf_hooks';
import { CallContext } from '../call-context.js';
import { ToolError, abortError } from '../errors.js';
import type { CompiledPolicy, PolicyDecision } from '../policy.js';
import type { ProviderIndex } from '../provider-index.js';
import { progressReporter, type ProgressListener } from '../progress.js';
import { secretValues } from '../roles.js';
import { scrubSecrets } from '../secrets.js';
import type { Session } from '../session.js';
import { describeError } from '../toolkit-services.js';
import type { InvokeResult, Services, Toolkit } from '../types.js';
import type { Workspace } from '../workspace.js';
import { admit } from './admit.js';
import { failureResult } from './errors.js';
import { NO_POLICY, type OperationPlan, type OperationPlans } from './plan.js';
import { checkOutput, checkProfile, render, resolveOperation, runHandler, validateInput } from './steps.js';

/** What the steps of a call read from their toolkit. */
export interface InvokeScope {
  readonly workspace: Workspace;
  readonly session: Session;
  readonly services: Services;
  /** The toolkit handlers see as `ctx.toolkit`. */
  readonly toolkit: Toolkit;
  /** The compiled policy; undefined when the toolkit was created without one (every call is allowed). */
  readonly policy: CompiledPolicy | undefined;
  readonly validateOutput: boolean;
  readonly index: ProviderIndex;
  readonly plans: OperationPlans;
}

/** A call on its way through the steps. */
export class Invocation {
  /** The policy's decision so far: what a failure reports. */
  decision: PolicyDecision = NO_POLICY;
  plan: OperationPlan | undefined = undefined;
  /** The input once null optionals are dropped (secret values are looked for in it). */
  params: unknown = undefined;
  readonly started = performance.now();
  constructor(readonly id: string) {}
}

/** Runs one call; `input` is already plain data and `signal` one toolwright can read safely (the guard's work). */
export async function runInvocation(
  scope: InvokeScope,
  provider: string,
  operation: string,
  input: unknown,
  signal: AbortSignal | undefined,
  onProgress?: ProgressListener,
): Promise<InvokeResult> {
  const call = new Invocation(`${provider}.${operation}`);
  try {
    const plan = resolveOperation(scope, call, provider, operation);
    checkProfile(plan);
    const params = validateInput(plan, call, input);
    // A call without a signal gets one only if something asks for it (CallContext.signal).
    const ctx = new CallContext(scope.workspace, scope.session, scope.services, plan.op, scope.toolkit, signal);
    const reporter = onProgress ? progressReporter(onProgress) : undefined;
    if (reporter) ctx.progress = reporter.report;
    try {
      const admitting = admit(scope, plan, call, ctx);
      if (admitting !== undefined) await admitting;
      if (signal?.aborted) throw abortError(signal);
      const returned = await runHandler(plan, params, ctx, signal);
      return render(call, returned, checkOutput(scope, plan, returned));
    } finally {
      // What the call opened for the handler (connections, descriptors it did not take) is freed.
      ctx.endCall();
      reporter?.end();
    }
  } catch (error) {
    return failed(call, error);
  }
}

/** The failure result of whatever a step threw; secret values of the input never leave in it. */
function failed(call: Invocation, thrown: unknown): InvokeResult {
  let error =
    thrown instanceof ToolError
      ? thrown
      : new ToolError('INTERNAL', `unexpected failure in ${call.id}: ${describeError(thrown)}`);
  // Whatever produced the message (a handler quoting its input), the secrets are blanked out.
  const plan = call.plan;
  if (plan?.roles.secret) {
    const secrets = secretValues(plan.op, call.params);
    if (secrets.length > 0) error = scrubSecrets(error, secrets);
  }
  return failureResult(error, call.id, call.decision, call.started);
}
