// The embedded store's MCP task records: one JSON document per key, so one principal's tasks are
// never even read for another's, and its caps (tasks working, records kept, bytes of results) are
// counted under that document's lock together with the change they bound.
import { join } from 'node:path';
import { nodeCrypto } from '../startup/lazy-require.js';
import { documentNames, expired, iso, LEASE_LOST, type EmbeddedContext } from './embedded-records.js';
import { checkId, checkKey, checkMs, checkText } from './errors.js';
import { JsonDocument, listDocumentCheck } from './json-document.js';
import { checkMcpTaskLimits, checkMcpTaskPage, checkMcpTaskPatch, checkMcpTaskStart } from './record-checks.js';
import { roomForResult, roomForTask, type KeptTask } from './task-limits.js';
import { MCP_TASK_TERMINAL, type McpTaskRecord, type McpTaskRecords, type StoreKey } from './types.js';

/** `result_bytes` may be missing from a document written before results were counted (measured then). */
type StoredMcpTask = McpTaskRecord & { seq: number; result_bytes?: number };
interface McpDoc {
  version: 1;
  seq: number;
  tasks: StoredMcpTask[];
}

const resultBytes = (task: StoredMcpTask): number =>
  task.result_bytes ?? (task.result === null ? 0 : Buffer.byteLength(JSON.stringify(task.result)));

/** The key's live tasks as the limits see them, oldest first. */
const kept = (tasks: readonly StoredMcpTask[]): KeptTask[] =>
  tasks.map((task) => ({ id: task.id, ended: MCP_TASK_TERMINAL.includes(task.status), bytes: resultBytes(task) }));

/** The files of the MCP task records: one document per key. */
function mcpFiles(ctx: EmbeddedContext) {
  const dir = join(ctx.folder, 'mcp-tasks');
  const docAt = (name: string) =>
    new JsonDocument<McpDoc>({
      path: join(dir, name),
      empty: () => ({ version: 1, seq: 0, tasks: [] }),
      check: listDocumentCheck<McpDoc>('tasks'),
      lockTimeoutMs: ctx.lockTimeoutMs,
      display: 'the MCP task list',
    });
  const doc = (key: StoreKey) => docAt(`${ctx.keyFile(key)}.json`);
  const visible = (task: StoredMcpTask, now: number) => !expired(task.expires_at, now);
  const plain = ({ seq: _seq, result_bytes: _bytes, ...task }: StoredMcpTask): McpTaskRecord => task;
  const eachDocument = async (change: (state: McpDoc, now: number) => StoredMcpTask[]): Promise<StoredMcpTask[]> => {
    const changed: StoredMcpTask[] = [];
    for (const name of await documentNames(dir)) {
      await docAt(name).mutate((state) => {
        const before = state.tasks.length;
        const hits = change(state, Date.now());
        changed.push(...hits.map((task) => ({ ...task })));
        return { result: undefined, dirty: hits.length > 0 || state.tasks.length !== before };
      });
    }
    return changed;
  };
  return { doc, visible, plain, eachDocument };
}

type McpFiles = ReturnType<typeof mcpFiles>;

function mcpTaskReads({ doc, visible, plain }: McpFiles): Pick<McpTaskRecords, 'create' | 'get' | 'list'> {
  return {
    async create(key, start) {
      const { operation, owner, ttlMs, leaseMs, limits } = checkMcpTaskStart(key, start);
      return doc(key).mutate((state) => {
        const now = Date.now();
        // Past their ttl they are gone already: they count for nothing (the sweep removes them).
        const removed = new Set(roomForTask(kept(state.tasks.filter((task) => visible(task, now))), limits));
        state.tasks = state.tasks.filter((task) => !removed.has(task.id));
        const task: StoredMcpTask = {
          id: nodeCrypto().randomUUID(),
          seq: ++state.seq,
          scope: key.scope,
          principal: key.principal,
          operation,
          status: 'working',
          status_message: null,
          result: null,
          ttl_ms: ttlMs,
          created_at: iso(now),
          updated_at: iso(now),
          expires_at: ttlMs === null ? null : iso(now + ttlMs),
          owner,
          lease_expires_at: iso(now + leaseMs),
          result_bytes: 0,
        };
        state.tasks.push(task);
        return { result: plain(task), dirty: true };
      });
    },
    async get(key, id) {
      checkKey(key);
      checkId('task id', id);
      const task = (await doc(key).read()).tasks.find((t) => t.id === id);
      return task && visible(task, Date.now()) ? plain(task) : undefined;
    },
    async list(key, page = {}) {
      const { limit, after } = checkMcpTaskPage(key, page);
      const now = Date.now();
      const rest = (await doc(key).read()).tasks.filter((task) => task.seq > after && visible(task, now));
      const tasks = rest.slice(0, limit);
      return { tasks: tasks.map(plain), ...(rest.length > limit ? { next_cursor: String(tasks.at(-1)!.seq) } : {}) };
    },
  };
}

function mcpTaskChanges({
  doc,
  visible,
  plain,
  eachDocument,
}: McpFiles): Pick<McpTaskRecords, 'update' | 'renewLeases' | 'failExpired' | 'sweepExpired'> {
  return {
    async update(key, id, patch, limits) {
      const { status, message, resultText } = checkMcpTaskPatch(key, id, patch);
      const maxBytes = checkMcpTaskLimits(limits)?.storedBytes;
      const result = resultText === undefined ? undefined : (JSON.parse(resultText) as unknown);
      return doc(key).mutate<{ task: McpTaskRecord; applied: boolean } | undefined>((state) => {
        const now = Date.now();
        const task = state.tasks.find((t) => t.id === id);
        if (!task || !visible(task, now)) return { result: undefined, dirty: false };
        if (MCP_TASK_TERMINAL.includes(task.status))
          return { result: { task: plain(task), applied: false }, dirty: false };
        if (resultText !== undefined) {
          const live = state.tasks.filter((t) => visible(t, now));
          const removed = new Set(roomForResult(kept(live), id, Buffer.byteLength(resultText), maxBytes));
          state.tasks = state.tasks.filter((t) => !removed.has(t.id));
          task.result = result;
          task.result_bytes = Buffer.byteLength(resultText);
        }
        if (status !== undefined) task.status = status;
        if (message !== undefined) task.status_message = message;
        task.updated_at = iso(now);
        return { result: { task: plain(task), applied: true }, dirty: true };
      });
    },
    async renewLeases(owner, leaseMs, only) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      const running = only && new Set(only);
      const renewed = await eachDocument((state, now) =>
        state.tasks.filter((task) => {
          if (task.owner !== owner || MCP_TASK_TERMINAL.includes(task.status)) return false;
          if (running && !running.has(task.id)) return false;
          task.lease_expires_at = iso(now + leaseMs);
          return true;
        }),
      );
      return renewed.length;
    },
    async failExpired() {
      const failed = await eachDocument((state, now) =>
        state.tasks.filter((task) => {
          if (MCP_TASK_TERMINAL.includes(task.status) || !expired(task.lease_expires_at, now) || !visible(task, now))
            return false;
          Object.assign(task, { status: 'failed', status_message: LEASE_LOST, updated_at: iso(now) });
          return true;
        }),
      );
      return failed.map(plain);
    },
    async sweepExpired() {
      let removed = 0;
      await eachDocument((state, now) => {
        const before = state.tasks.length;
        state.tasks = state.tasks.filter((task) => visible(task, now));
        removed += before - state.tasks.length;
        return [];
      });
      return removed;
    },
  };
}

export function embeddedMcpTasks(ctx: EmbeddedContext): McpTaskRecords {
  const files = mcpFiles(ctx);
  return { ...mcpTaskReads(files), ...mcpTaskChanges(files) };
}
