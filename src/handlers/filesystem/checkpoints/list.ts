// filesystem.checkpoint_list: this session's checkpoints, newest first, with the files each changed,
// whether it can be restored, and what the limits dropped.
import type { CheckpointListParams, CheckpointListResult } from '../../../generated/types.js';
import { withText, type Rendered } from '../../../runtime/handler.js';
import type { HandlerContext } from '../../../runtime/types.js';
import { changeOf, restorable, sessionLog } from './shared.js';

type Listed = CheckpointListResult['checkpoints'][number];

export async function checkpointList(
  params: CheckpointListParams,
  ctx: HandlerContext,
): Promise<Rendered<CheckpointListResult>> {
  const { log } = await sessionLog(ctx);
  const records = log.list();
  const limit = params.limit ?? 20;
  const checkpoints: Listed[] = records
    .slice(-limit)
    .reverse()
    .map((record) => ({
      id: record.id,
      operation: record.operation,
      ...(record.command !== undefined ? { command: record.command } : {}),
      created_at: record.created_at,
      files: record.files.map((f) => ({ path: f.path, change: changeOf(f.before, f.after) })),
      restorable: restorable(record),
    }));
  const { dropped } = log;
  const result: CheckpointListResult = {
    checkpoints,
    total: records.length,
    ...(dropped.count > 0
      ? {
          dropped: {
            count: dropped.count,
            ...(dropped.last !== undefined ? { last: dropped.last } : {}),
            ...(dropped.reason !== undefined ? { reason: dropped.reason } : {}),
          },
        }
      : {}),
  };
  return withText(result, listText(result));
}

const MARK = { added: 'A', modified: 'M', deleted: 'D' } as const;

function listText(result: CheckpointListResult): string {
  const lines: string[] = [];
  if (result.checkpoints.length === 0) lines.push('No checkpoints in this session.');
  for (const cp of result.checkpoints) {
    const what = cp.command !== undefined ? `${cp.operation}: ${cp.command}` : cp.operation;
    lines.push(`${cp.id}  ${cp.created_at}  ${what}${cp.restorable ? '' : '  (cannot be restored whole)'}`);
    for (const file of cp.files.slice(0, 20)) lines.push(`    ${MARK[file.change]} ${file.path}`);
    if (cp.files.length > 20) lines.push(`    … ${cp.files.length - 20} more files`);
  }
  if (result.total > result.checkpoints.length)
    lines.push(`(${result.total - result.checkpoints.length} older checkpoints not shown; raise limit)`);
  if (result.dropped)
    lines.push(
      `${result.dropped.count} older checkpoint(s) were dropped by the ${result.dropped.reason === 'bytes' ? 'byte' : 'count'} limit (the newest dropped: ${result.dropped.last}).`,
    );
  return lines.join('\n');
}
