import { lstatSync, readdirSync, readFileSync, renameSync, type Dirent, type Stats } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import path from 'node:path';
import { isWithin } from '../../../runtime/fs/workspace.js';
import { gitlinkPaths } from './git-index.js';
import { unsafeGitConfigKey } from './git-config-safety.js';

/**
 * What a sandboxed command left in the writable folders for the host's own tools to run later,
 * found after the run by what changed during it (ctime at or after its start): in any git folder
 * the walk finds (and in the folders of gitlinks the run added to an index), hooks other than git's
 * samples, a config with a key outside the safe list (fsmonitor, pager, hooksPath, drivers,
 * include, aliases…), commondir / config.worktree, and `.git` files or links pointing out of the
 * writable folders. Those are moved aside (renamed, nothing deleted), so git no longer runs them.
 * Editor and tool configs the host opens (TOOL_CONFIGS) are reported, not moved: they are usually
 * part of the work, and their tools ask before running them.
 */
export interface ArtifactNote {
  code: 'SANDBOX_ARTIFACT';
  /** Absolute path (the caller makes it workspace-relative). */
  path: string;
  action: 'moved_aside' | 'reported';
  message: string;
}

/**
 * How deep below each writable folder `.git` entries are looked for, and how many directory entries
 * are read at most (a few ms): gitlinks added to an index are followed whatever their depth.
 */
export const ARTIFACT_DEPTH = 4;
export const ARTIFACT_MAX_ENTRIES = 2000;
const SKIPPED = new Set(['node_modules', '.git', 'target', 'dist', 'build', '.venv', 'vendor']);
const ASIDE = '.sandbox-artifact';

/** Files at the top of the workspace that editors and tools read and may run something from. */
export const TOOL_CONFIGS: readonly { path: string; why: string }[] = [
  { path: '.vscode/settings.json', why: 'VS Code applies it when the folder is opened (interpreter and tool paths)' },
  { path: '.vscode/tasks.json', why: 'VS Code can run its tasks when the folder is opened' },
  { path: '.vscode/launch.json', why: 'VS Code runs its configurations when debugging starts' },
  { path: '.envrc', why: 'direnv runs it on entering the folder (once allowed)' },
  { path: '.idea/workspace.xml', why: 'JetBrains IDEs keep run configurations in it' },
  { path: '.npmrc', why: 'npm reads it on every run (script-shell, node-options, git)' },
  { path: '.yarnrc.yml', why: 'yarn runs the file its yarnPath names' },
  { path: '.gitmodules', why: 'git submodule commands clone and check out what it names' },
  { path: '.mcp.json', why: 'MCP clients start the servers it lists' },
  { path: '.claude/settings.json', why: 'Claude Code runs the hooks it defines' },
  { path: '.claude/settings.local.json', why: 'Claude Code runs the hooks it defines' },
  { path: '.husky', why: 'git runs these hooks on the host where core.hooksPath points at them' },
];

interface Scan {
  since: number;
  roots: readonly string[];
  notes: ArtifactNote[];
  seenGitDirs: Set<string>;
  entries: number;
  sliceStart: number;
  /** Files and folders the sandbox showed read-only: a change there was made on the host, not by the command. */
  pinned: ReadonlySet<string>;
}

const SLICE_MS = 4;

function lstatQuiet(file: string): Stats | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

function dirents(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The first 64 KiB of a file (configs and .git pointers are small), or `fallback`. */
function readQuiet(file: string, fallback: string): string {
  try {
    const text = readFileSync(file, 'utf8');
    return text.length > 65_536 ? fallback : text;
  } catch {
    return fallback;
  }
}

const changedSince = (stats: Stats | undefined, since: number) =>
  stats !== undefined && Math.max(stats.ctimeMs, stats.mtimeMs) >= since;

/**
 * Finds and neutralises what the run left behind. `since` is a time shortly before the command
 * started (the kernel's file times are coarser than Date.now()).
 */
export async function findArtifacts(
  workspace: string,
  roots: readonly string[],
  since: number,
  pinned: ReadonlySet<string> = new Set(),
): Promise<ArtifactNote[]> {
  const scan: Scan = {
    since,
    roots,
    notes: [],
    seenGitDirs: new Set(),
    entries: 0,
    sliceStart: performance.now(),
    pinned,
  };
  for (const root of roots) await walk(scan, root);
  if (roots.includes(workspace)) await reportToolConfigs(scan, workspace);
  return scan.notes;
}

async function walk(scan: Scan, root: string): Promise<void> {
  let level = [root];
  for (let depth = 0; depth <= ARTIFACT_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const dir of level) {
      if (scan.entries > ARTIFACT_MAX_ENTRIES) return;
      // Synchronous calls (the thread pool is far slower under load), with the loop let run every few ms.
      if (performance.now() - scan.sliceStart > SLICE_MS) {
        await yieldToLoop();
        scan.sliceStart = performance.now();
      }
      const entries = dirents(dir);
      scan.entries += entries.length;
      for (const entry of entries) {
        if (entry.name === '.git') await inspectDotGit(scan, path.join(dir, '.git'));
        else if (entry.isDirectory() && !SKIPPED.has(entry.name)) next.push(path.join(dir, entry.name));
      }
    }
    level = next;
  }
}

/** A `.git` folder, file (gitdir: pointer) or symlink. */
async function inspectDotGit(scan: Scan, dotGit: string): Promise<void> {
  const stats = lstatQuiet(dotGit);
  if (!stats) return;
  if (stats.isDirectory()) return inspectGitDir(scan, dotGit);
  if (!changedSince(stats, scan.since)) {
    if (stats.isFile()) await followGitFile(scan, dotGit, false);
    return;
  }
  if (stats.isSymbolicLink())
    return moveAside(scan, dotGit, 'a .git symlink makes git use whatever folder it points to');
  if (stats.isFile()) await followGitFile(scan, dotGit, true);
}

async function followGitFile(scan: Scan, dotGit: string, isNew: boolean): Promise<void> {
  const text = readQuiet(dotGit, '');
  const match = /^gitdir: (.+)$/m.exec(text.slice(0, 4096));
  const target = match ? path.resolve(path.dirname(dotGit), match[1]!.trim()) : undefined;
  if (target && scan.roots.some((root) => isWithin(target, root))) return inspectGitDir(scan, target);
  if (isNew)
    await moveAside(
      scan,
      dotGit,
      `a .git file pointing ${target ? `at ${target}, outside the writable folders` : 'nowhere git can use'} makes git use that repository's config and hooks`,
    );
}

async function inspectGitDir(scan: Scan, gitDir: string, depth = 0): Promise<void> {
  if (scan.seenGitDirs.has(gitDir) || scan.seenGitDirs.size > 200) return;
  scan.seenGitDirs.add(gitDir);
  const config = path.join(gitDir, 'config');
  const configStats = scan.pinned.has(config) ? undefined : lstatQuiet(config);
  if (changedSince(configStats, scan.since)) {
    const key = configStats!.isFile() ? unsafeGitConfigKey(readQuiet(config, '[')) : 'a config that is not a file';
    if (key) await moveAside(scan, config, `the command set ${key}, which makes git run a program`);
  }
  for (const name of ['commondir', 'config.worktree']) {
    const file = path.join(gitDir, name);
    if (!scan.pinned.has(file) && changedSince(lstatQuiet(file), scan.since))
      await moveAside(scan, file, `${name} points git at other config and hooks`);
  }
  const hooks = path.join(gitDir, 'hooks');
  const hooksStats = scan.pinned.has(hooks) ? undefined : lstatQuiet(hooks);
  if (hooksStats?.isSymbolicLink() && changedSince(hooksStats, scan.since))
    await moveAside(scan, hooks, 'a hooks symlink makes git run the hooks of another folder');
  else if (hooksStats?.isDirectory()) {
    for (const name of names(hooks)) {
      if (name.endsWith('.sample') || name.endsWith(ASIDE) || name.includes(`${ASIDE}-`)) continue;
      const hook = path.join(hooks, name);
      if (changedSince(lstatQuiet(hook), scan.since)) await moveAside(scan, hook, `git runs the ${name} hook`);
    }
  }
  // Gitlinks the run added to the index: git status looks into those folders, at any depth.
  const index = path.join(gitDir, 'index');
  if (changedSince(lstatQuiet(index), scan.since)) {
    const worktree = path.basename(gitDir) === '.git' ? path.dirname(gitDir) : undefined;
    for (const link of worktree ? await gitlinkPaths(index) : []) {
      const folder = path.join(worktree!, link);
      if (scan.roots.some((root) => isWithin(folder, root))) await inspectDotGit(scan, path.join(folder, '.git'));
    }
  }
  if (depth < 3) {
    for (const group of ['modules', 'worktrees']) {
      for (const entry of dirents(path.join(gitDir, group))) {
        if (entry.isDirectory()) await inspectGitDir(scan, path.join(gitDir, group, entry.name), depth + 1);
      }
    }
  }
}

async function reportToolConfigs(scan: Scan, workspace: string): Promise<void> {
  for (const { path: relative, why } of TOOL_CONFIGS) {
    const file = path.join(workspace, relative);
    const stats = lstatQuiet(file);
    let changed = changedSince(stats, scan.since);
    if (!changed && stats?.isDirectory()) {
      for (const name of names(file).slice(0, 200)) {
        if (changedSince(lstatQuiet(path.join(file, name)), scan.since)) changed = true;
      }
    }
    if (changed) {
      scan.notes.push({
        code: 'SANDBOX_ARTIFACT',
        path: file,
        action: 'reported',
        message: `the command created or changed it; ${why}: review it before opening the folder or running that tool`,
      });
    }
  }
}

async function moveAside(scan: Scan, file: string, why: string): Promise<void> {
  for (let n = 0; n < 100; n++) {
    const aside = `${file}${ASIDE}${n ? `-${n}` : ''}`;
    if (lstatQuiet(aside) !== undefined) continue;
    try {
      renameSync(file, aside);
      scan.notes.push({
        code: 'SANDBOX_ARTIFACT',
        path: file,
        action: 'moved_aside',
        message: `${why}; moved to ${path.basename(aside)} (rename it back once reviewed)`,
      });
    } catch (error) {
      scan.notes.push({
        code: 'SANDBOX_ARTIFACT',
        path: file,
        action: 'reported',
        message: `${why}; it could not be moved aside (${(error as Error).message}): remove it before running git there`,
      });
    }
    return;
  }
}
