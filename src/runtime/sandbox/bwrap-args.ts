// The bwrap arguments for one command: the whole filesystem read-only, private /tmp and /run, home
// folders replaced by empty ones (their credentials masked wherever a workspace shows them again),
// the workspace writable or read-only with its git metadata protected, no network unless asked.
import { existsSync, realpathSync } from 'node:fs';
import { maskTempFolder } from '../processes/temp-folder.js';
import path from 'node:path';
import { ToolError } from '../contract/errors.js';
import { gitProtection, protectGitDir } from './git-protection.js';
import { isWithin } from '../fs/workspace.js';
import { isDirectory, lstatOrUndefined, realOrSelf, unique } from './host-paths.js';
import type { SandboxSettings } from './settings.js';

export interface SandboxLayout {
  settings: SandboxSettings;
  /** Real path of the workspace root. */
  workspace: string;
  /** Real path of the command's working directory. */
  cwd: string;
  /** The command's environment (HOME and PATH decide what of the home folder is hidden or kept). */
  env: Readonly<Record<string, string>>;
  /** Filled with git files that do not exist yet and cannot be pinned (see removePlantedGitFiles). */
  mustNotAppear?: string[];
  /**
   * Folders the command must neither see nor change, wherever they are (the toolkit's own state:
   * the store's folder, the state folders): replaced by empty ones, after every other mount.
   */
  hidden?: readonly string[];
}

/** Host-wide kernel interfaces under /proc (what container runtimes mount read-only). */
export const PROC_READ_ONLY = [
  '/proc/sys',
  '/proc/sysrq-trigger',
  '/proc/irq',
  '/proc/bus',
  '/proc/fs',
  '/proc/acpi',
  '/proc/scsi',
];

/** Files and folders under a home directory that hold credentials (masked where a workspace exposes them). */
const HOME_SECRETS = [
  '.ssh',
  '.aws',
  '.azure',
  '.kube',
  '.docker',
  '.gnupg',
  '.config/gcloud',
  '.config/gh',
  '.config/hub',
  '.npmrc',
  '.yarnrc',
  '.netrc',
  '.git-credentials',
  '.pypirc',
  '.cargo/credentials',
  '.cargo/credentials.toml',
  '.terraform.d',
  '.vault-token',
  '.password-store',
  '.local/share/keyrings',
  '.bash_history',
  '.zsh_history',
];

/**
 * bwrap arguments (without the command): the whole filesystem read-only, private /tmp and /run,
 * home folders replaced by empty ones, the workspace writable (workspace-write) or read-only, its
 * git metadata protected, fresh PID/IPC/UTS/user namespaces, no network unless asked, no capabilities.
 */
export function bwrapArgs(layout: SandboxLayout): string[] {
  const { settings, workspace, cwd, env } = layout;
  if (workspace === '/') {
    throw new ToolError(
      'INVALID_INPUT',
      'a sandbox over a workspace of / would make the whole filesystem writable; use a project folder as the workspace',
    );
  }
  const args = ['--die-with-parent', '--new-session', '--unshare-all'];
  if (settings.network) args.push('--share-net');
  args.push('--cap-drop', 'ALL', '--ro-bind', '/', '/', '--dev', '/dev', '--proc', '/proc');
  // The fresh procfs is writable, and as root (no user namespace then) its kernel settings are the
  // host's: /proc/sys/kernel/core_pattern = "|/workspace/x" runs x as root outside the sandbox at
  // the next crash, and sysrq-trigger reboots. They are bound read-only over it.
  for (const entry of PROC_READ_ONLY) args.push('--ro-bind-try', entry, entry);
  // Private scratch folders (--dev already made a private /dev/shm); /run (and a real /var/run)
  // also hides host sockets (docker, dbus, agents).
  for (const dir of ['/tmp', '/var/tmp', '/run', '/var/run']) {
    if (isDirectory(dir) && !lstatOrUndefined(dir)?.isSymbolicLink()) args.push('--tmpfs', dir);
  }

  const hidden = hiddenHomes(env);
  for (const dir of hidden) args.push('--tmpfs', dir);
  // Programs installed under a home folder (nvm, ~/.local/bin) stay runnable, read-only.
  for (const dir of toolchainDirs(env.PATH, hidden)) args.push('--ro-bind', dir, dir);
  if (settings.network) {
    // /etc/resolv.conf often points into /run (systemd-resolved), which is now an empty tmpfs.
    const resolv = realOrSelf('/etc/resolv.conf');
    if (resolv.startsWith('/run/') && existsSync(resolv)) args.push('--ro-bind', resolv, resolv);
  }

  // A workspace or writable folder that holds a home folder would show its secrets again: mask them.
  const maskSecretsUnder = (dir: string) => args.push(...secretMasks(dir, hidden));
  args.push(settings.mode === 'workspace-write' ? '--bind' : '--ro-bind', workspace, workspace);
  maskSecretsUnder(workspace);
  if (settings.mode === 'workspace-write') args.push(...gitProtection(workspace, layout.mustNotAppear));
  const hiddenDirs = unique((layout.hidden ?? []).filter(isDirectory).map(realOrSelf));
  for (const dir of settings.writable) {
    args.push('--bind', dir, dir);
    // A writable folder holding the toolkit's state: each folder on the way to it is a mount point
    // of its own (a mount point cannot be renamed or removed), so the command cannot move the state
    // aside and put a folder of its own where the toolkit will look.
    for (const held of hiddenDirs)
      for (const between of foldersBetween(dir, held)) args.push('--bind', between, between);
    maskSecretsUnder(dir);
    // A writable folder gets the same git protection (e.g. the main .git of a linked worktree).
    const isGitDir = existsSync(path.join(dir, 'HEAD')) && isDirectory(path.join(dir, 'objects'));
    args.push(
      ...(isGitDir ? protectGitDir(dir, layout.mustNotAppear ?? []) : gitProtection(dir, layout.mustNotAppear)),
    );
  }
  // Last, so that no bind above shows them again; never one holding the workspace (a store there
  // is refused before) or a writable folder (refused here: it would show what is to be hidden).
  for (const dir of hiddenDirs) {
    if (dir === '/' || isWithin(workspace, dir)) continue;
    const inside = settings.writable.find((kept) => isWithin(kept, dir));
    if (inside !== undefined) {
      throw new ToolError(
        'INVALID_INPUT',
        `exec.sandbox.writable entry ${inside} is inside ${dir}, where toolwright keeps its own state; name a folder outside it`,
      );
    }
    args.push('--tmpfs', dir);
  }
  // The named pipes of other calls (every other call's output), wherever TMPDIR put them.
  args.push(...maskTempFolder(args));
  args.push('--chdir', cwd);
  return args;
}

/** The folders strictly between `outer` and `inner` (inner inside outer), outermost first; none otherwise. */
function foldersBetween(outer: string, inner: string): string[] {
  if (outer === inner || !isWithin(inner, outer)) return [];
  const between: string[] = [];
  for (let dir = path.dirname(inner); dir !== outer && dir.length > outer.length; dir = path.dirname(dir))
    between.unshift(dir);
  return between;
}

/** The home folders a sandbox hides (the command's HOME, the host's, /root, /home), real paths. */
export function hiddenHomes(env: Readonly<Record<string, string>>): string[] {
  return unique([env.HOME, process.env.HOME, '/root', '/home'].filter(isDirectory).map(realOrSelf)).filter(
    (dir) => dir !== '/',
  );
}

/** bwrap arguments masking the credential files of every hidden home folder inside `dir`. */
export function secretMasks(dir: string, homes: readonly string[]): string[] {
  const args: string[] = [];
  for (const home of homes) {
    if (!isWithin(home, dir)) continue;
    for (const name of HOME_SECRETS) {
      const secret = path.join(home, name);
      const stats = lstatOrUndefined(secret);
      if (stats?.isDirectory()) args.push('--tmpfs', secret);
      else if (stats?.isFile()) args.push('--ro-bind', '/dev/null', secret);
    }
  }
  return args;
}

/** Real paths of the extra writable folders; a missing one is INVALID_INPUT (bwrap would refuse to start). */
export function resolveWritable(entries: readonly string[], workspace: string): string[] {
  return entries.map((entry) => {
    const absolute = path.resolve(workspace, entry);
    let real: string;
    try {
      real = realpathSync(absolute);
    } catch {
      throw new ToolError(
        'INVALID_INPUT',
        `exec.sandbox.writable entry ${entry} does not exist; create the folder first or remove it from the list`,
      );
    }
    if (!isDirectory(real))
      throw new ToolError('INVALID_INPUT', `exec.sandbox.writable entry ${entry} is not a folder`);
    if (real === '/')
      throw new ToolError(
        'INVALID_INPUT',
        'exec.sandbox.writable cannot make / writable; name the folders the command needs',
      );
    return real;
  });
}

/**
 * Version managers whose PATH folders only work with their whole root (shims exec `libexec/`,
 * rustup proxies read `~/.rustup`). None of them keeps credentials there.
 */
const TOOL_ROOTS: readonly { root: string; alsoKeep?: string[] }[] = [
  { root: '.pyenv' },
  { root: '.nvm' },
  { root: '.volta' },
  { root: '.bun' },
  { root: '.deno' },
  { root: '.rbenv' },
  { root: '.asdf' },
  { root: '.sdkman' },
  { root: '.local/share/pnpm' },
  { root: '.local/share/mise' },
  { root: 'go/bin' },
  // ~/.cargo holds credentials.toml: only its bin/, plus the toolchains rustup's proxies run.
  { root: '.cargo/bin', alsoKeep: ['.rustup'] },
];

/** Folders under a hidden home folder kept visible (read-only) so tools installed there still run. */
export function toolchainDirs(pathVar: string | undefined, hidden: readonly string[]): string[] {
  const dirs: string[] = [];
  for (const entry of (pathVar ?? '').split(':')) {
    if (!entry || !path.isAbsolute(entry) || !isDirectory(entry)) continue;
    const real = realOrSelf(entry);
    const home = hidden.find((root) => isWithin(real, root) && real !== root);
    if (!home) continue;
    const tool = TOOL_ROOTS.find(({ root }) => isWithin(real, path.join(home, root)));
    if (!tool) {
      dirs.push(real);
      continue;
    }
    dirs.push(path.join(home, tool.root));
    for (const extra of tool.alsoKeep ?? []) if (isDirectory(path.join(home, extra))) dirs.push(path.join(home, extra));
  }
  // A folder inside another kept one needs no mount of its own.
  const kept = unique(dirs);
  return kept.filter((dir) => !kept.some((other) => other !== dir && isWithin(dir, other)));
}
