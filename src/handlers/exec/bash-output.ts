// exec.bash_output: the new output of one background job (waiting for more when asked), or the
// list of this session's jobs.
import type { BashOutputParams, BashOutputResult } from '../../generated/types.js';
import { ToolError, throwIfAborted } from '../../runtime/errors.js';
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
  const read = readNewOutput(job, ctx.services.exec.outputLimit ?? DEFAULT_OUTPUT_LIMIT);
  const result: BashOutputResult = { ...summary(job), output: read.text, truncated: read.truncated };
  if (job.artifacts.length) result.notes = job.artifacts;
  delete result.unread_bytes;
  const state =
    job.status === 'running'
      ? `running for ${result.duration_ms} ms`
      : `${job.status}${job.exitCode !== null ? ` with exit code ${job.exitCode}` : job.signal ? ` by ${job.signal}` : ''} after ${result.duration_ms} ms`;
  const lines = [`${job.id} ${state}`];
  lines.push(read.text ? `output since the last read:\n${read.text}`.trimEnd() : '(no new output)');
  lines.push(...job.notes);
  if (job.spill.writeError)
    lines.push(
      `[${job.spill.lostBytes} bytes of output were lost: the spill file could not be written (${job.spill.writeError})]`,
    );
  if (read.truncated && !read.binary)
    lines.push(
      '[only the beginning and end of the new output are shown; have the command write to a file to keep all of it]',
    );
  if (job.status === 'running' && !read.text && !params.wait_ms) lines.push('[pass wait_ms to wait for new output]');
  return withText(result, lines.join('\n'));
}
