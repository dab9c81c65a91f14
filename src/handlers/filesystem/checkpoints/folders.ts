// The folders a restore leaves empty: a call that created `d/e/c.txt` made `d/e` too, so undoing it
// removes them again. A folder goes only when it is empty now, no file the checkpoints recorded as
// existing before lay under it, and it was made after the first undone call began (its birth time:
// a folder someone made before, empty when the call put a file in it, stays; where the file system
// keeps no birth time, every folder stays); each is removed through its opened parent (checked
// inside the workspace), so a folder swapped for a link meanwhile removes nothing outside.
import { lstat, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { HandlerContext } from '../../../runtime/contract/types.js';
import { VerifiedDir } from '../../../runtime/fs/verified-fs.js';

/**
 * How much earlier than the call's start a folder it made may say it was born: the kernel stamps
 * files from a clock that runs up to a tick behind the one the start was read from.
 */
const CLOCK_SLACK_MS = 50;

/**
 * Removes the emptied folders above `deleted` (workspace-relative files the restore deleted), up to
 * the first that is not empty or held a file that existed before (`existedBefore`, relative paths),
 * of those born since `since` (ms: when the first undone call began).
 */
export async function removeEmptiedFolders(
  ctx: HandlerContext,
  deleted: readonly string[],
  existedBefore: readonly string[],
  since: number,
): Promise<void> {
  const held = new Set<string>();
  for (const file of existedBefore)
    for (let at = path.posix.dirname(file); at !== '.' && at !== '/'; at = path.posix.dirname(at)) held.add(at);
  const candidates = new Set<string>();
  for (const file of deleted)
    for (let at = path.posix.dirname(file); at !== '.' && at !== '/' && !held.has(at); at = path.posix.dirname(at))
      candidates.add(at);
  // Deepest first: a parent can only be empty once its children are gone.
  const ordered = [...candidates].sort((a, b) => b.split('/').length - a.split('/').length || a.localeCompare(b));
  const root = ctx.workspace.root;
  for (const folder of ordered) {
    let parent: VerifiedDir | undefined;
    try {
      parent = await VerifiedDir.open(root, path.join(root, path.dirname(folder)), path.dirname(folder));
      const entry = parent.entry(path.basename(folder));
      const born = (await lstat(entry)).birthtimeMs;
      if (!(born > 0) || !(born >= since - CLOCK_SLACK_MS)) continue;
      await rmdir(entry);
    } catch {
      // Not empty, gone, or no longer where it was: left as it is.
    } finally {
      await parent?.close();
    }
  }
}
