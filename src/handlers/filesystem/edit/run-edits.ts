// The edit core of edit_file and multi_edit: edits applied in order, all or nothing, under the
// write transaction, matched and diffed in a worker thread when the job is large.
import { ToolError } from '../../../runtime/errors.js';
import type { HandlerContext } from '../../../runtime/types.js';
import type { ResolvedPath } from '../../../runtime/workspace.js';
import { decodeForEdit } from '../encodings/text-codec.js';
import { notFound } from '../fs-errors.js';
import { plural } from '../plural.js';
import { changeFile } from '../write-transaction.js';
import { applyEdits, editLabel, type EditRequest } from './match.js';

const MAX_EDIT_BYTES = 64 * 1024 * 1024;
/**
 * Whether matching and diffing run in a worker (./pool.ts), so no call holds the event loop
 * for long: estimated work (text × edits, a replace_all counted 4×, as its many matches rebuild the
 * text) of 64 Mi characters or more, or a text of 24 Mi or more. Below that (10 edits of a 5 MB
 * file: ~70 ms) copying the text there and back costs more than it saves.
 */
export function runsOffThread(textLength: number, edits: readonly EditRequest[]): boolean {
  let work = 0;
  for (const edit of edits) work += textLength * (edit.replace_all ? 4 : 1);
  return work >= 64 * 1024 * 1024 || textLength >= 24 * 1024 * 1024;
}

export interface EditsDone {
  path: string;
  replacements: number;
  diff: string;
  dry_run?: true;
}

/**
 * Applies `edits` in order to the file at `resolved`, all or nothing, under the write transaction
 * (lock, verified folder, stale guard, compare-and-swap, atomic replace); with `dryRun` nothing is
 * written. With `labelTotal` (multi_edit) a failing edit is named (`edits[2] (edit 3 of 5)`).
 * Large jobs (see runsOffThread) match and diff in a worker thread.
 */
export async function runEdits(
  ctx: HandlerContext,
  resolved: ResolvedPath,
  edits: readonly EditRequest[],
  dryRun: boolean,
  labelTotal?: number,
): Promise<EditsDone> {
  const label = labelTotal === undefined ? undefined : (index: number) => editLabel(index, labelTotal);
  const { unifiedDiff } = await loadDiff();
  return changeFile(ctx, resolved, { createParents: false, readLimit: MAX_EDIT_BYTES, dryRun }, async (current) => {
    if (!current) throw await notFound(resolved);
    const decoded = await decodeForEdit(current.bytes!);
    if (!decoded) throw new ToolError('BINARY_FILE', `${resolved.relative} is a binary file; edits only change text`);
    // New text the file's encoding cannot hold is refused naming the edit that brings it.
    edits.forEach((edit, index) => {
      try {
        decoded.encode(edit.new_str);
      } catch (error) {
        if (label && error instanceof ToolError)
          throw new ToolError(error.code, `${label(index)}: ${error.message}`, error.details);
        throw error;
      }
    });
    let outcome: { text: string; replacements: number; diff: string };
    if (runsOffThread(decoded.text.length, edits)) {
      const { editInWorker } = await import('./pool.js');
      outcome = await editInWorker(
        {
          text: decoded.text,
          edits,
          displayPath: resolved.relative,
          ...(labelTotal !== undefined ? { labelTotal } : {}),
        },
        ctx.signal,
      );
    } else {
      const applied = applyEdits(decoded.text, edits, resolved.relative, label);
      outcome = { ...applied, diff: unifiedDiff(resolved.relative, decoded.text, applied.text, applied.changes) };
    }
    const diff = outcome.diff;
    const result: EditsDone = {
      path: resolved.relative,
      replacements: outcome.replacements,
      diff,
      ...(dryRun ? { dry_run: true as const } : {}),
    };
    return { data: dryRun ? undefined : decoded.encode(outcome.text), result };
  });
}

/** The diff module (and the `diff` package) load on the first edit, not with read_file. */
export const loadDiff = () => import('./diff.js');

/** Model-facing text of an edit result. */
export function editText(done: EditsDone, what: string): string {
  const head = done.dry_run
    ? `Dry run: ${what} would make ${plural(done.replacements, 'replacement')} in ${done.path}; nothing was written`
    : `Edited ${done.path}: ${plural(done.replacements, 'replacement')}`;
  return `${head}\n${done.diff}`;
}
