// A parsed patch applied, in memory, to the files as read: the sections in order (as the reference
// implementation applies them one after another: a file added, then updated, is the update of the
// added text), then each file's final text encoded like the file it replaces (edit_file's
// encodings, BOM and line endings), its diff, and what to write or remove.
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { ToolError } from '../../../runtime/contract/errors.js';
import type { ParsedPatch, PatchHunk } from '../../../runtime/fs/patch-envelope.js';
import { segmentOfText } from '../../../runtime/session/seen-lines.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import type { ResolvedPath } from '../../../runtime/fs/workspace.js';
import type { ChangedRange } from '../edit/match.js';
import { CONTEXT_LINES, regionsAsSeen } from '../edit/seen-compare.js';
import { decodeForEdit, encodeLike, utf8Bytes, type DecodedText } from '../encodings/text-codec.js';
import { missingPathError } from '../../../runtime/fs/missing-path.js';
import { applyChunks } from './apply-chunks.js';
import type { CommitPlan, FileOutcome, OpenedTarget } from './commit.js';
import { diagnoseMiss, PatchMiss } from './miss.js';
import type { MatchLevel, SearchWork } from './seek.js';

export type FileAction = 'add' | 'update' | 'delete' | 'move';

export interface PatchedFile {
  path: string;
  action: FileAction;
  /** For a move: where the file was. */
  from?: string;
  /** An Add or a Move put the file in place of one that was there. */
  replaced?: true;
  /** Update sections: how many changes were applied. */
  changes?: number;
  /** How loosely some change or anchor matched, when not exactly. */
  normalized?: Exclude<MatchLevel, 'exact'>[];
}

export interface PatchOutcome {
  files: PatchedFile[];
  diff: string;
  dry_run?: true;
  changed_since_read?: true;
}

/** One file's state while the sections apply: absent, or its text and how to encode it. */
interface Entry {
  resolved: ResolvedPath;
  opened: OpenedTarget;
  decoded?: DecodedText | null;
  exists: boolean;
  text?: string;
  /** Encodes the text (undefined: like the file it replaces, or UTF-8 for a new one). */
  encode?: (text: string) => Buffer;
  /** Changed ranges against the text read, when one Update is all that changed it. */
  ranges?: ChangedRange[];
  /** Sections that changed it (an Update adds its changes to the ones before it). */
  steps: number;
  /** Moved here: the file it came from (its diff is shown against that one). */
  movedFrom?: Entry;
  /** Moved away: its diff is shown with the file it went to. */
  movedAway?: boolean;
}

export interface PlanContext {
  ctx: HandlerContext;
  parsed: ParsedPatch;
  /** Each path as the patch wrote it → resolved by the runtime. */
  resolvedOf: (given: string) => ResolvedPath;
  dryRun: boolean;
}

const OLD_HEADER = /^--- (?:a\/.*|"a\/.*")$/m;
const NEW_HEADER = /^\+\+\+ (?:b\/.*|"b\/.*")$/m;

/**
 * A Delete or a Move names a file, not a link to one: the transaction works on the file the link
 * leads to, so it would remove or rename that one and leave the link. Refused, saying how.
 */
async function refuseLink(ctx: HandlerContext, given: string, does: 'deletes' | 'moves'): Promise<void> {
  const named = await lstat(path.resolve(ctx.workspace.root, given)).catch(() => undefined);
  if (named?.isSymbolicLink())
    throw new ToolError(
      'INVALID_INPUT',
      `${given} is a symbolic link: apply_patch ${does} files, not links (it would take the file the link leads to and leave the link); change the link itself with bash, or name the file it leads to`,
    );
}

/** The outcome of every file and the call's result, from the files as opened. */
export async function planPatch(
  plan: PlanContext,
  opened: ReadonlyMap<string, OpenedTarget>,
): Promise<CommitPlan<PatchOutcome>> {
  const entries = new Map<string, Entry>();
  const entryOf = (given: string): Entry => {
    const resolved = plan.resolvedOf(given);
    let entry = entries.get(resolved.absolute);
    if (!entry) {
      const target = opened.get(resolved.absolute)!;
      entry = { resolved, opened: target, exists: target.current !== undefined, steps: 0 };
      entries.set(resolved.absolute, entry);
    }
    return entry;
  };
  const files: PatchedFile[] = [];
  let changedSinceRead = false;
  // The lines the searches of the whole patch compared (bounded, with turns for the event loop).
  const work = { steps: 0, turnAt: 0 };
  for (const hunk of plan.parsed.hunks) {
    const entry = entryOf(hunk.path);
    if (hunk.type === 'add') {
      if (entry.exists && entry.text === undefined) guardReplaced(entry);
      files.push({
        path: entry.resolved.relative,
        action: 'add',
        ...(entry.exists ? { replaced: true as const } : {}),
      });
      Object.assign(entry, { exists: true, text: hunk.contents, ranges: undefined, steps: entry.steps + 1 });
      entry.encode = undefined;
      continue;
    }
    if (!entry.exists) throw await missingPathError(entry.resolved, plan.ctx.visiblePaths);
    // Checked on the name as given, whatever sections before did to the file it leads to: those
    // are keyed by the real path, and the link stays a link on disk.
    if (hunk.type === 'delete' || hunk.moveTo !== undefined)
      await refuseLink(plan.ctx, hunk.path, hunk.type === 'delete' ? 'deletes' : 'moves');
    if (hunk.type === 'delete') {
      if (entry.text === undefined) guardReplaced(entry);
      files.push({ path: entry.resolved.relative, action: 'delete' });
      Object.assign(entry, { exists: false, text: undefined, ranges: undefined, steps: entry.steps + 1 });
      continue;
    }
    const updated = await update(plan, entry, hunk, work);
    if (updated.stale) changedSinceRead = true;
    const dest = hunk.moveTo === undefined ? entry : entryOf(hunk.moveTo);
    if (dest !== entry) {
      if (dest.exists && dest.text === undefined) guardReplaced(dest);
      files.push({
        path: dest.resolved.relative,
        action: 'move',
        from: entry.resolved.relative,
        ...(dest.exists ? { replaced: true as const } : {}),
        changes: hunk.chunks.length,
        ...(updated.levels.length > 0 ? { normalized: updated.levels } : {}),
      });
      Object.assign(dest, {
        exists: true,
        text: updated.text,
        encode: entry.encode,
        ranges: undefined,
        steps: dest.steps + 1,
      });
      dest.movedFrom = entry;
      Object.assign(entry, {
        exists: false,
        text: undefined,
        ranges: undefined,
        steps: entry.steps + 1,
        movedAway: true,
      });
    } else {
      files.push({
        path: entry.resolved.relative,
        action: 'update',
        changes: hunk.chunks.length,
        ...(updated.levels.length > 0 ? { normalized: updated.levels } : {}),
      });
      entry.ranges = entry.steps === 0 ? updated.ranges : undefined;
      entry.text = updated.text;
      entry.steps++;
    }
  }
  const outcomes = new Map<string, FileOutcome>();
  const diffs: string[] = [];
  const { unifiedDiff } = await import('../edit/diff.js');
  for (const entry of entries.values()) {
    const outcome = await outcomeOf(entry);
    if (!outcome) continue;
    outcomes.set(entry.resolved.absolute, outcome);
    if (entry.movedAway && !entry.exists) continue;
    const source = entry.movedFrom ?? entry;
    const before = source.opened.current ? await textOrBinary(source) : '';
    const after = entry.exists ? entry.text! : '';
    if (before === undefined) {
      diffs.push(
        `--- a/${source.resolved.relative}\n+++ ${entry.exists ? `b/${entry.resolved.relative}` : '/dev/null'}\n(binary file)\n`,
      );
      continue;
    }
    const ranges = entry.movedFrom ? undefined : entry.ranges;
    let diff = unifiedDiff(
      entry.resolved.relative,
      before,
      after,
      ranges ?? [{ oldStart: 0, oldEnd: before.length, start: 0, end: after.length }],
    );
    // The headers as the diff wrote them: quoted ("a/…") where the name holds odd characters.
    if (!source.opened.current) diff = diff.replace(OLD_HEADER, '--- /dev/null');
    else if (source !== entry) diff = diff.replace(OLD_HEADER, () => `--- a/${source.resolved.relative}`);
    if (!entry.exists) diff = diff.replace(NEW_HEADER, '+++ /dev/null');
    diffs.push(diff);
  }
  const result: PatchOutcome = {
    files,
    diff: diffs.join(''),
    ...(plan.dryRun ? { dry_run: true as const } : {}),
    ...(changedSinceRead ? { changed_since_read: true as const } : {}),
  };
  return { outcomes, result };
}

/** A file the patch replaces or removes whole must be as this session last read it (write_file's guard). */
function guardReplaced(entry: Entry): void {
  if (entry.opened.current?.changedSinceRead) {
    throw new ToolError(
      'STALE_FILE',
      `${entry.resolved.relative} changed on disk since this session last read it; read it again (read_file) and retry the patch. Nothing was written`,
    );
  }
}

/** The text read from disk, or undefined for a binary file (a file removed or replaced whole may be one). */
async function textOrBinary(entry: Entry): Promise<string | undefined> {
  try {
    return await originalText(entry);
  } catch (error) {
    if (error instanceof ToolError && error.code === 'BINARY_FILE') return undefined;
    throw error;
  }
}

/** The text read from disk (decoded once); BINARY_FILE for a file that is no text. */
async function originalText(entry: Entry): Promise<string> {
  if (entry.decoded === undefined) entry.decoded = (await decodeForEdit(entry.opened.current!.bytes)) ?? null;
  if (!entry.decoded)
    throw new ToolError('BINARY_FILE', `${entry.resolved.relative} is a binary file; a patch only changes text`);
  return entry.decoded.text;
}

async function update(
  plan: PlanContext,
  entry: Entry,
  hunk: Extract<PatchHunk, { type: 'update' }>,
  work: SearchWork & { turnAt: number },
): Promise<{ text: string; ranges: ChangedRange[]; levels: Exclude<MatchLevel, 'exact'>[]; stale: boolean }> {
  const fromDisk = entry.text === undefined;
  const text = fromDisk ? await originalText(entry) : entry.text!;
  if (fromDisk) {
    const decoded = entry.decoded!;
    entry.encode = (t) => decoded.encode(t);
  }
  const seen = plan.ctx.session.seenLines(entry.resolved.absolute)?.segments ?? [];
  let applied;
  try {
    applied = await applyChunks(text, hunk.chunks, work, plan.ctx.signal);
  } catch (error) {
    if (!(error instanceof PatchMiss)) throw error;
    throw await diagnoseMiss(error, {
      display: entry.resolved.relative,
      chunks: hunk.chunks,
      sectionLine: hunk.line,
      seen,
      signal: plan.ctx.signal,
    });
  }
  const stale = fromDisk && entry.opened.current?.changedSinceRead === true;
  if (stale && !regionsAsSeen(text, applied.changes, seen)) {
    throw new ToolError(
      'STALE_FILE',
      `${entry.resolved.relative} changed on disk since this session last read it, and the lines this patch changes (or the ${CONTEXT_LINES} lines around them) are not as read; read it again (read_file) and retry the patch. Nothing was written`,
    );
  }
  return { text: applied.text, ranges: applied.changes, levels: applied.levels, stale };
}

/** What to do with the file on disk: write its new bytes, remove it, or nothing (unchanged). */
async function outcomeOf(entry: Entry): Promise<FileOutcome | undefined> {
  const current = entry.opened.current;
  if (!entry.exists) return current ? { kind: 'delete' } : undefined;
  const text = entry.text!;
  let data: Buffer;
  try {
    if (entry.encode) data = entry.encode(text);
    else if (current) data = (await encodeLike(current.bytes, text)).bytes;
    else data = utf8Bytes(text);
  } catch (error) {
    if (error instanceof ToolError)
      throw new ToolError(error.code, `${entry.resolved.relative}: ${error.message}`, error.details);
    throw error;
  }
  // A moved file keeps its own mode wherever it lands.
  const moved = entry.movedFrom?.opened.current;
  const mode = moved ? Number(moved.stats.mode & 0o7777n) : undefined;
  if (
    current &&
    Buffer.compare(data, current.bytes) === 0 &&
    (mode === undefined || mode === Number(current.stats.mode & 0o7777n))
  )
    return undefined;
  const seen = segmentOfText(text);
  return { kind: 'write', data, ...(mode !== undefined ? { mode } : {}), ...(seen ? { seen } : {}) };
}
