// exec.bash_write: types input into one of this session's background jobs (its stdin or terminal);
// with a store, into a job of the caller's principal wherever it runs (its replica takes the input).
import type { BashWriteParams, BashWriteResult } from '../../generated/types.js';
import { ToolError, abortError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import type { SharedJobs } from '../../runtime/store/shared-jobs.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import { jobTable, type Job } from './jobs/job-table.js';
import { writeRecordedJob } from './jobs/store-write.js';

/** How long a write may wait for the job to read before the call returns with the rest still queued. */
const WRITE_WAIT_MS = 5_000;

function closedError(job: Job, why: string): ToolError {
  const ended =
    job.status === 'running'
      ? why
      : `it has ${job.status === 'exited' ? `exited${job.exitCode !== null ? ` with code ${job.exitCode}` : job.signal ? ` by ${job.signal}` : ''}` : job.status === 'timed_out' ? 'timed out' : 'been killed'}`;
  return new ToolError(
    'INPUT_CLOSED',
    `${job.id} takes no more input: ${ended}. Read what it printed with bash_output {"job_id": "${job.id}"}`,
  );
}

/** Resolves true once written, false when the job has not read it all within `ms` (it stays queued). */
async function written(write: Promise<void>, ms: number, signal: AbortSignal): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      write.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
      new Promise<boolean>((_, reject) => {
        onAbort = () => reject(abortError(signal));
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

const readAnswer = (id: string) => `Read its answer with bash_output {"job_id": "${id}", "wait_ms": 2000}.`;

async function writeToStoreJob(
  params: BashWriteParams,
  ctx: HandlerContext,
  jobs: SharedJobs,
): Promise<Rendered<BashWriteResult>> {
  const eof = params.eof === true;
  const { job, taken } = await writeRecordedJob(ctx, jobs, params.job_id, params.input, eof);
  const bytes = Buffer.byteLength(params.input);
  const result: BashWriteResult = { job_id: job.id, written_bytes: bytes, eof, status: job.status };
  const what = `${bytes} bytes${eof ? ', then end of input,' : ''}`;
  const text = taken
    ? `wrote ${what} to ${job.id}`
    : `queued ${what} for ${job.id}: the replica running it has not taken them yet (they reach it when it does)`;
  return withText(result, `${text}. ${readAnswer(job.id)}`);
}

export async function bashWrite(params: BashWriteParams, ctx: HandlerContext): Promise<Rendered<BashWriteResult>> {
  const eof = params.eof === true;
  if (params.input === '' && !eof)
    throw new ToolError(
      'INVALID_INPUT',
      'input is empty: give the text to type (end it with \\n for Enter), or eof: true',
    );
  const jobs = ctx.services.jobs;
  if (jobs) return writeToStoreJob(params, ctx, jobs);
  const job = jobTable(ctx).get(params.job_id);
  if (job.endedAt !== undefined || job.status !== 'running') throw closedError(job, 'it has ended');
  if (job.input.closed) throw closedError(job, 'its input was closed with eof');
  const bytes = Buffer.byteLength(params.input);
  const sending = (async () => {
    if (params.input !== '') await job.input.write(params.input);
    if (eof) await job.input.end();
  })();
  let done: boolean;
  try {
    done = await written(sending, WRITE_WAIT_MS, ctx.signal);
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw closedError(job, 'it stopped reading its input');
  }
  sending.catch(() => {}); // still queued: a later failure has nobody to tell
  const result: BashWriteResult = { job_id: job.id, written_bytes: bytes, eof, status: job.status };
  const what = `${bytes} bytes${eof ? (job.input.terminal ? ' and Ctrl-D' : ', then end of input,') : ''}`;
  const text = done
    ? `wrote ${what} to ${job.id}`
    : `queued ${what} for ${job.id}: it has not read them yet (they reach it when it reads its input)`;
  return withText(result, `${text}. ${readAnswer(job.id)}`);
}
