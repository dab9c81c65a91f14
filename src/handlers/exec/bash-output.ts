// exec.bash_output: the new output of one background job (waiting for more when asked), or the
// list of this session's jobs.
import type { BashOutputParams, BashOutputResult } from '../../generated/types.js';
import { ToolError, throwIfAborted } from '../../runtime/errors.js';
import { continuationLine } from '../../runtime/continuation.js';
import { withText, type Rendered } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import { jobDurationMs, jobTable, readNewOutput, waitForNews, type Job } from './jobs/job-table.js';
import { DEFAULT_OUTPUT_LIMIT } from './run/collector.js';

/** Longest bash_output may wait for news. */
export const MAX_WAIT_MS = 60_000;

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

export async function bashOutput(params: BashOutputParams, ctx: HandlerContext): Promise<Rendered<BashOutputResult>> {
  const table = jobTable(ctx);
  if (params.job_id === undefined) {
    if (params.wait_ms !== undefined)
      throw new ToolError('INVALID_INPUT', 'wait_ms needs a job_id: name the job to wait for');
    if (params.offset !== undefined)
      throw new ToolError('INVALID_INPUT', 'offset needs a job_id: name the job whose output to read');
    const jobs = table.list().map(summary);
    const text =
      jobs.length === 0
        ? 'no background jobs in this session (bash with run_in_background: true starts one)'
        : jobs
            .map(
              (j) =>
                `${j.job_id} ${j.status}${j.exit_code !== null ? ` (exit ${j.exit_code})` : ''} ${j.duration_ms} ms, ${j.unread_bytes} unread bytes: ${j.command}`,
            )
            .join('\n');
    return withText({ jobs }, text);
  }
  const job = table.get(params.job_id);
  if (params.wait_ms) await waitForNews(job, Math.min(params.wait_ms, MAX_WAIT_MS), ctx.signal);
  throwIfAborted(ctx.signal);
  const read = readNewOutput(job, ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT, params.offset);
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
