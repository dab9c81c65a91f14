// A toolkit over a workspace, from the providers it is given: schema, `invoke` (./invoke/) and the
// typed `call`. The runtime knows no providers of its own; the package entry's `createToolkit`
// (src/toolkit.ts) supplies `referenceProviders` when none are given.
import type { AnyOperations, OperationDescriptor } from '../contract/descriptor.js';
import { ToolError } from '../contract/errors.js';
import { guardInvoke } from '../invoke/guard.js';
import type { InvokeScope } from '../invoke/call.js';
import { runInvocation } from '../invoke/invocation.js';
import { OperationPlans } from '../invoke/plan.js';
import { compilePolicyFor, compileProfile, type CompiledPolicy } from '../policy/index.js';
import { indexProviders, type ProviderIndex } from './provider-index.js';
import type { Provider } from './providers.js';
import { AuditRecorder } from '../audit/recorder.js';
import { Callers, DEFAULT_PRINCIPAL, checkPrincipal } from './principal.js';
import { Session } from '../session/session.js';
import { buildServices, requirementsMet, resolveStore, unmetRequirement } from './toolkit-services.js';
import type {
  InvokeOptions,
  InvokeResult,
  OperationSchema,
  ProviderSchema,
  Services,
  ToolkitOf,
  ToolkitOptions,
  ToolProvider,
  TypedCallsOf,
} from '../contract/types.js';
import { Workspace } from '../fs/workspace.js';

type Invoke = (provider: string, operation: string, input: unknown, options?: InvokeOptions) => Promise<InvokeResult>;

/** See the module comment; `createToolkit` is the way to make one. */
export class LocalToolkit<Ops = AnyOperations> implements ToolkitOf<Ops> {
  readonly workspace: Workspace;
  readonly session: Session;
  readonly services: Services;
  readonly options: Readonly<ToolkitOptions> & { readonly providers: readonly Provider[] };
  readonly providers: readonly ToolProvider[];
  readonly call: TypedCallsOf<Ops>;
  /** The guard itself, typed by the interface's overloads (registry-typed, or untyped for names in a `string`). */
  readonly invoke: ToolkitOf<Ops>['invoke'];
  readonly #index: ProviderIndex;
  readonly #inProfile: (op: OperationDescriptor) => boolean;
  /** Undefined when the toolkit was created without a policy option (its listings then hide nothing for policy reasons). */
  readonly #policy: CompiledPolicy | undefined;
  readonly #compiledPolicy: CompiledPolicy;
  readonly #exposed: readonly OperationDescriptor[];
  readonly #guarded: Invoke;
  readonly #closers: (() => void | Promise<void>)[] = [];
  #closing: Promise<void> | undefined;

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
  constructor(options: ToolkitOptions & { providers: readonly Provider<any>[] }) {
    this.#index = indexProviders(options.providers);
    checkLimits(options);
    this.workspace = new Workspace(options.workspace ?? process.cwd());
    this.session = options.session ?? new Session();
    const store = resolveStore(options.store, this.workspace.root);
    const principal = options.principal === undefined ? DEFAULT_PRINCIPAL : checkOptionPrincipal(options.principal);
    const storeScope = options.storeScope ?? this.workspace.root;
    this.services = buildServices(options, this.workspace.root, { scope: storeScope, principal }, store);
    this.#inProfile = compileProfile(options.profile);
    const operations = [...this.#index.byId.values()];
    this.#exposed = operations.filter(this.#inProfile);
    // Checked against the operations that exist: a rule naming an unknown one is a TypeError here.
    this.#compiledPolicy = compilePolicyFor(options.policy, operations);
    this.#policy = options.policy === undefined ? undefined : this.#compiledPolicy;
    // The store as opened, not its URL: sub-agents share it, and the options never show a password.
    this.options = Object.freeze({ ...options, providers: this.#index.providers, ...(store ? { store } : {}) });
    const scope: InvokeScope = Object.freeze({
      workspace: this.workspace,
      session: this.session,
      services: this.services,
      toolkit: this,
      policy: this.#policy,
      validateOutput: options.validateOutput ?? true,
      index: this.#index,
      plans: new OperationPlans(this.#index, this.#inProfile, this.#policy, this.workspace),
      callers: new Callers(this.services, principal, storeScope, options.tasks !== undefined, store),
      audit: store ? new AuditRecorder(store.audit) : undefined,
      tracing: process.env.TOOLWRIGHT_TRACING !== 'off',
    });
    // Queued audit entries are written before anything else closes (last registered runs first).
    const audit = scope.audit;
    if (audit) this.#closers.unshift(() => audit.flush());
    const code = this.services.code;
    if (code) this.#closers.push(() => code.close());
    // Every entry point (invoke, providers[].invoke, call.*) goes through the guard: it never throws.
    this.#guarded = guardInvoke((provider, operation, input, opts) =>
      runInvocation(scope, provider, operation, input, opts),
    );
    this.invoke = this.#guarded;
    this.providers = this.#providerViews();
    this.call = this.#typedCalls();
  }

  /** Descriptors of what the toolkit lists: its profile applied, and (unless `listAll`) only what can work now. */
  get operations(): readonly OperationDescriptor[] {
    return this.#exposed.filter((op) => this.#canWork(op));
  }

  getSchema(): ProviderSchema[] {
    return this.#index.providers
      .map((provider) => ({
        name: provider.name,
        description: provider.description,
        operations: provider.operations
          .filter((op) => this.#inProfile(op) && this.#canWork(op))
          .map((op) => this.#withReason(operationSchema(op), op)),
      }))
      .filter((provider) => provider.operations.length > 0);
  }

  find(operation: string): OperationDescriptor | undefined {
    const op = this.#index.byId.get(operation) ?? this.#index.byName.get(operation);
    return op && this.#inProfile(op) ? op : undefined;
  }

  close(): Promise<void> {
    return (this.#closing ??= (async () => {
      for (const cleanup of this.#closers.splice(0).reverse()) {
        try {
          await cleanup();
        } catch {
          /* one failing cleanup must not keep the others from running */
        }
      }
    })());
  }

  onClose(cleanup: () => void | Promise<void>): void {
    // Made after close() began (a call in flight, or one after it): closed at once, not never.
    if (this.#closing) {
      void (async () => {
        try {
          await cleanup();
        } catch {
          /* as in close(): a failing cleanup is its own business */
        }
      })();
      return;
    }
    this.#closers.push(cleanup);
  }

  /** Listings leave out what cannot work here (a missing service, no human, a policy that always denies). */
  #canWork(op: OperationDescriptor): boolean {
    return (
      this.options.listAll === true ||
      (requirementsMet(op, this.services) && (this.#policy === undefined || !this.#policy.deniesOutright(op)))
    );
  }

  /** Under `listAll`, an operation that cannot work here says why (`unavailable`). */
  #withReason(schema: OperationSchema, op: OperationDescriptor): OperationSchema {
    if (this.options.listAll !== true) return schema;
    const why = unmetRequirement(op, this.services);
    return why === undefined ? schema : { ...schema, unavailable: why };
  }

  /** One view per provider with an operation in the profile: its schema, and invoke by operation name. */
  #providerViews(): ToolProvider[] {
    return this.#index.providers
      .filter((provider) => provider.operations.some(this.#inProfile))
      .map((provider) => ({
        name: provider.name,
        getSchema: () => this.getSchema().find((p) => p.name === provider.name)!,
        invoke: (operation, input, opts) => this.#guarded(provider.name, operation, input, opts),
      }));
  }

  /** `call.<operation>` for every operation in the profile: resolves to the output, throws the ToolError. */
  #typedCalls(): TypedCallsOf<Ops> {
    const call: Record<string, (params: unknown, opts?: InvokeOptions) => Promise<unknown>> = {};
    for (const op of this.#exposed) {
      call[op.name] = async (params, opts) => {
        const result = await this.#guarded(op.provider, op.name, params, opts);
        if (result.ok) return result.output;
        throw new ToolError(result.error.code, result.error.message, result.error.details);
      };
    }
    return call as TypedCallsOf<Ops>;
  }
}

/**
 * Creates a toolkit over a workspace from the providers it is given. The package entry's
 * `createToolkit` supplies the reference providers when none are given.
 */
export function buildToolkit<Ops = AnyOperations>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
  options: ToolkitOptions & { providers: readonly Provider<any>[] },
): ToolkitOf<Ops> {
  if (!options || !Array.isArray(options.providers)) {
    throw new TypeError(
      'buildToolkit: options.providers must be a list of providers; import createToolkit from "toolwright" for the reference set as default',
    );
  }
  return new LocalToolkit<Ops>(options);
}

/**
 * The numeric limits: whole numbers in range, or a TypeError. A NaN or a string compares false with
 * everything, so a limit given as one would have limited nothing.
 */
function checkLimits(options: ToolkitOptions): void {
  const limits: [string, unknown, number][] = [
    ['maxDepth', options.maxDepth, 0],
    ['exec.maxJobs', options.exec?.maxJobs, 1],
    ['exec.outputLimit', options.exec?.outputLimit, 1],
  ];
  for (const [name, value, least] of limits) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < least)
      throw new TypeError(
        `createToolkit: options.${name} must be a whole number of at least ${least}, got ${typeof value === 'number' ? String(value) : (JSON.stringify(value) ?? typeof value)}`,
      );
  }
}

function checkOptionPrincipal(value: unknown): string {
  try {
    return checkPrincipal(value, 'createToolkit: options.principal');
  } catch (error) {
    throw new TypeError((error as Error).message, { cause: error });
  }
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
    ...(op.longRunning ? { long_running: true } : {}),
    ...(op.editFormat ? { edit_format: op.editFormat } : {}),
    description: op.description,
    params: op.params,
    result: op.result,
    errors: [...op.errors],
  };
}
