// What the runtime works out once per operation of a toolkit, so that a call does not: the
// descriptor and its provider's handler map, whether the profile exposes it, its roles, the codes
// it may return, the policy's decision when that needs neither arguments nor approval, and the
// hooks its host rules give handlers, and how its results are kept to the paths its path rules let
// through. The policy never changes once compiled.
import { OpenLearning } from '../confined-path.js';
import { defaultsPlanOf, type DefaultsPlan } from '../defaults.js';
import type { OperationDescriptor } from '../descriptor.js';
import { COMMON_ERROR_CODES } from '../errors.js';
import type { CompiledPolicy, PolicyDecision } from '../policy.js';
import { policyHooks, type PolicyHooks } from '../policy/hooks.js';
import type { ProviderIndex } from '../provider-index.js';
import type { AnyHandler } from '../providers.js';
import { hasResultPaths } from '../result-paths.js';
import { roleIndex, type RoleIndex } from '../roles.js';
import { HAS_PROC_FD } from '../verified-fs.js';
import type { Workspace } from '../workspace.js';

/** The decision a call gets from a toolkit created without a policy. */
export const NO_POLICY: PolicyDecision = Object.freeze({ decision: 'allow', rule: 'default' });

export class OperationPlan {
  readonly roles: RoleIndex;
  /** Some argument is a path, a glob or a patch: confined before the handler runs. */
  readonly confines: boolean;
  /** How an input is copied before its validator fills in the catalog's defaults; undefined: no default. */
  readonly defaults: DefaultsPlan | undefined;
  /** Codes the operation may return as they are (the catalog's, the common ones, its roles'). */
  readonly declared: ReadonlySet<string>;
  /**
   * The policy's decision whatever the input, when it needs no argument rules and no approval
   * (frozen: every result's meta hands it out); undefined when the call must be decided on its own.
   */
  readonly quick: PolicyDecision | undefined;
  /** Some rule of the operation looks at its arguments. */
  readonly argumentRules: boolean;
  /**
   * What a handler's ctx gets of its rules, when it has such rules: the fetch hook of host rules,
   * and for path rules the paths a handler names beyond its result (shell_read's reach, the files
   * an edit's diagnostics come from).
   */
  readonly hooks: PolicyHooks | undefined;
  /**
   * Keeps the paths a result may show, when the result has `path` fields and path rules apply to
   * the operation: the runtime hides the entries of the others after the handler returns.
   */
  readonly visiblePaths: PolicyHooks['visiblePaths'];
  /**
   * Its single `path` params, each with what the runtime learns of how the handler opens it: a
   * data_source whose calls are allowed whatever the arguments may get them opened in advance.
   */
  readonly opens: ReadonlyMap<string, OpenLearning> | undefined;

  constructor(
    readonly op: OperationDescriptor,
    /** The provider's handler map, read per call: a body replaced on it (a host's wrapper, a test spy) is honoured. */
    readonly handlers: Readonly<Record<string, AnyHandler>>,
    /** Whether the toolkit's profile exposes it. */
    readonly exposed: boolean,
    policy: CompiledPolicy | undefined,
    workspace: Workspace,
  ) {
    this.roles = roleIndex(op);
    this.defaults = defaultsPlanOf(op);
    this.confines = this.roles.path.length > 0 || this.roles.glob.length > 0 || this.roles.patch.length > 0;
    this.declared = new Set([...op.errors, ...COMMON_ERROR_CODES, ...this.roles.errors]);
    if (policy === undefined) {
      this.quick = NO_POLICY;
      this.argumentRules = false;
      this.hooks = undefined;
      this.visiblePaths = undefined;
    } else {
      this.argumentRules = safely(() => policy.hasArgumentRules(op), true);
      this.quick = this.argumentRules ? undefined : quickDecision(policy, op);
      const hooks = policyHooks(policy, op, workspace);
      this.hooks = hooks.visiblePaths || hooks.checkHost ? hooks : undefined;
      this.visiblePaths = hasResultPaths(op) ? hooks.visiblePaths : undefined;
    }
    this.opens = opensAhead(op, this.roles, this.quick);
  }
}

/**
 * Only reads whose decision needs no look at the path are opened before the handler runs: a path
 * a rule could deny is never opened first.
 */
function opensAhead(
  op: OperationDescriptor,
  roles: RoleIndex,
  quick: PolicyDecision | undefined,
): Map<string, OpenLearning> | undefined {
  if (!HAS_PROC_FD || op.kind !== 'data_source' || quick?.decision !== 'allow') return undefined;
  const single = roles.path.filter((name) => !roles.pathLists.has(name));
  return single.length > 0 ? new Map(single.map((name) => [name, new OpenLearning()])) : undefined;
}

/** The decision without arguments, unless it asks (an approval is per call) or cannot be made (then decided per call, which refuses). */
function quickDecision(policy: CompiledPolicy, op: OperationDescriptor): PolicyDecision | undefined {
  const decision = safely(() => policy.decide(op), undefined);
  return decision === undefined || decision.decision === 'ask' ? undefined : Object.freeze({ ...decision });
}

function safely<T>(run: () => T, otherwise: T): T {
  try {
    return run();
  } catch {
    return otherwise;
  }
}

/** The plans of one toolkit's operations, made on each operation's first call. */
export class OperationPlans {
  readonly #plans = new Map<string, OperationPlan>();

  constructor(
    private readonly index: ProviderIndex,
    private readonly inProfile: (op: OperationDescriptor) => boolean,
    private readonly policy: CompiledPolicy | undefined,
    private readonly workspace: Workspace,
  ) {}

  /** The plan of operation `id` (`provider.operation`), or undefined when the toolkit has no such operation. */
  get(id: string): OperationPlan | undefined {
    return this.#plans.get(id) ?? this.#make(id);
  }

  #make(id: string): OperationPlan | undefined {
    const entry = this.index.entries.get(id);
    if (!entry) return undefined;
    const plan = new OperationPlan(entry.op, entry.handlers, this.inProfile(entry.op), this.policy, this.workspace);
    this.#plans.set(id, plan);
    return plan;
  }
}
