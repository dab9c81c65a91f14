// The edit core of edit_file and multi_edit: edits applied in order, all or nothing, under the
// write transaction, matched and diffed in a job process when the job is large; a file changed
// since it was read takes the edits whose regions are as read.
import { refuseKeptFromReading } from '../../../runtime/policy/kept-from-reading.js';
import { ToolError } from '../../../runtime/contract/errors.js';
import { segmentOfText, type SeenSegment } from '../../../runtime/session/seen-lines.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import type { ResolvedPath } from '../../../runtime/fs/workspace.js';
import { decodeForEdit } from '../encodings/text-codec.js';
import { missingPathError } from '../../../runtime/fs/missing-path.js';
import { plural } from '../plural.js';
import { changeFile } from '../../../runtime/fs/write-transaction.js';
import type { Candidate } from './candidates.js';
import { applyEdits, editLabel, NeedsDiagnosis, type EditRequest, type MatchMode } from './match.js';
import type { Normalization } from './normalize.js';
import type { EditedText } from './pool.js';
import { CONTEXT_LINES, linesOf, regionsAsSeen } from './seen-compare.js';

const MAX_EDIT_BYTES = 64 * 1024 * 1024;
/** Above this many characters a miss is diagnosed, and a loose match searched, off the caller's thread. */
const HEAVY_MATCH_CHARS = 256 * 1024;

/**
 * Whether matching and diffing run in a job process (./pool.ts), so no call holds the event loop
 * for long: estimated work (text × edits, a replace_all counted 4×, as its many matches rebuild the
 * text) of 64 Mi characters or more, or a text of 24 Mi or more, or a loose match of a large text.
 * Below that (10 edits of a 5 MB file: ~70 ms) copying the text there and back costs more than it saves.
 */
export function runsInJobProcess(textLength: number, edits: readonly EditRequest[], match: MatchMode): boolean {
  let work = 0;
  for (const edit of edits) work += textLength * (edit.replace_all ? 4 : 1);
  if (match === 'loose' && textLength > HEAVY_MATCH_CHARS) return true;
  return work >= 64 * 1024 * 1024 || textLength >= 24 * 1024 * 1024;
}

export interface EditsDone {
  path: string;
  replacements: number;
  diff: string;
  dry_run?: true;
  normalized?: Normalization[];
  changed_since_read?: true;
}

export interface EditCall {
  edits: readonly EditRequest[];
  dryRun: boolean;
  /** multi_edit: a failing edit is named (`edits[2] (edit 3 of 5)`). */
  labelTotal?: number;
  match: MatchMode;
}

/**
 * Applies the edits in order to the file at `resolved`, all or nothing, under the write transaction
 * (lock, verified folder, stale guard by region, compare-and-swap, atomic replace); with `dryRun`
 * nothing is written. Large jobs (see runsInJobProcess) match and diff in a job process.
 */
export async function runEdits(ctx: HandlerContext, resolved: ResolvedPath, call: EditCall): Promise<EditsDone> {
  const { edits, dryRun, labelTotal } = call;
  const label = labelTotal === undefined ? undefined : (index: number) => editLabel(index, labelTotal);
  const options = { createParents: false, readLimit: MAX_EDIT_BYTES, dryRun, guardRegions: true };
  // An edit reads the file, and its diff, a miss's closest lines or a match at all would show it.
  await refuseKeptFromReading(ctx, [resolved.relative], 'the edit would change', true);
  return changeFile(ctx, resolved, options, async (current) => {
    if (!current) throw await missingPathError(resolved, ctx.visiblePaths);
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
    const record = ctx.session.seenLines(resolved.absolute);
    const seen = record?.segments ?? [];
    const outcome = await computeEdits(ctx, resolved, decoded.text, call, seen).catch((error: unknown) => {
      if (record) rememberShown(ctx, resolved, decoded.text, error);
      throw error;
    });
    if (current.changedSinceRead && !regionsAsSeen(decoded.text, outcome.ranges, seen)) {
      throw new ToolError(
        'STALE_FILE',
        `${resolved.relative} changed on disk since this session last read it, and the lines ${edits.length > 1 ? 'these edits change' : 'this edit changes'} (or the ${CONTEXT_LINES} lines around them) are not as read; read it again (read_file) and retry the change`,
      );
    }
    const result: EditsDone = {
      path: resolved.relative,
      replacements: outcome.replacements,
      diff: outcome.diff,
      ...(dryRun ? { dry_run: true as const } : {}),
      ...(outcome.normalized.length > 0 ? { normalized: outcome.normalized } : {}),
      ...(current.changedSinceRead ? { changed_since_read: true as const } : {}),
    };
    if (dryRun) return { result };
    return { data: decoded.encode(outcome.text), result, seen: segmentOfText(outcome.text) };
  });
}

/** The edits applied and diffed, here or in the job process (a large job, or a miss on a large text to diagnose). */
async function computeEdits(
  ctx: HandlerContext,
  resolved: ResolvedPath,
  text: string,
  call: EditCall,
  seen: readonly SeenSegment[],
): Promise<EditedText> {
  const { edits, labelTotal, match } = call;
  const inJobProcess = async () => {
    const { editInJobProcess } = await import('./pool.js');
    const job = { text, edits, displayPath: resolved.relative, match, seen };
    return editInJobProcess(labelTotal !== undefined ? { ...job, labelTotal } : job, ctx.signal);
  };
  if (runsInJobProcess(text.length, edits, match)) return inJobProcess();
  const { unifiedDiff } = await loadDiff();
  const label = labelTotal === undefined ? undefined : (index: number) => editLabel(index, labelTotal);
  try {
    const applied = applyEdits(text, edits, resolved.relative, label, {
      match,
      seen,
      diagnose: text.length <= HEAVY_MATCH_CHARS,
    });
    const diff = unifiedDiff(resolved.relative, text, applied.text, applied.changes);
    return { ...applied, diff, ranges: applied.changes };
  } catch (error) {
    if (error instanceof NeedsDiagnosis) return inJobProcess();
    throw error;
  }
}

/**
 * A miss of the file's first edit shown candidates copied from an older version (`stale`): the
 * session has now seen those lines as they are, with their context, as the error showed them.
 */
function rememberShown(ctx: HandlerContext, resolved: ResolvedPath, text: string, error: unknown): void {
  if (!(error instanceof ToolError) || error.code !== 'NO_MATCH' || (error.details?.edit_index ?? 0) !== 0) return;
  const candidates = (error.details?.candidates ?? []) as Candidate[];
  const stale = candidates.filter((c) => c.difference === 'stale');
  const record = ctx.session.seenLines(resolved.absolute);
  if (stale.length === 0 || !record) return;
  const { lines } = linesOf(text);
  for (const candidate of stale) {
    const first = Math.max(0, candidate.line - 1 - CONTEXT_LINES);
    const last = Math.min(lines.length - 1, candidate.line - 1 + candidate.text.split('\n').length - 1 + CONTEXT_LINES);
    const segment = { lines: lines.slice(first, last + 1), atStart: first === 0, atEnd: last === lines.length - 1 };
    ctx.session.recordRead(resolved.absolute, record.stamp, segment);
  }
}

/** The diff module (and the `diff` package) load on the first edit, not with read_file. */
export const loadDiff = () => import('./diff.js');

/** Model-facing text of an edit result. */
export function editText(done: EditsDone, what: string): string {
  const head = done.dry_run
    ? `Dry run: ${what} would make ${plural(done.replacements, 'replacement')} in ${done.path}; nothing was written`
    : `Edited ${done.path}: ${plural(done.replacements, 'replacement')}`;
  const notes = [
    done.normalized ? `matched loosely (normalised: ${done.normalized.join(', ')})` : '',
    done.changed_since_read
      ? 'the file had changed on disk since it was read, elsewhere than the lines edited (those were as read)'
      : '',
  ].filter(Boolean);
  return `${head}${notes.length > 0 ? `; ${notes.join('; ')}` : ''}\n${done.diff}`;
}
