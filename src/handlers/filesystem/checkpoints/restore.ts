// filesystem.checkpoint_restore: files put back as a checkpoint recorded them before its call (scope
// call), or as they were before it and every later checkpoint (scope since). A file is restored
// only when it is still as the checkpoints left it (someone else's change is listed and left alone,
// unless force). The files are written as one change (all or none) through apply_patch's
// transaction, which records the restore as a checkpoint of its own.
import type { CheckpointRestoreParams, CheckpointRestoreResult } from '../../../generated/types.js';
import { gitBlobId } from '../../../runtime/checkpoints/blobs.js';
import type { FileState } from '../../../runtime/checkpoints/types.js';
import { ToolError } from '../../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../../runtime/contract/handler.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import type { ResolvedPath } from '../../../runtime/fs/workspace.js';
import { commitFiles, type FileOutcome } from '../patch/commit.js';
import { plural } from '../plural.js';
import { removeEmptiedFolders } from './folders.js';
import { checkpointById, contentDiff, filesOfRange, sameState, sessionLog, type RangeFile } from './shared.js';

type Skipped = CheckpointRestoreResult['skipped'][number];
type Restored = CheckpointRestoreResult['restored'][number];

/** Files larger than this are not read back for a restore (TOO_LARGE), as apply_patch refuses them. */
const MAX_RESTORE_FILE_BYTES = 64 * 1024 * 1024;

const GIT_TYPE = 0o170000;
const GIT_REGULAR = 0o100000;

/** A file to put back: where, and the content and mode it had (none: it did not exist). */
interface Wanted {
  file: RangeFile;
  resolved: ResolvedPath;
  content?: Buffer;
  mode?: number;
}

export async function checkpointRestore(
  params: CheckpointRestoreParams,
  ctx: HandlerContext,
): Promise<Rendered<CheckpointRestoreResult>> {
  const { keeper, log } = await sessionLog(ctx);
  const { record, index } = checkpointById(log, params.id);
  const since = params.scope === 'since';
  const dryRun = params.dry_run ?? false;
  const force = params.force ?? false;
  const skipped: Skipped[] = [];
  let wanted: Wanted[] = [];
  for (const file of filesOfRange(since ? log.list().slice(index) : [record])) {
    const resolved = await ctx.workspace.resolve(file.path).catch((error: unknown) => {
      if (error instanceof ToolError && error.code === 'OUTSIDE_WORKSPACE') return undefined;
      throw error;
    });
    if (!resolved) {
      skipped.push({ path: file.path, reason: 'outside_workspace' });
      continue;
    }
    // The path now leads elsewhere in the workspace (a link put in its place, or in a folder's): a
    // restore writes what was at that path, never through a link to another file.
    if (resolved.relative !== file.path) {
      skipped.push({ path: file.path, reason: 'unsupported' });
      continue;
    }
    const { before, after } = file;
    // A link or special file a command made or removed is not written back (snapshots record its type).
    if (!regular(before) || (after !== undefined && !regular(after))) {
      skipped.push({ path: file.path, reason: 'unsupported' });
      continue;
    }
    if (!before.exists) {
      wanted.push({ file, resolved });
      continue;
    }
    const content = before.kept ? await keeper.content(log, before) : undefined;
    if (!content) {
      skipped.push({ path: file.path, reason: 'not_kept' });
      continue;
    }
    wanted.push({ file, resolved, content, mode: modeOf(before) });
  }

  // A path the path rules keep from this operation is not written (its entry is then hidden from
  // the result too: the paths it names are declared).
  const kept = ctx.hiddenPaths
    ? new Set((await ctx.hiddenPaths(wanted.map((w) => w.file.path))).map((h) => h.path))
    : undefined;
  if (kept?.size) {
    for (const w of wanted) if (kept.has(w.file.path)) skipped.push({ path: w.file.path, reason: 'denied_by_policy' });
    wanted = wanted.filter((w) => !kept.has(w.file.path));
  }
  const restored: Restored[] = [];
  const diffs: string[] = [];
  await commitFiles(
    ctx,
    wanted.map((w) => w.resolved),
    { dryRun, readLimit: MAX_RESTORE_FILE_BYTES },
    async (opened) => {
      const outcomes = new Map<string, FileOutcome>();
      for (const w of wanted) {
        const current = opened.get(w.resolved.absolute)?.current;
        const now: FileState = current
          ? {
              exists: true,
              oid: gitBlobId(current.bytes),
              mode: 0,
              size: current.bytes.length,
              kept: true,
              store: 'blob',
            }
          : { exists: false };
        // Already as it was (content and mode): nothing to write.
        const sameMode = !current || w.mode === undefined || w.mode === Number(current.stats.mode & 0o7777n);
        if (sameState(now, w.file.before) && sameMode) continue;
        // Someone else's chmod is a change too: left alone as one of its content would be.
        if (!force && (!sameState(now, w.file.after) || modeMoved(current, w.file.after))) {
          skipped.push({ path: w.file.path, reason: 'changed_since' });
          continue;
        }
        if (w.content) {
          outcomes.set(w.resolved.absolute, {
            kind: 'write',
            data: w.content,
            ...(w.mode !== undefined ? { mode: w.mode } : {}),
          });
          restored.push({ path: w.file.path, action: 'write' });
        } else {
          outcomes.set(w.resolved.absolute, { kind: 'delete' });
          restored.push({ path: w.file.path, action: 'delete' });
        }
        diffs.push(await contentDiff(w.file.path, current?.bytes, w.content));
      }
      return { outcomes, result: undefined };
    },
  );
  if (!dryRun) {
    const deleted = restored.filter((r) => r.action === 'delete').map((r) => r.path);
    const existed = wanted.filter((w) => w.file.before.exists).map((w) => w.file.path);
    if (deleted.length > 0) await removeEmptiedFolders(ctx, deleted, existed, Date.parse(record.created_at));
  }
  const own = !dryRun && restored.length > 0 ? ctx.checkpoint?.id : undefined;
  const result: CheckpointRestoreResult = {
    restored,
    skipped,
    diff: diffs.join(''),
    ...(own !== undefined ? { checkpoint: own } : {}),
    ...(dryRun ? { dry_run: true } : {}),
  };
  return withText(result, restoreText(result, record.id, since));
}

/** Absent, or a regular file (a snapshot also records links). */
function regular(state: FileState): boolean {
  return !state.exists || state.store !== 'git' || (state.mode & GIT_TYPE) === GIT_REGULAR;
}

/** The permission bits to restore: a file operation's own, or a snapshot's executable bit. */
/**
 * Whether the file's mode is no longer what the checkpoints left: the exact permission bits where
 * a file call recorded them, the executable bit where a bash snapshot (git) did.
 */
function modeMoved(current: { stats: { mode: bigint } } | undefined, after: FileState | undefined): boolean {
  if (!current || !after?.exists) return false;
  const now = Number(current.stats.mode & 0o7777n);
  if (after.store === 'blob') return now !== (after.mode & 0o7777);
  return ((now & 0o111) === 0) !== ((after.mode & 0o111) === 0);
}

function modeOf(state: Extract<FileState, { exists: true }>): number {
  if (state.store === 'blob') return state.mode & 0o7777;
  return state.mode & 0o111 ? 0o755 & ~process.umask() : 0o644 & ~process.umask();
}

const REASONS: Record<Skipped['reason'], string> = {
  changed_since: 'changed since by someone else (force restores it anyway)',
  not_kept: 'its earlier content was not kept (larger than the byte bound)',
  unsupported: 'a symbolic link or special file (or its path now goes through a link)',
  outside_workspace: 'its path now leads outside the workspace',
  denied_by_policy: "the policy's path rules keep it from checkpoint_restore",
};

function restoreText(result: CheckpointRestoreResult, id: string, since: boolean): string {
  const what = since ? `the files as they were before ${id}` : `the changes of ${id}`;
  const lines = [
    result.dry_run
      ? `Dry run: restoring ${what} would change ${plural(result.restored.length, 'file')}; nothing was written`
      : result.restored.length > 0
        ? `Restored ${what}: ${plural(result.restored.length, 'file')}${result.checkpoint ? ` (checkpoint ${result.checkpoint} undoes this restore)` : ''}`
        : `Nothing to restore for ${what}`,
  ];
  for (const r of result.restored) lines.push(`${r.action === 'delete' ? 'D' : 'W'} ${r.path}`);
  for (const s of result.skipped) lines.push(`skipped ${s.path}: ${REASONS[s.reason]}`);
  return `${lines.join('\n')}\n${result.diff}`;
}
