import { readFileSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { maskTempFolder } from '../processes/temp-folder.js';
import { ToolError } from '../contract/errors.js';
import { PROC_READ_ONLY, hiddenHomes, secretMasks, toolchainDirs } from './bwrap-args.js';
import { isWithin } from '../fs/workspace.js';
import { isDirectory, lstatOrUndefined, realOrSelf } from './host-paths.js';

/**
 * The bwrap view for programs toolwright runs on the workspace (ripgrep, git, shell_read's lines):
 * an empty root holding the workspace read-only at its own path and only what programs need to run
 * — the system's program and library folders, a short list of /etc files without secrets — plus a
 * private /tmp, a fresh /proc and /dev, no network, new PID/IPC/UTS namespaces, no capabilities.
 * A path inside the workspace that is swapped for a symlink to a folder elsewhere then resolves to
 * nothing: the folder is not there.
 */
export interface ConfinedView {
  /** Real path of the workspace root. */
  workspace: string;
  /** Further folders or files shown read-only at their own path (e.g. the rg binary's folder). */
  readOnly?: readonly string[];
  /** Folders shown writable at their own path, after the workspace (a repository the program keeps). */
  writable?: readonly string[];
  /** Host folders shown at another path: [host, inside] (the helper's pipe folder). */
  mounts?: readonly (readonly [string, string])[];
  /** PATH of the programs: its folders outside the system ones are shown read-only too. */
  pathVar?: string;
  /** Mask credential files of a home folder the workspace contains (as the bash sandbox does). */
  maskSecrets?: boolean;
  /** The command's environment (its HOME decides which home folder is masked). */
  env?: Readonly<Record<string, string>>;
}

/** Program and library folders, shown as they are (a symlink such as merged /usr's /bin stays one). */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

/**
 * /etc entries programs read to run, none holding a secret: the loader's cache, user and group
 * names (ls -l, id, git's identity), the time zone, Debian's alternatives (awk is a link through
 * them), file(1)'s magic, the system git config. Not shadow, ssh keys, TLS keys, hosts or resolv.conf.
 */
const ETC_ENTRIES = [
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'alternatives',
  'passwd',
  'group',
  'nsswitch.conf',
  'localtime',
  'timezone',
  'gitconfig',
  'magic',
  'magic.mime',
  'mime.types',
  'locale.alias',
];

/** Where the folders on PATH may be shown from: never a root that would show far more than programs. */
const TOO_WIDE = new Set(['/', '/etc', '/var', '/home', '/root', '/tmp', '/run', '/opt', '/srv', '/mnt', '/media']);

export function confinedArgs(view: ConfinedView): string[] {
  const { workspace } = view;
  if (workspace === '/') {
    throw new ToolError(
      'INVALID_INPUT',
      'a workspace of / cannot be confined (it is the whole filesystem); use a project folder as the workspace',
    );
  }
  const args = ['--die-with-parent', '--new-session', '--unshare-all', '--cap-drop', 'ALL'];
  for (const dir of SYSTEM_DIRS) args.push(...asOnHost(dir));
  for (const name of ETC_ENTRIES) args.push(...asOnHost(path.join('/etc', name)));
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp');
  // As root the fresh procfs's kernel settings are the host's (core_pattern runs a program as root).
  for (const entry of PROC_READ_ONLY) args.push('--ro-bind-try', entry, entry);
  for (const file of ancestorGitignores(workspace)) args.push('--ro-bind', file, file);
  // Before the workspace, so that a folder holding it cannot cover it.
  const shown = [...(view.readOnly ?? []), ...pathDirs(view.pathVar, view.env ?? {}, workspace)];
  for (const dir of unique(shown)) {
    if (!SYSTEM_DIRS.some((system) => isWithin(dir, system)) && !isWithin(dir, workspace))
      args.push('--ro-bind', dir, dir);
  }
  args.push('--ro-bind', workspace, workspace);
  if (view.maskSecrets) args.push(...secretMasks(workspace, hiddenHomes(view.env ?? {})));
  for (const dir of linkedGitDirs(workspace)) args.push('--ro-bind', dir, dir);
  for (const [host, inside] of view.mounts ?? []) args.push('--ro-bind', host, inside);
  for (const dir of view.writable ?? []) args.push('--bind', dir, dir);
  // The named pipes of other calls, where a folder shown above holds them.
  args.push(...maskTempFolder(args));
  return args;
}

/** The same entry inside: a symlink as the same symlink, a folder or file read-only; nothing if missing. */
function asOnHost(entry: string): string[] {
  const stats = lstatOrUndefined(entry);
  if (!stats) return [];
  if (stats.isSymbolicLink()) {
    try {
      return ['--symlink', readlinkSync(entry), entry];
    } catch {
      return [];
    }
  }
  return stats.isDirectory() || stats.isFile() ? ['--ro-bind', entry, entry] : [];
}

/**
 * `.gitignore` files of the folders above the workspace: rg applies them (a workspace that is a
 * package of a bigger repository), and glob does too, so both keep seeing them.
 */
export function ancestorGitignores(workspace: string): string[] {
  const files: string[] = [];
  for (let dir = path.dirname(workspace); ; dir = path.dirname(dir)) {
    const file = path.join(dir, '.gitignore');
    if (lstatOrUndefined(file)?.isFile()) files.push(file);
    if (dir === path.dirname(dir)) return files;
  }
}

/**
 * The git folders a `.git` file at the workspace root points to (a linked worktree or a submodule:
 * `gitdir: …`, and that folder's `commondir`), so git still finds its repository. Only a folder
 * that names this workspace back (a worktree's `gitdir` file, a submodule's `core.worktree`) is
 * shown: the `.git` file is the workspace's, anyone's to write, and must not show other folders.
 */
export function linkedGitDirs(workspace: string): string[] {
  const dotGit = path.join(workspace, '.git');
  if (!lstatOrUndefined(dotGit)?.isFile()) return [];
  let gitDir: string;
  try {
    const match = /^gitdir: (.+)$/m.exec(readFileSync(dotGit, 'utf8').slice(0, 4096));
    if (!match) return [];
    gitDir = realOrSelf(path.resolve(workspace, match[1]!.trim()));
  } catch {
    return [];
  }
  if (!isGitDir(gitDir) || isWithin(gitDir, workspace) || !namesWorkspace(gitDir, workspace)) return [];
  const dirs = [gitDir];
  try {
    const common = realOrSelf(path.resolve(gitDir, readFileSync(path.join(gitDir, 'commondir'), 'utf8').trim()));
    if (isGitDir(common) && !isWithin(common, workspace) && !isWithin(gitDir, common)) dirs.push(common);
    else if (isGitDir(common) && isWithin(gitDir, common)) dirs[0] = common;
  } catch {
    // no commondir: a submodule's or the main repository's own folder
  }
  return dirs;
}

/** A folder git made: HEAD, and objects of its own or a commondir naming them. */
function isGitDir(dir: string): boolean {
  return (
    isDirectory(dir) &&
    !!lstatOrUndefined(path.join(dir, 'HEAD'))?.isFile() &&
    (isDirectory(path.join(dir, 'objects')) || !!lstatOrUndefined(path.join(dir, 'commondir'))?.isFile())
  );
}

/** Whether a git folder names `workspace` as its work tree: a worktree's `gitdir` file, or `core.worktree`. */
function namesWorkspace(gitDir: string, workspace: string): boolean {
  const read = (file: string) => {
    try {
      return readFileSync(path.join(gitDir, file), 'utf8').slice(0, 65_536);
    } catch {
      return '';
    }
  };
  // Compared as written, not through links: a link the workspace makes (its worktree's `.git`
  // turned into one) must not make another work tree's folder name this one.
  const back = read('gitdir').trim();
  if (back !== '' && path.resolve(gitDir, back) === path.join(workspace, '.git')) return true;
  const worktree = /^\s*worktree\s*=\s*(.+?)\s*$/im.exec(read('config'))?.[1];
  return worktree !== undefined && path.resolve(gitDir, worktree.replace(/^"(.*)"$/, '$1')) === workspace;
}

/** PATH folders outside the system ones, each real and not a root that shows much more than programs. */
function pathDirs(pathVar: string | undefined, env: Readonly<Record<string, string>>, workspace: string): string[] {
  if (!pathVar) return [];
  const homes = hiddenHomes(env);
  const dirs: string[] = [];
  const outsideHomes: string[] = [];
  for (const entry of pathVar.split(':')) {
    if (!entry || !path.isAbsolute(entry) || !isDirectory(entry)) continue;
    const real = realOrSelf(entry);
    // A folder holding the workspace or a home folder would show their neighbours.
    if (TOO_WIDE.has(real) || isWithin(workspace, real) || homes.some((home) => isWithin(home, real))) continue;
    if (homes.some((home) => isWithin(real, home))) continue; // toolchainDirs decides those
    outsideHomes.push(real);
  }
  dirs.push(...outsideHomes, ...toolchainDirs(pathVar, homes));
  return dirs;
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
