// One call through the toolkit, as named steps in order: resolveOperation → checkProfile →
// validateInput → admit (policy, confinement, url checks, approval) → runHandler → hideResultPaths
// → checkOutput → render. A step that fails throws a ToolError; the call then ends as the failure result of that
// error, reporting the policy's decision as far as it got. Nothing here may reject.
import { CallContext } from './call-context.js';
import { Invocation, type CallOptions, type InvokeScope } from './call.js';
import { ToolError, abortError } from '../contract/errors.js';
import { auditEntry } from '../audit/entry.js';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Caller } from '../toolkit/principal.js';
import { progressReporter, type ProgressListener } from './progress.js';
import type { Redactor } from '../secrets/redaction.js';
import { credentialValues, scrubDecision, scrubSecrets, toolkitRedactor } from '../secrets/secrets.js';
import { describeError } from '../toolkit/toolkit-services.js';
import { endCallSpan, startCallSpan, tracerRegistered } from './tracing.js';
import type { InvokeResult } from '../contract/types.js';
import { admit } from './admit.js';
import { failureResult } from './errors.js';
import {
  checkOutput,
  checkProfile,
  hideResultPaths,
  inertResultPaths,
  render,
  resolveOperation,
  runHandler,
  validateInput,
} from './steps.js';

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
  { signal, onProgress, onAdmitted, onParked }: CallOptions,
): Promise<InvokeResult> {
  try {
    const plan = resolveOperation(scope, call, provider, operation);
    checkProfile(plan);
    const loading = plan.op.loadValidators?.();
    if (loading) await loading;
    const params = validateInput(plan, call, input);
    call.onParked = onParked;
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
      if (result.ok) result.text = inertResultPaths(plan, result.output, result.text);
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
