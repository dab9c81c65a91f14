// filesystem.edit_file: exact (or loose) old_str → new_str, line endings, BOM and encoding preserved,
// a unified diff in the answer, a miss diagnosed; an empty old_str creates a new file. The edit core
// is ./edit/run-edits.ts.
import type { EditFileParams, EditFileResult } from '../../generated/types.js';
import { confinedPath } from '../../runtime/confine.js';
import { ToolError } from '../../runtime/errors.js';
import { withEditDiagnostics } from '../../runtime/edit-diagnostics.js';
import { withText, type Rendered } from '../../runtime/handler.js';
import type { HandlerContext } from '../../runtime/types.js';
import type { ResolvedPath } from '../../runtime/workspace.js';
import { editText, loadDiff, runEdits } from './edit/run-edits.js';
import { utf8Bytes } from './encodings/text-codec.js';
import { changeFile } from './write-transaction.js';

export async function editFile(params: EditFileParams, ctx: HandlerContext): Promise<Rendered<EditFileResult>> {
  if (params.old_str === params.new_str) {
    throw new ToolError('INVALID_INPUT', 'old_str and new_str are identical; nothing would change');
  }
  const resolved = confinedPath(ctx, 'path');
  return withEditDiagnostics(ctx, [resolved], () => editResolved(params, ctx, resolved));
}

async function editResolved(params: EditFileParams, ctx: HandlerContext, resolved: ResolvedPath) {
  const dryRun = params.dry_run;
  if (params.old_str === '') return createWithEdit(ctx, resolved, params.new_str, dryRun);
  const done = await runEdits(ctx, resolved, {
    edits: [{ old_str: params.old_str, new_str: params.new_str, replace_all: params.replace_all }],
    dryRun,
    match: params.match,
  });
  return withText(done, editText(done, 'the edit'));
}

/** An empty old_str creates a new file holding new_str (ALREADY_EXISTS if there is one). */
async function createWithEdit(ctx: HandlerContext, resolved: ResolvedPath, content: string, dryRun: boolean) {
  const { unifiedDiff } = await loadDiff();
  const done = await changeFile(ctx, resolved, { createParents: !dryRun, dryRun }, (current) => {
    if (current) {
      throw new ToolError(
        'ALREADY_EXISTS',
        `${resolved.relative} already exists; an empty old_str only creates new files (use write_file to replace it, or give the text to replace)`,
      );
    }
    const diff = unifiedDiff(
      resolved.relative,
      '',
      content,
      content === '' ? [] : [{ start: 0, end: content.length, oldStart: 0, oldEnd: 0 }],
    );
    const result = {
      path: resolved.relative,
      replacements: 1,
      diff,
      created: true,
      ...(dryRun ? { dry_run: true as const } : {}),
    };
    const data = utf8Bytes(content); // a dry run refuses what the real one would
    return { data: dryRun ? undefined : data, result };
  }).catch(async (error: unknown) => {
    // A dry run does not create the parent folders: a missing one means the file would be new.
    if (dryRun && error instanceof ToolError && error.code === 'NOT_FOUND' && !resolved.exists) {
      const diff = unifiedDiff(resolved.relative, '', content, [
        { start: 0, end: content.length, oldStart: 0, oldEnd: 0 },
      ]);
      return { path: resolved.relative, replacements: 1, diff, created: true, dry_run: true as const };
    }
    throw error;
  });
  const head = done.dry_run
    ? `Dry run: would create ${resolved.relative}; nothing was written`
    : `Created ${resolved.relative}`;
  return withText(done, `${head}\n${done.diff}`);
}
