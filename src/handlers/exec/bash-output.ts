// exec.bash_output: the new output of one background job (waiting for more when asked), or the
// list of this session's jobs; from the store when the toolkit has one (any replica's jobs of the
// same key), else from this toolkit's own jobs in memory.
import type { BashOutputParams, BashOutputResult } from '../../generated/types.js';
import { ToolError, throwIfAborted } from '../../runtime/errors.js';
import { withText, type Rendered } from '../../runtime/handler.js';
import type { SharedJobs } from '../../runtime/store/shared-jobs.js';
import type { HandlerContext } from '../../runtime/types.js';
import { continuationLine } from '../../runtime/continuation.js';
import { jobDurationMs, jobTable, listedCommand, readNewOutput, waitForNews, type Job } from './jobs/job-table.js';
import {
  readRecordOutput,
  recordOrNotFound,
  recordSummary,
  waitForRecordNews,
  type JobSummary,
} from './jobs/store-read.js';
import { DEFAULT_OUTPUT_LIMIT, type CollectedOutput } from './run/collector.js';
import { inertLine, inertText } from '../../runtime/control-text.js';

/** Output as the model reads it: a terminal's raw (it was asked for), a pipe's inert. */
function shown<T extends CollectedOutput>(read: T, terminal: boolean): T {
  return terminal ? read : { ...read, text: inertText(read.text) };
}

function summary(job: Job): JobSummary {
  return {
    job_id: job.id,
    command: listedCommand(job.command),
    status: job.status,
    exit_code: job.exitCode,
    signal: job.signal,
    duration_ms: jobDurationMs(job),
    total_bytes: job.spill.total,
    unread_bytes: job.spill.total - job.readOffset,
  };
}

function listing(jobs: JobSummary[]): Rendered<BashOutputResult> {
  const text =
    jobs.length === 0
      ? 'no background jobs in this session (bash with run_in_background: true starts one)'
      : jobs
          .map(
            (j) =>
              `${j.job_id} ${j.status}${j.exit_code !== null ? ` (exit ${j.exit_code})` : ''} ${j.duration_ms} ms, ${j.unread_bytes} unread bytes: ${inertLine(j.command)}`,
          )
          .join('\n');
  return withText({ jobs }, text);
}

/** One job's answer: its state, the new output, then `notes` (lines said once it ended). */
function jobAnswer(
  job: JobSummary,
  read: CollectedOutput,
  notes: readonly string[],
  params: BashOutputParams,
  extra: Partial<BashOutputResult> = {},
): Rendered<BashOutputResult> {
  const { unread_bytes: _unread, ...shown } = job;
  const result: BashOutputResult = { ...shown, output: read.text, truncated: read.truncated, ...extra };
  const state =
    job.status === 'running'
      ? `running for ${job.duration_ms} ms`
      : `${job.status}${job.exit_code !== null ? ` with exit code ${job.exit_code}` : job.signal ? ` by ${job.signal}` : ''} after ${job.duration_ms} ms`;
  const lines = [`${job.job_id} ${state}`];
  lines.push(read.text ? `output since the last read:\n${read.text}`.trimEnd() : '(no new output)');
  lines.push(...notes);
  if (read.truncated && !read.binary)
    lines.push(
      '[only the beginning and end of the new output are shown; have the command write to a file to keep all of it]',
    );
  if (job.status === 'running' && !read.text && !params.wait_ms) lines.push('[pass wait_ms to wait for new output]');
  return withText(result, lines.join('\n'));
}

async function fromMemory(params: BashOutputParams, ctx: HandlerContext): Promise<Rendered<BashOutputResult>> {
  const table = jobTable(ctx);
  if (params.job_id === undefined) return listing(table.list().map(summary));
  const job = table.get(params.job_id);
  if (params.wait_ms) await waitForNews(job, params.wait_ms, ctx.signal);
  throwIfAborted(ctx.signal);
  const read = shown(
    readNewOutput(job, ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT, params.offset),
    job.input.terminal,
  );
  const result: BashOutputResult = { ...summary(job), output: read.text, truncated: read.truncated };
  if (read.end < job.spill.total) result.next = { job_id: job.id, offset: read.end };
  if (job.artifacts.length) result.notes = job.artifacts;
  delete result.unread_bytes;
  const state =
    job.status === 'running'
      ? `running for ${result.duration_ms} ms`
      : `${job.status}${job.exitCode !== null ? ` with exit code ${job.exitCode}` : job.signal ? ` by ${job.signal}` : ''} after ${result.duration_ms} ms`;
  const lines = [`${job.id} ${state}`];
  const since = params.offset === undefined ? 'since the last read' : `from byte ${read.from}`;
  if (read.dropped > 0)
    lines.push(
      `[… ${read.dropped} bytes from byte ${read.from} on are no longer kept (a job keeps its first and last output) …]`,
    );
  lines.push(read.text ? `output ${since}:\n${read.text}`.trimEnd() : '(no new output)');
  lines.push(...job.notes);
  if (job.spill.writeError)
    lines.push(
      `[${job.spill.lostBytes} bytes of output were lost: the spill file could not be written (${job.spill.writeError})]`,
    );
  if (result.next) {
    const at = `cut at byte ${read.end} of ${job.spill.total} (the output cap)`;
    lines.push(continuationLine(at, result.next));
  }
  if (job.status === 'running' && !read.text && !params.wait_ms) lines.push('[pass wait_ms to wait for new output]');
  return withText(result, lines.join('\n'));
}

async function fromStore(
  params: BashOutputParams,
  ctx: HandlerContext,
  jobs: SharedJobs,
): Promise<Rendered<BashOutputResult>> {
  if (params.job_id === undefined) return listing((await jobs.list()).map(recordSummary));
  let job = await recordOrNotFound(jobs, params.job_id);
  if (params.wait_ms) job = await waitForRecordNews(jobs, job, params.wait_ms, ctx.signal);
  throwIfAborted(ctx.signal);
  // A job shared through a store never has a terminal.
  const read = shown(await readRecordOutput(jobs, job, ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT), false);
  const now = { ...job, read_pos: read.next };
  const notes = job.status === 'failed' && job.note ? [`[${job.note}]`] : job.note ? job.note.split('\n') : [];
  return jobAnswer(recordSummary(now), read, notes, params);
}

export async function bashOutput(params: BashOutputParams, ctx: HandlerContext): Promise<Rendered<BashOutputResult>> {
  if (params.job_id === undefined && params.wait_ms !== undefined)
    throw new ToolError('INVALID_INPUT', 'wait_ms needs a job_id: name the job to wait for');
  if (params.job_id === undefined && params.offset !== undefined)
    throw new ToolError('INVALID_INPUT', 'offset needs a job_id: name the job whose output to read');
  const jobs = ctx.services.jobs;
  // Through a shared store every replica reads on from the job's last read (the record keeps it).
  if (jobs && params.offset !== undefined)
    throw new ToolError(
      'INVALID_INPUT',
      'offset is not available when background jobs are shared through a store: bash_output goes on from the last read, through any replica; leave offset out',
    );
  return jobs ? fromStore(params, ctx, jobs) : fromMemory(params, ctx);
}
