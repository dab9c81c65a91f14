// Background jobs of a toolkit that has a store: the process runs here, its record (status, exit,
// output) lives in the store, so any replica over the same store reads it; a kill asked through
// another replica arrives on this replica's channel and ends the process tree here. The processes
// this toolkit runs are tracked locally for its cap and its close().
import { ToolError } from '../../../runtime/errors.js';
import type { SharedJobs } from '../../../runtime/store/shared-jobs.js';
import type { JobEnd, JobRecord } from '../../../runtime/store/types.js';
import type { HandlerContext, Toolkit } from '../../../runtime/types.js';
import { endedWithin, JOB_OUTPUT_DRAIN_MS, openOutputPipe, type OutputPipe } from '../process/output-pipe.js';
import { trackGroup, untrackGroup } from '../process/process-group.js';
import { startCommand, type StartedCommand } from '../process/spawn.js';
import { noteLine, type PreparedCommand } from '../run/runner.js';
import { DEFAULT_MAX_JOBS } from './job-table.js';
import { StoreOutputWriter } from './store-output.js';

/** Finished jobs kept readable per key in the store; the oldest finished one goes first. */
export const MAX_FINISHED_STORE_JOBS = 32;

/** Removes the oldest finished jobs (and their output) past the cap; a store that fails is left for the next start. */
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
}

class LocalJobs {
  readonly running = new Map<string, LocalStoreJob>();
  starting = 0;
  closed = false;
  constructor(readonly maxRunning: number) {}

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.running.values()].map((job) => killLocal(job)));
  }
}

const locals = new WeakMap<Toolkit, LocalJobs>();

function localJobs(ctx: HandlerContext): LocalJobs {
  let table = locals.get(ctx.toolkit);
  if (!table) {
    table = new LocalJobs(ctx.services.exec.maxJobs ?? DEFAULT_MAX_JOBS);
    locals.set(ctx.toolkit, table);
    const owned = table;
    ctx.toolkit.onClose(() => owned.close());
  }
  return table;
}

/** The job if this toolkit runs it in this process. */
export function localStoreJob(ctx: HandlerContext, id: string): LocalStoreJob | undefined {
  return locals.get(ctx.toolkit)?.running.get(id);
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

/** Starts the command as a job recorded in the store; returns its record once the process runs. */
export async function startStoreJob(
  ctx: HandlerContext,
  jobs: SharedJobs,
  prepared: PreparedCommand,
  timeoutMs: number | undefined,
): Promise<JobRecord> {
  const table = localJobs(ctx);
  if (table.closed) throw closedError();
  const count = table.running.size + table.starting;
  if (count >= table.maxRunning) {
    throw new ToolError(
      'LIMIT_REACHED',
      `${count} background jobs are already running in this session (the limit is ${table.maxRunning})` +
        `${table.running.size ? `: ${[...table.running.keys()].join(', ')}` : ''}. Stop one with bash_kill, or wait for one to end (bash_output shows their status).`,
    );
  }
  table.starting++;
  try {
    // Recorded first: a store that cannot take the job is UNAVAILABLE before anything runs.
    const record = await jobs.create(prepared.request.command.slice(0, 201));
    void forgetOldJobs(jobs);
    try {
      await launch(table, jobs, record, prepared, timeoutMs);
    } catch (error) {
      await jobs.finish(record.id, { status: 'failed', note: `it could not start: ${(error as Error).message}` });
      throw error;
    }
    return record;
  } finally {
    table.starting--;
  }
}

async function launch(
  table: LocalJobs,
  jobs: SharedJobs,
  record: JobRecord,
  prepared: PreparedCommand,
  timeoutMs: number | undefined,
): Promise<void> {
  const writer = new StoreOutputWriter(jobs, record.id);
  const pipe: OutputPipe = await openOutputPipe((bytes, length) => writer.write(bytes, length));
  let started: StartedCommand;
  try {
    started = await startCommand({ ...prepared.request, stdout: pipe.stdio, stderr: pipe.stdio });
  } catch (error) {
    pipe.close();
    throw error;
  }
  pipe.attach(started.child.stdout);
  trackGroup(started.pid, started.killNow);
  let stopServing: (() => void) | undefined;
  const stopNow = async (why: Error) => {
    await started.stop();
    untrackGroup(started.pid);
    pipe.close();
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
  };
  try {
    // Listening before the job is announced: a kill sent through another replica at once is heard.
    stopServing = await jobs.serveKill(record.id, () => void killLocal(job));
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
  table.running.set(record.id, job);
  (job as { done: Promise<void> }).done = (async () => {
    const ending = await started.exited;
    if (prepared.settings.mode === 'none') await started.stop();
    // As for a job of this process: its last output may take a while to be read on a loaded machine.
    await endedWithin(pipe.ended, JOB_OUTPUT_DRAIN_MS);
    pipe.close();
    clearTimeout(timer);
    untrackGroup(started.pid);
    const notes = (await prepared.afterRun().catch(() => [])).map(noteLine);
    if (!(await started.commandRan))
      notes.push('[the sandbox could not be set up, so the command did not run; bwrap says why above]');
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
    table.running.delete(record.id);
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
