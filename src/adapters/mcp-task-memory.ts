// MCP task records kept in this process, for a toolkit without a store: the same contract as the
// store's (a key sees only its own tasks, terminal tasks never change, oldest first with a
// cursor), bounded in count, and gone past their ttl.
import { randomUUID } from 'node:crypto';
import { ToolError } from '../runtime/errors.js';
import {
  MCP_TASK_TERMINAL,
  type McpTaskPatch,
  type McpTaskRecord,
  type McpTaskRecords,
  type McpTaskStart,
  type StoreKey,
} from '../runtime/store/types.js';

/** The records a task runner needs: the store's, or these. */
export type TaskRecords = Pick<McpTaskRecords, 'create' | 'get' | 'list' | 'update'>;

export const DEFAULT_MAX_MEMORY_TASKS = 1000;

interface Entry {
  seq: number;
  record: McpTaskRecord;
}

export class MemoryTaskRecords implements TaskRecords {
  readonly #entries = new Map<string, Entry>();
  #seq = 0;

  constructor(
    private readonly maxTasks = DEFAULT_MAX_MEMORY_TASKS,
    private readonly now: () => number = Date.now,
  ) {}

  async create(key: StoreKey, start: McpTaskStart): Promise<McpTaskRecord> {
    this.#sweep();
    if (this.#entries.size >= this.maxTasks && !this.#dropOldestFinished()) {
      throw new ToolError(
        'UNAVAILABLE',
        `${this.maxTasks} MCP tasks are running in this server; wait for one to finish or cancel one (tasks/cancel)`,
      );
    }
    const now = this.now();
    const at = new Date(now).toISOString();
    const record: McpTaskRecord = {
      id: randomUUID(),
      scope: key.scope,
      principal: key.principal,
      operation: start.operation,
      status: 'working',
      status_message: null,
      result: null,
      ttl_ms: start.ttlMs,
      created_at: at,
      updated_at: at,
      expires_at: start.ttlMs === null ? null : new Date(now + start.ttlMs).toISOString(),
      owner: start.owner,
      lease_expires_at: new Date(now + start.leaseMs).toISOString(),
    };
    this.#entries.set(record.id, { seq: ++this.#seq, record });
    return structuredClone(record);
  }

  async get(key: StoreKey, id: string): Promise<McpTaskRecord | undefined> {
    const entry = this.#visible(key, id);
    return entry && structuredClone(entry.record);
  }

  async list(
    key: StoreKey,
    page: { cursor?: string; limit?: number } = {},
  ): Promise<{ tasks: McpTaskRecord[]; next_cursor?: string }> {
    const limit = page.limit ?? 100;
    if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000)
      throw new ToolError('INVALID_INPUT', 'limit must be a whole number between 1 and 1000');
    const after = page.cursor === undefined ? 0 : Number(page.cursor);
    if (page.cursor !== undefined && !/^\d+$/.test(page.cursor)) {
      throw new ToolError('INVALID_INPUT', 'the cursor is not one a tasks/list answer returned');
    }
    this.#sweep();
    const mine = [...this.#entries.values()].filter((e) => e.seq > after && owns(key, e.record));
    const tasks = mine.slice(0, limit);
    return {
      tasks: tasks.map((e) => structuredClone(e.record)),
      ...(mine.length > limit ? { next_cursor: String(tasks.at(-1)!.seq) } : {}),
    };
  }

  async update(
    key: StoreKey,
    id: string,
    patch: McpTaskPatch,
  ): Promise<{ task: McpTaskRecord; applied: boolean } | undefined> {
    const entry = this.#visible(key, id);
    if (!entry) return undefined;
    if (MCP_TASK_TERMINAL.includes(entry.record.status)) return { task: structuredClone(entry.record), applied: false };
    entry.record = {
      ...entry.record,
      ...(patch.status !== undefined ? { status: patch.status } : {}),
      ...(patch.status_message !== undefined ? { status_message: patch.status_message } : {}),
      ...(patch.result !== undefined ? { result: structuredClone(patch.result) } : {}),
      updated_at: new Date(this.now()).toISOString(),
    };
    return { task: structuredClone(entry.record), applied: true };
  }

  #visible(key: StoreKey, id: string): Entry | undefined {
    const entry = this.#entries.get(id);
    if (!entry || !owns(key, entry.record)) return undefined;
    if (this.#expired(entry.record)) {
      this.#entries.delete(id);
      return undefined;
    }
    return entry;
  }

  #expired(record: McpTaskRecord): boolean {
    return record.expires_at !== null && Date.parse(record.expires_at) <= this.now();
  }

  #sweep(): void {
    for (const [id, entry] of this.#entries) if (this.#expired(entry.record)) this.#entries.delete(id);
  }

  /** Makes room by forgetting the oldest task that has ended; false when every task still runs. */
  #dropOldestFinished(): boolean {
    for (const [id, entry] of this.#entries) {
      if (MCP_TASK_TERMINAL.includes(entry.record.status)) {
        this.#entries.delete(id);
        return true;
      }
    }
    return false;
  }
}

function owns(key: StoreKey, record: McpTaskRecord): boolean {
  return record.scope === key.scope && record.principal === key.principal;
}
