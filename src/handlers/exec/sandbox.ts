import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync, lstatSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ToolError } from '../../runtime/errors.js';
import { withoutInheritedFds } from './inherited-fds.js';

/**
 * The bubblewrap sandbox: option parsing, a once-per-process probe that bwrap can start here, and
 * the bwrap arguments for one command. Nothing runs unsandboxed when a sandbox was asked for: a
 * probe failure is UNAVAILABLE with the reason and the fix.
 */

export type SandboxMode = 'none' | 'workspace-write' | 'read-only';
export type SandboxOption = SandboxMode | { mode: SandboxMode; network?: boolean; writable?: readonly string[] };

export interface SandboxSettings {
  mode: SandboxMode;
  network: boolean;
  /** Extra writable folders, absolute (or workspace-relative before `resolveWritable`). */
  writable: readonly string[];
}

const MODES: readonly SandboxMode[] = ['none', 'workspace-write', 'read-only'];

/** Parses `exec.sandbox` (or the CLI's `--sandbox MODE`); a bad value is INVALID_INPUT naming the choices. */
export function parseSandboxOption(option: SandboxOption | undefined): SandboxSettings {
  if (option === undefined) return { mode: 'none', network: true, writable: [] };
  const bad = (why: string) =>
    new ToolError('INVALID_INPUT', `exec.sandbox ${why}; use 'none', 'workspace-write', 'read-only' or { mode, network?, writable? }`);
  if (typeof option === 'string') {
    if (!MODES.includes(option)) throw bad(`is ${JSON.stringify(option)}`);
    return { mode: option, network: option === 'none', writable: [] };
  }
  if (typeof option !== 'object' || option === null) throw bad(`is ${JSON.stringify(option)}`);
  const { mode, network, writable } = option;
  if (!MODES.includes(mode)) throw bad(`mode is ${JSON.stringify(mode)}`);
  if (network !== undefined && typeof network !== 'boolean') throw bad('network must be a boolean');
  if (writable !== undefined && (!Array.isArray(writable) || writable.some((entry) => typeof entry !== 'string' || entry === '' || entry.includes('\0')))) {
    throw bad('writable must be a list of folder paths');
  }
  return { mode, network: network ?? mode === 'none', writable: [...(writable ?? [])] };
}

export type ProbeResult = { ok: true; bwrap: string } | { ok: false; reason: string; fix: string };

const INSTALL_FIX = 'install the bubblewrap package (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap), or set exec.bwrapPath';
const USERNS_FIX =
  'user namespaces are disabled: enable them with sysctl -w kernel.unprivileged_userns_clone=1 (Debian), ' +
  'user.max_user_namespaces=15000, or on Ubuntu 24.04+ kernel.apparmor_restrict_unprivileged_userns=0 (or an AppArmor profile for bwrap); ' +
  'in a container, run it with --security-opt seccomp=unconfined or give it CAP_SYS_ADMIN';

const probes = new Map<string, Promise<ProbeResult>>();

/** Whether bwrap starts here with the namespaces we use; run once per binary and cached. */
export function probeSandbox(bwrapPath?: string): Promise<ProbeResult> {
  const key = bwrapPath ?? '';
  let probe = probes.get(key);
  if (!probe) {
    probe = runProbe(bwrapPath);
    probes.set(key, probe);
  }
  return probe;
}

async function runProbe(bwrapPath: string | undefined): Promise<ProbeResult> {
  if (process.platform !== 'linux') {
    return { ok: false, reason: `the sandbox uses Linux bubblewrap and this is ${process.platform}`, fix: "run on Linux, or use sandbox 'none'" };
  }
  const bwrap = bwrapPath ?? findOnPath('bwrap');
  if (!bwrap || !isExecutable(bwrap)) {
    return { ok: false, reason: bwrapPath ? `${bwrapPath} is not an executable file` : 'bwrap (bubblewrap) is not installed or not on PATH', fix: INSTALL_FIX };
  }
  const args = ['--die-with-parent', '--unshare-all', '--cap-drop', 'ALL', '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', 'true'];
  const outcome = await new Promise<{ code: number | string | null; stderr: string }>((resolve) => {
    const [file, argv] = withoutInheritedFds(bwrap, args);
    execFile(file, argv, { timeout: 10_000, windowsHide: true }, (error, _stdout, stderr) => {
      resolve({ code: error ? ((error as NodeJS.ErrnoException).code ?? 'failed') : 0, stderr: String(stderr).trim() });
    });
  });
  if (outcome.code === 0) return { ok: true, bwrap };
  if (outcome.code === 'ENOENT' || outcome.code === 'EACCES') return { ok: false, reason: `${bwrap} cannot be run (${outcome.code})`, fix: INSTALL_FIX };
  const said = outcome.stderr || `exit ${outcome.code}`;
  if (/namespace|uid map|setting up uid|Operation not permitted|Permission denied/i.test(said)) {
    return { ok: false, reason: `bwrap could not create its namespaces: ${said}`, fix: USERNS_FIX };
  }
  return { ok: false, reason: `bwrap failed its start-up check: ${said}`, fix: 'check that bubblewrap works here: bwrap --ro-bind / / --unshare-all true' };
}

/** The UNAVAILABLE error for a sandbox that was asked for and cannot start. */
export function sandboxUnavailable(mode: SandboxMode, probe: Extract<ProbeResult, { ok: false }>): ToolError {
  return new ToolError('UNAVAILABLE', `the ${mode} sandbox cannot start, so the command was not run: ${probe.reason}. Fix: ${probe.fix}`, {
    reason: probe.reason,
    fix: probe.fix,
  });
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    if (isExecutable(candidate)) return candidate;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

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
}

/** Host-wide kernel interfaces under /proc (what container runtimes mount read-only). */
export const PROC_READ_ONLY = ['/proc/sys', '/proc/sysrq-trigger', '/proc/irq', '/proc/bus', '/proc/fs', '/proc/acpi', '/proc/scsi'];

/** Files and folders under a home directory that hold credentials (masked where a workspace exposes them). */
const HOME_SECRETS = [
  '.ssh', '.aws', '.azure', '.kube', '.docker', '.gnupg', '.config/gcloud', '.config/gh', '.config/hub', '.npmrc', '.yarnrc',
  '.netrc', '.git-credentials', '.pypirc', '.cargo/credentials', '.cargo/credentials.toml', '.terraform.d', '.vault-token',
  '.password-store', '.local/share/keyrings', '.bash_history', '.zsh_history',
];

/**
 * bwrap arguments (without the command): the whole filesystem read-only, private /tmp and /run,
 * home folders replaced by empty ones, the workspace writable (workspace-write) or read-only, its
 * git metadata protected, fresh PID/IPC/UTS/user namespaces, no network unless asked, no capabilities.
 */
export function bwrapArgs(layout: SandboxLayout): string[] {
  const { settings, workspace, cwd, env } = layout;
  if (workspace === '/') {
    throw new ToolError('INVALID_INPUT', 'a sandbox over a workspace of / would make the whole filesystem writable; use a project folder as the workspace');
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
  for (const dir of settings.writable) {
    args.push('--bind', dir, dir);
    maskSecretsUnder(dir);
    // A writable folder gets the same git protection (e.g. the main .git of a linked worktree).
    const isGitDir = existsSync(path.join(dir, 'HEAD')) && isDirectory(path.join(dir, 'objects'));
    args.push(...(isGitDir ? protectGitDir(dir, layout.mustNotAppear ?? []) : gitProtection(dir, layout.mustNotAppear)));
  }
  args.push('--chdir', cwd);
  return args;
}

/** The home folders a sandbox hides (the command's HOME, the host's, /root, /home), real paths. */
export function hiddenHomes(env: Readonly<Record<string, string>>): string[] {
  return unique([env.HOME, process.env.HOME, '/root', '/home'].filter(isDirectory).map(realOrSelf)).filter((dir) => dir !== '/');
}

/** bwrap arguments masking the credential files of every hidden home folder inside `dir`. */
export function secretMasks(dir: string, homes: readonly string[]): string[] {
  const args: string[] = [];
  for (const home of homes) {
    if (!isInside(home, dir)) continue;
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
      throw new ToolError('INVALID_INPUT', `exec.sandbox.writable entry ${entry} does not exist; create the folder first or remove it from the list`);
    }
    if (!isDirectory(real)) throw new ToolError('INVALID_INPUT', `exec.sandbox.writable entry ${entry} is not a folder`);
    if (real === '/') throw new ToolError('INVALID_INPUT', 'exec.sandbox.writable cannot make / writable; name the folders the command needs');
    return real;
  });
}

/** Where a repository's git metadata can live: the workspace root and folders up to two levels down. */
const GIT_SEARCH_DEPTH = 2;
const GIT_SEARCH_MAX_ENTRIES = 2_000;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'target', 'dist', 'build', '.venv', 'vendor']);

/**
 * Keeps hooks and config of every repository near the top of the workspace read-only, and makes each
 * `.git` folder a mount point of its own: a mount point cannot be renamed or removed (EBUSY), so
 * `mv .git .git2 && mkdir -p .git/hooks` fails like writing the hook directly does.
 */
function gitProtection(workspace: string, mustNotAppear: string[] = []): string[] {
  const args: string[] = [];
  let budget = GIT_SEARCH_MAX_ENTRIES;
  const visit = (dir: string, depth: number) => {
    const gitPath = path.join(dir, '.git');
    const stats = lstatOrUndefined(gitPath);
    if (stats?.isDirectory()) args.push(...protectGitDir(gitPath, mustNotAppear));
    else if (stats?.isFile()) args.push('--ro-bind', gitPath, gitPath); // a worktree's "gitdir:" pointer
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

function protectGitDir(gitDir: string, mustNotAppear: string[], depth = 0): string[] {
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
  return new ToolError('UNAVAILABLE', `the sandbox cannot protect ${file}: it is a symbolic link, which a command could replace; ` +
    'replace the link with the real folder or file, or run without the sandbox', { reason: 'git metadata is a symlink' });
}

/**
 * Version managers whose PATH folders only work with their whole root (shims exec `libexec/`,
 * rustup proxies read `~/.rustup`). None of them keeps credentials there.
 */
const TOOL_ROOTS: readonly { root: string; alsoKeep?: string[] }[] = [
  { root: '.pyenv' }, { root: '.nvm' }, { root: '.volta' }, { root: '.bun' }, { root: '.deno' }, { root: '.rbenv' },
  { root: '.asdf' }, { root: '.sdkman' }, { root: '.local/share/pnpm' }, { root: '.local/share/mise' }, { root: 'go/bin' },
  // ~/.cargo holds credentials.toml: only its bin/, plus the toolchains rustup's proxies run.
  { root: '.cargo/bin', alsoKeep: ['.rustup'] },
];

/** Folders under a hidden home folder kept visible (read-only) so tools installed there still run. */
export function toolchainDirs(pathVar: string | undefined, hidden: readonly string[]): string[] {
  const dirs: string[] = [];
  for (const entry of (pathVar ?? '').split(':')) {
    if (!entry || !path.isAbsolute(entry) || !isDirectory(entry)) continue;
    const real = realOrSelf(entry);
    const home = hidden.find((root) => isInside(real, root) && real !== root);
    if (!home) continue;
    const tool = TOOL_ROOTS.find(({ root }) => isInside(real, path.join(home, root)));
    if (!tool) {
      dirs.push(real);
      continue;
    }
    dirs.push(path.join(home, tool.root));
    for (const extra of tool.alsoKeep ?? []) if (isDirectory(path.join(home, extra))) dirs.push(path.join(home, extra));
  }
  // A folder inside another kept one needs no mount of its own.
  const kept = unique(dirs);
  return kept.filter((dir) => !kept.some((other) => other !== dir && isInside(dir, other)));
}

export function isInside(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith('/') ? parent : `${parent}/`);
}

export function isDirectory(file: string | undefined): file is string {
  if (!file) return false;
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}

export function lstatOrUndefined(file: string) {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

export function realOrSelf(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}
