// The source files under a folder of the workspace, for folder diagnostics, dependents and a first
// file to open: a bounded walk that skips what is never a project's own source (dependencies,
// virtual environments, build output, hidden folders) and follows no symbolic link.
import { readdir } from 'node:fs/promises';
import path from 'node:path';

const SKIPPED = new Set(['node_modules', '__pycache__', 'venv', 'site-packages', 'dist', 'build', 'out', 'target']);

export interface WalkLimits {
  /** Stop after this many matching files. */
  files: number;
  /** Stop after looking at this many entries. */
  entries: number;
}

/** Workspace-relative paths (with `/`) of files under `folder` that `wanted` accepts, in name order. */
export async function sourceFiles(
  workspace: string,
  folder: string,
  wanted: (relative: string) => boolean,
  limits: WalkLimits,
  signal?: AbortSignal,
): Promise<{ files: string[]; complete: boolean }> {
  const files: string[] = [];
  let seen = 0;
  const queue = [folder];
  while (queue.length > 0) {
    if (signal?.aborted) return { files, complete: false };
    const dir = queue.shift()!;
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      if (++seen > limits.entries) return { files, complete: false };
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIPPED.has(entry.name)) queue.push(full);
      } else if (entry.isFile()) {
        const relative = path.relative(workspace, full).split(path.sep).join('/');
        if (!wanted(relative)) continue;
        files.push(relative);
        if (files.length >= limits.files) return { files, complete: false };
      }
    }
  }
  return { files, complete: true };
}
