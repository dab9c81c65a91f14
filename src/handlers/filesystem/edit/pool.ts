// Large edits run in job processes (./job.ts): 200 replace_all edits of a 4 MB file are
// tens of seconds of matching, which on the caller's thread would stop every other call (an MCP
// server's other sessions too), and a runaway one that exhausted a heap in the caller's process
// could make V8 abort it. Small edits stay in-thread: copying the text costs more than they do. A
// process whose caller aborts is killed (CANCELLED); a busy one keeps the host alive like any
// pending I/O, an idle one never does, and idle ones exit after IDLE_MS.
import { ToolError } from '../../../runtime/errors.js';
import { JobProcess } from '../../../runtime/job-process.js';
import { jobScript } from '../../../runtime/job-process-entry.js';
import { JobProcessPool } from '../../../runtime/job-process-pool.js';
import type { EditJob, EditJobReply, EditJobRequest } from './job.js';
import type { Normalization } from './normalize.js';

const MAX_EDIT_PROCESSES = 2;
const IDLE_MS = 30_000;
/**
 * Heap of one edit process (MiB): a 64 MiB file is 128 MiB as a string, a few copies of it while
 * editing. Read when a process starts (tests shrink it to prove that an exhausted heap ends only
 * that process).
 */
export const editMemory = { heapMb: 2048 };

const pool = new JobProcessPool<EditJobReply>({
  // A heap cap of its own: a runaway job fails TOO_LARGE instead of growing without end.
  create: () =>
    new JobProcess<EditJobReply>({
      ...jobScript(import.meta.url, 'job', 'handlers/filesystem/edit/job'),
      heapMb: editMemory.heapMb,
    }),
  max: MAX_EDIT_PROCESSES,
  idleMs: IDLE_MS,
});

export type { EditJob };

export interface EditedText {
  text: string;
  replacements: number;
  diff: string;
  /** The original text's changed ranges. */
  ranges: { oldStart: number; oldEnd: number }[];
  normalized: Normalization[];
}

/** Applies and diffs the edits in a job process; errors come back as the ToolErrors they were. */
export function editInJobProcess(job: EditJob, signal: AbortSignal): Promise<EditedText> {
  return pool.run<EditedText>({
    signal,
    post(editor, id) {
      const request: EditJobRequest = {
        id,
        text: job.text,
        edits: job.edits,
        displayPath: job.displayPath,
        ...(job.labelTotal !== undefined ? { labelTotal: job.labelTotal } : {}),
        match: job.match,
        ...(job.seen ? { seen: job.seen } : {}),
      };
      editor.send(request);
    },
    settle(reply) {
      if (reply.ok) {
        const ranges: { oldStart: number; oldEnd: number }[] = [];
        for (let i = 0; i < reply.ranges.length; i += 2)
          ranges.push({ oldStart: reply.ranges[i]!, oldEnd: reply.ranges[i + 1]! });
        const { text, replacements, diff, normalized } = reply;
        return { text, replacements, diff, ranges, normalized };
      }
      return reply.code
        ? new ToolError(reply.code, reply.message, reply.details)
        : new ToolError('INTERNAL', `the edit failed in its process: ${reply.message}`);
    },
    crashed(exit) {
      return exit.outOfMemory
        ? new ToolError(
            'TOO_LARGE',
            `the edits of ${job.displayPath} need more memory than an edit process has; make fewer replacements per call, or edit a smaller file`,
          )
        : new ToolError('INTERNAL', `the edit process failed: ${exit.message}`);
    },
  });
}

/** Edit processes alive now (busy or idle); for tests. */
export function editProcessesAlive(): number {
  return pool.live;
}
