// Core tasks of 2025-11-25 over a server's toolkit: tasks/get, tasks/result, tasks/list and
// tasks/cancel, answered from the records the task runner keeps (the SDK v2 packages carry the
// 2025-11-25 task vocabulary but no runtime for it). A task belongs to the toolkit's store key
// (scope and principal), so it outlives the session that created it and any replica sharing the
// store can answer for it; another principal's task is "not found".
import type { RequestId, Result, Task } from '@modelcontextprotocol/server';
import type { McpTaskRecord } from '../../../runtime/store/types.js';
import type { ToolkitOf } from '../../../runtime/contract/types.js';
import { TASK_POLL_INTERVAL_MS, errorResult, isTerminalStatus, type McpTaskRunner } from '../tasks/runner.js';
import { INVALID_PARAMS, protocolError } from '../call-params.js';

/** JSON-RPC "invalid request": what a cancelled tasks/result wait answers. */
const INVALID_REQUEST = -32600;
const TASK_ID = /^[0-9A-Za-z-]{1,128}$/;
/** The `_meta` key naming the task a result belongs to. */
const RELATED_TASK = 'io.modelcontextprotocol/related-task';

export const CORE_TASK_METHODS: ReadonlySet<string> = new Set([
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
]);

function taskNotFound(id: string): Error {
  return protocolError(INVALID_PARAMS, `Task not found: ${id} (it never existed, expired, or is not yours)`);
}

/** A record as MCP shows a task. */
export function mcpTask(record: McpTaskRecord): Task {
  return {
    taskId: record.id,
    status: record.status,
    ttl: record.ttl_ms,
    createdAt: record.created_at,
    lastUpdatedAt: record.updated_at,
    pollInterval: TASK_POLL_INTERVAL_MS,
    ...(record.status_message !== null ? { statusMessage: record.status_message } : {}),
  };
}

/** What tasks/result answers for a task that ended with no CallToolResult of its own. */
function resultOf(record: McpTaskRecord): Result {
  if (record.result !== null && typeof record.result === 'object') return record.result as Result;
  if (record.status === 'cancelled') return errorResult('CANCELLED', record.status_message ?? 'the task was cancelled');
  return errorResult('UNAVAILABLE', record.status_message ?? 'the task ended without a result');
}

function taskIdOf(params: unknown): string {
  const id = (params as { taskId?: unknown } | undefined)?.taskId;
  if (typeof id !== 'string') throw protocolError(INVALID_PARAMS, 'Invalid params: taskId must be a string');
  return id;
}

/** Resolves after `ms`, or rejects once `signal` aborts (the client gave up waiting). */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancelled = () => protocolError(INVALID_REQUEST, 'Request cancelled');
    if (signal.aborted) return reject(cancelled());
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(cancelled());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Answers the core task requests of one server. */
export class CoreTasks {
  constructor(
    private readonly runner: McpTaskRunner,
    private readonly toolkit: () => Promise<ToolkitOf>,
  ) {}

  /** The answer to one of CORE_TASK_METHODS. */
  async answer(method: string, params: unknown, signal: AbortSignal, _requestId: RequestId): Promise<Result> {
    switch (method) {
      case 'tasks/get': {
        const record = await this.#record(taskIdOf(params));
        if (!record) throw protocolError(INVALID_PARAMS, 'Failed to retrieve task: Task not found');
        return mcpTask(record);
      }
      case 'tasks/result':
        return this.#result(taskIdOf(params), signal);
      case 'tasks/list':
        return this.#list((params as { cursor?: unknown } | undefined)?.cursor);
      default:
        return this.#cancel(taskIdOf(params));
    }
  }

  /** The task's result once it has ended (waiting as long as it runs), naming the task it belongs to. */
  async #result(taskId: string, signal: AbortSignal): Promise<Result> {
    for (;;) {
      const record = await this.#record(taskId);
      if (!record) throw taskNotFound(taskId);
      if (isTerminalStatus(record.status)) {
        const result = resultOf(record);
        return { ...result, _meta: { ...result._meta, [RELATED_TASK]: { taskId } } };
      }
      await pause(TASK_POLL_INTERVAL_MS, signal);
    }
  }

  async #list(cursor: unknown): Promise<Result> {
    if (cursor !== undefined && typeof cursor !== 'string')
      throw protocolError(INVALID_PARAMS, 'Invalid params: cursor must be a string');
    const toolkit = await this.toolkit();
    const { records, key } = this.runner.recordsOf(toolkit);
    try {
      const page = await records.list(key, {
        limit: this.runner.pageSize,
        ...(cursor === undefined ? {} : { cursor }),
      });
      return {
        tasks: page.tasks.map(mcpTask),
        ...(page.next_cursor !== undefined ? { nextCursor: page.next_cursor } : {}),
        _meta: {},
      };
    } catch (error) {
      throw protocolError(
        INVALID_PARAMS,
        `Failed to list tasks: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  async #cancel(taskId: string): Promise<Result> {
    const record = await this.#record(taskId);
    if (!record) throw taskNotFound(taskId);
    if (isTerminalStatus(record.status))
      throw protocolError(INVALID_PARAMS, `Cannot cancel task in terminal status: ${record.status}`);
    const changed = await this.runner.setStatus(
      await this.toolkit(),
      taskId,
      'cancelled',
      'Client cancelled task execution.',
    );
    if (!changed) throw taskNotFound(taskId);
    return { _meta: {}, ...mcpTask(changed) };
  }

  async #record(taskId: string): Promise<McpTaskRecord | undefined> {
    // Task ids are UUIDs: anything else names no task (and never reaches the store's checks).
    if (!TASK_ID.test(taskId)) return undefined;
    const toolkit = await this.toolkit();
    const { records, key } = this.runner.recordsOf(toolkit);
    return records.get(key, taskId);
  }
}
