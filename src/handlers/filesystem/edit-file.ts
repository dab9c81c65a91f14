// edit_file: exact old_str → new_str, line endings/BOM/encoding preserved, unified diff (DESIGN.md §5).
// The edit core (runEdits) is shared with multi_edit.
import type { FilesystemHandlers } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withText } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import type { ResolvedPath } from '../../runtime/workspace.js';
import { changeFile, notFound, plural } from './common.js';
import { applyEdits, editLabel, type EditRequest } from './edit-match.js';
import { decodeForEdit, utf8Bytes } from './text-codec.js';
import { confinedPath } from '../../runtime/confine.js';

const MAX_EDIT_BYTES = 64 * 1024 * 1024;
/**
 * Whether matching and diffing run in a worker (./edit-pool.ts), so no call holds the event loop
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
export async function runEdits(ctx: HandlerContext, resolved: ResolvedPath, edits: readonly EditRequest[], dryRun: boolean, labelTotal?: number): Promise<EditsDone> {
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
        if (label && error instanceof ToolError) throw new ToolError(error.code, `${label(index)}: ${error.message}`, error.details);
        throw error;
      }
    });
    let outcome: { text: string; replacements: number; diff: string };
    if (runsOffThread(decoded.text.length, edits)) {
      const { editInWorker } = await import('./edit-pool.js');
      outcome = await editInWorker({ text: decoded.text, edits, displayPath: resolved.relative, ...(labelTotal !== undefined ? { labelTotal } : {}) }, ctx.signal);
    } else {
      const applied = applyEdits(decoded.text, edits, resolved.relative, label);
      outcome = { ...applied, diff: unifiedDiff(resolved.relative, decoded.text, applied.text, applied.changes) };
    }
    const diff = outcome.diff;
    const result: EditsDone = { path: resolved.relative, replacements: outcome.replacements, diff, ...(dryRun ? { dry_run: true as const } : {}) };
    return { data: dryRun ? undefined : decoded.encode(outcome.text), result };
  });
}

/** The diff module (and the `diff` package) load on the first edit, not with read_file. */
const loadDiff = () => import('./edit-diff.js');

/** Model-facing text of an edit result. */
export function editText(done: EditsDone, what: string): string {
  const head = done.dry_run
    ? `Dry run: ${what} would make ${plural(done.replacements, 'replacement')} in ${done.path}; nothing was written`
    : `Edited ${done.path}: ${plural(done.replacements, 'replacement')}`;
  return `${head}\n${done.diff}`;
}

export const editFile: FilesystemHandlers['edit_file'] = async (params, ctx) => {
  if (params.old_str === params.new_str) {
    throw new ToolError('INVALID_INPUT', 'old_str and new_str are identical; nothing would change');
  }
  const resolved = confinedPath(ctx, 'path');
  const dryRun = params.dry_run ?? false;
  if (params.old_str === '') return createWithEdit(ctx, resolved, params.new_str, dryRun);
  const done = await runEdits(ctx, resolved, [{ old_str: params.old_str, new_str: params.new_str, replace_all: params.replace_all ?? false }], dryRun);
  return withText(done, editText(done, 'the edit'));
};

/** An empty old_str creates a new file holding new_str (ALREADY_EXISTS if there is one). */
async function createWithEdit(ctx: HandlerContext, resolved: ResolvedPath, content: string, dryRun: boolean) {
  const { unifiedDiff } = await loadDiff();
  const done = await changeFile(ctx, resolved, { createParents: !dryRun, dryRun }, (current) => {
    if (current) {
      throw new ToolError('ALREADY_EXISTS', `${resolved.relative} already exists; an empty old_str only creates new files (use write_file to replace it, or give the text to replace)`);
    }
    const diff = unifiedDiff(resolved.relative, '', content, content === '' ? [] : [{ start: 0, end: content.length, oldStart: 0, oldEnd: 0 }]);
    const result = { path: resolved.relative, replacements: 1, diff, created: true, ...(dryRun ? { dry_run: true as const } : {}) };
    const data = utf8Bytes(content); // a dry run refuses what the real one would
    return { data: dryRun ? undefined : data, result };
  }).catch(async (error: unknown) => {
    // A dry run does not create the parent folders: a missing one means the file would be new.
    if (dryRun && error instanceof ToolError && error.code === 'NOT_FOUND' && !resolved.exists) {
      const diff = unifiedDiff(resolved.relative, '', content, [{ start: 0, end: content.length, oldStart: 0, oldEnd: 0 }]);
      return { path: resolved.relative, replacements: 1, diff, created: true, dry_run: true as const };
    }
    throw error;
  });
  const head = done.dry_run ? `Dry run: would create ${resolved.relative}; nothing was written` : `Created ${resolved.relative}`;
  return withText(done, `${head}\n${done.diff}`);
}
