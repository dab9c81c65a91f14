// Everything decided before a handler runs, as steps in this order: a refusal whatever the input,
// the role arguments confined (paths, globs), the policy on the arguments, the `url` arguments
// checked (DNS only for a call the policy has not denied), and an approval last (never asked for a
// call that would be refused anyway). A step that refuses throws the ToolError the call ends with;
// `call.decision` holds the policy's answer so far (what the failure reports).
import { checkUrls, type CallContext } from './call-context.js';
import { confineGlobs, confinePaths, type ConfinedPaths } from '../fs/confine.js';
import { ToolError, abortError } from '../contract/errors.js';
import type { CompiledPolicy, DecideContext, PolicyDecision } from '../policy/index.js';
import { approvalRequest } from '../services/approval-request.js';
import { describeError, userUnreachable } from '../toolkit/toolkit-services.js';
import { isUnanswerable, type ApprovalRequest } from '../services/user.js';
import type { ApprovalParking } from '../services/approval-parking.js';
import type { InvokeScope, Invocation } from './call.js';
import { toToolError } from './errors.js';
import type { OperationPlan } from './plan.js';
import type { ParkedApproval } from '../contract/types.js';
import type { ApprovalRecord } from '../store/types.js';

/**
 * Runs the admission steps; returns undefined when none needs to wait (no role argument to confine
 * or check, a decision known without arguments or approval), so such calls take no extra turn.
 */
export function admit(
  scope: InvokeScope,
  plan: OperationPlan,
  call: Invocation,
  ctx: CallContext,
): Promise<void> | undefined {
  const quick = plan.quick;
  if (quick) {
    if (quick.decision !== 'allow') throw refusal(plan, call, quick);
    if (!plan.confines && plan.roles.url.length === 0) {
      call.decision = quick;
      if (plan.hooks) Object.assign(ctx, plan.hooks);
      return undefined;
    }
  }
  return admitArguments(scope, plan, call, ctx);
}

async function admitArguments(
  scope: InvokeScope,
  plan: OperationPlan,
  call: Invocation,
  ctx: CallContext,
): Promise<void> {
  const confined = plan.confines ? await confineRoles(scope, plan, call.params, ctx) : undefined;
  const decision = plan.quick ?? (await argumentDecision(scope.policy!, plan, call.params, scope, confined));
  call.decision = decision;
  if (decision.decision === 'deny') throw refusal(plan, call, decision);
  if (plan.hooks) Object.assign(ctx, plan.hooks);
  if (plan.roles.url.length > 0) await checkUrlArguments(plan, call.params, ctx);
  if (decision.decision === 'ask') await askApproval(scope, plan, call, ctx);
}

/** Every `path` resolved inside the workspace and every `glob` kept inside it (the runtime's own refusals, whatever the catalog lists). */
async function confineRoles(
  scope: InvokeScope,
  plan: OperationPlan,
  params: unknown,
  ctx: CallContext,
): Promise<ConfinedPaths> {
  const args = params as Record<string, unknown>;
  let confined: ConfinedPaths;
  try {
    confined = await confinePaths(plan.op, args, scope.workspace, plan.opens);
    if (plan.roles.glob.length > 0) await confineGlobs(plan.op, args, scope.workspace, confined);
  } catch (error) {
    throw error instanceof ToolError ? error : toToolError(error, plan);
  }
  ctx.paths = confined.paths;
  ctx.pathLists = confined.pathLists;
  return confined;
}

/** The policy's decision on the call's arguments (paths as the runtime resolved them); a policy that cannot decide refuses. */
async function argumentDecision(
  policy: CompiledPolicy,
  plan: OperationPlan,
  params: unknown,
  scope: InvokeScope,
  confined: ConfinedPaths | undefined,
): Promise<PolicyDecision> {
  try {
    return await policy.check(
      plan.op,
      params,
      plan.argumentRules ? decideContext(scope, confined) : { workspaceRoot: scope.workspace.root },
    );
  } catch (error) {
    // A policy that cannot decide (its examples fail, the parser cannot load) refuses.
    return { decision: 'deny', rule: 'default', reason: `the policy could not decide: ${describeError(error)}` };
  }
}

function decideContext(scope: InvokeScope, confined: ConfinedPaths | undefined): DecideContext {
  const { workspace } = scope;
  const resolve = (p: string) => {
    const known = confined?.given.get(p);
    return known ? Promise.resolve(known) : workspace.resolve(p);
  };
  return { workspaceRoot: workspace.root, resolve };
}

/** Every `url` argument checked (scheme, address guard) before the handler runs; the policy decided its host already. */
async function checkUrlArguments(plan: OperationPlan, params: unknown, ctx: CallContext): Promise<void> {
  try {
    ctx.urls = await checkUrls(plan.op, params as Record<string, unknown>, ctx);
  } catch (error) {
    throw error instanceof ToolError ? error : toToolError(error, plan);
  }
}

/** An `ask` decision put to the user: the call goes on when approved and is refused otherwise (no channel, a failing one). */
async function askApproval(scope: InvokeScope, plan: OperationPlan, call: Invocation, ctx: CallContext): Promise<void> {
  let decision: PolicyDecision;
  try {
    decision = await approval(scope, plan, call, ctx, call.decision);
  } catch (error) {
    throw toToolError(error, plan);
  }
  call.decision = decision;
  if (decision.decision !== 'allow') throw refusal(plan, call, decision);
}

async function approval(
  scope: InvokeScope,
  plan: OperationPlan,
  call: Invocation,
  ctx: CallContext,
  decision: PolicyDecision,
): Promise<PolicyDecision> {
  const user = scope.services.user;
  const unreachable = user ? userUnreachable(user) : 'no user channel is attached';
  // The reason it asked (an opaque shell line says what could not be checked) stays in front.
  const unanswerable = (why: string): PolicyDecision => ({
    ...decision,
    decision: 'deny',
    reason: `${decision.reason ? `${decision.reason}; ` : ''}it needs approval, and no human could be asked: ${why}`,
  });
  const request = () =>
    approvalRequest(`${scope.session.id}:${plan.op.id}`, plan.op, call.params, decision.commands, call.redactor());
  const parking = scope.services.approvals;
  // With parking on, an ask nobody can be asked about at once waits for an operator instead.
  const parkedOr = (why: string) =>
    parking ? parked(parking, plan, ctx, decision, request(), call.onParked) : unanswerable(why);
  if (!user || unreachable !== undefined) return parkedOr(unreachable!);
  const signal = ctx.signal;
  let approved: boolean;
  try {
    const answer = await user.approve(request(), { signal });
    if (isUnanswerable(answer)) return parkedOr(answer.unanswerable);
    approved = answer === true;
  } catch (error) {
    // A channel that cannot reach a human (or fails) refuses; only the caller's abort stays
    // CANCELLED, whatever the channel rejected with then (often the signal's own reason).
    if (signal.aborted) throw abortError(signal);
    return { ...decision, decision: 'deny', approved: false, reason: `approval failed: ${describeError(error)}` };
  }
  return { ...decision, decision: approved ? 'allow' : 'deny', approved };
}

/** The decision an operator made on the parked call (or its expiry). */
async function parked(
  parking: ApprovalParking,
  plan: OperationPlan,
  ctx: CallContext,
  decision: PolicyDecision,
  request: ApprovalRequest,
  onParked: ((parked: ParkedApproval) => void) | undefined,
): Promise<PolicyDecision> {
  const told = onParked
    ? (record: ApprovalRecord) => {
        try {
          onParked({ approval: record.id, expiresAt: record.expires_at });
        } catch {
          /* a listener's failure is not the call's */
        }
      }
    : undefined;
  const outcome = await parking.wait(ctx.storeKey, plan.op.id, request, ctx.signal, told);
  if (outcome.approved) return { ...decision, decision: 'allow', approved: true };
  return { ...decision, decision: 'deny', approved: false, reason: outcome.reason };
}

/** The refusal of a call the policy (or the user) did not allow; the decision is what the result reports. */
function refusal(plan: OperationPlan, call: Invocation, refused: PolicyDecision): ToolError {
  call.decision = refused;
  const why = refused.reason ?? (refused.approved === false ? 'the user did not approve it' : 'the policy denies it');
  return new ToolError('DENIED_BY_POLICY', `${plan.op.name} was not run: ${why}`, { policy: refused });
}
