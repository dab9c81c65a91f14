// exec.bash_kill: ends one of this session's background jobs (its whole process tree); with a
// store, wherever it runs (the replica running it is asked, and the call waits for the end).
import type { BashKillParams, BashKillResult } from '../../generated/types.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { jobTable, killJob } from './jobs/job-table.js';
import { killLocal, localStoreJob } from './jobs/store-jobs.js';
import { killRecordedJob, recordOrNotFound } from './jobs/store-read.js';

function answer(result: BashKillResult): Rendered<BashKillResult> {
  const text = result.killed
    ? `${result.job_id} killed with every process it started; its output stays readable with bash_output`
    : `${result.job_id} had already ended (${result.status}${result.exit_code !== null ? `, exit code ${result.exit_code}` : ''}); nothing was killed`;
  return withText(result, text);
}

export async function bashKill(params: BashKillParams, ctx: HandlerContext): Promise<Rendered<BashKillResult>> {
  const jobs = ctx.services.jobs;
  if (jobs) {
    const record = await recordOrNotFound(jobs, params.job_id);
    const local = record.owner === jobs.replica.id ? localStoreJob(ctx, jobs, record.id) : undefined;
    const { result } = await killRecordedJob(jobs, record, local && (() => killLocal(local)));
    return answer(result);
  }
  const job = jobTable(ctx).get(params.job_id);
  const killed = await killJob(job);
  return answer({ job_id: job.id, killed, status: job.status, exit_code: job.exitCode, signal: job.signal });
}
