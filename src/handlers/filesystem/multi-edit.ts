// multi_edit: several exact replacements in one file, in order, all or nothing, one diff (DESIGN.md §11).
import type { FilesystemHandlers } from '../../generated/types.js';
import { ToolError } from '../../runtime/errors.js';
import { withText } from '../../runtime/handler.js';
import { editText, runEdits } from './edit-file.js';
import { editLabel } from './edit-match.js';
import { confinedPath } from '../../runtime/confine.js';

export const multiEdit: FilesystemHandlers['multi_edit'] = async (params, ctx) => {
  const total = params.edits.length;
  const label = (index: number) => editLabel(index, total);
  params.edits.forEach((edit, index) => {
    if (edit.old_str === edit.new_str) {
      throw new ToolError('INVALID_INPUT', `${label(index)}: old_str and new_str are identical; nothing would change`, { edit_index: index });
    }
  });
  const resolved = confinedPath(ctx, 'path');
  const done = await runEdits(ctx, resolved, params.edits, params.dry_run ?? false, total);
  return withText(done, editText(done, plural(total)));
};

function plural(n: number): string {
  return n === 1 ? 'the edit' : `the ${n} edits`;
}
