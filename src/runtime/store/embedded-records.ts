// The embedded store's background-job and MCP-task records: one JSON document per key (so one
// principal's records are never even read for another's), job output in a capped file beside it.
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { nodeCrypto } from '../lazy-require.js';
import { ToolError } from '../errors.js';
import { ensureOwnFolder } from '../own-files.js';
import { checkId, checkKey, checkMs, checkText } from './errors.js';
import { checkJobEnd, checkJobStart, checkMcpTaskPage, checkMcpTaskPatch, checkMcpTaskStart } from './record-checks.js';
import { appendOutputFile, createOutputFile, outputTotal, readOutputFile } from './embedded-output.js';
import { JsonDocument, listDocumentCheck } from './json-document.js';
import { checkChunk, checkCursor, checkMaxBytes, type OutputLayout } from './output.js';
import {
  MCP_TASK_TERMINAL,
  type JobRecord,
  type JobRecords,
  type McpTaskRecord,
  type McpTaskRecords,
  type StoreKey,
} from './types.js';

export interface EmbeddedContext {
  readonly folder: string;
  readonly lockTimeoutMs: number;
  readonly layout: OutputLayout;
  /** The file name (no extension) of a key's documents. */
  keyFile(key: StoreKey): string;
}

const LEASE_LOST = 'its replica stopped renewing its lease (it died or lost the store)';
const JOB_ID = /^job-[1-9][0-9]{0,15}$/;

const iso = (ms = Date.now()) => new Date(ms).toISOString();
const expired = (at: string | null, now: number) => at !== null && Date.parse(at) <= now;

/** `read_pos` may be missing from a document written before jobs remembered it (read as 0). */
type StoredJob = Omit<JobRecord, 'output_bytes' | 'read_pos'> & { read_pos?: number };
interface JobsDoc {
  version: 1;
  next: number;
  jobs: StoredJob[];
}
type StoredMcpTask = McpTaskRecord & { seq: number };
interface McpDoc {
  version: 1;
  seq: number;
  tasks: StoredMcpTask[];
}

/** Every document of one kind (for the sweeps that cross keys: leases of an owner, expiry). */
async function documentNames(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.endsWith('.json'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** The files of the job records: one document per key, the output files beside it. */
function jobFiles(ctx: EmbeddedContext) {
  const dir = join(ctx.folder, 'jobs');
  const docAt = (name: string) =>
    new JsonDocument<JobsDoc>({
      path: join(dir, name),
      empty: () => ({ version: 1, next: 1, jobs: [] }),
      check: listDocumentCheck<JobsDoc>('jobs'),
      lockTimeoutMs: ctx.lockTimeoutMs,
      display: 'the job list',
    });
  const doc = (key: StoreKey) => docAt(`${ctx.keyFile(key)}.json`);
  const outputPath = (key: StoreKey, id: string) => join(dir, ctx.keyFile(key), `${id}.out`);
  const withOutput = async (key: StoreKey, job: StoredJob): Promise<JobRecord> => ({
    ...job,
    read_pos: Number(job.read_pos ?? 0),
    output_bytes: JOB_ID.test(job.id) ? ((await outputTotal(outputPath(key, job.id))) ?? 0) : 0,
  });
  const eachDocument = async (change: (job: StoredJob, now: number) => boolean): Promise<StoredJob[]> => {
    const changed: StoredJob[] = [];
    for (const name of await documentNames(dir)) {
      await docAt(name).mutate((state) => {
        const now = Date.now();
        const hits = state.jobs.filter((job) => change(job, now));
        changed.push(...hits.map((job) => ({ ...job })));
        return { result: undefined, dirty: hits.length > 0 };
      });
    }
    return changed;
  };
  return { dir, docAt, doc, outputPath, withOutput, eachDocument };
}

type JobFiles = ReturnType<typeof jobFiles>;

// Whole on purpose: one object literal of the job lifecycle methods, sharing the job files and the store context.
function jobLifecycle(
  ctx: EmbeddedContext,
  { dir, doc, outputPath, withOutput }: JobFiles,
): Pick<JobRecords, 'create' | 'get' | 'list' | 'finish' | 'remove'> {
  return {
    async create(key, start) {
      const { owner, command, leaseMs } = checkJobStart(key, start);
      const job = await doc(key).mutate(async (state) => {
        const highest = state.jobs.reduce((max, j) => Math.max(max, Number(/^job-(\d+)$/.exec(j.id)?.[1] ?? 0)), 0);
        const n = Math.max(Number(state.next) || 1, highest + 1);
        const now = Date.now();
        const record: StoredJob = {
          id: `job-${n}`,
          scope: key.scope,
          principal: key.principal,
          owner,
          command,
          status: 'running',
          exit_code: null,
          signal: null,
          started_at: iso(now),
          ended_at: null,
          lease_expires_at: iso(now + leaseMs),
          note: null,
          read_pos: 0,
        };
        // The output file first: a crash before the list is written leaves a file the next create replaces.
        await ensureOwnFolder(join(dir, ctx.keyFile(key)), 'the store folder', { parents: true });
        await unlink(outputPath(key, record.id)).catch(() => {});
        await createOutputFile(outputPath(key, record.id), ctx.layout);
        state.next = n + 1;
        state.jobs.push(record);
        return { result: record, dirty: true };
      });
      return { ...job, read_pos: 0, output_bytes: 0 };
    },
    async get(key, id) {
      checkKey(key);
      checkId('job id', id);
      const job = (await doc(key).read()).jobs.find((j) => j.id === id);
      return job ? withOutput(key, job) : undefined;
    },
    async list(key) {
      checkKey(key);
      return Promise.all((await doc(key).read()).jobs.map((job) => withOutput(key, job)));
    },
    async finish(key, id, end) {
      checkJobEnd(key, id, end);
      const found = await doc(key).mutate((state) => {
        const job = state.jobs.find((j) => j.id === id);
        if (!job) return { result: undefined, dirty: false };
        if (job.status !== 'running') return { result: { job: { ...job }, applied: false }, dirty: false };
        Object.assign(job, {
          status: end.status,
          exit_code: end.exit_code ?? null,
          signal: end.signal ?? null,
          note: end.note ?? null,
          ended_at: iso(),
        });
        return { result: { job: { ...job }, applied: true }, dirty: true };
      });
      return found && { job: await withOutput(key, found.job), applied: found.applied };
    },
    async remove(key, id) {
      checkKey(key);
      checkId('job id', id);
      const removed = await doc(key).mutate((state) => {
        const at = state.jobs.findIndex((j) => j.id === id);
        if (at >= 0) state.jobs.splice(at, 1);
        return { result: at >= 0, dirty: at >= 0 };
      });
      if (removed && JOB_ID.test(id)) await unlink(outputPath(key, id)).catch(() => {});
      return removed;
    },
  };
}

function jobLeasesAndOutput({
  outputPath,
  withOutput,
  eachDocument,
  doc,
}: JobFiles): Pick<JobRecords, 'renewLeases' | 'failExpired' | 'appendOutput' | 'readOutput' | 'markRead'> {
  return {
    async markRead(key, id, pos) {
      checkKey(key);
      checkId('job id', id);
      const to = checkCursor(pos);
      const total = JOB_ID.test(id) ? ((await outputTotal(outputPath(key, id))) ?? 0) : 0;
      return doc(key).mutate((state) => {
        const job = state.jobs.find((j) => j.id === id);
        if (!job) return { result: false, dirty: false };
        const next = Math.max(Number(job.read_pos ?? 0), Math.min(to, total));
        const dirty = next !== job.read_pos;
        job.read_pos = next;
        return { result: true, dirty };
      });
    },
    async renewLeases(owner, leaseMs) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      const renewed = await eachDocument((job, now) => {
        if (job.owner !== owner || job.status !== 'running') return false;
        job.lease_expires_at = iso(now + leaseMs);
        return true;
      });
      return renewed.length;
    },
    async failExpired() {
      const failed = await eachDocument((job, now) => {
        if (job.status !== 'running' || !expired(job.lease_expires_at, now)) return false;
        Object.assign(job, { status: 'failed', ended_at: iso(now), note: LEASE_LOST });
        return true;
      });
      return Promise.all(failed.map((job) => withOutput({ scope: job.scope, principal: job.principal }, job)));
    },
    async appendOutput(key, id, chunk) {
      checkKey(key);
      checkId('job id', id);
      checkChunk(chunk);
      const total = JOB_ID.test(id) ? await appendOutputFile(outputPath(key, id), chunk) : undefined;
      if (total === undefined)
        throw new ToolError('NOT_FOUND', `no background job ${JSON.stringify(id)} to append output to`);
      return total;
    },
    async readOutput(key, id, cursor, maxBytes) {
      checkKey(key);
      checkId('job id', id);
      const from = checkCursor(cursor);
      const limit = checkMaxBytes(maxBytes);
      if (!JOB_ID.test(id)) return undefined;
      return readOutputFile(outputPath(key, id), from, limit);
    },
  };
}

export function embeddedJobs(ctx: EmbeddedContext): JobRecords {
  const files = jobFiles(ctx);
  return { ...jobLifecycle(ctx, files), ...jobLeasesAndOutput(files) };
}

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
  const plain = ({ seq: _seq, ...task }: StoredMcpTask): McpTaskRecord => task;
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
      const { operation, owner, ttlMs, leaseMs } = checkMcpTaskStart(key, start);
      return doc(key).mutate((state) => {
        const now = Date.now();
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
    async update(key, id, patch) {
      const { status, message, resultText } = checkMcpTaskPatch(key, id, patch);
      const result = resultText === undefined ? undefined : (JSON.parse(resultText) as unknown);
      return doc(key).mutate<{ task: McpTaskRecord; applied: boolean } | undefined>((state) => {
        const task = state.tasks.find((t) => t.id === id);
        if (!task || !visible(task, Date.now())) return { result: undefined, dirty: false };
        if (MCP_TASK_TERMINAL.includes(task.status))
          return { result: { task: plain(task), applied: false }, dirty: false };
        if (status !== undefined) task.status = status;
        if (message !== undefined) task.status_message = message;
        if (result !== undefined) task.result = result;
        task.updated_at = iso();
        return { result: { task: plain(task), applied: true }, dirty: true };
      });
    },
    async renewLeases(owner, leaseMs) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      const renewed = await eachDocument((state, now) =>
        state.tasks.filter((task) => {
          if (task.owner !== owner || MCP_TASK_TERMINAL.includes(task.status)) return false;
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
