// The paths a program reaches when it walks a folder (grep -r, rg, find, ls, du, tree, diff), as
// that program walks it: every level or one, entries whose names start with a dot or not, links
// followed or not. Paths are collected workspace-relative for the path rules; a walk that starts
// outside the workspace counts only if the workspace lies below it. Bounded in entries and time.
import { opendir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FolderUse } from '../../../runtime/policy/shell/read-only-model.js';
import { isInside } from '../../../runtime/workspace.js';

export interface WalkBudget {
  /** Entries left to read. */
  entries: number;
  deadline: number;
  signal: AbortSignal;
}

export interface Reached {
  /** Paths that are their own real paths (no link on the way). */
  plain: string[];
  /** Symbolic links (decided as the link and as its target). */
  linked: string[];
}

export class WalkTooLarge extends Error {}

/** Adds to `reached` every path a program reaches below `start` (absolute), walking as `folder` says. */
export async function walkFolder(
  start: string,
  folder: FolderUse,
  root: string,
  budget: WalkBudget,
  reached: Reached,
): Promise<void> {
  let real = await realpath(start).catch(() => undefined);
  if (
    real === undefined ||
    !(await stat(real).then(
      (s) => s.isDirectory(),
      () => false,
    ))
  )
    return;
  // A walk that follows links may come back into the workspace through a link outside it, at any
  // level: its level limit is not relied on.
  let depth = folder.follows ? Infinity : folder.depth;
  if (!isInside(root, real)) {
    // A walk of a folder above the workspace reaches into it with the levels left once it gets there.
    if (!isInside(real, root)) return;
    depth -= path.relative(real, root).split(path.sep).length;
    real = root;
  }
  const visited = new Set<string>();
  const stack: { dir: string; left: number }[] = [{ dir: real, left: depth }];
  while (stack.length > 0) {
    const { dir, left } = stack.pop()!;
    if (visited.has(dir) || left <= 0) continue;
    visited.add(dir);
    const handle = await opendir(dir).catch(() => undefined);
    if (!handle) continue;
    for await (const entry of handle) {
      if (--budget.entries < 0 || Date.now() > budget.deadline) throw new WalkTooLarge();
      if (budget.signal.aborted) throw budget.signal.reason;
      if (!folder.dotfiles && entry.name.startsWith('.')) continue;
      const absolute = path.join(dir, entry.name);
      const relative = path.relative(root, absolute);
      if (entry.isSymbolicLink()) {
        // A link met inside is printed by a listing; a search reads it only when it follows links.
        if (folder.reads === 'names' || folder.follows) reached.linked.push(relative);
        if (!folder.follows || left <= 1) continue;
        const target = await realpath(absolute).catch(() => undefined);
        if (
          target &&
          isInside(root, target) &&
          (await stat(target).then(
            (s) => s.isDirectory(),
            () => false,
          ))
        )
          stack.push({ dir: target, left: left - 1 });
        continue;
      }
      reached.plain.push(relative);
      if (entry.isDirectory() && left > 1) stack.push({ dir: absolute, left: left - 1 });
    }
  }
}
