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
import { resolveUserChannel } from './services/user.js';
import { searchBackendFromEnv } from './services/search-backend.js';
import { renderErrorText, renderOutputText } from './text.js';
import type {
  HandlerContext,
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
  const services: Services = Object.freeze({
    clock: options.clock ?? systemClock,
    tasks: resolveTaskStore(options.tasks, workspace.root),
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
    options: Object.freeze({ ...options, providers: providerList }),
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
    // The guard adds no async layer of its own: nothing here may reject.
    try {
      const entry = entries.get(id);
      if (!entry) return failure(unknownOperation(providerName, operationName, byId), id, decision, started);
      const op = entry.op;
      if (!inProfile(op)) {
        return failure(new ToolError('DENIED_BY_POLICY', `${op.name} is not in this toolkit's capability profile`), id, decision, started);
      }
      const params = dropNullOptionals(op.params, input);
      if (!op.validateParams(params)) {
        return failure(new ToolError('INVALID_INPUT', describeIssues(op.validateParams.errors ?? [], params, op.params)), id, decision, started);
      }

      // A call without a signal gets one only if something asks for it (CallContext.signal).
      const callerSignal = invokeOptions.signal;
      const ctx = new CallContext(workspace, session, services, op, toolkit, callerSignal);
      if (options.policy !== undefined) {
        const plan = planOf(op);
        try {
          // A decision without argument rules or approval is known already: no await for it.
          decision = plan.quick ?? await decide(op, params, ctx);
        } catch (error) {
          return failure(toToolError(error, op), id, decision, started);
        }
        if (decision.decision !== 'allow') {
          const why = decision.reason ??
            (decision.approved === false ? 'the user did not approve it' : 'the policy denies it');
          return failure(new ToolError('DENIED_BY_POLICY', `${op.name} was not run: ${why}`, { policy: decision }), id, decision, started);
        }
        if (plan.hooks) Object.assign(ctx, plan.hooks);
      }
      if (callerSignal?.aborted) return failure(abortError(callerSignal), id, decision, started);

      // Looked up per call: a body replaced on the provider's handler map (a host's wrapper, a test spy) is honoured.
      const handler: AnyHandler | undefined = entry.handlers[op.name];
      if (!handler) return failure(new ToolError('INTERNAL', `no handler is registered for ${op.id}`), id, decision, started);
      let returned: unknown;
      try {
        const running = handler(params, ctx);
        returned = await (callerSignal ? raceAbort(running, callerSignal) : running);
      } catch (error) {
        return failure(toToolError(error, op), id, decision, started);
      }
      const rendered = isRendered(returned) ? returned : undefined;
      const output = rendered ? rendered.output : returned;
      // Every adapter relies on a string text; a JavaScript handler may render something else.
      if (rendered && typeof rendered.text !== 'string') {
        const what = rendered.text === null ? 'null' : typeof rendered.text;
        return failure(new ToolError('INTERNAL', `${op.id} rendered its text as ${what}, not a string`), id, decision, started);
      }
      if (validateOutput && !op.validateResult(output)) {
        const problem = describeIssues(op.validateResult.errors ?? [], output, op.result);
        return failure(new ToolError('INTERNAL', `${op.id} produced an output that breaks its result schema: ${problem}`), id, decision, started);
      }
      return {
        ok: true,
        output,
        text: rendered ? rendered.text : renderOutputText(output),
        meta: { operation: id, policy: decision, duration_ms: elapsed(started) },
      };
    } catch (error) {
      return failure(new ToolError('INTERNAL', `unexpected failure in ${id}: ${describeError(error)}`), id, decision, started);
    }
  }

  async function decide(op: OperationDescriptor, params: unknown, ctx: CallContext): Promise<PolicyDecision> {
    let decision: PolicyDecision;
    try {
      decision = policy.hasArgumentRules(op)
        ? await policy.decideCall(op, params, { workspaceRoot: workspace.root, resolve: (p) => workspace.resolve(p) })
        : policy.decide(op);
    } catch (error) {
      // A policy that cannot decide (its examples fail, the parser cannot load) refuses.
      return { decision: 'deny', rule: 'default', reason: `the policy could not decide: ${describeError(error)}` };
    }
    if (decision.decision !== 'ask') return decision;
    const user = services.user;
    const unreachable = user ? userUnreachable(user) : 'no user channel is attached';
    if (!user || unreachable !== undefined) {
      // The reason it asked (an opaque shell line says what could not be checked) stays in front.
      const why = decision.reason ? `${decision.reason}; it needs approval and ${unreachable}` : `the policy requires approval and ${unreachable}`;
      return { ...decision, decision: 'deny', reason: why };
    }
    const signal = ctx.signal;
    let approved: boolean;
    try {
      approved = (await user.approve(
        {
          id: `${session.id}:${op.id}`, provider: op.provider, operation: op.name, kind: op.kind, risk: op.risk, input: params,
          ...(decision.commands ? { commands: decision.commands } : {}),
        },
        { signal },
      )) === true;
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

const SELF = Symbol('context');
const CALLER = Symbol('caller signal');
const OWN = Symbol('own signal');

/**
 * The context a handler gets. A class, not a literal with a getter: no per-call closures; the
 * signal is created only when a handler (or an approval) asks for it, since an AbortController is
 * the largest fixed cost of a call and one shared never-aborting signal would leak through
 * AbortSignal.any() (each composed signal stays registered on it).
 */
class CallContext implements HandlerContext {
  // Symbol keys, not #private: a handler may derive a context with Object.create(ctx) (shell_read
  // does), and the getter then runs with the derived object as `this`; [SELF] finds the real one.
  readonly [SELF]: CallContext;
  readonly [CALLER]: AbortSignal | undefined;
  [OWN]: AbortSignal | undefined;
  constructor(
    readonly workspace: Workspace,
    readonly session: Session,
    readonly services: Services,
    readonly operation: OperationDescriptor,
    readonly toolkit: Toolkit,
    callerSignal: AbortSignal | undefined,
  ) {
    this[SELF] = this;
    this[CALLER] = callerSignal;
    this[OWN] = undefined;
  }

  get signal(): AbortSignal {
    const self = this[SELF];
    return self[CALLER] ?? (self[OWN] ??= new AbortController().signal);
  }
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
    const declared = op.errors.includes(error.code) || (COMMON_ERROR_CODES as readonly ErrorCode[]).includes(error.code);
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
