// filesystem.checkpoint_diff: what a checkpoint's call changed (scope call), or everything from just
// before it to the files now (scope since), as a unified diff.
import { constants } from 'node:fs';
import type { CheckpointDiffParams, CheckpointDiffResult } from '../../../generated/types.js';
import { gitBlobId } from '../../../runtime/checkpoints/blobs.js';
import type { FileState } from '../../../runtime/checkpoints/types.js';
import { withText, type Rendered } from '../../../runtime/contract/handler.js';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import { changeOf, checkpointById, contentDiff, filesOfRange, sessionLog, type OpenedLog } from './shared.js';

type DiffFile = CheckpointDiffResult['files'][number];

export async function checkpointDiff(
  params: CheckpointDiffParams,
  ctx: HandlerContext,
): Promise<Rendered<CheckpointDiffResult>> {
  const opened = await sessionLog(ctx);
  const { record, index } = checkpointById(opened.log, params.id);
  const since = params.scope === 'since';
  const range = since ? opened.log.list().slice(index) : [record];
  const files: DiffFile[] = [];
  const diffs: string[] = [];
  const all = filesOfRange(range);
  // A path the path rules keep from this operation: its entry is hidden (and counted) by the
  // runtime, and its content is left out of the diff here.
  const kept = ctx.hiddenPaths
    ? new Set((await ctx.hiddenPaths(all.map((f) => f.path))).map((h) => h.path))
    : undefined;
  for (const file of all) {
    if (kept?.has(file.path)) {
      files.push({ path: file.path, change: changeOf(file.before, file.after) });
      continue;
    }
    const now = since ? await currentState(ctx, file.path) : undefined;
    const after = since ? now!.state : file.after;
    const entry: DiffFile = { path: file.path, change: changeOf(file.before, after) };
    const before = await contentOf(opened, file.before);
    let later = since ? now!.bytes : await contentOf(opened, after);
    if (later === null && after?.exists) {
      // Only the id of what the call wrote is recorded: the file now holds it when nobody changed it since.
      const current = await currentState(ctx, file.path);
      if (current.state.exists && current.state.oid === after.oid) later = current.bytes;
    }
    if (before === null || later === null) {
      entry.unavailable =
        before === null
          ? 'its content before the checkpoint was not kept (larger than the byte bound)'
          : 'its content after the call was not kept (it changed again since)';
      diffs.push(`--- a/${file.path}\n+++ b/${file.path}\n(${entry.unavailable})\n`);
    } else {
      diffs.push(await contentDiff(file.path, before, later));
    }
    files.push(entry);
  }
  const result: CheckpointDiffResult = { id: record.id, files, diff: diffs.join('') };
  const head = since ? `Changes from before ${record.id} to now` : `Changes made by ${record.id} (${record.operation})`;
  return withText(result, `${head}:\n${result.diff || '(no differences)\n'}`);
}

/** The bytes of a state (undefined: absent), or null when they are not kept. */
async function contentOf({ keeper, log }: OpenedLog, state: FileState | undefined): Promise<Buffer | undefined | null> {
  if (!state) return null;
  if (!state.exists) return undefined;
  return (await keeper.content(log, state)) ?? null;
}

/** Files larger than this are not read for a diff (named, not shown). */
const MAX_READ_BYTES = 64 * 1024 * 1024;

/**
 * A file as it is now, opened through the workspace's verified open (never through a link, never
 * outside); a path that no longer leads to a regular file inside reads as absent.
 */
async function currentState(ctx: HandlerContext, relative: string): Promise<{ state: FileState; bytes?: Buffer }> {
  const absent = { state: { exists: false } as FileState };
  const resolved = await ctx.workspace.resolve(relative).catch(() => undefined);
  if (!resolved?.exists) return absent;
  const opened = await ctx.workspace
    .openVerified(resolved, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY)
    .catch(() => undefined);
  if (!opened) return absent;
  try {
    const size = Number(opened.stats.size);
    if (!opened.stats.isFile() || size > MAX_READ_BYTES) return absent;
    const bytes = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const { bytesRead } = await opened.handle.read(bytes, at, size - at, at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    const read = bytes.subarray(0, at);
    return {
      state: { exists: true, oid: gitBlobId(read), mode: 0, size: read.length, kept: true, store: 'blob' },
      bytes: read,
    };
  } finally {
    await opened.handle.close();
  }
}
