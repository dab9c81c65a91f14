// The MCP SDK's TaskStore over a server's toolkit: the SDK answers tasks/get, tasks/result,
// tasks/list and tasks/cancel through it, and it reads and changes the records the task runner
// keeps. The session id the SDK passes is not used: a task belongs to the toolkit's store key
// (scope and principal), so it outlives the session that created it and any replica sharing the
// store can answer for it; another principal's task is "not found".
import type { CreateTaskOptions, TaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import type { Request, RequestId, Result, Task } from '@modelcontextprotocol/sdk/types.js';
import type { McpTaskRecord } from '../../../runtime/store/types.js';
import type { Toolkit } from '../../../runtime/types.js';
import { TASK_POLL_INTERVAL_MS, errorResult, type McpTaskRunner } from '../tasks/runner.js';

/** JSON-RPC "invalid params": what the SDK answers for an unknown task. */
const INVALID_PARAMS = -32602;
const TASK_ID = /^[0-9A-Za-z-]{1,128}$/;

function taskNotFound(id: string): Error {
  return Object.assign(new Error(`Task not found: ${id} (it never existed, expired, or is not yours)`), {
    code: INVALID_PARAMS,
  });
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

export class ToolkitTaskStore implements TaskStore {
  constructor(
    private readonly runner: McpTaskRunner,
    private readonly toolkit: () => Promise<Toolkit>,
  ) {}

  async createTask(_options: CreateTaskOptions, _requestId: RequestId, request: Request): Promise<Task> {
    // Tasks start with the call they run (McpTaskRunner.start, from the tools/call handler).
    throw new Error(`${request.method} cannot create a task through the task store`);
  }

  async getTask(taskId: string): Promise<Task | null> {
    const record = await this.#record(taskId);
    return record ? mcpTask(record) : null;
  }

  async storeTaskResult(taskId: string, status: 'completed' | 'failed', result: Result): Promise<void> {
    const toolkit = await this.toolkit();
    const { records, key } = this.runner.recordsOf(toolkit);
    const limits = { storedBytes: this.runner.limits.storedBytes };
    if (!(await records.update(key, taskId, { status, result }, limits))) throw taskNotFound(taskId);
  }

  async getTaskResult(taskId: string): Promise<Result> {
    const record = await this.#record(taskId);
    if (!record) throw taskNotFound(taskId);
    return resultOf(record);
  }

  async updateTaskStatus(taskId: string, status: Task['status'], statusMessage?: string): Promise<void> {
    const changed = await this.runner.setStatus(await this.toolkit(), taskId, status, statusMessage);
    if (!changed) throw taskNotFound(taskId);
  }

  async listTasks(cursor?: string): Promise<{ tasks: Task[]; nextCursor?: string }> {
    const toolkit = await this.toolkit();
    const { records, key } = this.runner.recordsOf(toolkit);
    const page = await records.list(key, { limit: this.runner.pageSize, ...(cursor === undefined ? {} : { cursor }) });
    return {
      tasks: page.tasks.map(mcpTask),
      ...(page.next_cursor !== undefined ? { nextCursor: page.next_cursor } : {}),
    };
  }

  async #record(taskId: string): Promise<McpTaskRecord | undefined> {
    // Task ids are UUIDs: anything else names no task (and never reaches the store's checks).
    if (typeof taskId !== 'string' || !TASK_ID.test(taskId)) return undefined;
    const toolkit = await this.toolkit();
    const { records, key } = this.runner.recordsOf(toolkit);
    return records.get(key, taskId);
  }
}
