// The store: where everything that must outlive one process (or be shared by several replicas) is
// kept. One interface, two engines: embedded (files in a folder, no server) and PostgreSQL. Every
// method is async and bounded in time: a store that cannot answer fails with UNAVAILABLE naming
// the store (never its password) and why, within the store's timeout.
import type { Task, TaskPatch, TaskStatus, TaskUpdate } from '../services/tasks.js';

export type { Task, TaskPatch, TaskStatus, TaskUpdate };

export type StoreEngine = 'embedded' | 'postgres';

/**
 * Whose record it is: `scope` is the session or workspace key the record belongs to, `principal`
 * who acted. A record is only ever read back with the same key: one principal never sees
 * another's tasks, jobs or MCP tasks.
 */
export interface StoreKey {
  readonly scope: string;
  readonly principal: string;
}

// --- Task lists ---------------------------------------------------------------------------------

export interface TaskInput {
  title: string;
  description?: string;
  status?: TaskStatus;
}

/** One task list per key; ids are `t1`, `t2`, … in creation order, unique even under concurrent creators. */
export interface TaskLists {
  create(key: StoreKey, input: TaskInput, now: Date): Promise<Task>;
  /** Resolves undefined when the list has no task with that id; writes nothing when nothing changes. */
  update(key: StoreKey, id: string, patch: TaskPatch, now: Date): Promise<TaskUpdate | undefined>;
  /** In creation order. */
  list(key: StoreKey, filter?: { status?: TaskStatus }): Promise<Task[]>;
}

// --- Background jobs ----------------------------------------------------------------------------

export type JobRecordStatus = 'running' | 'exited' | 'killed' | 'timed_out' | 'failed';
export const JOB_RECORD_STATUSES: readonly JobRecordStatus[] = ['running', 'exited', 'killed', 'timed_out', 'failed'];

export interface JobRecord {
  /** `job-1`, `job-2`, … per key. */
  id: string;
  scope: string;
  principal: string;
  /** The replica running the process (only it can kill it; others ask it through a notification). */
  owner: string;
  command: string;
  status: JobRecordStatus;
  exit_code: number | null;
  signal: string | null;
  /** ISO 8601 times, from the store's clock. */
  started_at: string;
  ended_at: string | null;
  /** A running job whose owner stops renewing this is marked failed by `failExpired`. */
  lease_expires_at: string;
  /** Bytes of output appended in total (more than is kept once past the cap). */
  output_bytes: number;
  /** Why the job ended, when the store knows (e.g. its replica stopped). */
  note: string | null;
  /** Output position up to which a reader has taken the output (`markRead`): what is new starts here. */
  read_pos: number;
  /** Bytes of input written for the job in total (`writeInput`), and how many its owner took (`takeInput`). */
  input_total: number;
  input_taken: number;
  /** Its input was ended (eof): no more is queued. */
  input_eof: boolean;
  /** Its owner took that end: the process's input is closed. */
  input_closed: boolean;
}

/** A job by its key and id. */
export interface JobRef extends StoreKey {
  readonly id: string;
}

export interface JobStart {
  owner: string;
  command: string;
  leaseMs: number;
  /**
   * The most running jobs the key may have: with this many already running the job is refused
   * with LIMIT_REACHED, counted with the insert in one locked step (concurrent creators on any
   * replica cannot pass it). Absent: no limit.
   */
  maxRunning?: number;
}

/** What `writeInput` did: queued the input (`end` is where it ends), or refused it and why. */
export type InputWrite =
  { queued: true; job: JobRecord; end: number } | { queued: false; job: JobRecord; why: 'ended' | 'eof' | 'full' };

/** Input the owner took for the job's process: `data` to write, then end the input when `eof`. */
export interface InputTake {
  data: Buffer;
  eof: boolean;
  /** input_taken after this take. */
  taken: number;
}

export interface JobEnd {
  status: Exclude<JobRecordStatus, 'running'>;
  exit_code?: number | null;
  signal?: string | null;
  note?: string | null;
}

/**
 * Output read since a cursor (an absolute byte position). `segments` are the kept bytes in order;
 * bytes dropped by the cap (between head and tail) are counted in `omitted` and show as a jump in
 * `pos`. Read again from `next` for more; `next === total` once everything was read.
 */
export interface OutputRead {
  segments: { pos: number; data: Buffer }[];
  next: number;
  total: number;
  omitted: number;
}

export interface JobRecords {
  create(key: StoreKey, start: JobStart): Promise<JobRecord>;
  get(key: StoreKey, id: string): Promise<JobRecord | undefined>;
  /** In start order. */
  list(key: StoreKey): Promise<JobRecord[]>;
  /** Ends a running job; `applied` is false (the record unchanged) when it had ended already. */
  finish(key: StoreKey, id: string, end: JobEnd): Promise<{ job: JobRecord; applied: boolean } | undefined>;
  /** Removes a job and its output; false when there was none. */
  remove(key: StoreKey, id: string): Promise<boolean>;
  /**
   * Extends the lease of every running job `owner` runs, or only of those `only` names (what the
   * replica really serves: a record whose start never completed is then left to expire); resolves how many.
   */
  renewLeases(owner: string, leaseMs: number, only?: readonly JobRef[]): Promise<number>;
  /** Marks failed every running job whose lease ran out (its replica died); resolves those jobs. */
  failExpired(): Promise<JobRecord[]>;
  /**
   * Appends a chunk (at most MAX_APPEND_BYTES) to the job's output; resolves the new total. The
   * store keeps the first `outputHeadBytes` and the last `outputTailBytes`, as the spill file does.
   * NOT_FOUND when the job does not exist.
   */
  appendOutput(key: StoreKey, id: string, chunk: Uint8Array): Promise<number>;
  /** Output from `cursor` on, at most `maxBytes` (default 1 MiB) of it; undefined for an unknown job. */
  readOutput(key: StoreKey, id: string, cursor: number, maxBytes?: number): Promise<OutputRead | undefined>;
  /**
   * Moves the job's `read_pos` forward to `pos` (never back, never past the output's total), so
   * whoever reads next, through whichever replica, starts after what was shown; false for an unknown job.
   */
  markRead(key: StoreKey, id: string, pos: number): Promise<boolean>;
  /**
   * Queues input for a running job's process (the replica that runs it takes it with `takeInput`);
   * with `eof` its input ends after it. Refused (nothing queued) when the job has ended, its input
   * was ended, or more than MAX_PENDING_INPUT_BYTES would wait; undefined for an unknown job.
   */
  writeInput(key: StoreKey, id: string, data: Uint8Array, eof: boolean): Promise<InputWrite | undefined>;
  /** Takes every byte of input waiting for the job (its owner writes them to the process); undefined for an unknown job. */
  takeInput(key: StoreKey, id: string): Promise<InputTake | undefined>;
  /** The running jobs `owner` runs that have input waiting (or an eof not yet taken). */
  pendingInput(owner: string): Promise<JobRef[]>;
}

// --- MCP tasks ----------------------------------------------------------------------------------

export type McpTaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
export const MCP_TASK_STATUSES: readonly McpTaskStatus[] = [
  'working',
  'input_required',
  'completed',
  'failed',
  'cancelled',
];
export const MCP_TASK_TERMINAL: readonly McpTaskStatus[] = ['completed', 'failed', 'cancelled'];

export interface McpTaskRecord {
  /** A random UUID: unique across replicas, unguessable. */
  id: string;
  scope: string;
  principal: string;
  /** The operation the task runs, e.g. `exec.bash`. */
  operation: string;
  status: McpTaskStatus;
  status_message: string | null;
  /** The result payload (any JSON value) once there is one. */
  result: unknown;
  /** How long the task is kept after creation, ms; null: until removed. */
  ttl_ms: number | null;
  created_at: string;
  updated_at: string;
  /** created_at + ttl_ms; past it the task is gone. */
  expires_at: string | null;
  owner: string;
  lease_expires_at: string;
}

/**
 * What one key (one principal) may hold of MCP tasks, each counted in the same locked step as the
 * change it bounds: `running` tasks working at once (a new one past it is refused with
 * LIMIT_REACHED), `stored` records and `storedBytes` of results (past them the key's own oldest
 * ended tasks are removed to make room, never another key's; refused when that is not enough).
 */
export interface McpTaskLimits {
  running: number;
  stored: number;
  storedBytes: number;
}

export interface McpTaskStart {
  operation: string;
  owner: string;
  ttlMs: number | null;
  leaseMs: number;
  /** Absent: no limit. */
  limits?: McpTaskLimits;
}

export interface McpTaskPatch {
  status?: McpTaskStatus;
  status_message?: string | null;
  result?: unknown;
}

export interface McpTaskRecords {
  create(key: StoreKey, start: McpTaskStart): Promise<McpTaskRecord>;
  /** Undefined for an unknown (or expired) task. */
  get(key: StoreKey, id: string): Promise<McpTaskRecord | undefined>;
  /** Oldest first, `limit` (default 100) a page; pass `next_cursor` back for the next page. */
  list(
    key: StoreKey,
    page?: { cursor?: string; limit?: number },
  ): Promise<{ tasks: McpTaskRecord[]; next_cursor?: string }>;
  /** A terminal task (completed, failed, cancelled) never changes again: `applied` is false then. */
  update(
    key: StoreKey,
    id: string,
    patch: McpTaskPatch,
    limits?: Pick<McpTaskLimits, 'storedBytes'>,
  ): Promise<{ task: McpTaskRecord; applied: boolean } | undefined>;
  /** Extends the lease of every open task `owner` runs, or only of the ids `only` names; resolves how many. */
  renewLeases(owner: string, leaseMs: number, only?: readonly string[]): Promise<number>;
  /** Marks failed every working / input_required task whose lease ran out; resolves those tasks. */
  failExpired(): Promise<McpTaskRecord[]>;
  /** Deletes tasks past their ttl; resolves how many. */
  sweepExpired(): Promise<number>;
}

// --- Audit --------------------------------------------------------------------------------------

export interface AuditEntry {
  /** Default: the store's clock. */
  time?: Date;
  scope: string;
  principal: string;
  /** `provider.operation` */
  operation: string;
  risk: string;
  decision: string;
  rule: string | null;
  error_code: string | null;
  duration_ms: number;
  /** The call's input with secret parameters already redacted (an input over 64 KiB is kept as a preview). */
  input: unknown;
}

export interface AuditRecord extends Omit<AuditEntry, 'time'> {
  /** Increasing in append order. */
  seq: number;
  time: string;
}

export interface AuditQuery {
  /** Entries at or after this time. */
  since?: Date;
  principal?: string;
  /** Entries of this operation only (`provider.operation`). */
  operation?: string;
  /** Default 100, at most 10,000. */
  limit?: number;
  /** The newest `limit` entries that match instead of the oldest (still returned oldest first). */
  last?: boolean;
}

export interface AuditLog {
  append(entry: AuditEntry): Promise<void>;
  /** Appends several entries at once (one write, one round trip), in order. */
  appendMany(entries: readonly AuditEntry[]): Promise<void>;
  /** Oldest first. */
  query(query?: AuditQuery): Promise<AuditRecord[]>;
}

// --- Replicas -----------------------------------------------------------------------------------

export interface ReplicaRecord {
  id: string;
  started_at: string;
  heartbeat_at: string;
  lease_expires_at: string;
  info: Record<string, unknown>;
}

export interface ReplicaLeases {
  /** Registers (or re-registers) a replica with a lease of `leaseMs`. */
  register(id: string, options: { leaseMs: number; info?: Record<string, unknown> }): Promise<ReplicaRecord>;
  /** Renews the lease; undefined when the replica is not registered (it was removed as dead). */
  renew(id: string, leaseMs: number): Promise<ReplicaRecord | undefined>;
  list(): Promise<ReplicaRecord[]>;
  /** Replicas whose lease ran out. */
  listExpired(): Promise<ReplicaRecord[]>;
  remove(id: string): Promise<boolean>;
}

// --- Notifications ------------------------------------------------------------------------------

export interface Subscription {
  close(): Promise<void>;
}

/**
 * Fire-and-forget messages between store users (e.g. "kill job-3" to the replica that owns it).
 * Not durable: a message published while a subscriber is disconnected is lost, so `onResume` tells
 * the subscriber its connection came back and it should re-check what it waits for.
 */
export interface Notifications {
  /** `channel`: letters, digits, `_ . : -`, at most 63 bytes; `payload` at most 7,999 bytes. */
  publish(channel: string, payload: string): Promise<void>;
  subscribe(
    channel: string,
    listener: (payload: string) => void,
    options?: { onResume?: () => void },
  ): Promise<Subscription>;
}

// --- The store ----------------------------------------------------------------------------------

export interface MigrationReport {
  /** Versions and names of the migrations this call applied (empty when up to date). */
  applied: { version: number; name: string }[];
  /** The schema version after the call. */
  version: number;
}

export interface Store {
  readonly engine: StoreEngine;
  /** Where the store is, safe to show: a folder, or the URL without its password. */
  readonly location: string;
  readonly tasks: TaskLists;
  readonly jobs: JobRecords;
  readonly mcpTasks: McpTaskRecords;
  readonly audit: AuditLog;
  readonly replicas: ReplicaLeases;
  readonly notifications: Notifications;
  /** Calls parked until a human approves or denies them. */
  readonly approvals: ApprovalRecords;
  /** Brings the schema (or folder layout) up to date; safe to run from several processes at once. */
  migrate(): Promise<MigrationReport>;
  /** Frees connections and subscriptions; later calls fail with UNAVAILABLE. Idempotent. */
  close(): Promise<void>;
}

export interface StoreOptions {
  /** Bound of every call, ms (default 5,000): past it the call fails with UNAVAILABLE. */
  timeoutMs?: number;
  /** Job output kept from the start (default 1 MiB) and from the end (default 7 MiB). */
  outputHeadBytes?: number;
  outputTailBytes?: number;
}

export const DEFAULT_STORE_TIMEOUT_MS = 5_000;
export const DEFAULT_OUTPUT_HEAD_BYTES = 1024 * 1024;
export const DEFAULT_OUTPUT_TAIL_BYTES = 7 * 1024 * 1024;
/** The largest chunk one appendOutput call takes (callers append what they read, in pieces). */
export const MAX_APPEND_BYTES = 1024 * 1024;
/** The largest MCP task result kept (as JSON). */
export const MAX_RESULT_BYTES = 8 * 1024 * 1024;
/** The most input bytes that may wait for a job's process to take them. */
export const MAX_PENDING_INPUT_BYTES = 1024 * 1024;

// --- Parked approvals ---------------------------------------------------------------------------

export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired' | 'cancelled';
export const APPROVAL_STATUSES: readonly ApprovalStatus[] = ['pending', 'approved', 'denied', 'expired', 'cancelled'];

/** A call that needs a human's approval, parked until someone decides it (or it expires). */
export interface ApprovalRecord {
  /** A random UUID: unique across replicas, unguessable. */
  id: string;
  scope: string;
  /** Who made the call. */
  principal: string;
  /** `provider.operation` */
  operation: string;
  /** The approval request as the channel built it, secrets already redacted. */
  request: unknown;
  /** The request as a human is shown it (hidden characters escaped). */
  text: string;
  status: ApprovalStatus;
  created_at: string;
  expires_at: string;
  decided_at: string | null;
  /** Who decided (an approver's principal, `cli:<user>`), or null (pending, expired, cancelled). */
  decided_by: string | null;
  reason: string | null;
}

export interface ApprovalPark {
  operation: string;
  request: unknown;
  text: string;
  /** How long it waits for a decision, ms. */
  timeoutMs: number;
  /** Most pending approvals the principal may have at once; past it LIMIT_REACHED. Absent: no limit. */
  maxPending?: number;
}

export interface ApprovalDecision {
  /** `cancelled`: the call gave up waiting; `expired`: nobody decided in time. */
  status: 'approved' | 'denied' | 'cancelled' | 'expired';
  /** Who decides. */
  by: string;
  reason?: string;
}

/**
 * What `decide` did: `applied` when this call changed a pending record; otherwise the record as it
 * is (decided by someone else first, expired, cancelled). Undefined for an unknown id.
 */
export type ApprovalOutcome = { approval: ApprovalRecord; applied: boolean } | undefined;

export interface ApprovalRecords {
  park(key: StoreKey, park: ApprovalPark): Promise<ApprovalRecord>;
  /** Any approval by id (approvers see every principal's). Undefined for an unknown id. */
  get(id: string): Promise<ApprovalRecord | undefined>;
  /** Pending ones oldest first, then (with `recent`) the most recently decided, newest first. */
  list(query?: { status?: ApprovalStatus; limit?: number }): Promise<ApprovalRecord[]>;
  /** Atomic: only a pending, unexpired record changes; the first decision wins. */
  decide(id: string, decision: ApprovalDecision): Promise<ApprovalOutcome>;
  /** Marks expired every pending approval past its time; resolves those. */
  expire(): Promise<ApprovalRecord[]>;
}

/** The notification channel every change of an approval is published on (payload: its id). */
export const APPROVALS_CHANNEL = 'toolwright.approvals';
/** Pending approvals one principal may have by default. */
export const DEFAULT_MAX_PENDING_APPROVALS = 20;
