// The embedded store's background-job and MCP-task records: one JSON document per key (so one
// principal's records are never even read for another's, and its cap is counted under that
// document's lock), job output in a capped file beside it, input waiting for the job's process in
// the record.
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolError } from '../contract/errors.js';
import { ensureOwnFolder } from '../fs/own-files.js';
import { checkId, checkKey, checkMs, checkText } from './errors.js';
import { checkJobEnd, checkJobInput, checkJobStart, jobLimitReached } from './record-checks.js';
import { appendOutputFile, createOutputFile, outputTotal, readOutputFile } from './embedded-output.js';
import { JsonDocument, listDocumentCheck } from './json-document.js';
import { checkChunk, checkCursor, checkMaxBytes, type OutputLayout } from './output.js';
import { MAX_PENDING_INPUT_BYTES, type InputWrite, type JobRecord, type JobRecords, type StoreKey } from './types.js';

export interface EmbeddedContext {
  readonly folder: string;
  readonly lockTimeoutMs: number;
  readonly layout: OutputLayout;
  /** The file name (no extension) of a key's documents. */
  keyFile(key: StoreKey): string;
}

export const LEASE_LOST = 'its replica stopped renewing its lease (it died or lost the store)';
const JOB_ID = /^job-[1-9][0-9]{0,15}$/;

export const iso = (ms = Date.now()) => new Date(ms).toISOString();
export const expired = (at: string | null, now: number) => at !== null && Date.parse(at) <= now;

/**
 * Fields written after the first layout may be missing from an older document: `read_pos` and
 * the input counters read as 0, `input_eof` as false. `input_pending` is the input waiting for the
 * process, base64.
 */
type StoredJob = Omit<
  JobRecord,
  'output_bytes' | 'read_pos' | 'input_total' | 'input_taken' | 'input_eof' | 'input_closed'
> & {
  read_pos?: number;
  input_total?: number;
  input_taken?: number;
  input_eof?: boolean;
  input_closed?: boolean;
  input_pending?: string;
};
interface JobsDoc {
  version: 1;
  next: number;
  jobs: StoredJob[];
}

/** Every document of one kind (for the sweeps that cross keys: leases of an owner, expiry). */
export async function documentNames(dir: string): Promise<string[]> {
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
    ...recordOf(job),
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

/** A stored job as a record, its output total still to be set. */
function recordOf({ input_pending: _pending, ...job }: StoredJob): JobRecord {
  return {
    ...job,
    read_pos: Number(job.read_pos ?? 0),
    input_total: Number(job.input_total ?? 0),
    input_taken: Number(job.input_taken ?? 0),
    input_eof: job.input_eof === true,
    input_closed: job.input_closed === true,
    output_bytes: 0,
  };
}

// Whole on purpose: one object literal of the job lifecycle methods, sharing the job files and the store context.
function jobLifecycle(
  ctx: EmbeddedContext,
  { dir, doc, outputPath, withOutput }: JobFiles,
): Pick<JobRecords, 'create' | 'get' | 'list' | 'finish' | 'remove'> {
  return {
    async create(key, start) {
      const { owner, command, leaseMs, maxRunning } = checkJobStart(key, start);
      const job = await doc(key).mutate(async (state) => {
        const running = state.jobs.filter((j) => j.status === 'running').length;
        if (maxRunning !== undefined && running >= maxRunning) throw jobLimitReached(running, maxRunning);
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
          input_total: 0,
          input_taken: 0,
          input_eof: false,
          input_closed: false,
        };
        // The output file first: a crash before the list is written leaves a file the next create replaces.
        await ensureOwnFolder(join(dir, ctx.keyFile(key)), 'the store folder', { parents: true });
        await unlink(outputPath(key, record.id)).catch(() => {});
        await createOutputFile(outputPath(key, record.id), ctx.layout);
        state.next = n + 1;
        state.jobs.push(record);
        return { result: record, dirty: true };
      });
      return recordOf(job);
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
        delete job.input_pending;
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
    async renewLeases(owner, leaseMs, only) {
      checkText('owner', owner, 256);
      checkMs('leaseMs', leaseMs);
      const served = only && new Set(only.map((job) => JSON.stringify([job.scope, job.principal, job.id])));
      const renewed = await eachDocument((job, now) => {
        if (job.owner !== owner || job.status !== 'running') return false;
        if (served && !served.has(JSON.stringify([job.scope, job.principal, job.id]))) return false;
        job.lease_expires_at = iso(now + leaseMs);
        return true;
      });
      return renewed.length;
    },
    async failExpired() {
      const failed = await eachDocument((job, now) => {
        if (job.status !== 'running' || !expired(job.lease_expires_at, now)) return false;
        Object.assign(job, { status: 'failed', ended_at: iso(now), note: LEASE_LOST });
        delete job.input_pending;
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

type Refusal = Extract<InputWrite, { queued: false }>['why'];

/** Input waiting in the record until the replica running the job takes it. */
function jobInput({
  dir,
  docAt,
  doc,
  withOutput,
}: JobFiles): Pick<JobRecords, 'writeInput' | 'takeInput' | 'pendingInput'> {
  return {
    async writeInput(key, id, data, eof) {
      const bytes = checkJobInput(key, id, data, eof);
      type Outcome = { job: StoredJob; why: Refusal | undefined } | undefined;
      const found = await doc(key).mutate<Outcome>((state) => {
        const job = state.jobs.find((j) => j.id === id);
        if (!job) return { result: undefined, dirty: false };
        const why: Refusal | undefined =
          job.status !== 'running'
            ? 'ended'
            : job.input_eof
              ? 'eof'
              : Number(job.input_total ?? 0) - Number(job.input_taken ?? 0) + bytes.length > MAX_PENDING_INPUT_BYTES
                ? 'full'
                : undefined;
        if (why) return { result: { job: { ...job }, why }, dirty: false };
        const pending = Buffer.from(job.input_pending ?? '', 'base64');
        job.input_pending = Buffer.concat([pending, bytes]).toString('base64');
        job.input_total = Number(job.input_total ?? 0) + bytes.length;
        job.input_eof = eof;
        return { result: { job: { ...job }, why: undefined }, dirty: true };
      });
      if (!found) return undefined;
      const job = await withOutput(key, found.job);
      return found.why ? { queued: false, job, why: found.why } : { queued: true, job, end: job.input_total };
    },
    async takeInput(key, id) {
      checkKey(key);
      checkId('job id', id);
      return doc(key).mutate((state) => {
        const job = state.jobs.find((j) => j.id === id);
        if (!job) return { result: undefined, dirty: false };
        const data = Buffer.from(job.input_pending ?? '', 'base64');
        const eof = job.input_eof === true;
        const dirty = data.length > 0 || (eof && !job.input_closed);
        delete job.input_pending;
        job.input_taken = Number(job.input_total ?? 0);
        if (eof) job.input_closed = true;
        return { result: { data, eof, taken: job.input_taken }, dirty };
      });
    },
    async pendingInput(owner) {
      checkText('owner', owner, 256);
      const found: (StoreKey & { id: string })[] = [];
      for (const name of await documentNames(dir)) {
        for (const job of (await docAt(name).read()).jobs) {
          const waiting = Number(job.input_total ?? 0) > Number(job.input_taken ?? 0);
          if (job.owner === owner && job.status === 'running' && (waiting || (job.input_eof && !job.input_closed)))
            found.push({ scope: job.scope, principal: job.principal, id: job.id });
        }
      }
      return found;
    },
  };
}

export function embeddedJobs(ctx: EmbeddedContext): JobRecords {
  const files = jobFiles(ctx);
  return { ...jobLifecycle(ctx, files), ...jobLeasesAndOutput(files), ...jobInput(files) };
}
