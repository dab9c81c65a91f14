// The git metadata of a writable workspace, kept out of a sandboxed command's reach: hooks and config
// read-only, each .git folder pinned as a mount point, and after the run any redirecting file the
// command planted removed.
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { isDirectory, lstatOrUndefined } from './host-paths.js';

/** Where a repository's git metadata can live: the workspace root and folders up to two levels down. */
const GIT_SEARCH_DEPTH = 2;
const GIT_SEARCH_MAX_ENTRIES = 2_000;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'target', 'dist', 'build', '.venv', 'vendor']);

/**
 * Keeps hooks and config of every repository near the top of the workspace read-only, and makes each
 * `.git` folder a mount point of its own: a mount point cannot be renamed or removed (EBUSY), so
 * `mv .git .git2 && mkdir -p .git/hooks` fails like writing the hook directly does.
 */
export function gitProtection(workspace: string, mustNotAppear: string[] = []): string[] {
  const args: string[] = [];
  let budget = GIT_SEARCH_MAX_ENTRIES;
  const visit = (dir: string, depth: number) => {
    const gitPath = path.join(dir, '.git');
    const stats = lstatOrUndefined(gitPath);
    if (stats?.isDirectory()) args.push(...protectGitDir(gitPath, mustNotAppear));
    else if (stats?.isFile())
      args.push('--ro-bind', gitPath, gitPath); // a worktree's "gitdir:" pointer
    else if (stats?.isSymbolicLink()) throw unprotectable(gitPath);
    if (depth >= GIT_SEARCH_DEPTH) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (--budget < 0) return;
      if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name)) visit(path.join(dir, entry.name), depth + 1);
    }
  };
  visit(workspace, 0);
  return args;
}

/** Files in a git folder that redirect where git reads config and hooks from. */
const REDIRECTING_GIT_FILES = ['commondir', 'config.worktree'];

export function protectGitDir(gitDir: string, mustNotAppear: string[], depth = 0): string[] {
  // A mount point cannot be renamed or removed: pinning the folder keeps "mv .git x" from working.
  const args = ['--bind', gitDir, gitDir];
  const hooks = path.join(gitDir, 'hooks');
  // A repository without hooks/ gets an empty one, so "mkdir hooks" inside cannot plant one.
  if (!lstatOrUndefined(hooks)) {
    try {
      mkdirSync(hooks);
    } catch {
      // read-only or vanished: nothing to protect then
    }
  }
  pinFiles(gitDir, ['hooks', 'config', ...REDIRECTING_GIT_FILES], args, mustNotAppear);
  if (depth > 3) return args;
  // Submodules (.git/modules/<name>, names may hold slashes) and linked worktrees (.git/worktrees/<name>)
  // have their own redirecting files; their folders are pinned too, or "mv modules m2" would undo it all.
  args.push(...pinSubmodules(path.join(gitDir, 'modules'), mustNotAppear, depth));
  const worktrees = path.join(gitDir, 'worktrees');
  if (isDirectory(worktrees) && !lstatOrUndefined(worktrees)?.isSymbolicLink()) {
    args.push('--bind', worktrees, worktrees);
    for (const entry of childDirs(worktrees)) {
      args.push('--bind', entry, entry);
      pinFiles(entry, ['commondir', 'gitdir', 'config.worktree'], args, mustNotAppear);
    }
  }
  return args;
}

/** Read-only binds of the files that exist; symlinks refused; missing redirecting files watched. */
function pinFiles(dir: string, names: readonly string[], args: string[], mustNotAppear: string[]): void {
  for (const name of names) {
    const target = path.join(dir, name);
    const stats = lstatOrUndefined(target);
    // A symlink cannot be made a mount point: it could be replaced, so refuse rather than run unprotected.
    if (stats?.isSymbolicLink()) throw unprotectable(target);
    if (stats) args.push('--ro-bind', target, target);
    // Nothing can be mounted where no file is (bwrap would create it on the host): checked after the run.
    else if (REDIRECTING_GIT_FILES.includes(name)) mustNotAppear.push(target);
  }
}

function pinSubmodules(modules: string, mustNotAppear: string[], depth: number): string[] {
  if (depth > 3 || !isDirectory(modules) || lstatOrUndefined(modules)?.isSymbolicLink()) return [];
  const args = ['--bind', modules, modules];
  for (const dir of childDirs(modules)) {
    if (existsSync(path.join(dir, 'HEAD'))) args.push(...protectGitDir(dir, mustNotAppear, depth + 1));
    else args.push(...pinSubmodules(dir, mustNotAppear, depth + 1)); // a name with slashes nests folders
  }
  return args;
}

/** Sub-folders (not symlinks) of a folder, at most 200. */
function childDirs(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .slice(0, 200)
      .map((entry) => path.join(dir, entry.name));
  } catch {
    return [];
  }
}

/**
 * After a sandboxed run: removes `commondir` / `config.worktree` files the command created in a
 * protected git folder (they would point git at hooks and config of the command's choosing).
 */
export function removePlantedGitFiles(paths: readonly string[]): { path: string; removed: boolean }[] {
  const found: { path: string; removed: boolean }[] = [];
  for (const file of paths) {
    if (!lstatOrUndefined(file)) continue;
    try {
      rmSync(file, { recursive: true, force: true });
      found.push({ path: file, removed: true });
    } catch {
      found.push({ path: file, removed: false });
    }
  }
  return found;
}

function unprotectable(file: string): ToolError {
  return new ToolError(
    'UNAVAILABLE',
    `the sandbox cannot protect ${file}: it is a symbolic link, which a command could replace; ` +
      'replace the link with the real folder or file, or run without the sandbox',
    { reason: 'git metadata is a symlink' },
  );
}
