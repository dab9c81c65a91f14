// bash_write to a job recorded in the store: the input is queued in the job's record (in order,
// under the calling principal's key), and the replica running the job takes it and writes it to
// the process: this one at once when it runs the job, another when asked through the store's
// notifications (asked again while the call waits, and re-checked on that replica's own rounds
// should a request be lost). The call waits (bounded) until the input was taken.
import { ToolError, abortError } from '../../../runtime/contract/errors.js';
import type { SharedJobs } from '../../../runtime/store/shared-jobs.js';
import { MAX_PENDING_INPUT_BYTES, type InputWrite, type JobRecord } from '../../../runtime/store/types.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import { unknownJob } from './job-table.js';
import { localStoreJob } from './store-jobs.js';

/** How long a write waits for the job's replica to take the input before the call returns with it queued. */
export const STORE_WRITE_WAIT_MS = 5_000;
const POLL_MS = 150;
const ASK_AGAIN_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a job that takes no more input ended, as bash_write says it. */
export function endedText(status: string, exitCode: number | null, signal: string | null): string {
  if (status === 'exited')
    return `it has exited${exitCode !== null ? ` with code ${exitCode}` : signal ? ` by ${signal}` : ''}`;
  if (status === 'timed_out') return 'it timed out';
  if (status === 'failed') return 'it failed (the replica running it stopped)';
  return 'it has been killed';
}

function refusal(id: string, outcome: Extract<InputWrite, { queued: false }>): ToolError {
  const { job } = outcome;
  if (outcome.why === 'full')
    return new ToolError(
      'LIMIT_REACHED',
      `${job.input_total - job.input_taken} bytes of input already wait for ${id} to take them (at most ` +
        `${MAX_PENDING_INPUT_BYTES} wait at once); see what it does with bash_output {"job_id": "${id}"} and write again`,
    );
  const why =
    outcome.why === 'eof' ? 'its input was closed with eof' : endedText(job.status, job.exit_code, job.signal);
  return new ToolError(
    'INPUT_CLOSED',
    `${id} takes no more input: ${why}. Read what it printed with bash_output {"job_id": "${id}"}`,
  );
}

const takenBy = (job: JobRecord, end: number, eof: boolean) => job.input_taken >= end && (!eof || job.input_closed);

/**
 * Queues the input for the job and waits (at most STORE_WRITE_WAIT_MS) until its replica took it;
 * resolves the record and whether it was taken. NOT_FOUND for another principal's job as for none.
 */
export async function writeRecordedJob(
  ctx: HandlerContext,
  jobs: SharedJobs,
  id: string,
  input: string,
  eof: boolean,
): Promise<{ job: JobRecord; taken: boolean }> {
  const outcome = await jobs.writeInput(id, Buffer.from(input), eof);
  if (!outcome)
    throw unknownJob(
      id,
      (await jobs.list()).map((job) => job.id),
    );
  if (!outcome.queued) throw refusal(id, outcome);
  const { end } = outcome;
  let now = outcome.job;
  const local = now.owner === jobs.replica.id ? localStoreJob(ctx, jobs, id) : undefined;
  const deadline = Date.now() + STORE_WRITE_WAIT_MS;
  let asked = 0;
  while (!takenBy(now, end, eof) && now.status === 'running') {
    if (ctx.signal.aborted) throw abortError(ctx.signal);
    const left = deadline - Date.now();
    if (left <= 0) break;
    if (local) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([local.feed(), new Promise((resolve) => (timer = setTimeout(resolve, left)))]);
      clearTimeout(timer);
    } else {
      if (Date.now() - asked >= ASK_AGAIN_MS) {
        asked = Date.now();
        await jobs.requestInput(now).catch(() => {}); // its replica's own rounds take it too
      }
      await sleep(Math.min(POLL_MS, left));
    }
    now = (await jobs.get(id)) ?? now;
    if (local) break;
  }
  return { job: now, taken: takenBy(now, end, eof) };
}
