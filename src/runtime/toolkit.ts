import { performance } from 'node:perf_hooks';
import type { AnyOperations, OperationDescriptor } from './descriptor.js';
import { COMMON_ERROR_CODES, ToolError, abortError, type ErrorCode } from './errors.js';
import { isRendered } from './handler.js';
import { indexProviders, type ProviderIndex } from './provider-index.js';
import type { AnyHandler, Provider } from './providers.js';
import { compilePolicy, compileProfile, type PolicyDecision } from './policy.js';
import { policyHooks } from './policy/hooks.js';
import { Session } from './session.js';
import { systemClock } from './services/clock.js';
import { resolveTaskStore } from './services/tasks.js';
import { sharedStore } from './store/lazy.js';
import { storeTaskStore } from './store/task-lists.js';
import type { Store } from './store/types.js';
import { isUnanswerable, resolveUserChannel } from './services/user.js';
import { searchBackendFromEnv } from './services/search-backend.js';
import { renderErrorText, renderOutputText } from './text.js';
import type {
  InvokeOptions,
  InvokeResult,
  OperationSchema,
  ProviderSchema,
  Services,
  Toolkit,
  ToolkitOptions,
  ToolProvider,
  TypedCalls,
} from './types.js';
import { describeIssues, dropNullOptionals } from './validation.js';
import { guardInvoke } from './invoke-guard.js';
import { confineGlobs, confinePaths, type ConfinedPaths } from './confine.js';
import { CallContext, checkUrls } from './call-context.js';
import { roleIndex, secretValues } from './roles.js';
import { approvalRequest } from './services/approval-request.js';
import { scrubSecrets } from './secrets.js';
import { Workspace } from './workspace.js';

const NO_POLICY: PolicyDecision = Object.freeze({ decision: 'allow', rule: 'default' });

interface CallPlan {
  quick: PolicyDecision | undefined;
  hooks: ReturnType<typeof policyHooks> | undefined;
}

/**
 * Creates a toolkit over a workspace from the providers it is given: schema, `invoke` and typed
 * `call`. The runtime knows no providers of its own; the package entry's `createToolkit`
 * (src/toolkit.ts) supplies `referenceProviders` when none are given.
 */
export function createToolkit<Ops = AnyOperations>(
  options: ToolkitOptions & { providers: readonly Provider<any>[] },
): Toolkit<Ops> {
  if (!options || !Array.isArray(options.providers)) {
    throw new TypeError('createToolkit (runtime): options.providers must be a list of providers; import createToolkit from "toolwright" for the reference set as default');
  }
  const index: ProviderIndex = indexProviders(options.providers);
  const providerList = index.providers;
  const workspace = new Workspace(options.workspace ?? process.cwd());
  const session = options.session ?? new Session();
  const store = resolveStore(options.store, workspace.root);
  const storeKey = { scope: options.storeScope ?? workspace.root, principal: options.principal ?? 'local' };
  const services: Services = Object.freeze({
    clock: options.clock ?? systemClock,
    tasks: resolveTaskStore(options.tasks, workspace.root, store && (() => storeTaskStore(store, storeKey))),
    store,
    search: options.search ?? searchBackendFromEnv(process.env),
    kernel: options.kernel,
    user: resolveUserChannel(options.user),
    web: Object.freeze({ ...options.web }),
    exec: Object.freeze({ ...options.exec }),
  });
  const inProfile = compileProfile(options.profile);
  const validateOutput = options.validateOutput ?? true;

  const { byId, byName, entries } = index;
  const exposed = [...byId.values()].filter(inProfile);
  // Checked against the operations that exist: a rule naming an unknown one is a TypeError here.
  const policy = compilePolicy(options.policy, [...byId.values()]);
  // What the policy says about an operation whatever its input, worked out once per operation (the
  // compiled policy never changes): a decision that needs no arguments and no approval (frozen: it is
  // handed out in every result's meta), and the search/fetch hooks of its path and host rules.
  const plans = new Map<string, CallPlan>();
  const planOf = (op: OperationDescriptor): CallPlan => {
    let plan = plans.get(op.id);
    if (!plan) {
      const hooks = policyHooks(policy, op, workspace);
      plan = { quick: quickDecision(op), hooks: hooks.visiblePaths || hooks.checkHost ? hooks : undefined };
      plans.set(op.id, plan);
    }
    return plan;
  };
  const quickDecision = (op: OperationDescriptor): PolicyDecision | undefined => {
    try {
      if (policy.hasArgumentRules(op)) return undefined;
      const decision = policy.decide(op);
      return decision.decision === 'ask' ? undefined : Object.freeze({ ...decision });
    } catch {
      return undefined; // decide() below turns the failure into a refusal, call by call
    }
  };
  // Listings leave out what cannot work here (a missing service, no human, a policy that always denies).
  const canWork = (op: OperationDescriptor): boolean => options.listAll === true ||
    (requirementsMet(op, services) && (options.policy === undefined || !policy.deniesOutright(op)));
  const closers: (() => void | Promise<void>)[] = [];
  let closing: Promise<void> | undefined;

  const toolkit: Toolkit = {
    workspace,
    session,
    services,
    // The store as opened, not its URL: sub-agents share it, and the options never show a password.
    options: Object.freeze({ ...options, providers: providerList, ...(store ? { store } : {}) }),
    providers: [],
    get operations() { return exposed.filter(canWork); },
    getSchema,
    invoke,
    find: (operation) => {
      const op = byId.get(operation) ?? byName.get(operation);
      return op && inProfile(op) ? op : undefined;
    },
    call: {} as TypedCalls,
    close: () => (closing ??= (async () => {
      for (const cleanup of closers.splice(0).reverse()) {
        try { await cleanup(); } catch { /* one failing cleanup must not keep the others from running */ }
      }
    })()),
    onClose: (cleanup) => { closers.push(cleanup); },
  };

  function getSchema(): ProviderSchema[] {
    return providerList
      .map((provider) => ({
        name: provider.name,
        description: provider.description,
        operations: provider.operations.filter((op) => inProfile(op) && canWork(op)).map(operationSchema),
      }))
      .filter((provider) => provider.operations.length > 0);
  }

  // Every entry point (invoke, providers[].invoke, call.*) goes through the guard: it never throws.
  const guarded = guardInvoke(invokeUnguarded);
  function invoke(provider: string, operation: string, input: unknown, opts?: InvokeOptions): Promise<InvokeResult> {
    return guarded(provider, operation, input, opts);
  }
  async function invokeUnguarded(
    providerName: string,
    operationName: string,
    input: unknown,
    invokeOptions: InvokeOptions = {},
  ): Promise<InvokeResult> {
    const started = performance.now();
    let decision = NO_POLICY;
    const id = `${providerName}.${operationName}`;
    let fail = (error: ToolError): InvokeResult => failure(error, id, decision, started);
    // The guard adds no async layer of its own: nothing here may reject.
    try {
      const entry = entries.get(id);
      if (!entry) return fail(unknownOperation(providerName, operationName, byId));
      const op = entry.op;
      if (!inProfile(op)) {
        return fail(new ToolError('DENIED_BY_POLICY', `${op.name} is not in this toolkit's capability profile`));
      }
      const params = dropNullOptionals(op.params, input);
      const roles = roleIndex(op);
      // Secret values never leave in an error: whatever produced its message (a handler quoting its input).
      if (roles.secret) fail = scrubbing(fail, secretValues(op, params));
      if (!op.validateParams(params)) {
        return fail(new ToolError('INVALID_INPUT', describeIssues(op.validateParams.errors ?? [], params, op.params)));
      }

      // A call without a signal gets one only if something asks for it (CallContext.signal).
      const callerSignal = invokeOptions.signal;
      const ctx = new CallContext(workspace, session, services, op, toolkit, callerSignal);
      const admitted = await admit(op, params, ctx);
      decision = admitted.decision;
      if (admitted.refused) return fail(admitted.refused);
      if (callerSignal?.aborted) return fail(abortError(callerSignal));

      // Looked up per call: a body replaced on the provider's handler map (a host's wrapper, a test spy) is honoured.
      const handler: AnyHandler | undefined = entry.handlers[op.name];
      if (!handler) return fail(new ToolError('INTERNAL', `no handler is registered for ${op.id}`));
      let returned: unknown;
      try {
        const running = handler(params, ctx);
        returned = await (callerSignal ? raceAbort(running, callerSignal) : running);
      } catch (error) {
        return fail(toToolError(error, op));
      } finally {
        ctx.endCall();
      }
      const rendered = isRendered(returned) ? returned : undefined;
      const output = rendered ? rendered.output : returned;
      // Every adapter relies on a string text; a JavaScript handler may render something else.
      if (rendered && typeof rendered.text !== 'string') {
        const what = rendered.text === null ? 'null' : typeof rendered.text;
        return fail(new ToolError('INTERNAL', `${op.id} rendered its text as ${what}, not a string`));
      }
      if (validateOutput && !op.validateResult(output)) {
        const problem = describeIssues(op.validateResult.errors ?? [], output, op.result);
        return fail(new ToolError('INTERNAL', `${op.id} produced an output that breaks its result schema: ${problem}`));
      }
      return {
        ok: true,
        output,
        text: rendered ? rendered.text : renderOutputText(output),
        meta: { operation: id, policy: decision, duration_ms: elapsed(started) },
      };
    } catch (error) {
      return fail(new ToolError('INTERNAL', `unexpected failure in ${id}: ${describeError(error)}`));
    }
  }

  /**
   * Everything decided before the handler runs, in this order: a refusal whatever the input, the
   * role arguments confined (paths, globs), the policy on the arguments, the `url` arguments
   * checked (DNS only for a call the policy has not denied), and an approval last (never asked for
   * a call that would be refused anyway). `refused` is the error the call ends with.
   */
  async function admit(op: OperationDescriptor, params: unknown, ctx: CallContext): Promise<{ decision: PolicyDecision; refused?: ToolError }> {
    const roles = roleIndex(op);
    const args = params as Record<string, unknown>;
    const plan = options.policy !== undefined ? planOf(op) : undefined;
    const refusal = (refused: PolicyDecision) => {
      const why = refused.reason ?? (refused.approved === false ? 'the user did not approve it' : 'the policy denies it');
      return { decision: refused, refused: new ToolError('DENIED_BY_POLICY', `${op.name} was not run: ${why}`, { policy: refused }) };
    };
    // The runtime's own refusals stand as they are, whether or not the catalog lists their codes.
    const own = (error: unknown) => ({ decision: NO_POLICY, refused: error instanceof ToolError ? error : toToolError(error, op) });
    if (plan?.quick && plan.quick.decision !== 'allow') return refusal(plan.quick);
    let confined: ConfinedPaths | undefined;
    if (roles.path.length > 0 || roles.glob.length > 0) {
      try {
        confined = await confinePaths(op, args, workspace);
        await confineGlobs(op, args, workspace, confined);
      } catch (error) {
        return own(error);
      }
      ctx.paths = confined.paths;
      ctx.pathLists = confined.pathLists;
    }
    let decision = NO_POLICY;
    if (plan) {
      // A decision without argument rules or approval is known already: no await for it.
      decision = plan.quick ?? await argumentDecision(op, params, confined);
      if (decision.decision === 'deny') return refusal(decision);
      if (plan.hooks) Object.assign(ctx, plan.hooks);
    }
    if (roles.url.length > 0) {
      try {
        ctx.urls = await checkUrls(op, args, ctx);
      } catch (error) {
        return { ...own(error), decision };
      }
    }
    if (decision.decision !== 'ask') return { decision };
    try {
      decision = await approval(op, params, ctx, decision);
    } catch (error) {
      return { decision, refused: toToolError(error, op) };
    }
    return decision.decision === 'allow' ? { decision } : refusal(decision);
  }

  /** The policy's decision on the call's arguments (paths as the runtime resolved them); a policy that cannot decide refuses. */
  async function argumentDecision(op: OperationDescriptor, params: unknown, confined: ConfinedPaths | undefined): Promise<PolicyDecision> {
    try {
      if (!policy.hasArgumentRules(op)) return policy.decide(op);
      const resolve = (p: string) => {
        const known = confined?.given.get(p);
        return known ? Promise.resolve(known) : workspace.resolve(p);
      };
      return await policy.decideCall(op, params, { workspaceRoot: workspace.root, resolve });
    } catch (error) {
      // A policy that cannot decide (its examples fail, the parser cannot load) refuses.
      return { decision: 'deny', rule: 'default', reason: `the policy could not decide: ${describeError(error)}` };
    }
  }

  /**
   * An `ask` decision put to the user: allow when approved; deny when declined, when no human
   * could be asked (no channel, none reachable, a prompt nobody could answer: said so, never as a
   * refusal), or when the channel fails.
   */
  async function approval(op: OperationDescriptor, params: unknown, ctx: CallContext, decision: PolicyDecision): Promise<PolicyDecision> {
    const user = services.user;
    const unreachable = user ? userUnreachable(user) : 'no user channel is attached';
    // The reason it asked (an opaque shell line says what could not be checked) stays in front.
    const unanswerable = (why: string): PolicyDecision => ({
      ...decision,
      decision: 'deny',
      reason: `${decision.reason ? `${decision.reason}; ` : ''}it needs approval, and no human could be asked: ${why}`,
    });
    if (!user || unreachable !== undefined) return unanswerable(unreachable!);
    const signal = ctx.signal;
    let approved: boolean;
    try {
      const answer = await user.approve(approvalRequest(`${session.id}:${op.id}`, op, params, decision.commands), { signal });
      if (isUnanswerable(answer)) return unanswerable(answer.unanswerable);
      approved = answer === true;
    } catch (error) {
      // A channel that cannot reach a human (or fails) refuses; only the caller's abort stays CANCELLED.
      if (signal.aborted) throw error;
      const why = describeError(error);
      return { ...decision, decision: 'deny', approved: false, reason: `approval failed: ${why}` };
    }
    return { ...decision, decision: approved ? 'allow' : 'deny', approved };
  }

  const providers: ToolProvider[] = providerList
    .filter((provider) => provider.operations.some(inProfile))
    .map((provider) => ({
      name: provider.name,
      getSchema: () => getSchema().find((p) => p.name === provider.name)!,
      invoke: (operation, input, opts) => invoke(provider.name, operation, input, opts),
    }));
  (toolkit as { providers: readonly ToolProvider[] }).providers = providers;

  const call: Record<string, (params: unknown, opts?: InvokeOptions) => Promise<unknown>> = {};
  for (const op of exposed) {
    call[op.name] = async (params, opts) => {
      const result = await invoke(op.provider, op.name, params, opts);
      if (result.ok) return result.output;
      throw new ToolError(result.error.code, result.error.message, result.error.details);
    };
  }
  (toolkit as { call: TypedCalls }).call = call as TypedCalls;
  return toolkit as unknown as Toolkit<Ops>;
}

/** The `store` option: a Store as is, a spec as the process's store for it; a bad spec is a TypeError. */
function resolveStore(option: Store | string | undefined, workspaceRoot: string): Store | undefined {
  if (option === undefined) return undefined;
  if (typeof option === 'string') return sharedStore(option, workspaceRoot);
  if (typeof option !== 'object' || option === null || typeof (option as Store).tasks !== 'object') {
    throw new TypeError('createToolkit: options.store must be a Store or a store URL (postgres://…, a folder, or "embedded")');
  }
  return option;
}

/** Why the channel cannot reach a human right now, or undefined when it can (a throwing probe counts as unreachable). */
function userUnreachable(user: NonNullable<Services['user']>): string | undefined {
  try {
    return user.unreachable?.();
  } catch (error) {
    return `the user channel failed: ${describeError(error)}`;
  }
}

function requirementsMet(op: OperationDescriptor, services: Services): boolean {
  return (op.requires ?? []).every((need) =>
    need === 'kernel' ? services.kernel !== undefined
      : need === 'search' ? services.search !== undefined
        : services.user !== undefined && userUnreachable(services.user) === undefined);
}

/** `fail` with every secret value of the input blanked out of the error it reports. */
function scrubbing(fail: (error: ToolError) => InvokeResult, secrets: readonly string[]): (error: ToolError) => InvokeResult {
  if (secrets.length === 0) return fail;
  return (error) => fail(scrubSecrets(error, secrets));
}

function failure(error: ToolError, id: string, decision: PolicyDecision, started: number): InvokeResult {
  const payload = error.toJSON();
  return {
    ok: false,
    error: payload,
    text: renderErrorText(payload),
    meta: { operation: id, policy: decision, duration_ms: elapsed(started) },
  };
}

/** What a thrown value says, without letting a hostile one (throwing getter or toString) throw again. */
function describeError(error: unknown): string {
  try {
    return error instanceof Error ? String(error.message) : String(error);
  } catch {
    return 'an error that cannot be described';
  }
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 1000) / 1000;
}

function operationSchema(op: OperationDescriptor): OperationSchema {
  return {
    name: op.name,
    id: op.id,
    title: op.title,
    kind: op.kind,
    risk: op.risk,
    ...(op.riskNote ? { risk_note: op.riskNote } : {}),
    idempotent: op.idempotent,
    open_world: op.openWorld,
    description: op.description,
    params: op.params,
    result: op.result,
    errors: [...op.errors],
  };
}

function unknownOperation(provider: string, operation: string, known: ReadonlyMap<string, OperationDescriptor>): ToolError {
  const ofProvider = [...known.values()].filter((op) => op.provider === provider).map((op) => op.name);
  if (ofProvider.length > 0) {
    return new ToolError('UNKNOWN_OPERATION', `provider ${provider} has no operation "${operation}" (it has: ${ofProvider.join(', ')})`);
  }
  const providersKnown = [...new Set([...known.values()].map((op) => op.provider))];
  return new ToolError('UNKNOWN_OPERATION', `no provider named "${provider}" (known: ${providersKnown.join(', ')})`);
}

/** Maps anything a handler threw to a ToolError whose code the catalog allows for the operation. */
function toToolError(error: unknown, op: OperationDescriptor): ToolError {
  if (error instanceof ToolError) {
    const declared = op.errors.includes(error.code) || (COMMON_ERROR_CODES as readonly ErrorCode[]).includes(error.code) || roleIndex(op).errors.has(error.code);
    if (declared) return error;
    return new ToolError('INTERNAL', `${op.id} raised ${error.code}, which catalog.yaml does not declare for it: ${error.message}`);
  }
  const message = describeError(error);
  return new ToolError('INTERNAL', `unexpected failure in ${op.id}: ${message}`);
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
      (value) => { signal.removeEventListener('abort', onAbort); resolve(value); },
      (error) => { signal.removeEventListener('abort', onAbort); reject(error); },
    );
  });
}
