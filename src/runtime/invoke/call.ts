// A call on its way through the steps, and what the steps read from their toolkit (the state the
// steps share; ./invocation.ts runs them in order).
import type { CompiledPolicy, PolicyDecision } from '../policy/index.js';
import type { ProviderIndex } from '../toolkit/provider-index.js';
import type { AuditRecorder } from '../audit/recorder.js';
import type { Callers } from '../toolkit/principal.js';
import type { ProgressListener } from './progress.js';
import type { Redactor } from '../secrets/redaction.js';
import { callRedactor, toolkitRedactor } from '../secrets/secrets.js';
import type { Session } from '../session/session.js';
import type { ParkedApproval, Services, ToolkitOf } from '../contract/types.js';
import type { Workspace } from '../fs/workspace.js';
import { monotonicMs } from '../services/clock.js';
import { NO_POLICY, type OperationPlan, type OperationPlans } from './plan.js';

/** What the steps of a call read from their toolkit. */
export interface InvokeScope {
  readonly workspace: Workspace;
  readonly session: Session;
  readonly services: Services;
  /** The toolkit handlers see as `ctx.toolkit`. */
  readonly toolkit: ToolkitOf;
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
  readonly onParked?: ((parked: ParkedApproval) => void) | undefined;
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
  /** Told when the call is parked for an operator's decision (the caller's `onParked`). */
  onParked: ((parked: ParkedApproval) => void) | undefined = undefined;
  readonly started = monotonicMs();
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
