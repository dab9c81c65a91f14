// What checkpoint_list, checkpoint_diff and checkpoint_restore share: this call's session log (per
// session and principal: another principal's checkpoints are never found), a checkpoint by id, what
// a recorded change was, the files a range of checkpoints touched, and a diff of two contents.
import type { CheckpointKeeper } from '../../../runtime/checkpoints/keeper.js';
import type { SessionLog } from '../../../runtime/checkpoints/session-log.js';
import type { CheckpointRecord, FileState } from '../../../runtime/checkpoints/types.js';
import { ToolError } from '../../../runtime/errors.js';
import type { HandlerContext } from '../../../runtime/types.js';
import { decodeForEdit } from '../encodings/text-codec.js';

export type ChangeKind = 'added' | 'modified' | 'deleted';

export interface OpenedLog {
  keeper: CheckpointKeeper;
  log: SessionLog;
}

/** The log of this call's session and principal. */
export async function sessionLog(ctx: HandlerContext): Promise<OpenedLog> {
  const keeper = ctx.services.checkpoints;
  if (!keeper) throw new ToolError('UNAVAILABLE', 'checkpoints are turned off for this toolkit (checkpoints: false)');
  try {
    return { keeper, log: await keeper.log(ctx.storeKey, ctx.session.id) };
  } catch (error) {
    if (error instanceof ToolError) throw error;
    throw new ToolError(
      'UNAVAILABLE',
      `the checkpoints of this session could not be read (${error instanceof Error ? error.message : String(error)})`,
    );
  }
}

/** The checkpoint `id` of this session, or NOT_FOUND (the same for one that never was and one dropped). */
export function checkpointById(log: SessionLog, id: string): { record: CheckpointRecord; index: number } {
  const records = log.list();
  const index = records.findIndex((r) => r.id === id);
  if (index === -1) {
    const dropped =
      log.dropped.count > 0 ? `; ${log.dropped.count} older checkpoint(s) were dropped by the limits` : '';
    throw new ToolError(
      'NOT_FOUND',
      `no checkpoint ${id} in this session (checkpoint_list shows the ones kept${dropped})`,
      { id },
    );
  }
  return { record: records[index]!, index };
}

export function changeOf(before: FileState, after: FileState | undefined): ChangeKind {
  if (!before.exists) return 'added';
  return after && !after.exists ? 'deleted' : 'modified';
}

/** Two states hold the same thing: both absent, or the same content. */
export function sameState(a: FileState | undefined, b: FileState | undefined): boolean {
  if (!a || !b) return false;
  if (!a.exists || !b.exists) return a.exists === b.exists;
  return a.oid !== '' && a.oid === b.oid;
}

/** Whether a checkpoint's every earlier content is kept and its call finished writing. */
export function restorable(record: CheckpointRecord): boolean {
  return record.complete && record.files.every((f) => !f.before.exists || f.before.kept);
}

/** One file across a range of checkpoints: as it was before the first, and as the last left it. */
export interface RangeFile {
  path: string;
  before: FileState;
  /** Undefined when a checkpoint in the range did not finish writing it. */
  after: FileState | undefined;
}

/** The files the checkpoints touched, in the order first touched. */
export function filesOfRange(records: readonly CheckpointRecord[]): RangeFile[] {
  const byPath = new Map<string, RangeFile>();
  for (const record of records) {
    for (const change of record.files) {
      const known = byPath.get(change.path);
      if (known) known.after = change.after;
      else byPath.set(change.path, { path: change.path, before: change.before, after: change.after });
    }
  }
  return [...byPath.values()];
}

/** The text of some bytes, or undefined for a binary file. */
async function textOf(bytes: Buffer): Promise<string | undefined> {
  return (await decodeForEdit(bytes))?.text;
}

/**
 * A unified diff of one file from `before` to `after` (undefined: absent); a binary file is named,
 * not shown.
 */
export async function contentDiff(
  relative: string,
  before: Buffer | undefined,
  after: Buffer | undefined,
): Promise<string> {
  const from = before ? `a/${relative}` : '/dev/null';
  const to = after ? `b/${relative}` : '/dev/null';
  const oldText = before ? await textOf(before) : '';
  const newText = after ? await textOf(after) : '';
  if (oldText === undefined || newText === undefined) return `--- ${from}\n+++ ${to}\n(binary file)\n`;
  if (oldText === newText) return '';
  const { unifiedDiff } = await import('../edit/diff.js');
  // Only the part between the common head and tail is diffed (a small change in a large file stays cheap).
  let head = 0;
  const shortest = Math.min(oldText.length, newText.length);
  while (head < shortest && oldText.charCodeAt(head) === newText.charCodeAt(head)) head++;
  let tail = 0;
  while (
    tail < shortest - head &&
    oldText.charCodeAt(oldText.length - 1 - tail) === newText.charCodeAt(newText.length - 1 - tail)
  )
    tail++;
  const diff = unifiedDiff(relative, oldText, newText, [
    { oldStart: head, oldEnd: oldText.length - tail, start: head, end: newText.length - tail },
  ]);
  return diff.replace(/^--- a\/.*$/m, `--- ${from}`).replace(/^\+\+\+ b\/.*$/m, `+++ ${to}`);
}
