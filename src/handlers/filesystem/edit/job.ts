// The edit job, run in a job process: matches and replaces a large edit (./match.ts) and diffs it
// (./diff.ts) outside the caller's process, one job at a time (./pool.ts).
import { ToolError } from '../../../runtime/errors.js';
import { unifiedDiff } from './diff.js';
import type { SeenSegment } from '../../../runtime/seen-lines.js';
import { applyEdits, editLabel, type EditRequest, type MatchMode } from './match.js';
import type { Normalization } from './normalize.js';
import { serveJobs } from '../../../runtime/serve-jobs.js';

/** What an edit job is given: the text, the edits and how to report them. */
export interface EditJob {
  text: string;
  edits: readonly EditRequest[];
  displayPath: string;
  /** Set for multi_edit: failures name the edit (`edits[2] (edit 3 of 5)`). */
  labelTotal?: number;
  match: MatchMode;
  seen?: readonly SeenSegment[];
}

export interface EditJobRequest extends EditJob {
  id: number;
}

export type EditJobReply =
  | {
      id: number;
      ok: true;
      text: string;
      replacements: number;
      diff: string;
      /** The changed ranges of the original text, as [oldStart, oldEnd] pairs. */
      ranges: number[];
      normalized: Normalization[];
    }
  | { id: number; ok: false; code?: string; message: string; details?: Record<string, unknown> };

serveJobs((job: EditJobRequest): EditJobReply => {
  try {
    const label = job.labelTotal === undefined ? undefined : (index: number) => editLabel(index, job.labelTotal!);
    const outcome = applyEdits(job.text, job.edits, job.displayPath, label, {
      match: job.match,
      seen: job.seen ?? [],
    });
    const diff = unifiedDiff(job.displayPath, job.text, outcome.text, outcome.changes);
    const ranges = outcome.changes.flatMap((c) => [c.oldStart, c.oldEnd]);
    const { text, replacements, normalized } = outcome;
    return { id: job.id, ok: true, text, replacements, diff, ranges, normalized };
  } catch (error) {
    return error instanceof ToolError
      ? {
          id: job.id,
          ok: false,
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        }
      : {
          id: job.id,
          ok: false,
          message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        };
  }
});
