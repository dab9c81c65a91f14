import { performance } from 'node:perf_hooks';
import { providers as catalogProviders } from '../generated/registry.js';
import { handlers } from '../handlers/index.js';
import type { OperationDescriptor } from './descriptor.js';
import { COMMON_ERROR_CODES, ToolError, abortError, type ErrorCode } from './errors.js';
import { isRendered, type Handler } from './handler.js';
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
import { Workspace } from './workspace.js';

type AnyHandler = Handler<any, unknown>;
const handlerTable = handlers as unknown as Record<string, Record<string, AnyHandler>>;

const NO_POLICY: PolicyDecision = { decision: 'allow', rule: 'default' };

/** Creates a toolkit over a workspace: providers, schema, `invoke` and typed `call`. */
export function createToolkit(options: ToolkitOptions = {}): Toolkit {
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

  const byId = new Map<string, OperationDescriptor>();
  const byName = new Map<string, OperationDescriptor>();
  for (const provider of catalogProviders) {
    for (const op of provider.operations) {
      byId.set(op.id, op);
      byName.set(op.name, op);
    }
  }
  const exposed = [...byId.values()].filter(inProfile);
  // Checked against the operations that exist: a rule naming an unknown one is a TypeError here.
  const policy = compilePolicy(options.policy, [...byId.values()]);
  const hooksCache = new Map<string, ReturnType<typeof policyHooks> | undefined>();
  const hooksOf = (op: OperationDescriptor) => {
    if (!hooksCache.has(op.id)) {
      const hooks = policyHooks(policy, op, workspace);
      hooksCache.set(op.id, hooks.visiblePaths || hooks.checkHost ? hooks : undefined);
    }
    return hooksCache.get(op.id);
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
    options: Object.freeze({ ...options }),
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
    return catalogProviders
      .map((provider) => ({
        name: provider.name,
        description: provider.description,
        operations: provider.operations.filter((op) => inProfile(op) && canWork(op)).map(operationSchema),
      }))
      .filter((provider) => provider.operations.length > 0);
  }

  async function invoke(
    providerName: string,
    operationName: string,
    input: unknown,
    invokeOptions: InvokeOptions = {},
  ): Promise<InvokeResult> {
    const started = performance.now();
    let decision = NO_POLICY;
    const id = `${providerName}.${operationName}`;
    const fail = (error: ToolError): InvokeResult => {
      const payload = error.toJSON();
      return {
        ok: false,
        error: payload,
        text: renderErrorText(payload),
        meta: { operation: id, policy: decision, duration_ms: elapsed(started) },
      };
    };

    const op = byId.get(id);
    if (!op) return fail(unknownOperation(providerName, operationName, byId));
    if (!inProfile(op)) {
      return fail(new ToolError('DENIED_BY_POLICY', `${op.name} is not in this toolkit's capability profile`));
    }
    const params = dropNullOptionals(op.params, input);
    if (!op.validateParams(params)) {
      return fail(new ToolError('INVALID_INPUT', describeIssues(op.validateParams.errors ?? [], params, op.params)));
    }

    // A call without a signal gets one only if something asks for it: creating an AbortSignal is the
    // largest fixed cost of invoke, and one shared never-aborting signal would leak through
    // AbortSignal.any() (each composed signal stays registered on it).
    const callerSignal = invokeOptions.signal;
    let ownSignal: AbortSignal | undefined;
    const signalForCall = () => callerSignal ?? (ownSignal ??= new AbortController().signal);
    try {
      decision = await decide(op, params, signalForCall);
    } catch (error) {
      return fail(toToolError(error, op));
    }
    if (decision.decision !== 'allow') {
      const why = decision.reason ??
        (decision.approved === false ? 'the user did not approve it' : 'the policy denies it');
      return fail(new ToolError('DENIED_BY_POLICY', `${op.name} was not run: ${why}`, { policy: decision }));
    }
    if (callerSignal?.aborted) return fail(abortError(callerSignal));

    const handler = handlerTable[op.provider]?.[op.name];
    if (!handler) return fail(new ToolError('INTERNAL', `no handler is registered for ${op.id}`));
    const ctx: HandlerContext = {
      workspace,
      get signal() {
        return signalForCall();
      },
      session,
      services,
      operation: op,
      toolkit,
      ...(options.policy === undefined ? undefined : hooksOf(op)),
    };
    let returned: unknown;
    try {
      const running = handler(params, ctx);
      returned = await (callerSignal ? raceAbort(running, callerSignal) : running);
    } catch (error) {
      return fail(toToolError(error, op));
    }
    const output = isRendered(returned) ? returned.output : returned;
    if (validateOutput && !op.validateResult(output)) {
      const problem = describeIssues(op.validateResult.errors ?? [], output, op.result);
      return fail(new ToolError('INTERNAL', `${op.id} produced an output that breaks its result schema: ${problem}`));
    }
    return {
      ok: true,
      output,
      text: isRendered(returned) ? returned.text : renderOutputText(output),
      meta: { operation: id, policy: decision, duration_ms: elapsed(started) },
    };
  }

  async function decide(op: OperationDescriptor, params: unknown, signalForCall: () => AbortSignal): Promise<PolicyDecision> {
    if (options.policy === undefined) return NO_POLICY;
    let decision: PolicyDecision;
    try {
      decision = policy.hasArgumentRules(op)
        ? await policy.decideCall(op, params, { workspaceRoot: workspace.root, resolve: (p) => workspace.resolve(p) })
        : policy.decide(op);
    } catch (error) {
      // A policy that cannot decide (its examples fail, the parser cannot load) refuses.
      return { decision: 'deny', rule: 'default', reason: `the policy could not decide: ${error instanceof Error ? error.message : String(error)}` };
    }
    if (decision.decision !== 'ask') return decision;
    const user = services.user;
    const unreachable = user ? userUnreachable(user) : 'no user channel is attached';
    if (!user || unreachable !== undefined) {
      return { ...decision, decision: 'deny', reason: `the policy requires approval and ${unreachable}` };
    }
    const signal = signalForCall();
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
      const why = error instanceof Error ? error.message : String(error);
      return { ...decision, decision: 'deny', approved: false, reason: `approval failed: ${why}` };
    }
    return { ...decision, decision: approved ? 'allow' : 'deny', approved };
  }

  const providers: ToolProvider[] = catalogProviders
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
  return toolkit;
}

/** Why the channel cannot reach a human right now, or undefined when it can (a throwing probe counts as unreachable). */
function userUnreachable(user: NonNullable<Services['user']>): string | undefined {
  try {
    return user.unreachable?.();
  } catch (error) {
    return `the user channel failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

function requirementsMet(op: OperationDescriptor, services: Services): boolean {
  return (op.requires ?? []).every((need) =>
    need === 'kernel' ? services.kernel !== undefined
      : need === 'search' ? services.search !== undefined
        : services.user !== undefined && userUnreachable(services.user) === undefined);
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

function unknownOperation(provider: string, operation: string, known: Map<string, OperationDescriptor>): ToolError {
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
  const message = error instanceof Error ? error.message : String(error);
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
