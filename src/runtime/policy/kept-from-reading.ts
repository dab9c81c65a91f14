// An operation that changes a file by its content (an edit, a patch, a rename) reads it first, and its
// answer shows what it read: a diff, the closest lines of a miss, whether a text matched at all. A
// file the path rules keep from reading is therefore refused to such an operation as a whole, dry
// run too, and the refusal names no such file.
import { ToolError } from '../contract/errors.js';
import type { HandlerContext } from '../contract/types.js';

/**
 * Throws DENIED_BY_POLICY when a rule keeps one of `paths` (workspace-relative) from reading.
 * `given`: the paths are the call's own path arguments (its own path rules decided them, an `ask`
 * among them approved); else paths the operation found itself, which its own rules hide too.
 * `changes` says what the call would do, for the message.
 */
export async function refuseKeptFromReading(
  ctx: HandlerContext,
  paths: readonly string[],
  changes: string,
  given: boolean,
): Promise<void> {
  if (!ctx.hiddenPaths || paths.length === 0) return;
  const kept = await ctx.hiddenPaths(paths, { given });
  if (kept.length === 0) return;
  const { decision } = kept[0]!;
  throw new ToolError(
    'DENIED_BY_POLICY',
    `${changes} ${kept.length === 1 ? 'a file' : `${kept.length} files`} the policy keeps from reading (${decision.decision}${decision.reason ? `: ${decision.reason}` : ''}), and its answer would show ${kept.length === 1 ? 'it' : 'them'}; nothing was changed`,
    { policy: decision },
  );
}
