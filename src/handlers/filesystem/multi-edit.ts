// filesystem.multi_edit: several exact replacements in one file, in order, all or nothing, one diff.
import type { MultiEditParams, MultiEditResult } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withEditDiagnostics } from '../../runtime/edit-diagnostics.js';
import { withText, type HandlerReturn } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import type { ResolvedPath } from '../../runtime/workspace.js';
import { editText, runEdits } from './edit/run-edits.js';
import { editLabel } from './edit/match.js';
import { confinedPath } from '../../runtime/confine.js';

export async function multiEdit(params: MultiEditParams, ctx: HandlerContext): Promise<HandlerReturn<MultiEditResult>> {
  const total = params.edits.length;
  const label = (index: number) => editLabel(index, total);
  params.edits.forEach((edit, index) => {
    if (edit.old_str === edit.new_str) {
      throw new ToolError('INVALID_INPUT', `${label(index)}: old_str and new_str are identical; nothing would change`, {
        edit_index: index,
      });
    }
  });
  const resolved = confinedPath(ctx, 'path');
  return withEditDiagnostics(ctx, [resolved], () => editResolved(params, ctx, resolved, total));
}

async function editResolved(params: MultiEditParams, ctx: HandlerContext, resolved: ResolvedPath, total: number) {
  const done = await runEdits(ctx, resolved, {
    edits: params.edits,
    dryRun: params.dry_run,
    labelTotal: total,
    match: params.match,
  });
  return withText(done, editText(done, plural(total)));
}

function plural(n: number): string {
  return n === 1 ? 'the edit' : `the ${n} edits`;
}
