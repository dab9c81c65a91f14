import { ToolError, throwIfAborted } from '../runtime/errors.js';
import { withText, type Rendered } from '../runtime/handler.js';
import type { HandlerContext } from '../runtime/types.js';
import type { BashKillParams, BashKillResult, BashOutputParams, BashOutputResult, BashParams, BashResult, ExecHandlers } from '../generated/types.js';
import { DEFAULT_OUTPUT_LIMIT } from './exec/collector.js';
import { jobDurationMs, jobTable, killJob, readNewOutput, startJob, waitForNews, type Job } from './exec/jobs.js';
import { MAX_TIMEOUT_MS, prepareCommand, runCommand } from './exec/runner.js';
import { shellRead } from './exec/shell-read.js';

export { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS, runCommand, type RunCommandInput } from './exec/runner.js';
export type { SandboxMode, SandboxOption } from './exec/sandbox.js';

/** Longest bash_output may wait for news. */
export const MAX_WAIT_MS = 60_000;

/** exec.bash: see catalog.yaml for the contract. */
export async function bash(params: BashParams, ctx: HandlerContext): Promise<Rendered<BashResult>> {
  if (!params.run_in_background) {
    return runCommand(ctx, { command: params.command, cwd: params.cwd, timeoutMs: params.timeout_ms });
  }
  throwIfAborted(ctx.signal);
  const prepared = await prepareCommand(ctx, { command: params.command, cwd: params.cwd });
  const timeoutMs = params.timeout_ms === undefined ? undefined : Math.min(params.timeout_ms, MAX_TIMEOUT_MS);
  const job = await startJob(ctx, prepared, timeoutMs);
  const result: BashResult = {
    exit_code: null,
    signal: null,
    stdout: '',
    stderr: '',
    timed_out: false,
    truncated: false,
    duration_ms: 0,
    job_id: job.id,
  };
  const sandboxed = prepared.settings.mode === 'none' ? '' : ` in the ${prepared.settings.mode} sandbox`;
  return withText(result, `started in the background as ${job.id}${sandboxed}` +
    (timeoutMs === undefined ? ' (no timeout)' : ` (killed after ${timeoutMs} ms)`) +
    `. Read its output with bash_output {"job_id": "${job.id}"} (add wait_ms to wait for more); stop it with bash_kill {"job_id": "${job.id}"}.`);
}

type JobSummary = NonNullable<BashOutputResult['jobs']>[number];

function summary(job: Job): JobSummary {
  return {
    job_id: job.id,
    command: job.command.length > 200 ? `${job.command.slice(0, 199)}…` : job.command,
    status: job.status,
    exit_code: job.exitCode,
    signal: job.signal,
    duration_ms: jobDurationMs(job),
    total_bytes: job.spill.total,
    unread_bytes: job.spill.total - job.readOffset,
  };
}

/** exec.bash_output: new output of one job, or the list of this session's jobs. */
export async function bashOutput(params: BashOutputParams, ctx: HandlerContext): Promise<Rendered<BashOutputResult>> {
  const table = jobTable(ctx);
  if (params.job_id === undefined) {
    if (params.wait_ms !== undefined) throw new ToolError('INVALID_INPUT', 'wait_ms needs a job_id: name the job to wait for');
    const jobs = table.list().map(summary);
    const text = jobs.length === 0
      ? 'no background jobs in this session (bash with run_in_background: true starts one)'
      : jobs.map((j) => `${j.job_id} ${j.status}${j.exit_code !== null ? ` (exit ${j.exit_code})` : ''} ${j.duration_ms} ms, ${j.unread_bytes} unread bytes: ${j.command}`).join('\n');
    return withText({ jobs }, text);
  }
  const job = table.get(params.job_id);
  if (params.wait_ms) await waitForNews(job, Math.min(params.wait_ms, MAX_WAIT_MS), ctx.signal);
  throwIfAborted(ctx.signal);
  const read = readNewOutput(job, ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT);
  const result: BashOutputResult = { ...summary(job), output: read.text, truncated: read.truncated };
  if (job.artifacts.length) result.notes = job.artifacts;
  delete result.unread_bytes;
  const state = job.status === 'running' ? `running for ${result.duration_ms} ms`
    : `${job.status}${job.exitCode !== null ? ` with exit code ${job.exitCode}` : job.signal ? ` by ${job.signal}` : ''} after ${result.duration_ms} ms`;
  const lines = [`${job.id} ${state}`];
  lines.push(read.text ? `output since the last read:\n${read.text}`.trimEnd() : '(no new output)');
  lines.push(...job.notes);
  if (job.spill.writeError) lines.push(`[${job.spill.lostBytes} bytes of output were lost: the spill file could not be written (${job.spill.writeError})]`);
  if (read.truncated && !read.binary) lines.push('[only the beginning and end of the new output are shown; have the command write to a file to keep all of it]');
  if (job.status === 'running' && !read.text && !params.wait_ms) lines.push('[pass wait_ms to wait for new output]');
  return withText(result, lines.join('\n'));
}

/** exec.bash_kill: ends one of this session's jobs (its whole process tree). */
export async function bashKill(params: BashKillParams, ctx: HandlerContext): Promise<Rendered<BashKillResult>> {
  const job = jobTable(ctx).get(params.job_id);
  const killed = await killJob(job);
  const result: BashKillResult = { job_id: job.id, killed, status: job.status, exit_code: job.exitCode, signal: job.signal };
  const text = killed
    ? `${job.id} killed with every process it started; its output stays readable with bash_output`
    : `${job.id} had already ended (${job.status}${job.exitCode !== null ? `, exit code ${job.exitCode}` : ''}); nothing was killed`;
  return withText(result, text);
}

export const execHandlers = { bash, bash_output: bashOutput, bash_kill: bashKill, shell_read: shellRead } satisfies ExecHandlers;
