// exec.bash_kill: ends one of this session's background jobs (its whole process tree).
import type { BashKillParams, BashKillResult } from '../../generated/types.js';
import { withText, type Rendered } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import { jobTable, killJob } from './jobs/job-table.js';

export async function bashKill(params: BashKillParams, ctx: HandlerContext): Promise<Rendered<BashKillResult>> {
  const job = jobTable(ctx).get(params.job_id);
  const killed = await killJob(job);
  const result: BashKillResult = {
    job_id: job.id,
    killed,
    status: job.status,
    exit_code: job.exitCode,
    signal: job.signal,
  };
  const text = killed
    ? `${job.id} killed with every process it started; its output stays readable with bash_output`
    : `${job.id} had already ended (${job.status}${job.exitCode !== null ? `, exit code ${job.exitCode}` : ''}); nothing was killed`;
  return withText(result, text);
}
