import { performance } from 'node:perf_hooks';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { HandlerContext, ToolkitOf } from '../../../runtime/contract/types.js';
import { cleanCutLength } from '../../../runtime/text/render.js';
import { DEFAULT_OUTPUT_LIMIT, OutputCollector, type CollectedOutput } from '../run/collector.js';
import type { InputTarget } from '../process/input-wait.js';
import { endedWithin, JOB_OUTPUT_DRAIN_MS, type ChunkHandler } from '../process/output-pipe.js';
import { trackGroup, untrackGroup } from '../../../runtime/processes/process-group.js';
import { noteLine, type CommandNote, type PreparedCommand } from '../run/runner.js';
import { startCommand, type StartedCommand } from '../process/spawn.js';
import { SpillFile } from './spill.js';
import { openJobIo, type JobInput, type JobIo } from './job-io.js';

/**
 * Background jobs: one table per toolkit (an MCP session, a sub-agent), so a session sees and
 * kills only its own. Each job's stdout and stderr go, interleaved, into a capped spill file;
 * jobs die with `toolkit.close()`, and (../process/process-group.ts) at host exit and on SIGINT/SIGTERM.
 */

export type JobStatus = 'running' | 'exited' | 'killed' | 'timed_out';

export const DEFAULT_MAX_JOBS = 8;
/** Finished jobs kept readable per toolkit; the oldest finished one goes first. */
const MAX_FINISHED_JOBS = 32;
const SPILL_HEAD_BYTES = 1024 * 1024;
const SPILL_TAIL_BYTES = 7 * 1024 * 1024;

export interface Job {
  readonly id: string;
  /** Who started it: only calls for the same principal see it. */
  readonly principal: string;
  readonly command: string;
  readonly startedAt: number;
  status: JobStatus;
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  endedAt: number | undefined;
  /** Absolute spill position up to which bash_output has returned the output. */
  readOffset: number;
  readonly spill: SpillFile;
  readonly process: StartedCommand;
  /** Settles when the job has ended and its output is all in the spill file. */
  done: Promise<void>;
  /** Called on new output and at the end (bash_output's wait_ms). */
  readonly waiters: Set<() => void>;
  killRequested: boolean;
  /** Shown by bash_output once the job ended (e.g. git redirections the sandbox undid). */
  notes: string[];
  /** What the sandboxed job left for the host's tools, once it ended. */
  artifacts: CommandNote[];
  /** Its stdin (or terminal), for bash_write. */
  readonly input: JobInput;
  readonly inputTarget: InputTarget | undefined;
  /** A foreground call (pty) still waiting on it: not listed, not reachable by id. */
  foreground: boolean;
  /** Stops its timeout (a foreground call that became a background job). */
  cancelTimeout(): void;
}

export interface JobOptions {
  /** Run in a pseudo-terminal. */
  terminal?: boolean;
  /** Started by a foreground call that may hand it over (see Job.foreground). */
  foreground?: boolean;
}

class JobTable {
  private readonly jobs = new Map<string, Job>();
  private next = 1;
  closed = false;
  /** Jobs between the cap check and their first pid. */
  starting = 0;

  constructor(readonly maxRunning: number) {}

  /** Jobs whose process has not ended yet (one being killed included). */
  get running(): Job[] {
    return [...this.jobs.values()].filter((job) => job.endedAt === undefined);
  }

  /** The jobs a principal sees (a foreground call's is nobody's to list yet). */
  list(principal: string): Job[] {
    return [...this.jobs.values()].filter((job) => job.principal === principal && !job.foreground);
  }

  /** Another principal's job answers as a job that does not exist. */
  get(id: string, principal: string): Job {
    const job = this.jobs.get(id);
    if (!job || job.principal !== principal || job.foreground) {
      throw unknownJob(
        id,
        this.list(principal).map((listed) => listed.id),
      );
    }
    return job;
  }

  newId(): string {
    return `job-${this.next++}`;
  }

  add(job: Job): void {
    this.jobs.set(job.id, job);
    const finished = [...this.jobs.values()].filter((j) => j.endedAt !== undefined);
    for (const old of finished.slice(0, Math.max(0, finished.length - MAX_FINISHED_JOBS))) {
      this.jobs.delete(old.id);
      old.spill.close();
    }
  }

  /** Drops an ended job (a foreground call's, once it returned its output). */
  forget(job: Job): void {
    if (this.jobs.get(job.id) !== job || job.endedAt === undefined) return;
    this.jobs.delete(job.id);
    job.spill.close();
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.running.map((job) => killJob(job)));
    for (const job of this.jobs.values()) job.spill.close();
    this.jobs.clear();
  }
}

/** Per toolkit, one table per principal: a principal never sees (or kills) another's jobs. */
const tables = new WeakMap<ToolkitOf, Map<string, JobTable>>();

function tableFor(ctx: HandlerContext, create: boolean): JobTable | undefined {
  let byPrincipal = tables.get(ctx.toolkit);
  let table = byPrincipal?.get(ctx.principal);
  if (!table && create) {
    table = new JobTable(ctx.services.exec.maxJobs ?? DEFAULT_MAX_JOBS);
    if (!byPrincipal) tables.set(ctx.toolkit, (byPrincipal = new Map<string, JobTable>()));
    byPrincipal.set(ctx.principal, table);
    const owned = table;
    ctx.toolkit.onClose(() => owned.close());
  }
  return table;
}

/** Who the call acts for (the call's principal, by default the toolkit's). */
export function callerPrincipal(ctx: HandlerContext): string {
  return ctx.principal ?? ctx.toolkit.options.principal ?? 'local';
}

/** Starts a prepared command as a background job of this toolkit; returns at once. */
export async function startJob(
  ctx: HandlerContext,
  prepared: PreparedCommand,
  timeoutMs: number | undefined,
  options: JobOptions = {},
): Promise<Job> {
  const table = tableFor(ctx, true)!;
  if (table.closed) throw closedError();
  const running = table.running;
  // Starting takes a few awaits: count starts under way too, so concurrent calls cannot pass the cap.
  if (running.length + table.starting >= table.maxRunning) {
    throw new ToolError(
      'LIMIT_REACHED',
      `${running.length + table.starting} background jobs are already running in this session (the limit is ${table.maxRunning})` +
        `${running.length ? `: ${running.map((job) => job.id).join(', ')}` : ''}. Stop one with bash_kill, or wait for one to end (bash_output shows their status).`,
    );
  }
  table.starting++;
  try {
    return await launch(table, prepared, { timeoutMs, principal: callerPrincipal(ctx) }, options);
  } finally {
    table.starting--;
  }
}

function closedError(): ToolError {
  return new ToolError('UNAVAILABLE', 'this toolkit is closed; background jobs can no longer start');
}

type LaunchOptions = { timeoutMs: number | undefined; principal: string };

async function launch(
  table: JobTable,
  prepared: PreparedCommand,
  run: LaunchOptions,
  options: JobOptions,
): Promise<Job> {
  const { timeoutMs } = run;
  const spill = new SpillFile(SPILL_HEAD_BYTES, SPILL_TAIL_BYTES);
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const { io, started } = await startProcess(table, prepared, options, spill, (bytes, length) => {
    spill.write(bytes, length);
    if (waiters.size) wake();
  });
  let timer: NodeJS.Timeout | undefined;
  const job: Job = {
    id: table.newId(),
    principal: run.principal,
    // Kept for the job list only: a multi-megabyte script need not stay in memory with the job.
    command: prepared.request.command.slice(0, 201),
    startedAt: performance.now(),
    status: 'running',
    exitCode: null,
    signal: null,
    endedAt: undefined,
    readOffset: 0,
    spill,
    process: started,
    waiters,
    killRequested: false,
    notes: [],
    artifacts: [],
    done: Promise.resolve(),
    input: io.input,
    inputTarget: io.inputTarget,
    foreground: options.foreground === true,
    cancelTimeout: () => clearTimeout(timer),
  };
  job.done = jobEnded(job, prepared, io).then(wake);
  if (timeoutMs !== undefined) {
    timer = setTimeout(() => {
      if (job.status !== 'running') return;
      job.status = 'timed_out';
      void started.stop();
    }, timeoutMs);
  }
  table.add(job);
  return job;
}

/** Opens the job's stdio and starts its command; everything is released again when that fails. */
async function startProcess(
  table: JobTable,
  prepared: PreparedCommand,
  options: JobOptions,
  spill: SpillFile,
  onChunk: ChunkHandler,
): Promise<{ io: JobIo; started: StartedCommand }> {
  let io: JobIo;
  try {
    io = await openJobIo(options.terminal === true, onChunk, prepared.outputRedactor);
  } catch (error) {
    spill.close();
    throw error;
  }
  let started: StartedCommand;
  try {
    started = await startCommand({
      ...prepared.request,
      stdin: io.stdin,
      stdout: io.stdout,
      stderr: io.stderr,
      terminal: options.terminal,
    });
  } catch (error) {
    io.close();
    spill.close();
    throw error;
  }
  io.attach(started.child);
  // Killed at host exit and on the host's SIGINT/SIGTERM like a foreground call in flight.
  trackGroup(started.pid, started.killNow);
  if (table.closed) {
    // close() ran while this job was starting: it must not outlive the toolkit.
    await started.stop();
    untrackGroup(started.pid);
    io.close();
    spill.close();
    throw closedError();
  }
  return { io, started };
}

/** Waits for the job's end and records it, once its output is all in the spill file. */
async function jobEnded(job: Job, prepared: PreparedCommand, io: JobIo): Promise<void> {
  const started = job.process;
  const ending = await started.exited;
  // Whatever the command left running dies with the job (a sandbox's namespace is gone already),
  // so nothing holds the pipe open any more; output still in it arrives shortly. The bound is only
  // for an output that never ends (JOB_OUTPUT_DRAIN_MS: on a loaded machine the last write can
  // take well over 200 ms to read).
  if (prepared.settings.mode === 'none') await started.stop();
  io.finish();
  await endedWithin(io.ended, JOB_OUTPUT_DRAIN_MS);
  io.close();
  job.cancelTimeout();
  // Before the job reads as ended, so that its end and what it left are seen together.
  const found = await prepared.afterRun().catch(() => []);
  job.artifacts.push(...found);
  job.notes.push(...found.map(noteLine));
  job.notes.push(...((await prepared.afterJob?.().catch(() => [])) ?? []));
  job.exitCode = ending.exitCode;
  job.signal = ending.signal;
  job.endedAt = performance.now();
  if (job.status === 'running') job.status = job.killRequested ? 'killed' : 'exited';
  if (!(await started.commandRan))
    job.notes.push('[the sandbox could not be set up, so the command did not run; bwrap says why above]');
  untrackGroup(started.pid);
}

/** Kills a job's processes and waits until it has ended; false when it had ended already. */
export async function killJob(job: Job): Promise<boolean> {
  if (job.endedAt !== undefined) return false;
  job.killRequested = true;
  job.status = 'killed';
  await job.process.stop();
  await job.done;
  return true;
}

/** This toolkit's jobs as the caller's principal sees them. */
export function jobTable(ctx: HandlerContext): { list(): Job[]; get(id: string): Job } {
  const table = tableFor(ctx, false);
  const principal = callerPrincipal(ctx);
  return table
    ? { list: () => table.list(principal), get: (id: string) => table.get(id, principal) }
    : {
        list: () => [],
        get: (id: string) => {
          throw new ToolError(
            'NOT_FOUND',
            `no background job ${JSON.stringify(id)} in this session; it has started none (bash with run_in_background: true starts one)`,
          );
        },
      };
}

/** Drops an ended job of this toolkit from its table (a foreground call returned its output itself). */
export function forgetJob(ctx: HandlerContext, job: Job): void {
  tableFor(ctx, false)?.forget(job);
}

/**
 * The output from `from` (default: the last read) on, as text within the toolkit's output cap,
 * marked read. Output that does not fit is read one page at a time: the page ends on a line break
 * (or a whole character) and `end` is where the next page starts; `dropped` counts bytes of the
 * middle no longer kept that were passed over.
 */
export function readNewOutput(
  job: Job,
  limit: number = DEFAULT_OUTPUT_LIMIT,
  from: number = job.readOffset,
): CollectedOutput & { from: number; end: number; dropped: number } {
  const total = job.spill.total;
  from = Math.min(from, total);
  if (total - from <= limit) {
    // Bytes never outnumber the characters they decode to: all of it fits.
    job.readOffset = Math.max(job.readOffset, total);
    return { ...job.spill.read(from, limit), from, end: total, dropped: 0 };
  }
  const page = job.spill.readBytes(from, limit);
  const keep = cleanCutLength(page.bytes, true) || page.bytes.length;
  const collector = new OutputCollector(limit);
  collector.push(page.bytes, keep);
  const end = page.start + keep;
  job.readOffset = Math.max(job.readOffset, end);
  return { ...collector.finish(), truncated: true, from, end, dropped: page.dropped };
}

/** Waits until the job prints more, ends, `ms` pass, or the signal aborts. */
export function waitForNews(job: Job, ms: number, signal: AbortSignal): Promise<void> {
  if (job.endedAt !== undefined || signal.aborted) return Promise.resolve();
  if (job.spill.total > job.readOffset || ms <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      job.waiters.delete(finish);
      signal.removeEventListener('abort', finish);
      resolve();
    };
    const timer = setTimeout(finish, ms);
    job.waiters.add(finish);
    signal.addEventListener('abort', finish, { once: true });
  });
}

export function jobDurationMs(job: Job): number {
  return Math.round((job.endedAt ?? performance.now()) - job.startedAt);
}

/** NOT_FOUND for a job id the session does not hold, naming the ones it does. */
export function unknownJob(id: string, known: readonly string[]): ToolError {
  return new ToolError(
    'NOT_FOUND',
    `no background job ${JSON.stringify(id)} in this session` +
      (known.length
        ? `; its jobs are ${known.join(', ')}`
        : '; it has started none (bash with run_in_background: true starts one)'),
  );
}

/** A job's command as a listing shows it: at most 200 characters. */
export function listedCommand(command: string): string {
  return command.length > 200 ? `${command.slice(0, 199)}…` : command;
}
