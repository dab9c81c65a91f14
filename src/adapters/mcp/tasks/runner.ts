// MCP tasks (protocol 2025-11-25): a task-augmented tools/call of a long-running operation starts
// the call here and answers with the task at once; the call then runs on its own, tied to no
// request or session, and its CallToolResult is kept in the toolkit's store (so every replica
// sharing it answers tasks/get, tasks/result, tasks/list and tasks/cancel) or, without a store, in
// this process. Tasks belong to the toolkit's store key (scope and principal), never to an MCP
// session. A cancel reaching a replica that does not run the task goes to its owner through the
// store's notifications (and, should one be lost, through the owner's periodic re-check).
import { randomUUID } from 'node:crypto';
import type { CallToolResult } from '@modelcontextprotocol/server';
import type { OperationDescriptor } from '../../../runtime/contract/descriptor.js';
import { ToolError } from '../../../runtime/contract/errors.js';
import { describeError, storeKeyOf } from '../../../runtime/toolkit/toolkit-services.js';
import { requestPrincipal } from '../principal.js';
import {
  MCP_TASK_TERMINAL,
  type McpTaskLimits,
  type McpTaskPatch,
  type McpTaskRecord,
  type McpTaskStatus,
  type Store,
  type StoreKey,
  type Subscription,
} from '../../../runtime/store/types.js';
import type { InvokeResult, ToolkitOf } from '../../../runtime/contract/types.js';
import { MCP_TASK_LEASE_MS, TaskLeaseKeeper } from './leases.js';
import { MemoryTaskRecords, type TaskRecords } from './memory.js';
import { ApprovalWait, parkedMessage } from './approval-wait.js';

/** How long a task is kept after it is created when the client asks for nothing else: one hour. */
export const DEFAULT_TASK_TTL_MS = 60 * 60 * 1000;
/** The longest ttl granted (a client asking for more gets this): one day. */
export const MAX_TASK_TTL_MS = 24 * 60 * 60 * 1000;
/** The shortest ttl granted: a task must outlive the answer that names it. */
export const MIN_TASK_TTL_MS = 1000;
/** What a task tells its client to wait between two tasks/get. */
export const TASK_POLL_INTERVAL_MS = 500;
/** The most tasks one server runs at once, all principals together (each may hold a process tree). */
export const DEFAULT_MAX_SERVER_TASKS = 100;
/** The most tasks one principal has working at once, counted in the store across replicas. */
export const DEFAULT_MAX_RUNNING_TASKS = 16;
/** The most task records one principal keeps (its oldest ended ones make room). */
export const DEFAULT_MAX_STORED_TASKS = 200;
/** The most bytes of task results one principal keeps (its oldest ended ones make room). */
export const DEFAULT_MAX_STORED_TASK_BYTES = 64 * 1024 * 1024;
/** JSON-RPC "internal error": what a task that cannot start is answered with. */
const INTERNAL_ERROR = -32603;
/** How long close() waits for aborted calls to end. */
const CLOSE_GRACE_MS = 5000;

interface RunningTask {
  controller: AbortController;
  toolkit: ToolkitOf;
  store: Store | undefined;
  key: StoreKey;
  done: Promise<void>;
}

/** The ttl granted for the one a client asked for (undefined: the default). */
export function grantedTtl(requested: number | undefined): number {
  if (requested === undefined || !Number.isFinite(requested)) return DEFAULT_TASK_TTL_MS;
  return Math.min(MAX_TASK_TTL_MS, Math.max(MIN_TASK_TTL_MS, Math.floor(requested)));
}

function cancelChannel(owner: string): string {
  return `mcp_task_cancel.${owner}`;
}

export function isTerminalStatus(status: McpTaskStatus): boolean {
  return MCP_TASK_TERMINAL.includes(status);
}

/** Runs the tasks of every server one maker makes (one per HTTP server, one per stdio server). */
export class McpTaskRunner {
  /** This replica, as the store's records name their owner. */
  readonly owner = randomUUID();
  readonly #memory = new MemoryTaskRecords();
  readonly #running = new Map<string, RunningTask>();
  readonly #listening = new Map<Store, Promise<Subscription | undefined>>();
  readonly #leases: TaskLeaseKeeper;
  #closed = false;

  /** Tasks being recorded: counted with those running against the server's bound. */
  #starting = 0;

  /** Tasks per tasks/list page. */
  readonly pageSize: number;
  /** The most tasks this server runs at once, all principals together. */
  readonly maxServerTasks: number;
  /** What one principal may hold, counted where its tasks are kept. */
  readonly limits: McpTaskLimits;

  constructor(options: { pageSize?: number; maxServerTasks?: number; limits?: Partial<McpTaskLimits> } = {}) {
    this.pageSize = options.pageSize ?? 100;
    this.maxServerTasks = options.maxServerTasks ?? DEFAULT_MAX_SERVER_TASKS;
    this.limits = Object.freeze({
      running: options.limits?.running ?? DEFAULT_MAX_RUNNING_TASKS,
      stored: options.limits?.stored ?? DEFAULT_MAX_STORED_TASKS,
      storedBytes: options.limits?.storedBytes ?? DEFAULT_MAX_STORED_TASK_BYTES,
    });
    this.#leases = new TaskLeaseKeeper(
      this.owner,
      MCP_TASK_LEASE_MS,
      (store) => this.#recheck(store),
      (store) => [...this.#running].flatMap(([id, task]) => (task.store === store ? [id] : [])),
    );
  }

  /** Keeps the leases of the toolkit's store, if it has one (renewing ours, failing dead replicas'). */
  watch(toolkit: ToolkitOf): void {
    const store = toolkit.services.store;
    if (store && !this.#closed) this.#leases.watch(store);
  }

  /** Where the toolkit's tasks are kept, and under which key. */
  recordsOf(
    toolkit: ToolkitOf,
    principal: string | undefined = requestPrincipal(),
  ): { records: TaskRecords; store: Store | undefined; key: StoreKey } {
    const store = toolkit.services.store;
    this.watch(toolkit);
    // A verified token's principal (issuer and subject) owns the task, as it owns the call; else the toolkit's principal.
    const options = principal === undefined ? toolkit.options : { ...toolkit.options, principal };
    return {
      records: store?.mcpTasks ?? this.#memory,
      store,
      key: storeKeyOf(options, toolkit.workspace.root),
    };
  }

  /**
   * Creates the task and starts the call (not awaited). `finish` turns the call's outcome into the
   * CallToolResult a plain call would answer; `onEnd` hears the task once it has ended here.
   */
  async start(
    toolkit: ToolkitOf,
    op: OperationDescriptor,
    args: Record<string, unknown>,
    requestedTtl: number | undefined,
    finish: (result: InvokeResult) => CallToolResult,
    onEnd?: (task: McpTaskRecord) => void,
  ): Promise<McpTaskRecord> {
    const controller = new AbortController();
    const wait = new ApprovalWait();
    return this.#track(
      toolkit,
      op,
      requestedTtl,
      controller,
      finish,
      onEnd,
      (key) =>
        toolkit.invoke(op.provider, op.name, args, {
          signal: controller.signal,
          principal: key.principal,
          onParked: wait.onParked,
          onAdmitted: wait.onAdmitted,
        }),
      undefined,
      wait,
    );
  }

  /**
   * Makes a task of a call already running (a 2026-07-28 call that ran past the server's wait),
   * owned by `principal` (the request's, else the toolkit's): `controller` aborts it on
   * tasks/cancel, and `wait` (the call's listeners) tells it of a wait for an operator. Rejects, and
   * leaves the call alone, when no task can be recorded (the caller then waits for the call as for
   * any other).
   */
  async adopt(
    toolkit: ToolkitOf,
    op: OperationDescriptor,
    running: Promise<InvokeResult>,
    controller: AbortController,
    finish: (result: InvokeResult) => CallToolResult,
    principal: string | undefined,
    wait?: ApprovalWait,
  ): Promise<McpTaskRecord> {
    return this.#track(toolkit, op, undefined, controller, finish, undefined, () => running, principal, wait);
  }

  async #track(
    toolkit: ToolkitOf,
    op: OperationDescriptor,
    requestedTtl: number | undefined,
    controller: AbortController,
    finish: (result: InvokeResult) => CallToolResult,
    onEnd: ((task: McpTaskRecord) => void) | undefined,
    invoke: (key: StoreKey) => Promise<InvokeResult>,
    principal?: string,
    wait?: ApprovalWait,
  ): Promise<McpTaskRecord> {
    if (this.#closed) throw taskRefused('UNAVAILABLE', 'the server is shutting down; no new task can start');
    // Counted before the first await: concurrent calls cannot pass the bound between check and record.
    if (this.#running.size + this.#starting >= this.maxServerTasks) {
      throw taskRefused(
        'UNAVAILABLE',
        `${this.maxServerTasks} tasks already run on this server; wait for one to end (tasks/result) or cancel one (tasks/cancel)`,
      );
    }
    this.#starting++;
    let task: McpTaskRecord;
    let where: ReturnType<McpTaskRunner['recordsOf']>;
    try {
      where = this.recordsOf(toolkit, principal);
      if (where.store) await this.#listen(where.store);
      // The principal's caps are counted with the insert, in the store across replicas.
      task = await where.records.create(where.key, {
        operation: op.id,
        owner: this.owner,
        ttlMs: grantedTtl(requestedTtl),
        leaseMs: MCP_TASK_LEASE_MS,
        limits: this.limits,
      });
    } catch (error) {
      this.#starting--;
      if (error instanceof ToolError && error.code === 'LIMIT_REACHED') throw taskRefused(error.code, error.message);
      const code = error instanceof ToolError ? error.code : 'INTERNAL';
      throw taskRefused(code, `the task could not be recorded: ${describeError(error)}`);
    }
    const { records, store, key } = where;
    // Status changes while the call waits for an operator, in order; the end is written after them.
    let shown: Promise<unknown> = Promise.resolve();
    wait?.follow((parked) => {
      const patch: McpTaskPatch = parked
        ? { status: 'input_required', status_message: parkedMessage(parked) }
        : { status: 'working', status_message: null };
      shown = shown.then(() => records.update(key, task.id, patch)).catch(() => undefined);
    });
    const run = async () => {
      let outcome: { status: 'completed' | 'failed'; message: string | null; result: CallToolResult };
      try {
        const result = await invoke(key);
        const answer = finish(result);
        outcome = result.ok
          ? { status: 'completed', message: null, result: answer }
          : { status: 'failed', message: `${result.error.code}: ${result.error.message}`, result: answer };
      } catch (error) {
        const message = `INTERNAL: ${describeError(error)}`;
        outcome = { status: 'failed', message, result: errorResult('INTERNAL', describeError(error)) };
      }
      await shown;
      const ended = await this.#record(records, key, task.id, outcome);
      if (ended) onEnd?.(ended);
    };
    const done = run().finally(() => this.#running.delete(task.id));
    this.#starting--;
    this.#running.set(task.id, { controller, toolkit, store, key, done });
    return task;
  }

  /**
   * Writes a task's end, trying again while the store does not answer. A result the store
   * refuses (too large to keep) ends the task failed, saying so, rather than leaving it working.
   */
  async #record(
    records: TaskRecords,
    key: StoreKey,
    id: string,
    outcome: { status: McpTaskStatus; message: string | null; result: CallToolResult },
  ): Promise<McpTaskRecord | undefined> {
    let patch: McpTaskPatch = { status: outcome.status, status_message: outcome.message, result: outcome.result };
    let keptWithout = false;
    for (let attempt = 0; ; attempt++) {
      try {
        // The result counts against the principal's bytes of results; the short failure that
        // replaces one that does not fit is kept whatever they hold.
        const limits = keptWithout ? undefined : { storedBytes: this.limits.storedBytes };
        return (await records.update(key, id, patch, limits))?.task;
      } catch (error) {
        if (error instanceof ToolError && error.code !== 'UNAVAILABLE' && !keptWithout) {
          keptWithout = true;
          const message = `the call ended (${outcome.status}) but its result could not be kept: ${describeError(error)}`;
          patch = { status: 'failed', status_message: message, result: errorResult(error.code, message) };
          continue;
        }
        // A store that does not answer is tried until it does (or this server closes): given up,
        // the task would stay working for as long as this replica renews its lease.
        if (this.#closed) return undefined;
        if (attempt === 2)
          process.emitWarning(`toolwright: the end of MCP task ${id} is not recorded yet: ${describeError(error)}`);
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 500 * (attempt + 1))));
      }
    }
  }

  /**
   * Sets a task's status. A cancel aborts the call where it runs: here, or on its owner through
   * the store. Undefined for a task this toolkit cannot see.
   */
  async setStatus(
    toolkit: ToolkitOf,
    id: string,
    status: McpTaskStatus,
    message: string | undefined,
    principal?: string,
  ): Promise<McpTaskRecord | undefined> {
    const { records, store, key } = this.recordsOf(toolkit, principal);
    const changed = await records.update(key, id, { status, status_message: message ?? null });
    if (!changed?.applied || status !== 'cancelled') return changed?.task;
    if (this.#abortLocal(id)) return changed.task;
    if (store && changed.task.owner !== this.owner) {
      await store.notifications.publish(cancelChannel(changed.task.owner), id).catch(() => {
        /* the owner's periodic re-check sees the status */
      });
    }
    return changed.task;
  }

  /** Resolves once no task started with `toolkit` is running here. */
  async afterTasks(toolkit: ToolkitOf): Promise<void> {
    const mine = [...this.#running.values()].filter((task) => task.toolkit === toolkit);
    await Promise.allSettled(mine.map((task) => task.done));
  }

  /** How many tasks run here now. */
  get runningCount(): number {
    return this.#running.size;
  }

  /** Stops: every task still running here is marked failed and its call aborted. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    const running = [...this.#running.entries()];
    await Promise.allSettled(
      running.map(async ([id, task]) => {
        const { records } = this.recordsOf(task.toolkit);
        await records
          .update(task.key, id, { status: 'failed', status_message: 'the server stopped before the call ended' })
          .catch(() => undefined);
        task.controller.abort();
      }),
    );
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled(running.map(([, task]) => task.done)),
      new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    this.#leases.close();
    const subscriptions = await Promise.all([...this.#listening.values()]);
    this.#listening.clear();
    await Promise.allSettled(subscriptions.flatMap((subscription) => (subscription ? [subscription.close()] : [])));
  }

  #abortLocal(id: string): boolean {
    const task = this.#running.get(id);
    if (!task) return false;
    task.controller.abort();
    return true;
  }

  /** Hears the cancels other replicas send this one (once per store, before its first task). */
  #listen(store: Store): Promise<Subscription | undefined> {
    let listening = this.#listening.get(store);
    if (!listening) {
      listening = store.notifications
        .subscribe(cancelChannel(this.owner), (id) => void this.#abortLocal(id), {
          onResume: () => void this.#recheck(store),
        })
        .catch((error: unknown) => {
          process.emitWarning(`toolwright: cannot hear MCP task cancels through the store: ${describeError(error)}`);
          this.#listening.delete(store);
          return undefined;
        });
      this.#listening.set(store, listening);
    }
    return listening;
  }

  /** Aborts every call running here whose task has ended in the store (a cancel whose message was lost). */
  async #recheck(store: Store): Promise<void> {
    const here = [...this.#running.entries()].filter(([, task]) => task.store === store);
    await Promise.all(
      here.map(async ([id, task]) => {
        let record: McpTaskRecord | undefined;
        try {
          record = await store.mcpTasks.get(task.key, id);
        } catch {
          return; // a store that does not answer is asked again next round
        }
        if (record === undefined || isTerminalStatus(record.status)) task.controller.abort();
      }),
    );
  }
}

/** The JSON-RPC error for a task that could not start, worded as a tool error is. */
function taskRefused(code: string, message: string): Error {
  return Object.assign(new Error(`Error ${code}: ${message}`), { code: INTERNAL_ERROR });
}

/** A CallToolResult for a failure with no result of its own, worded as a tool error is. */
export function errorResult(code: string, message: string): CallToolResult {
  return {
    content: [{ type: 'text', text: `Error ${code}: ${message}` }],
    isError: true,
    _meta: { 'toolwright/error': { code, message } },
  };
}
