import { performance } from 'node:perf_hooks';
import type { BashResult } from '../../../generated/types.js';
import { ToolError, abortError, throwIfAborted } from '../../../runtime/errors.js';
import { withText, type Rendered } from '../../../runtime/handler.js';
import type { HandlerContext } from '../../../runtime/types.js';
import { forgetJob, jobDurationMs, killJob, readNewOutput, startJob, type Job } from '../jobs/job-table.js';
import { waitsForInput } from '../process/input-wait.js';
import { DEFAULT_OUTPUT_LIMIT } from './collector.js';
import { noteLine, prepareCommand, renderText } from './runner.js';

/**
 * A foreground command in a pseudo-terminal (bash with `pty: true`). It runs as a job from the
 * start, unlisted, so that when it waits for input (no new output for INPUT_QUIET_MS and a process
 * blocked reading the terminal: ../process/input-wait.ts) the call can return the prompt and hand
 * the job over to bash_write and bash_output instead of waiting for the timeout.
 */

export const INPUT_QUIET_MS = 2_000;
const POLL_MS = 200;
/** After this many looks at a silent command that does not wait, look only every fifth tick. */
const FREQUENT_LOOKS = 25;

export interface TerminalRunInput {
  command: string;
  cwd?: string;
  timeoutMs: number;
  maxTimeoutMs: number;
  /** The caller gave timeout_ms: else the job keeps no timeout once it waits for input, like any background job. */
  timeoutGiven: boolean;
}

type Outcome = 'ended' | 'waiting' | 'aborted';

export async function runInTerminal(ctx: HandlerContext, input: TerminalRunInput): Promise<Rendered<BashResult>> {
  throwIfAborted(ctx.signal);
  const { timeoutMs } = input;
  const prepared = await prepareCommand(ctx, { command: input.command, cwd: input.cwd });
  throwIfAborted(ctx.signal);
  const job = await startJob(ctx, prepared, timeoutMs, { terminal: true, foreground: true }).catch(
    async (error: unknown) => {
      await prepared.release();
      throw error;
    },
  );
  const outcome = await watch(job, ctx.signal);
  if (outcome === 'aborted') {
    await killJob(job);
    forgetJob(ctx, job);
    throw abortError(ctx.signal);
  }
  if (outcome === 'ended') {
    try {
      return await endedResult(ctx, job, timeoutMs, input.maxTimeoutMs);
    } finally {
      forgetJob(ctx, job);
    }
  }
  job.foreground = false;
  if (!input.timeoutGiven) job.cancelTimeout();
  return waitingResult(ctx, job, input.timeoutGiven ? timeoutMs : undefined);
}

/** Settles when the job ends, waits for input, or the call is aborted. */
function watch(job: Job, signal: AbortSignal): Promise<Outcome> {
  return new Promise((resolve) => {
    let seen = job.spill.total;
    let quietSince = performance.now();
    let looks = 0;
    // Seen waiting once: output written just before (still in the terminal's buffer, not yet read
    // here) or a process just ending would pass a single look, so a second look one tick later decides.
    let seenWaiting = false;
    const finish = (outcome: Outcome) => {
      clearInterval(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(outcome);
    };
    const onAbort = () => finish('aborted');
    const timer = setInterval(() => {
      if (job.endedAt !== undefined || job.status !== 'running') return;
      const now = performance.now();
      if (job.spill.total !== seen) {
        seen = job.spill.total;
        quietSince = now;
        looks = 0;
        seenWaiting = false;
        return;
      }
      if (now - quietSince < INPUT_QUIET_MS || !job.inputTarget) return;
      // Each look scans /proc: a long silent command (a build, a sleep) is looked at less often.
      if (++looks > FREQUENT_LOOKS && looks % 5 !== 0) return;
      const waits = waitsForInput(job.process.identity, job.inputTarget);
      if (waits && seenWaiting) finish('waiting');
      seenWaiting = waits;
    }, POLL_MS);
    void job.done.then(() => finish('ended'));
    signal.addEventListener('abort', onAbort, { once: true });
    if (signal.aborted) onAbort();
  });
}

async function endedResult(
  ctx: HandlerContext,
  job: Job,
  timeoutMs: number,
  maxTimeoutMs: number,
): Promise<Rendered<BashResult>> {
  const outputLimit = ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT;
  const out = readNewOutput(job, outputLimit);
  const timedOut = job.status === 'timed_out';
  if (!timedOut && !(await job.process.commandRan)) {
    const said = out.text.trim() || `bwrap exited with ${job.exitCode ?? job.signal}`;
    throw new ToolError('UNAVAILABLE', `the sandbox could not be set up, so the command did not run: ${said}`, {
      reason: said,
    });
  }
  const result: BashResult = {
    exit_code: job.exitCode,
    signal: job.signal,
    stdout: out.text,
    stderr: '',
    timed_out: timedOut,
    truncated: out.truncated,
    duration_ms: jobDurationMs(job),
  };
  if (job.artifacts.length) result.notes = job.artifacts;
  const err = { text: '', truncated: false, binary: false, totalBytes: 0 };
  const text = renderText(result, {
    timeoutMs,
    maxTimeoutMs,
    out,
    err,
    backgroundRunning: false,
    pgid: job.process.pid,
    outputLimit,
  });
  return withText(result, job.artifacts.length ? `${text}\n${job.artifacts.map(noteLine).join('\n')}` : text);
}

function waitingResult(ctx: HandlerContext, job: Job, timeoutMs: number | undefined): Rendered<BashResult> {
  const out = readNewOutput(job, ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT);
  const result: BashResult = {
    exit_code: null,
    signal: null,
    stdout: out.text,
    stderr: '',
    timed_out: false,
    truncated: out.truncated,
    duration_ms: jobDurationMs(job),
    job_id: job.id,
    waiting_for_input: true,
  };
  const id = JSON.stringify(job.id);
  const lines = [
    `waiting for input: the command is reading its terminal with no new output for ${INPUT_QUIET_MS / 1000} s; ` +
      `it keeps running as ${job.id}` +
      (timeoutMs === undefined ? ' (no timeout now)' : ` (still killed ${timeoutMs} ms after it started)`) +
      '.',
    out.text ? `output so far:\n${out.text}`.trimEnd() : '(no output yet)',
    `[answer with bash_write {"job_id": ${id}, "input": "…\\n"}; read on with bash_output {"job_id": ${id}, "wait_ms": 2000}; stop it with bash_kill {"job_id": ${id}}]`,
  ];
  return withText(result, lines.join('\n'));
}
