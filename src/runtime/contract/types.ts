import type { ErrorCode } from './errors.js';
import type { AnyOperations, CatalogOperationFacts, OperationDescriptor } from './descriptor.js';
import type { Session } from '../session/session.js';
import type { ResolvedPath, Workspace } from '../fs/workspace.js';
import type { CheckedTarget, GuardedNet } from '../net/guarded.js';
import type { Clock } from '../services/clock.js';
import type { TaskStore, TaskStoreOption } from '../services/tasks.js';
import type { Store, StoreKey } from '../store/types.js';
import type { SharedJobs } from '../store/shared-jobs.js';
import type { SearchBackend } from '../services/search/backends.js';
import type { CodeIntelligence, CodeOptions, CodeService } from '../services/code.js';
import type { UserChannel, UserChannelOption } from '../services/user.js';
import type { ApprovalParking } from '../services/approval-parking.js';
import type { PolicyOptions, PolicyDecision } from '../policy/types.js';
import type { ProgressEvent } from '../invoke/progress.js';
import type { CheckpointKeeper } from '../checkpoints/keeper.js';
import type { CallCheckpoint } from '../checkpoints/recorder.js';
import type { CheckpointsOption } from '../checkpoints/types.js';
import type { ExecOptions, WebOptions } from './options.js';
import type { HandlerReturn } from './handler.js';

export type { ProgressEvent } from '../invoke/progress.js';
export type { CredentialBinding, ExecOptions, NetworkAllowList, WebOptions } from './options.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
export interface ToolkitOptions<P extends readonly Provider<any>[] = readonly Provider<any>[]> {
  /** The folder every path is confined to. Default: process.cwd(). */
  workspace?: string;
  /**
   * The providers this toolkit serves (`defineProviders(registry, handlers)`), any mix. Default:
   * `referenceProviders`. Tool names must be unique across them.
   */
  providers?: P;
  policy?: PolicyOptions;
  /** Capability patterns (`filesystem.*`, `search.grep`, `read_file`) the toolkit exposes. Default: all. */
  profile?: readonly string[];
  /**
   * List every operation of the profile, even those that cannot work here (a service they require is
   * missing, no human can be reached, or the policy denies them outright). Default false.
   */
  listAll?: boolean;
  /**
   * A TaskStore, or `{ file }` for a file-backed one (relative to the workspace). Default: the
   * store's task lists when `store` is set, else in-memory. Given explicitly, it wins over `store`.
   */
  tasks?: TaskStoreOption;
  /**
   * Where records that outlive the process are kept: a Store, `{ dir }` (an embedded store in that
   * folder), or a spec (`postgres://…`, a folder, `file:` URL, or `embedded` for the workspace's
   * state folder, `$XDG_STATE_HOME/toolwright/<digest>`: see stateFolderFor). An embedded store's
   * folder must lie outside the workspace (else a TypeError). A spec opens one store per process
   * that toolkits given the same spec share. Default: `TOOLWRIGHT_STORE_URL` when set, else none
   * (tasks in memory).
   */
  store?: Store | { dir: string } | string;
  /** The key this toolkit's records are filed under in the store (default: the workspace's absolute path). */
  storeScope?: string;
  /** Who the calls act for; in a shared store one principal never sees another's records (default "local"). */
  principal?: string;
  search?: SearchBackend;
  kernel?: Kernel;
  /** A UserChannel, or `{ answers, approve }` for a scripted one. Default: none. */
  user?: UserChannelOption;
  /**
   * Park an `ask` the user channel cannot put to a person (none attached, no elicitation, a
   * headless client) as a pending approval in the store, for an operator to decide
   * (`/approvals` on the HTTP server, `toolwright approvals`), instead of refusing it. Needs `store`.
   */
  approvals?: boolean;
  /** How long a parked call waits for a decision, seconds (default 300); then it is denied. */
  approvalTimeout?: number;
  /** Calls one principal may have parked at once (default 20); past it a call is refused. */
  maxPendingApprovals?: number;
  clock?: Clock;
  web?: WebOptions;
  exec?: ExecOptions;
  /**
   * Language servers (the `code` operations, and the errors edits report):
   * `{ servers: [{ command, languages, filePatterns }], builtinServers, editDiagnostics, editDiagnosticsMs, idleMs }`.
   */
  code?: CodeOptions;
  /**
   * What runs the language servers. The package's `createToolkit` gives toolwright's own; `null`
   * turns code intelligence off (no `code` operations, no diagnostics after edits).
   */
  codeIntelligence?: CodeIntelligence | null;
  /** Sub-agent recursion limit (default 3). */
  maxDepth?: number;
  /** The session this toolkit acts for (sub-agents get a child session). */
  session?: Session;
  /** Check every handler output against the result schema (default true). */
  validateOutput?: boolean;
  /**
   * Undo for every change: each call that writes files records what they were before (in the
   * workspace's state folder, per session and principal), and `{ bash: true }` brackets bash calls
   * with snapshots of the workspace; checkpoint_list, checkpoint_diff and checkpoint_restore use
   * them. Default: on for file changes, off for bash; `false` turns recording off.
   */
  checkpoints?: CheckpointsOption;
}

/** Services handed to handlers; every one has an embedded default or is explicitly absent. */
export interface Services {
  readonly clock: Clock;
  readonly tasks: TaskStore;
  /** The store, when the toolkit has one. */
  readonly store: Store | undefined;
  /** Background-job records in the store under this toolkit's key (absent without a store: jobs stay in memory). */
  readonly jobs: SharedJobs | undefined;
  readonly search: SearchBackend | undefined;
  readonly kernel: Kernel | undefined;
  readonly user: UserChannel | undefined;
  /** Where an `ask` nobody can be asked about at once waits for an operator (the `approvals` option). */
  readonly approvals?: ApprovalParking | undefined;
  readonly web: Readonly<WebOptions>;
  readonly exec: Readonly<ExecOptions>;
  /** Language servers over this workspace, when code intelligence is attached. */
  readonly code: CodeService | undefined;
  /** Where calls record their checkpoints (absent: `checkpoints: false`). */
  readonly checkpoints: CheckpointKeeper | undefined;
}

/** What a handler receives besides its validated params. */
export interface HandlerContext {
  readonly workspace: Workspace;
  readonly signal: AbortSignal;
  readonly session: Session;
  readonly services: Services;
  readonly operation: OperationDescriptor;
  /** The toolkit the call came through (spawn_subagent derives child toolkits from it). */
  readonly toolkit: ToolkitOf;
  /**
   * Every `path`-role argument, confined before the handler runs: param → the path resolved inside
   * the workspace (symlinks followed; a missing file's real parent). A param that was not given is
   * here only when its schema has a string default (resolved the same way). Use these, never the
   * raw strings: the runtime refused anything outside the workspace with OUTSIDE_WORKSPACE.
   */
  readonly paths: Readonly<Record<string, ResolvedPath>>;
  /** `path`-role params that take a list of paths: param → each path, resolved as in `paths`. */
  readonly pathLists: Readonly<Record<string, readonly ResolvedPath[]>>;
  /**
   * The `path`-role argument `param` as `paths` holds it, when something exists there; else
   * NOT_FOUND worded as for every provider (the path from the workspace, with near names of its
   * folder). INTERNAL when the runtime did not confine it (a handler called without a toolkit).
   */
  existingPath(param: string): Promise<ResolvedPath>;
  /**
   * Every `url`-role argument, checked before the handler runs (http(s) only, host rules, address
   * guard): param → the URL and the addresses a connection to it may use.
   */
  readonly urls: Readonly<Record<string, CheckedTarget>>;
  /**
   * Network access through the address guard and the policy's host rules: `net.fetch(url)` checks
   * the URL and every redirect hop and connects only to checked addresses (the `urls` arguments
   * keep the addresses checked before the call: no second lookup, no rebinding).
   */
  readonly net: GuardedNet;
  /** Set when path rules apply: keeps the workspace-relative paths this call's results may show. */
  readonly visiblePaths?: (paths: readonly string[]) => Promise<string[]>;
  /**
   * Set with `visiblePaths`: the workspace-relative paths a rule hides, each with the decision of
   * that rule (for a handler that refuses rather than filters). `real: true` says the paths hold no
   * symbolic link (they are their own real paths), which spares resolving each. `given: true`
   * says they are the call's own path arguments, which its path rules decided already: only what
   * the rules of operations that read paths keep from reading counts (unless one of its own matches).
   */
  readonly hiddenPaths?: (
    paths: readonly string[],
    options?: { real?: boolean; given?: boolean },
  ) => Promise<{ path: string; decision: PolicyDecision }[]>;
  /**
   * The top-level params the caller left out: the handler received the catalog's `default` for
   * each (for a default that means something else when given, such as a background job's timeout).
   */
  readonly defaulted: ReadonlySet<string>;
  /** Set when host rules apply: throws DENIED_BY_POLICY for a host (a redirect hop) the policy does not allow (`net` calls it). */
  readonly checkHost?: (url: URL) => void;
  /** Who this call acts for: `invoke`'s `principal` option, else the toolkit's (default "local"). */
  readonly principal: string;
  /**
   * The key this call's store records are filed under (the toolkit's `storeScope` and the call's
   * principal): read and write records only with it, and one principal never sees another's.
   */
  readonly storeKey: StoreKey;
  /**
   * Set when the caller asked for progress: report how far the call has come (throttled by the
   * runtime; cheap to call often, never blocks, silent once the call is over).
   */
  readonly progress?: (event: ProgressEvent) => void;
  /**
   * This call's checkpoint, when checkpoints are on: a handler that writes files calls
   * `before(files)` before it writes (it throws UNAVAILABLE when it cannot record: write nothing
   * then), `after(files)` once written, `abandon()` when it wrote nothing in the end.
   */
  readonly checkpoint?: CallCheckpoint;
}

export interface InvokeOptions {
  signal?: AbortSignal;
  /**
   * Who this call acts for, when a host serves several (a verified token's issuer and subject); default the
   * toolkit's `principal`. It is recorded in the audit, and scopes the task list and store records.
   */
  principal?: string;
  /**
   * Told how far a long call has come (bytes of output, files searched, bytes fetched), at most
   * every 100 ms; never awaited, and what it throws is ignored.
   */
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Told once the call has been admitted (the policy allowed it, any approval was given) and its
   * handler is about to run; never told for a call refused before. What it throws is ignored.
   */
  onAdmitted?: () => void;
  /**
   * Told when the call is parked for an operator's decision (approvals are on and no human could be
   * asked through the caller): the approval's id and when it expires. The call then waits; once an
   * operator approves, `onAdmitted` follows. Never awaited; what it throws is ignored.
   */
  onParked?: (parked: ParkedApproval) => void;
}

/** A call parked for an operator: decide it with `toolwright approvals` or on the `/approvals` page. */
export interface ParkedApproval {
  /** The approval's id in the store. */
  approval: string;
  /** When nobody deciding denies the call (ISO 8601). */
  expiresAt: string;
}

export interface ToolErrorPayload {
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
}

export interface InvokeMeta {
  /** `provider.operation` */
  operation: string;
  policy: PolicyDecision;
  duration_ms: number;
  /** Entries of the result left out because a path rule denies their paths (absent: none). */
  hidden?: number;
}

export type InvokeResult<Output = unknown> =
  | { ok: true; output: Output; text: string; meta: InvokeMeta }
  | { ok: false; error: ToolErrorPayload; text: string; meta: InvokeMeta };

export interface OperationSchema extends CatalogOperationFacts {
  name: string;
  id: string;
  errors: ErrorCode[];
  /** Only under `listAll`: why the operation cannot work here (a service it requires is missing). */
  unavailable?: string;
}

export interface ProviderSchema {
  name: string;
  description: string;
  operations: OperationSchema[];
}

export interface ToolProvider {
  readonly name: string;
  getSchema(): ProviderSchema;
  invoke(operation: string, input: unknown, options?: InvokeOptions): Promise<InvokeResult>;
}

export interface ToolkitOf<Ops = AnyOperations> {
  readonly workspace: Workspace;
  readonly session: Session;
  readonly services: Services;
  /** The options it was created with, `providers` resolved (what sub-agent toolkits are built from). */
  readonly options: Readonly<ToolkitOptions> & { readonly providers: readonly Provider[] };
  readonly providers: readonly ToolProvider[];
  /**
   * Descriptors of the operations this toolkit lists: its profile applied, and (unless `listAll`)
   * only those that can work now. Read it when listing: availability can change (an MCP client's
   * capabilities are known only once it connected).
   */
  readonly operations: readonly OperationDescriptor[];
  getSchema(): ProviderSchema[];
  /**
   * Runs one operation; never throws (every failure is a result). Typed from the providers'
   * registry: `provider` must be one of them, `operation` one of its operations, `input` that
   * operation's params, and the output is its result. Names held in a `string` (a host dispatching
   * what a model or a wire named) take the untyped form: any input, an `unknown` output. Input
   * whose type says nothing of its shape (`unknown`, `Record<string, unknown>`) is checked at run
   * time, as every input is.
   *
   * The typed form is the last overload: when no form fits, TypeScript reports the last one's
   * error, which then names the wrong input field (or the operation the provider lacks).
   */
  invoke<P extends string, K extends string>(
    provider: WideString<P>,
    operation: K,
    input: unknown,
    options?: InvokeOptions,
  ): Promise<InvokeResult<unknown>>;
  invoke<P extends string, K extends string>(
    provider: P,
    operation: WideString<K>,
    input: unknown,
    options?: InvokeOptions,
  ): Promise<InvokeResult<unknown>>;
  invoke<P extends ProviderNameOf<Ops>, K extends OperationNameOf<Ops, P>, I>(
    provider: P,
    operation: K,
    input: Unshaped<I>,
    options?: InvokeOptions,
  ): Promise<InvokeResult<InvokeOutput<Ops, K>>>;
  invoke<P extends ProviderNameOf<Ops>, K extends OperationNameOf<Ops, P>>(
    provider: P,
    operation: K,
    input: InvokeInput<Ops, K>,
    options?: InvokeOptions,
  ): Promise<InvokeResult<InvokeOutput<Ops, K>>>;
  /** Finds an exposed operation by tool name (`read_file`) or id (`filesystem.read_file`). */
  find(operation: string): OperationDescriptor | undefined;
  readonly call: TypedCallsOf<Ops>;
  /** Ends what the toolkit holds (background jobs, sandboxes, sessions); idempotent. */
  close(): Promise<void>;
  /** Registers work for close() (providers keep per-toolkit state this way); runs in reverse order. */
  onClose(cleanup: () => void | Promise<void>): void;
}

/** `toolkit.call.<operation>`: one typed function per operation of the providers' `Operations` maps. */
export type TypedCallsOf<Ops = AnyOperations> = {
  [K in keyof Ops]: Ops[K] extends { result: infer Result }
    ? (input: CallerInput<Ops[K]>, options?: InvokeOptions) => Promise<Result>
    : never;
};

/** What a caller passes to an operation: its `input` type (defaulted params optional), else its `params`. */
type CallerInput<Op> = Op extends { input: infer Input } ? Input : Op extends { params: infer Params } ? Params : never;

/** The provider names of an operations map. */
export type ProviderNameOf<Ops> = {
  [K in keyof Ops]: Ops[K] extends { provider: infer P extends string } ? P : never;
}[keyof Ops];
/** The operations of provider `P` in an operations map. */
export type OperationNameOf<Ops, P> = {
  [K in keyof Ops]: Ops[K] extends { provider: infer Q } ? (P extends Q ? K : never) : never;
}[keyof Ops] &
  string;
/** Operation `K`'s input or result (`unknown`, for a name or an operations map known only at run time). */
type OperationPart<Ops, K, Part extends 'input' | 'result'> = string extends K | keyof Ops
  ? unknown
  : K extends keyof Ops
    ? Part extends 'input'
      ? CallerInput<Ops[K]>
      : Ops[K] extends { [key in Part]: infer X }
        ? X
        : never
    : never;
/** What `invoke` takes for operation `K`: its input (anything, for a name or an operations map known only at run time). */
export type InvokeInput<Ops, K> = OperationPart<Ops, K, 'input'>;
/** What `invoke` gives for operation `K`: its result (`unknown`, for a name or an operations map known only at run time). */
export type InvokeOutput<Ops, K> = OperationPart<Ops, K, 'result'>;
/**
 * `I` when its type says nothing of its shape (unknown, or an index signature such as
 * `Record<string, unknown>`, as parsed JSON is typed): such input is checked at run time only.
 */
export type Unshaped<I> = unknown extends I ? I : string extends keyof I ? I : never;
/** `S` when it is `string` itself (a name only known at run time), else never. */
export type WideString<S extends string> = string extends S ? S : never;

// A handler and a provider: a provider's handlers receive a HandlerContext, whose toolkit holds providers.

/** A handler whose types are erased (how the runtime stores and calls it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a provider of any operations: `unknown` would refuse typed handlers (their parameters are contravariant)
export type AnyHandler = Handler<any, unknown>;

/** One provider of a toolkit: its operations (from a generated registry) and their handler bodies. */
export interface Provider<Ops extends object = AnyOperations> {
  readonly name: string;
  readonly description: string;
  readonly operations: readonly OperationDescriptor[];
  /**
   * Handler bodies by operation name. Looked up at call time, so a host (or a test spy) that
   * replaces a body on this object is honoured.
   */
  readonly handlers: Readonly<Record<string, AnyHandler>>;
  /** Type-only: the `Operations` map of the provider's catalog (typed `toolkit.call`); never set at run time. */
  readonly '~operations'?: Ops;
}

/** The signature codegen gives every operation: validated params in, output (or rendered output) out. */
export type Handler<Params, Output> = (params: Params, ctx: HandlerContext) => Promise<HandlerReturn<Output>>;

// What a host supplies so spawn_subagent can run a session (`services.kernel`); the request carries the parent toolkit's options.

export interface SubagentRequest {
  prompt: string;
  description: string;
  /** Capability patterns the child may use (already checked to be within the parent's). */
  profile: readonly string[];
  parentSessionId: string;
  /** The child's depth: the root session is 0, its sub-agents 1, … */
  depth: number;
  /** The parent call's signal: aborting the parent aborts the child. */
  signal: AbortSignal;
  /**
   * The parent toolkit's options (with its live task store and its providers), for kernels that
   * build the child's toolkit from them. The kernel must not widen `profile`.
   */
  parentOptions?: Readonly<ToolkitOptions>;
  /**
   * Set only when the parent call's caller follows its progress: tell it how far the child has
   * come, as often as that changes (spawn_subagent throttles what it passes on).
   */
  onProgress?: (progress: SubagentProgress) => void;
}

/** How far a sub-agent has come, as far as its kernel sees. */
export interface SubagentProgress {
  /** Model turns started so far, when the host's loop reports them. */
  turns?: number;
  /** Tool calls the child made so far. */
  toolCalls: number;
}

export interface SubagentResult {
  session_id: string;
  status: 'completed' | 'failed' | 'cancelled';
  output: string;
}

export interface Kernel {
  runSession(request: SubagentRequest): Promise<SubagentResult>;
}
