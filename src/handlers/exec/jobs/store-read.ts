// bash_output and bash_kill over jobs recorded in the store: status and output come from the
// record whichever replica runs the job; the read position is the record's, so a read through
// one replica continues where a read through another stopped; a kill of a job another replica
// runs is asked of that replica, and the call waits (bounded) for the record to show the end.
import type { BashKillResult, BashOutputResult } from '../../../generated/types.js';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { SharedJobs } from '../../../runtime/store/shared-jobs.js';
import type { JobRecord } from '../../../runtime/store/types.js';
import { OutputCollector, type CollectedOutput } from '../run/collector.js';
import { listedCommand, unknownJob } from './job-table.js';
import { KILL_RECORD_WAIT_MS } from './store-jobs.js';

export type JobSummary = NonNullable<BashOutputResult['jobs']>[number];

/** How often a wait for news or for a remote kill looks at the record again. */
const POLL_MS = 150;
/** How often a kill is asked again while waiting (notifications are not durable). */
const ASK_AGAIN_MS = 1_000;

export function recordDurationMs(job: JobRecord, now = Date.now()): number {
  const end = job.ended_at === null ? now : Date.parse(job.ended_at);
  return Math.max(0, Math.round(end - Date.parse(job.started_at)));
}

export function recordSummary(job: JobRecord): JobSummary {
  return {
    job_id: job.id,
    command: listedCommand(job.command),
    status: job.status,
    exit_code: job.exit_code,
    signal: job.signal,
    duration_ms: recordDurationMs(job),
    total_bytes: job.output_bytes,
    unread_bytes: Math.max(0, job.output_bytes - job.read_pos),
  };
}

export async function recordOrNotFound(jobs: SharedJobs, id: string): Promise<JobRecord> {
  const job = await jobs.get(id);
  if (job) return job;
  throw unknownJob(
    id,
    (await jobs.list()).map((j) => j.id),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The record once it shows new output or an end, `ms` passed, or the signal aborted. */
export async function waitForRecordNews(
  jobs: SharedJobs,
  job: JobRecord,
  ms: number,
  signal: AbortSignal,
): Promise<JobRecord> {
  const deadline = Date.now() + ms;
  let now = job;
  while (now.status === 'running' && now.output_bytes <= now.read_pos && !signal.aborted) {
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(POLL_MS, left));
    now = (await jobs.get(job.id)) ?? now;
  }
  return now;
}

/**
 * The output after the record's read position as text within `limit` characters (head and tail
 * when more), reading only the bytes it shows; moves the read position past it.
 */
export async function readRecordOutput(
  jobs: SharedJobs,
  job: JobRecord,
  limit: number,
): Promise<CollectedOutput & { next: number }> {
  const collector = new OutputCollector(limit);
  const edge = 2 * limit;
  let at = job.read_pos;
  const take = (read: NonNullable<Awaited<ReturnType<SharedJobs['readOutput']>>>) => {
    for (const segment of read.segments) {
      if (segment.pos > at) collector.skip(segment.pos - at);
      collector.push(segment.data);
      at = segment.pos + segment.data.length;
    }
    return read;
  };
  const head = await jobs.readOutput(job.id, at, edge);
  if (!head) return { ...collector.finish(), next: at };
  take(head);
  at = Math.max(at, head.next);
  if (head.next < head.total) {
    const tailFrom = Math.max(head.next, head.total - edge);
    const tail = await jobs.readOutput(job.id, tailFrom, edge);
    if (tail) {
      collector.skip(tailFrom - at);
      at = tailFrom;
      take(tail);
      at = Math.max(at, tail.next);
    }
  }
  if (at > job.read_pos) await jobs.markRead(job.id, at);
  return { ...collector.finish(), next: at };
}

/** Ends the job wherever it runs; resolves the result once the record shows the end. */
export async function killRecordedJob(
  jobs: SharedJobs,
  job: JobRecord,
  killHere: (() => Promise<void>) | undefined,
): Promise<{ result: BashKillResult; job: JobRecord }> {
  const result = (now: JobRecord, killed: boolean) => ({
    result: { job_id: now.id, killed, status: now.status, exit_code: now.exit_code, signal: now.signal },
    job: now,
  });
  if (job.status !== 'running') return result(job, false);
  if (killHere) {
    await killHere();
    const now = (await jobs.get(job.id)) ?? job;
    return result(now, now.status === 'killed');
  }
  const deadline = Date.now() + KILL_RECORD_WAIT_MS;
  let asked = 0;
  let now = job;
  while (now.status === 'running') {
    if (Date.now() >= deadline) {
      throw new ToolError(
        'UNAVAILABLE',
        `${job.id} runs on replica ${job.owner}, which did not confirm the kill within ${KILL_RECORD_WAIT_MS} ms; ` +
          'bash_output shows whether it ended (a replica that stopped has its jobs marked failed within its lease)',
      );
    }
    if (Date.now() - asked >= ASK_AGAIN_MS) {
      asked = Date.now();
      await jobs.requestKill(now);
    }
    await sleep(POLL_MS);
    now = (await jobs.get(job.id)) ?? now;
  }
  return result(now, now.status === 'killed');
}
