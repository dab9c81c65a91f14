// MCP task records kept in this process, for a toolkit without a store: the same contract as the
// store's (a key sees only its own tasks and is capped on its own, room made only from its own
// ended tasks; terminal tasks never change; oldest first with a cursor), gone past their ttl, and
// bounded in all (past that a new task or result is refused: never another key's evicted).
import { randomUUID } from 'node:crypto';
import { ToolError } from '../../../runtime/contract/errors.js';
import { roomForResult, roomForTask, type KeptTask } from '../../../runtime/store/task-limits.js';
import {
  MCP_TASK_TERMINAL,
  type McpTaskLimits,
  type McpTaskPatch,
  type McpTaskRecord,
  type McpTaskRecords,
  type McpTaskStart,
  type StoreKey,
} from '../../../runtime/store/types.js';

/** The records a task runner needs: the store's, or these. */
export type TaskRecords = Pick<McpTaskRecords, 'create' | 'get' | 'list' | 'update'>;

/** Task records one server keeps in memory, all principals together. */
export const DEFAULT_MAX_MEMORY_TASKS = 10_000;
/** Bytes of results one server keeps in memory, all principals together. */
export const DEFAULT_MAX_MEMORY_RESULT_BYTES = 512 * 1024 * 1024;

interface Entry {
  seq: number;
  record: McpTaskRecord;
  bytes: number;
}

export class MemoryTaskRecords implements TaskRecords {
  readonly #entries = new Map<string, Entry>();
  #seq = 0;
  #bytes = 0;

  constructor(
    private readonly maxTasks = DEFAULT_MAX_MEMORY_TASKS,
    private readonly now: () => number = Date.now,
    private readonly maxBytes = DEFAULT_MAX_MEMORY_RESULT_BYTES,
  ) {}

  async create(key: StoreKey, start: McpTaskStart): Promise<McpTaskRecord> {
    this.#sweep();
    // The key's own limits first (its own ended tasks make room), then the server's whole bound.
    const removed = roomForTask(this.#kept(key), start.limits);
    if (this.#entries.size - removed.length >= this.maxTasks) {
      throw new ToolError(
        'UNAVAILABLE',
        `this server keeps ${this.#entries.size} MCP tasks in memory, its limit; wait for them to expire (their ttl) or serve with a store`,
      );
    }
    for (const id of removed) this.#remove(id);
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
    this.#entries.set(record.id, { seq: ++this.#seq, record, bytes: 0 });
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
    limits?: Pick<McpTaskLimits, 'storedBytes'>,
  ): Promise<{ task: McpTaskRecord; applied: boolean } | undefined> {
    const entry = this.#visible(key, id);
    if (!entry) return undefined;
    if (MCP_TASK_TERMINAL.includes(entry.record.status)) return { task: structuredClone(entry.record), applied: false };
    if (patch.result !== undefined) {
      const bytes = Buffer.byteLength(JSON.stringify(patch.result ?? null));
      const removed = roomForResult(this.#kept(key), id, bytes, limits?.storedBytes);
      const freed = removed.reduce((sum, gone) => sum + (this.#entries.get(gone)?.bytes ?? 0), 0);
      if (this.#bytes - freed - entry.bytes + bytes > this.maxBytes) {
        throw new ToolError(
          'LIMIT_REACHED',
          `this server keeps at most ${this.maxBytes} bytes of MCP task results in memory, and this one (${bytes} bytes) does not fit`,
        );
      }
      for (const gone of removed) this.#remove(gone);
      this.#bytes += bytes - entry.bytes;
      entry.bytes = bytes;
    }
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
      this.#remove(id);
      return undefined;
    }
    return entry;
  }

  /** The key's own live tasks as the limits see them, oldest first. */
  #kept(key: StoreKey): KeptTask[] {
    const kept: KeptTask[] = [];
    for (const { record, bytes } of this.#entries.values())
      if (owns(key, record)) kept.push({ id: record.id, ended: MCP_TASK_TERMINAL.includes(record.status), bytes });
    return kept;
  }

  #remove(id: string): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#bytes -= entry.bytes;
    this.#entries.delete(id);
  }

  #expired(record: McpTaskRecord): boolean {
    return record.expires_at !== null && Date.parse(record.expires_at) <= this.now();
  }

  #sweep(): void {
    for (const [id, entry] of this.#entries) if (this.#expired(entry.record)) this.#remove(id);
  }
}

function owns(key: StoreKey, record: McpTaskRecord): boolean {
  return record.scope === key.scope && record.principal === key.principal;
}
