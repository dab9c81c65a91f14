// One call through the toolkit, as named steps in order: resolveOperation → checkProfile →
// validateInput → admit (policy, confinement, url checks, approval) → runHandler → hideResultPaths
// → checkOutput → render. A step that fails throws a ToolError; the call then ends as the failure result of that
// error, reporting the policy's decision as far as it got. Nothing here may reject.
import { performance } from 'node:perf_hooks';
import { CallContext } from '../call-context.js';
import { ToolError, abortError } from '../errors.js';
import type { CompiledPolicy, PolicyDecision } from '../policy.js';
import type { ProviderIndex } from '../provider-index.js';
import { auditEntry } from '../audit/entry.js';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Caller, Callers } from '../principal.js';
import { progressReporter, type ProgressListener } from '../progress.js';
import type { Redactor } from '../redaction.js';
import { callRedactor, credentialValues, scrubDecision, scrubSecrets, toolkitRedactor } from '../secrets.js';
import type { Session } from '../session.js';
import { describeError } from '../toolkit-services.js';
import { endCallSpan, startCallSpan, tracerRegistered } from '../tracing.js';
import type { InvokeResult, Services, Toolkit } from '../types.js';
import type { Workspace } from '../workspace.js';
import { admit } from './admit.js';
import { failureResult } from './errors.js';
import { NO_POLICY, type OperationPlan, type OperationPlans } from './plan.js';
import {
  checkOutput,
  checkProfile,
  hideResultPaths,
  render,
  resolveOperation,
  runHandler,
  validateInput,
} from './steps.js';

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
  /** The toolkit's principal and the services of any other a call names. */
  readonly callers: Callers;
  /** Set when the toolkit has a store: every call's entry is queued there. */
  readonly audit: AuditRecorder | undefined;
  /** False when spans are turned off (TOOLWRIGHT_TRACING=off), whatever the host registered. */
  readonly tracing: boolean;
}

/** What a call is given besides its input (already read safely by the guard). */
export interface CallOptions {
  readonly signal?: AbortSignal | undefined;
  readonly principal?: string | undefined;
  readonly onProgress?: ProgressListener | undefined;
  readonly onAdmitted?: (() => void) | undefined;
}

/** A call on its way through the steps. */
export class Invocation {
  /** The policy's decision so far: what a failure reports. */
  decision: PolicyDecision = NO_POLICY;
  plan: OperationPlan | undefined = undefined;
  /** The input once null optionals are dropped, as the caller gave it (secret values are looked for in it). */
  params: unknown = undefined;
  /** The top-level params the caller left out that got the catalog's default. */
  defaulted: ReadonlySet<string> | undefined = undefined;
  /** Entries of the result a path rule hid. */
  hidden = 0;
  readonly started = performance.now();
  /** The wall clock at the start (what the audit records). */
  readonly startedAt = Date.now();
  #redactor: Redactor | undefined | null = null;
  constructor(
    readonly id: string,
    /** The input as given (what the audit records when the call ended before it was checked). */
    readonly input: unknown,
    /** The toolkit's credential values (exec.credentials): secrets of every call, its output included. */
    readonly toolkitSecrets: readonly string[] = [],
  ) {}

  /**
   * What takes the call's secret values out of everything it reports (errors, the policy's
   * decision, approvals, progress, the audit): made once, when the operation is known and declares
   * a secret the input holds, or at once when the toolkit has credentials.
   */
  redactor(): Redactor | undefined {
    if (this.#redactor === null) {
      if (!this.plan?.roles.secret) {
        if (this.toolkitSecrets.length === 0) return undefined;
        this.#redactor = toolkitRedactor(this.toolkitSecrets);
        return this.#redactor;
      }
      this.#redactor = callRedactor(this.plan.op, this.params ?? this.input, undefined, this.toolkitSecrets);
    }
    return this.#redactor;
  }
}

/**
 * Runs one call; `input` is already plain data and `signal` one toolwright can read safely (the
 * guard's work). The call's audit entry and span, when there are any, are made around it.
 */
export function runInvocation(
  scope: InvokeScope,
  provider: string,
  operation: string,
  input: unknown,
  options: CallOptions,
): Promise<InvokeResult> {
  const caller = scope.callers.get(options.principal);
  const call = new Invocation(`${provider}.${operation}`, input, credentialValues(scope.services.exec));
  scope.session.noteCall(call.id);
  const span = scope.tracing && tracerRegistered() ? startCallSpan(call.id, caller.principal) : undefined;
  const running = execute(scope, call, caller, provider, operation, input, options);
  if (scope.audit === undefined && span === undefined) return running;
  return running.then((result) => {
    if (span) endCallSpan(span, result, call.plan?.op.risk);
    if (scope.audit) recordCall(scope.audit, call, caller, input, result);
    return result;
  });
}

/** Queues the call's audit entry; whatever goes wrong here is the audit's problem, never the call's. */
function recordCall(
  audit: AuditRecorder,
  call: Invocation,
  caller: Caller,
  input: unknown,
  result: InvokeResult,
): void {
  try {
    const audited = { id: call.id, startedAt: call.startedAt, op: call.plan?.op, input: call.params ?? input };
    audit.record(auditEntry(audited, result, caller.principal, caller.storeKey.scope, call.redactor()));
  } catch (error) {
    audit.failed(error);
  }
}

async function execute(
  scope: InvokeScope,
  call: Invocation,
  caller: Caller,
  provider: string,
  operation: string,
  input: unknown,
  { signal, onProgress, onAdmitted }: CallOptions,
): Promise<InvokeResult> {
  try {
    const plan = resolveOperation(scope, call, provider, operation);
    checkProfile(plan);
    const loading = plan.op.loadValidators?.();
    if (loading) await loading;
    const params = validateInput(plan, call, input);
    // A call without a signal gets one only if something asks for it (CallContext.signal).
    const ctx = new CallContext(scope.workspace, scope.session, caller, plan.op, scope.toolkit, signal);
    if (call.defaulted) ctx.defaulted = call.defaulted;
    const reporter = onProgress ? progressReporter(onProgress) : undefined;
    if (reporter) ctx.progress = redactedProgress(reporter.report, call.redactor());
    try {
      const admitting = admit(scope, plan, call, ctx);
      if (admitting !== undefined) await admitting;
      if (signal?.aborted) throw abortError(signal);
      admitted(onAdmitted);
      let returned = await runHandler(plan, params, ctx, signal);
      if (plan.visiblePaths) returned = await hideResultPaths(plan, call, returned);
      const result = render(call, returned, checkOutput(scope, plan, returned));
      const redactor = call.redactor();
      if (redactor) result.meta.policy = scrubDecision(result.meta.policy, redactor);
      // A credential the toolkit injects never reaches the caller, whatever printed it (the call's
      // own secret params stay in its output, as everywhere).
      const credentials = toolkitRedactor(call.toolkitSecrets);
      if (credentials && result.ok) {
        result.output = credentials.value(result.output);
        result.text = credentials.text(result.text);
      }
      return result;
    } finally {
      // What the call opened for the handler (connections, descriptors it did not take) is freed.
      ctx.endCall();
      reporter?.end();
    }
  } catch (error) {
    return failed(call, error);
  }
}

/** Tells the caller the call was admitted; what the listener throws is ignored. */
function admitted(listener: (() => void) | undefined): void {
  try {
    listener?.();
  } catch {
    /* a listener's failure is not the call's */
  }
}

/** Progress messages with the call's secrets taken out (a handler may quote its input in them). */
function redactedProgress(report: ProgressListener, redactor: Redactor | undefined): ProgressListener {
  if (!redactor) return report;
  return (event) =>
    report(event.message === undefined ? event : { ...event, message: redactor.text(String(event.message)) });
}

/** The failure result of whatever a step threw; secret values of the input never leave in it. */
function failed(call: Invocation, thrown: unknown): InvokeResult {
  let error =
    thrown instanceof ToolError
      ? thrown
      : new ToolError('INTERNAL', `unexpected failure in ${call.id}: ${describeError(thrown)}`);
  // Whatever produced the message (a handler quoting its input, a policy quoting a shell line), the
  // secrets are blanked out of it and of the decision reported with it.
  const redactor = call.redactor();
  let decision = call.decision;
  if (redactor) {
    error = scrubSecrets(error, redactor);
    decision = scrubDecision(decision, redactor);
  }
  return failureResult(error, call.id, decision, call.started);
}
