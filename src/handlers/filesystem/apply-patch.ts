// filesystem.apply_patch: a patch in the envelope OpenAI's models write (*** Begin Patch … *** End
// Patch: Add, Delete, Update with Move to, @@ anchors, End of File), applied to every file it names
// or to none. The runtime parsed it and confined each path (a `patch` role) before this runs; the
// sections are applied in memory (./patch/plan.ts) and written in one transaction (./patch/commit.ts).
import { refuseKeptFromReading } from '../../runtime/policy/kept-from-reading.js';
import type { ApplyPatchParams, ApplyPatchResult } from '../../generated/types.js';
import { withEditDiagnostics } from '../../runtime/services/edit-diagnostics.js';
import { ToolError } from '../../runtime/contract/errors.js';
import { withText, type Rendered } from '../../runtime/contract/handler.js';
import { parsePatchOnce, pathsOfPatch } from '../../runtime/fs/patch-envelope.js';
import type { HandlerContext } from '../../runtime/contract/types.js';
import type { ResolvedPath } from '../../runtime/fs/workspace.js';
import { commitFiles } from './patch/commit.js';
import { planPatch, type PatchOutcome } from './patch/plan.js';
import { plural } from './plural.js';

/** Files over this are refused, as edit_file refuses them. */
const MAX_PATCH_FILE_BYTES = 64 * 1024 * 1024;

export async function applyPatch(params: ApplyPatchParams, ctx: HandlerContext): Promise<Rendered<ApplyPatchResult>> {
  const parsed = parsePatchOnce(params.input);
  if (parsed.hunks.length === 0)
    throw new ToolError(
      'INVALID_INPUT',
      'the patch changes no file: put at least one *** Add File, *** Delete File or *** Update File section between *** Begin Patch and *** End Patch',
    );
  const resolvedOf = confinedPaths(ctx, pathsOfPatch(parsed));
  const dryRun = params.dry_run;
  const targets = [...new Set(pathsOfPatch(parsed))].map(resolvedOf);
  // A patch reads what it changes or replaces, and its diff or a miss's closest lines would show it.
  await refuseKeptFromReading(
    ctx,
    targets.map((target) => target.relative),
    'the patch would change',
    true,
  );
  // Every file the patch names (added, deleted, moved from or to) is compared before and after.
  return withEditDiagnostics(ctx, targets, async () => {
    const outcome = await commitFiles(ctx, targets, { dryRun, readLimit: MAX_PATCH_FILE_BYTES }, (opened) =>
      planPatch({ ctx, parsed, resolvedOf, dryRun }, opened),
    );
    return withText(outcome, patchText(outcome, ctx));
  });
}

/**
 * The paths the runtime confined for the `input` patch, by the text the patch gave: the runtime
 * resolved them in the order pathsOfPatch lists them. A handler run without the runtime has none.
 */
function confinedPaths(ctx: HandlerContext, given: readonly string[]): (path: string) => ResolvedPath {
  const resolved = ctx.pathLists?.input;
  if (!resolved || resolved.length !== given.length)
    throw new ToolError(
      'INTERNAL',
      'the paths of the patch were not confined by the runtime; call the handler through a toolkit',
    );
  const byGiven = new Map<string, ResolvedPath>();
  given.forEach((path, i) => byGiven.set(path, resolved[i]!));
  return (path) => byGiven.get(path)!;
}

const MARKS = { add: 'A', update: 'M', delete: 'D', move: 'R' } as const;

function patchText(outcome: PatchOutcome, ctx: HandlerContext): string {
  const lines = outcome.files.map((file) => {
    const where = file.action === 'move' ? `${file.from} -> ${file.path}` : file.path;
    const notes = [
      file.changes !== undefined ? plural(file.changes, 'change') : '',
      file.replaced ? 'replaced the file that was there' : '',
      file.normalized ? `matched ignoring ${file.normalized.map((n) => n.replace('_', ' ')).join(', ')}` : '',
    ].filter(Boolean);
    return `${MARKS[file.action]} ${where}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
  });
  const head = outcome.dry_run
    ? 'Dry run: the patch would change these files; nothing was written'
    : `Applied the patch${ctx.checkpoint?.id ? ` (checkpoint ${ctx.checkpoint.id}: checkpoint_restore undoes it)` : ''}`;
  const note = outcome.changed_since_read
    ? '\nSome files had changed on disk since they were read, elsewhere than the lines changed (those were as read).'
    : '';
  return `${head}:\n${lines.join('\n')}${note}\n${outcome.diff}`;
}
