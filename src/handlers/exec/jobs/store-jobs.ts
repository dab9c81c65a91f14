// Background jobs of a toolkit that has a store: the process runs here, its record (status, exit,
// output, input waiting for it) lives in the store under the calling principal's key, so any
// replica over the same store reads it; a kill or input sent through another replica arrives on
// this replica's channel and is acted on here. The principal's cap of running jobs is counted in
// the store (across replicas); the processes this toolkit runs are tracked here for its close().
import { isToolError, ToolError } from '../../../runtime/contract/errors.js';
import type { SharedJobs } from '../../../runtime/store/shared-jobs.js';
import type { JobEnd, JobRecord, StoreKey } from '../../../runtime/store/types.js';
import type { HandlerContext, ToolkitOf } from '../../../runtime/contract/types.js';
import { openInputPipe, type InputPipe } from '../process/input-pipe.js';
import { endedWithin, JOB_OUTPUT_DRAIN_MS, openOutputPipe, type OutputPipe } from '../process/output-pipe.js';
import { trackGroup, untrackGroup } from '../../../runtime/processes/process-group.js';
import { startCommand, type StartedCommand } from '../process/spawn.js';
import { noteLine, type PreparedCommand } from '../run/runner.js';
import { DEFAULT_MAX_JOBS } from './job-table.js';
import { StoreOutputWriter } from './store-output.js';

/** Finished jobs kept readable per key in the store; the oldest finished one goes first. */
export const MAX_FINISHED_STORE_JOBS = 32;

/** Removes the key's oldest finished jobs (and their output) past the cap; a store that fails is left for the next start. */
async function forgetOldJobs(jobs: SharedJobs): Promise<void> {
  try {
    const finished = (await jobs.list()).filter((job) => job.status !== 'running');
    for (const old of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED_STORE_JOBS)))
      await jobs.remove(old.id);
  } catch {
    /* tried again at the next start */
  }
}

/** A job this replica runs for the toolkit. */
export interface LocalStoreJob {
  readonly id: string;
  readonly process: StartedCommand;
  /** Set once a kill was asked (here or through another replica): the job ends as killed. */
  killRequested: boolean;
  timedOut: boolean;
  /** Settles once the process ended and its end is recorded (or the store failed to take it). */
  readonly done: Promise<void>;
  /** Takes the input waiting for it in the store and writes it to the process, in order; never rejects. */
  feed(): Promise<void>;
}

/** Where a job of one key is found among those a toolkit runs (ids are per key: job-1 of two principals are two jobs). */
const localKey = (key: StoreKey, id: string) => JSON.stringify([key.scope, key.principal, id]);

class LocalJobs {
  readonly running = new Map<string, LocalStoreJob>();
  closed = false;

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.values()].map((job) => killLocal(job)));
  }
}

const locals = new WeakMap<ToolkitOf, LocalJobs>();

function localJobs(ctx: HandlerContext): LocalJobs {
  let table = locals.get(ctx.toolkit);
  if (!table) {
    table = new LocalJobs();
    locals.set(ctx.toolkit, table);
    const owned = table;
    ctx.toolkit.onClose(() => owned.close());
  }
  return table;
}

/** The job of this key if this toolkit runs it in this process. */
export function localStoreJob(ctx: HandlerContext, jobs: SharedJobs, id: string): LocalStoreJob | undefined {
  return locals.get(ctx.toolkit)?.running.get(localKey(jobs.key, id));
}

/** How long a kill waits for the end to be recorded once the processes are gone. */
export const KILL_RECORD_WAIT_MS = 5_000;

/** Ends a job run here (its whole process tree), then waits (bounded) until its end is recorded. */
export async function killLocal(job: LocalStoreJob): Promise<void> {
  job.killRequested = true;
  await job.process.stop();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([job.done, new Promise((resolve) => (timer = setTimeout(resolve, KILL_RECORD_WAIT_MS)))]);
  clearTimeout(timer);
}

function closedError(): ToolError {
  return new ToolError('UNAVAILABLE', 'this toolkit is closed; background jobs can no longer start');
}

/** The store's refusal past the principal's cap, with the jobs that run and how to free one. */
async function limitReached(jobs: SharedJobs, refusal: ToolError): Promise<ToolError> {
  const running = await jobs.list().then(
    (all) => all.filter((job) => job.status === 'running').map((job) => job.id),
    () => [],
  );
  return new ToolError(
    'LIMIT_REACHED',
    `${refusal.message}${running.length ? `: ${running.join(', ')}` : ''}. ` +
      'Stop one with bash_kill, or wait for one to end (bash_output shows their status).',
    refusal.details,
  );
}

/** Starts the command as a job recorded in the store; returns its record once the process runs. */
export async function startStoreJob(
  ctx: HandlerContext,
  jobs: SharedJobs,
  prepared: PreparedCommand,
  timeoutMs: number | undefined,
): Promise<JobRecord> {
  const table = localJobs(ctx);
  if (table.closed) throw closedError();
  let record: JobRecord;
  try {
    // Recorded first, the cap counted with it: a store that cannot take the job (or a principal at
    // its cap) is refused before anything runs.
    record = await jobs.create(prepared.request.command.slice(0, 201), ctx.services.exec.maxJobs ?? DEFAULT_MAX_JOBS);
  } catch (error) {
    if (isToolError(error) && error.code === 'LIMIT_REACHED') throw await limitReached(jobs, error);
    throw error;
  }
  void forgetOldJobs(jobs);
  try {
    await launch(table, jobs, record, prepared, timeoutMs);
  } catch (error) {
    await jobs.finish(record.id, { status: 'failed', note: `it could not start: ${(error as Error).message}` });
    throw error;
  }
  return record;
}

/** The job's stdin, fed from the store: one take at a time, in order, each written before the next. */
function inputFeeder(jobs: SharedJobs, id: string, input: InputPipe): () => Promise<void> {
  let closed = false;
  let feeding: Promise<void> | undefined;
  let again = false;
  const takeOnce = async () => {
    if (closed) return;
    const taken = await jobs.takeInput(id).catch(() => undefined); // a store that fails: the next round asks again
    if (!taken) return;
    if (taken.data.length > 0) await input.write(taken.data.toString('utf8')).catch(() => {}); // the reader is gone
    if (taken.eof) {
      closed = true;
      input.end();
    }
  };
  return () => {
    if (feeding) {
      again = true;
      return feeding;
    }
    feeding = (async () => {
      do {
        again = false;
        await takeOnce();
      } while (again);
    })().finally(() => (feeding = undefined));
    return feeding;
  };
}

async function launch(
  table: LocalJobs,
  jobs: SharedJobs,
  record: JobRecord,
  prepared: PreparedCommand,
  timeoutMs: number | undefined,
): Promise<void> {
  const writer = new StoreOutputWriter(jobs, record.id);
  const pipe: OutputPipe = await openOutputPipe(
    (bytes, length) => writer.write(bytes, length),
    prepared.outputRedactor,
  );
  let input: InputPipe;
  try {
    input = await openInputPipe();
  } catch (error) {
    pipe.close();
    throw error;
  }
  let started: StartedCommand;
  try {
    started = await startCommand({ ...prepared.request, stdin: input.stdio, stdout: pipe.stdio, stderr: pipe.stdio });
  } catch (error) {
    pipe.close();
    input.close();
    throw error;
  }
  input.attach(started.child.stdin);
  pipe.attach(started.child.stdout);
  trackGroup(started.pid, started.killNow);
  let stopServing: (() => void) | undefined;
  const stopNow = async (why: Error) => {
    await started.stop();
    untrackGroup(started.pid);
    pipe.close();
    input.close();
    await writer.close();
    throw why;
  };
  if (table.closed) return stopNow(closedError());
  const job: LocalStoreJob = {
    id: record.id,
    process: started,
    killRequested: false,
    timedOut: false,
    done: Promise.resolve(),
    feed: inputFeeder(jobs, record.id, input),
  };
  try {
    // Listening before the job is announced: a kill or input sent through another replica at once is heard.
    stopServing = await jobs.serve(record.id, { kill: () => void killLocal(job), input: () => void job.feed() });
  } catch (error) {
    return stopNow(error as Error);
  }
  const timer =
    timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          job.timedOut = true;
          void started.stop();
        }, timeoutMs);
  const at = localKey(jobs.key, record.id);
  table.running.set(at, job);
  (job as { done: Promise<void> }).done = (async () => {
    const ending = await started.exited;
    if (prepared.settings.mode === 'none') await started.stop();
    // As for a job of this process: its last output may take a while to be read on a loaded machine.
    await endedWithin(pipe.ended, JOB_OUTPUT_DRAIN_MS);
    pipe.close();
    input.close();
    clearTimeout(timer);
    untrackGroup(started.pid);
    const notes = (await prepared.afterRun().catch(() => [])).map(noteLine);
    notes.push(...((await prepared.afterJob?.().catch(() => [])) ?? []));
    if (!(await started.commandRan))
      notes.push('[the sandbox could not be set up, so the command did not run; bwrap says why above]');
    // Its output lands before its end does: a reader that sees the end has seen everything.
    await writer.close();
    if (writer.lostBytes > 0)
      notes.push(
        `[${writer.lostBytes} bytes of output did not reach the store (${writer.lastError ?? 'it fell behind'})]`,
      );
    const end: JobEnd = {
      status: job.killRequested ? 'killed' : job.timedOut ? 'timed_out' : 'exited',
      exit_code: ending.exitCode,
      signal: ending.signal,
      note: notes.length ? notes.join('\n').slice(0, 4096) : null,
    };
    await recordEnd(jobs, record.id, end);
    stopServing?.();
    table.running.delete(at);
  })();
}

/** Records the end, trying again while the store is away (else the record would read running for good). */
async function recordEnd(jobs: SharedJobs, id: string, end: JobEnd): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (
      await jobs.finish(id, end).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 2_000).unref());
  }
}
